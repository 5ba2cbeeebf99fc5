//! mdmcp: a sandboxed file and command server whose JSON-RPC errors carry
//! an `ErrorContext` in `data`: the error type, typed details, a message for people,
//! suggestions and, in verbose mode, debug info.
//!
//! The errors come in mdmcp's five families, one enum each, whose fields are the
//! family's detail fields: [`PolicyViolation`], [`ValidationFailure`],
//! [`ResourceLimit`], [`ExecutionError`], [`SystemError`], under [`MdmcpError`].
//! mdmcp's own wire types ([`ErrorContext`], [`ErrorDetails`] and the detail structs)
//! are here too, for clients reading the responses back.
//!
//! Each error has two messages, as mdmcp specifies: the JSON-RPC `message`, terse and
//! stable (the variant's `message = "..."`), and `data.user_message`, a sentence
//! for people (the variant's `Display`, from `#[error(...)]`).
//!
//! [`ServerConfig`] carries mdmcp's knobs; `verbose_errors`,
//! `include_suggestions`, `max_suggestions` and `redact_sensitive` become a
//! [`Policy`], `include_examples` is applied by the [`ErrorContextData`] profile.
//!
//! - [`errors`]: the five families and [`ProcessFailure`], the cause of a timeout.
//! - [`wire`]: mdmcp's error codes ([`McpErrorCode`]) and wire types.
//! - [`profile`]: [`ServerConfig`] and the [`ErrorContextData`] profile.
//! - `samples`: section 5's examples, for the tour.
//!
//! ```
//! use tool_error::{Context, RequestId};
//! use tool_error_examples::mdmcp::{PolicyViolation, ServerConfig};
//!
//! let error = PolicyViolation::path_not_allowed("/etc/passwd", vec!["/tmp".into()]);
//! let response = ServerConfig::default().render(RequestId::Number(1), &error, Context::new());
//! assert_eq!(response["error"]["code"], -32001);
//! assert_eq!(response["error"]["data"]["type"], "path_not_allowed");
//! assert_eq!(response["error"]["data"]["details"]["policy_location"], "<redacted>");
//! ```

pub mod errors;
pub mod profile;
mod samples;
pub mod wire;

// Only the module docs above link to it.
#[cfg(doc)]
use tool_error::Policy;

pub use errors::{
    ExecutionError, MdmcpError, PolicyViolation, ProcessFailure, ResourceLimit, SystemError,
    ValidationFailure,
};
pub use profile::{ErrorContextData, REDACTION_MARKER, ServerConfig};
pub use samples::{example_invalid_argument, example_path_not_allowed, example_timeout, samples};
pub use wire::{
    DebugInfo, ErrorContext, ErrorDetails, ErrorType, ExecutionErrorDetails, ExecutionPhase,
    McpErrorCode, PolicyViolationDetails, ResourceLimitDetails, SystemErrorDetails,
    ValidationFailureDetails,
};
