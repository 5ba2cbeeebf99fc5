//! The Exa documentation MCP server's standardised error handling.
//!
//! Error classes with a code, an HTTP status, details and `recoverable`
//! ([`ExaError`]); tool responses `{"success": false, "error": {message, code, tool,
//! operation, suggestions?, details?}}` ([`ExaResponse`]); suggestions only for
//! recoverable errors and details only outside production ([`policy`]); foreign
//! errors normalised ([`normalize`]); the class's `toJSON()` ([`ExaJson`]) and the
//! structured error log with alerts on critical codes ([`ErrorLogEntry`],
//! [`needs_alert`]). [`DocsTool`] puts it together the way Exa's
//! `BaseExaTool` does, over an in-memory document store.
//!
//! - [`errors`]: [`ExaError`], one variant per class.
//! - [`foreign`]: foreign errors and panics normalised into [`ExaError`]s.
//! - [`profile`]: the response, `toJSON()` and log formats, and the policy.
//! - [`handler`]: the error handler (log, metrics, alerts).
//! - [`docs_tool`]: the tool and its parameter checks.
//! - `samples`: the sample store and responses, for the tour.

pub mod docs_tool;
pub mod errors;
pub mod foreign;
pub mod handler;
pub mod profile;
mod samples;

pub use docs_tool::{DocsTool, Document, ParamSpec, Thrown, alternative_paths, validate_params};
pub use errors::{DidYouMean, ExaError, js_typeof};
pub use foreign::{class_name_of, from_panic, normalize, normalize_named};
pub use handler::{ErrorContext, ErrorHandler};
pub use profile::{CRITICAL_CODES, ErrorLogEntry, ExaJson, ExaResponse, Mode, needs_alert, policy};
pub use samples::{sample_documents, samples};
