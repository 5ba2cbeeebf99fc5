//! The ontology tools MCP server, after its error-handling migration.
//!
//! Errors the caller can fix are tool results whose text is
//! `{"error": true, "code", "message", "details"?}` ([`ErrorResult`] inside
//! [`McpToolResult`]); system failures are JSON-RPC errors ([`ProtocolError`],
//! `channel = protocol`). The codes are the server's documented table, mixed case
//! included ([`OntologyError`]); parameters are checked over the untyped argument
//! map with the Go server's own templates ([`params`]), whose errors become
//! `invalid_parameters` with the server's messages and details: types named as Go's
//! `%T` names them ([`go_type_name`]), UUIDs read as Go's `uuid.Parse` reads them
//! ([`params::Uuid::parse_go`]). [`OntologyServer`] is a small in-memory server whose tools
//! follow the documented templates, and [`code_reference`] / [`code_table`]
//! regenerate the server's code reference from the catalog.
//!
//! - [`errors`]: the code table, Template 7's codes and the system failures.
//! - [`params`]: the Go server's parameter templates.
//! - [`profile`]: the `ErrorResponse` profile and the reply on each channel.
//! - [`server`]: the in-memory server and its tools.
//! - [`codes`]: the code reference and table, from the catalog.
//! - `samples`: one reply per code, for the tour.

pub mod codes;
pub mod errors;
pub mod params;
pub mod profile;
mod samples;
pub mod server;

// Only the module docs above link to it.
#[cfg(doc)]
use tool_error::McpToolResult;

pub use codes::{code_reference, code_table};
pub use errors::{
    OntologyError, ProtocolError, RepoError, RepositoryError, classify, go_type_name,
};
pub use profile::{ErrorResult, Reply, reply};
pub use samples::samples;
pub use server::{APPROVED_QUERY, FACT_ID, OntologyServer, PENDING_QUERY, ROLES, StoredQuery};
