//! The library's own errors: what a handler returns, rendered as problem+json.

use std::time::Duration;

use tool_error::ToolError;
use tool_error::args::ArgumentError;

/// Everything a document library handler can fail with.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "doc-library")]
pub enum LibraryError {
    /// No document has the id.
    #[error("document '{id}' not found")]
    #[tool_error(
        kind = not_found,
        suggest = "Find the document's id with GET /search?q=<words from its title>"
    )]
    DocumentNotFound { id: String },

    /// A document with the id is already stored.
    #[error("document '{id}' already exists")]
    #[tool_error(
        kind = conflict,
        suggest = "Choose another id, or read the stored document with GET /docs/{id}"
    )]
    DocumentExists { id: String },

    /// Too many searches in the current window.
    #[error("at most {limit} searches per {window_seconds} seconds")]
    #[tool_error(
        kind = transient,
        // Refused before searching: repeating it later is safe on any route.
        no_effect,
        http = 429,
        suggest = "Search again after the Retry-After header's number of seconds"
    )]
    SearchRateLimited {
        limit: u32,
        window_seconds: u64,
        #[tool_error(retry_after)]
        wait: Duration,
    },

    /// A stored document failed its integrity check while being rendered.
    #[error("could not render document '{id}'")]
    #[tool_error(kind = internal)]
    RenderFailed {
        id: String,
        #[source]
        source: ChecksumMismatch,
    },

    /// The request's input broke a rule of the library's own.
    #[error(transparent)]
    #[tool_error(transparent)]
    InvalidArguments(#[from] ArgumentError),
}

/// A stored body whose checksum is not the one recorded when it was written.
#[derive(Debug, thiserror::Error)]
#[error("checksum mismatch: stored {stored:08x}, computed {computed:08x}")]
pub struct ChecksumMismatch {
    /// The checksum recorded when the document was written.
    pub stored: u32,
    /// The checksum of the body as read now.
    pub computed: u32,
}
