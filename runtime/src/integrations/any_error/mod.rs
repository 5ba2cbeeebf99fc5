//! Any error a handler meets, rendered with the contract it carries.

mod lookup;

use core::fmt;
use std::backtrace::{Backtrace, BacktraceStatus};
use std::error::Error as StdError;
use std::sync::OnceLock;
use std::time::Duration;

use self::lookup::Found;
pub use self::lookup::{Registration, registered_catalogs};
use crate::error::forward_contract;
use crate::integrations::reports::{self, Held};
use crate::next_call::NextCallWriter;
use crate::{Catalog, Channel, DetailWriter, Entry, Kind, Options, SuggestionWriter, ToolError};

/// Any error, for handlers that return `anyhow::Result` or `Box<dyn Error>`: it
/// renders as the outermost error in its cause chain that has a contract, with
/// that error's own code, kind, details and suggestions; a chain without one
/// renders as a masked `INTERNAL_ERROR` whose text and causes reach the server's
/// log but not the client.
///
/// The one-line change is the handler's return type: `?` converts every error a
/// `Box<dyn Error + Send + Sync>` can hold, `anyhow::Error` included, and the rmcp,
/// axum and jsonrpsee integrations convert `AnyError` like a derived type.
///
/// ```
/// use tool_error::{AnyError, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("document '{id}' not found")]
/// #[tool_error(kind = not_found)]
/// pub struct DocumentMissing { id: String }
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
/// // An error without a contract is an internal error, its text kept from clients.
/// let other = AnyError::from(std::io::Error::other("checksum mismatch"));
/// assert_eq!(other.code(), "INTERNAL_ERROR");
/// assert_eq!(other.kind(), tool_error::Kind::Internal);
/// ```
///
/// # Which errors have a contract
///
/// - Every concrete type with `#[derive(ToolError)]`, in any crate of the program:
///   the derive registers it when the program starts, so no setup is needed.
/// - The runtime's own: [`ArgumentError`](crate::args::ArgumentError), and
///   JSON-RPC errors that rmcp (`ErrorData`) or jsonrpsee (`ErrorObjectOwned`) built, which keep their
///   JSON-RPC code and message: the rmcp and jsonrpsee integrations send them on
///   unchanged, and elsewhere they render as protocol errors under the codes of
///   the built-in catalog (`INVALID_PARAMS`, `METHOD_NOT_FOUND`, ...).
/// - The types of every catalog installed with [`Options::with_catalog`]: needed
///   only for generic derived types, which cannot register themselves, and for
///   hand-written `ToolError` impls.
///
/// If the platform runs no registrations and no catalog is installed, the first
/// error found without a contract logs one warning (target `tool_error`) naming
/// the fix.
///
/// # Error reports: anyhow and eyre
///
/// With the feature `anyhow` (or `eyre`), an `anyhow::Error` (an `eyre::Report`)
/// is read through to the errors it holds, however it was made: `?`, `.into()`,
/// `anyhow!(error)`, `bail!(error)`, `Error::new`, and context layers at any
/// depth. Without the feature such a report hides the error it was made from, so
/// a coded error inside it renders as `INTERNAL_ERROR`: the first report converted
/// without it logs one warning naming the feature.
///
/// # Errors without a contract
///
/// A chain without a contract is classified by what failed, never by its text: an
/// [`std::io::Error`] anywhere in it whose kind says a connection failed (refused,
/// reset, aborted, not connected, host or network unreachable, broken pipe) renders
/// as `CONNECTION_FAILED`, one that timed out as `TIMED_OUT`, both `Transient`
/// with a fixed message (no address, host or path from the source); with the
/// features `reqwest` (reqwest 0.13) and `tokio`, reqwest's timeouts and failed
/// connections and `tokio::time::timeout`'s `Elapsed` too. Anything else, a missing file or a
/// denied permission on the server's own disk included, is a masked
/// `INTERNAL_ERROR`.
///
/// # The log keeps the whole chain
///
/// Under a verbose policy (the log policy, by default) the debug chain and the
/// log event's `exception.message` hold every layer, so `.context(...)` layers
/// added above a coded error reach the log. A backtrace is captured when the
/// `AnyError` is created if `RUST_LIB_BACKTRACE=1`, and shown for internal errors;
/// a derived error's own `Backtrace` field comes first. `RUST_BACKTRACE` alone,
/// which many containers set to get panic traces, does not: a trace per masked
/// error is mostly the async runtime's frames, and the cause chain already says
/// what failed. (The backtrace an `anyhow` report captured stays with it, so the
/// trace starts where the `AnyError` was made: the `?` in the handler.)
///
/// `AnyError` deliberately does not implement `std::error::Error` (like
/// `anyhow::Error`), which is what lets `From` accept every error type.
pub struct AnyError {
    inner: Box<Inner>,
}

