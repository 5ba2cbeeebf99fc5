//! A document library over HTTP, built with axum: every error, the handlers' own
//! and the framework's, answered as `application/problem+json`.
//!
//! | route | takes | returns | errors |
//! | --- | --- | --- | --- |
//! | `GET /docs/{id}` | | the document | `DOCUMENT_NOT_FOUND` (404), `INTERNAL_ERROR` (500, masked) |
//! | `POST /docs` | JSON `{id, title, body, tags?}` | 201, the document, `Location` | `INVALID_ARGUMENTS` (400), `DOCUMENT_EXISTS` (409), `UNSUPPORTED_MEDIA_TYPE` (415) |
//! | `GET /search?q=&limit=` | `q` (words), `limit` (1..=20, default 10) | `{query, count, results}` | `INVALID_ARGUMENTS` (400), `SEARCH_RATE_LIMITED` (429, `Retry-After`) |
//!
//! Any other path is `ROUTE_NOT_FOUND` (404), any other method on these paths
//! `METHOD_NOT_ALLOWED` (405, `Allow`). The store holds a document `broken` whose
//! body no longer matches its checksum: reading it is a masked 500 for the client,
//! while the log event carries the real message and the `checksum mismatch` cause.
//! Searches share one quota ([`SearchQuota`]).

mod errors;
mod routes;
mod store;

use std::sync::Arc;

pub use errors::{ChecksumMismatch, LibraryError};
pub use routes::router;
pub use store::{
    DEFAULT_LIMIT, Document, Hit, Library, MAX_LIMIT, NewDocument, SearchQuota, SearchResults,
};
use tokio::net::TcpListener;
use tool_error::Options;

/// The error options the server installs at startup.
pub fn options() -> Options {
    Options::new().with_server_version(env!("CARGO_PKG_VERSION"))
}

/// Serves the API on `listener` until the process ends.
///
/// # Errors
///
/// When accepting connections fails for good.
pub async fn serve(listener: TcpListener, library: Library) -> std::io::Result<()> {
    axum::serve(listener, router(Arc::new(library))).await
}
