//! Any error a handler meets, rendered with the contract it carries.

use core::fmt;
use std::backtrace::Backtrace;
use std::error::Error as StdError;
use std::time::Duration;

use crate::error::forward_tool_error;
use crate::{
    Catalog, Channel, DetailWriter, Entry, Kind, NextCallWriter, Options, SuggestionWriter,
    ToolError,
};

/// Any error, for handlers that return `anyhow::Result` or `Box<dyn Error>`: it
/// renders as the first error in its cause chain whose type a catalog installed with
/// [`Options::with_catalog`] lists, with that type's own code, kind, details and
/// suggestions; anything else renders as a masked `INTERNAL_ERROR` whose text and
/// causes reach the server's log but not the client.
///
/// The one-line change is the handler's return type: `?` converts every error a
/// `Box<dyn Error + Send + Sync>` can hold, `anyhow::Error` included, and the rmcp,
/// axum and jsonrpsee integrations convert `AnyError` like a derived type.
///
/// ```
/// use tool_error::{AnyError, Options, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("document '{id}' not found")]
/// #[tool_error(kind = not_found)]
/// pub struct DocumentMissing { id: String }
///
/// tool_error::crate_catalog!(pub static ERROR_CODES = [DocumentMissing]);
/// Options::new().with_catalog(&ERROR_CODES).install().unwrap();
///
/// fn read(id: &str) -> Result<String, AnyError> {
///     let text = std::fs::read_to_string("/no/such/dir/index")
///         .map_err(|_| DocumentMissing { id: id.into() })?;
///     Ok(text)
/// }
///
/// let error = read("d1").unwrap_err();
/// assert_eq!(error.code(), "DOCUMENT_MISSING");
///
/// // An error no catalog lists is an internal error, its text kept from clients.
/// let other = AnyError::from(std::io::Error::other("checksum mismatch"));
/// assert_eq!(other.code(), "INTERNAL_ERROR");
/// assert_eq!(other.kind(), tool_error::Kind::Internal);
/// ```
///
/// `AnyError` deliberately does not implement `std::error::Error` (like
/// `anyhow::Error`), which is what lets `From` accept every error type.
pub struct AnyError {
    error: Box<dyn StdError + Send + Sync + 'static>,
}

impl<E: Into<Box<dyn StdError + Send + Sync + 'static>>> From<E> for AnyError {
    fn from(error: E) -> Self {
        AnyError {
            error: error.into(),
        }
    }
}

impl AnyError {
    /// The error as it renders: the first error in the chain whose type an
    /// installed catalog lists, else the error itself as a foreign (`Internal`)
    /// error.
    pub fn tool_error(&self) -> &(dyn ToolError + 'static) {
        Options::installed()
            .find_in_chain(&*self.error)
            .unwrap_or(&self.error)
    }

    /// The error this wraps.
    pub fn into_inner(self) -> Box<dyn StdError + Send + Sync + 'static> {
        self.error
    }
}

impl fmt::Debug for AnyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.error, f)
    }
}

impl fmt::Display for AnyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl ToolError for AnyError {
    forward_tool_error!(self => self.tool_error());
}