struct Inner {
    error: Box<dyn Held>,
    backtrace: Backtrace,
    /// Where the contract sits in the chain, looked up on first use (options are
    /// usually installed after the first errors are created, not before).
    found: OnceLock<Option<Found>>,
}

impl<E: Into<Box<dyn StdError + Send + Sync + 'static>> + 'static> From<E> for AnyError {
    fn from(error: E) -> Self {
        let mut slot = Some(error);
        let error: Box<dyn Held> = match (reports::take(&mut slot), slot) {
            (Some(report), _) => report,
            (None, Some(error)) => {
                warn_if_unread::<E>();
                Box::new(error.into())
            }
            // `take` empties the slot only when it returns the report.
            (None, None) => Box::new(Box::<dyn StdError + Send + Sync>::from("")),
        };
        AnyError {
            inner: Box::new(Inner {
                error,
                backtrace: capture_backtrace(),
                found: OnceLock::new(),
            }),
        }
    }
}

/// Says once per process that a report was converted whose feature is off, so a
/// coded error inside it renders as `INTERNAL_ERROR`.
fn warn_if_unread<E>() {
    static WARNED: std::sync::Once = std::sync::Once::new();
    let Some(feature) = reports::unread_feature::<E>() else {
        return;
    };
    WARNED.call_once(|| {
        lookup::warn(&format!(
            "an {} was converted into an AnyError without tool-error's `{feature}` feature, \
             so the coded errors it holds render as INTERNAL_ERROR; turn it on: \
             tool-error = {{ features = [\"{feature}\"] }}",
            core::any::type_name::<E>()
        ));
    });
}

/// A backtrace when `RUST_LIB_BACKTRACE` asks for one (see [`AnyError`]).
fn capture_backtrace() -> Backtrace {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    let enabled = ENABLED
        .get_or_init(|| std::env::var_os("RUST_LIB_BACKTRACE").is_some_and(|value| value != "0"));
    if *enabled {
        Backtrace::force_capture()
    } else {
        Backtrace::disabled()
    }
}

impl AnyError {
    /// The error as it renders: the outermost error in the chain that has a
    /// contract, else what the chain's failure is classified as, else the error
    /// itself as a foreign (`Internal`) error.
    pub fn tool_error(&self) -> &(dyn ToolError + 'static) {
        self.found()
            .and_then(|found| found.resolve(self.chain()))
            .unwrap_or(&*self.inner.error)
    }

    /// The error this wraps, boxed (an `anyhow` or `eyre` report as its own
    /// conversion into a box makes it).
    pub fn into_inner(self) -> Box<dyn StdError + Send + Sync + 'static> {
        self.inner.error.into_boxed()
    }

    /// The found error as a `T`, when the contract found is one: how the
    /// integrations pass a framework's own JSON-RPC error on unchanged.
    #[cfg_attr(not(any(feature = "rmcp", feature = "jsonrpsee")), allow(dead_code))]
    pub(crate) fn found_as<T: StdError + 'static>(&self) -> Option<&T> {
        let found = self.found()?;
        lookup::link(self.chain(), found.depth)?.downcast_ref::<T>()
    }

    fn chain(&self) -> &(dyn StdError + 'static) {
        self.inner.error.outermost()
    }

    fn found(&self) -> Option<Found> {
        *self.inner.found.get_or_init(|| {
            let options = Options::installed();
            let found = lookup::locate(self.chain(), options);
            if found.is_none() {
                lookup::warn_if_blind(options);
            }
            found
        })
    }
}

impl fmt::Debug for AnyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.inner.error, f)
    }
}

impl fmt::Display for AnyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.inner.error, f)
    }
}

impl ToolError for AnyError {
    forward_contract!(self => self.tool_error());

    /// With context layers above the contract, the whole chain from the outermost
    /// layer, so none of them is lost; otherwise the contract's own cause.
    fn source_error(&self) -> Option<&(dyn StdError + 'static)> {
        match self.found() {
            Some(found) if found.depth > 0 => Some(self.chain()),
            _ => self.tool_error().source_error(),
        }
    }

    /// The contract's own backtrace; else, for an internal error, the one captured
    /// when this was created (an expected refusal, such as a validation error, is
    /// not worth a trace in the log).
    fn backtrace(&self) -> Option<&Backtrace> {
        self.tool_error().backtrace().or_else(|| {
            let own = &self.inner.backtrace;
            let captured = own.status() == BacktraceStatus::Captured;
            (captured && self.kind() == Kind::Internal).then_some(own)
        })
    }
}
