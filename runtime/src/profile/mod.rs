//! Wire formats: one envelope, many shapes.
//!
//! A [`Profile`] turns an [`Envelope`] into one wire format. Four ship with the
//! crate: [`Native`] (the envelope itself, with a published JSON Schema),
//! [`JsonRpc`] and [`JsonRpcResponse`] (JSON-RPC 2.0 error object and response),
//! [`McpToolResult`] (an MCP `CallToolResult` with `isError: true`) and [`Problem`]
//! (RFC 9457 `application/problem+json`). A custom profile is a small impl, usually a
//! borrowed `#[derive(Serialize)]` struct filled from the envelope's accessors:
//!
//! ```
//! use serde::{Serialize, Serializer};
//! use tool_error::{Envelope, Profile, ToolError};
//! use tool_error::envelope::{Details, Message, Suggestions};
//!
//! /// `{"ok": false, "error_code": ..., "error": ..., "details": {...}, "hints": [...]}`
//! struct Legacy;
//!
//! #[derive(Serialize)]
//! struct LegacyWire<'a> {
//!     ok: bool,
//!     error_code: &'a str,
//!     error: Message<'a>,
//!     #[serde(skip_serializing_if = "Details::is_empty")]
//!     details: Details<'a>,
//!     #[serde(skip_serializing_if = "Suggestions::is_empty")]
//!     hints: Suggestions<'a>,
//! }
//!
//! impl Profile for Legacy {
//!     fn serialize_envelope<S: Serializer>(&self, envelope: &Envelope<'_>, serializer: S) -> Result<S::Ok, S::Error> {
//!         LegacyWire {
//!             ok: false,
//!             error_code: envelope.code(),
//!             error: envelope.message(),
//!             details: envelope.details(),
//!             hints: envelope.suggestions(),
//!         }
//!         .serialize(serializer)
//!     }
//! }
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("quota exceeded")]
//! #[tool_error(kind = permission, suggest = "Ask for a higher quota")]
//! struct QuotaExceeded { used: u32 }
//!
//! assert_eq!(
//!     Envelope::new(&QuotaExceeded { used: 3 }).render(&Legacy),
//!     r#"{"ok":false,"error_code":"QUOTA_EXCEEDED","error":"quota exceeded","details":{"used":3},"hints":["Ask for a higher quota"]}"#
//! );
//! ```
//!
//! The optional parts (context strings, the retry hint, the timestamp, debug info)
//! are `Option`s of values that only promise `Serialize` (and `Display` for text), so
//! such a profile is written with `serialize_map`, as the built-in ones are:
//!
//! ```
//! use std::time::Duration;
//! use serde::ser::{SerializeMap, Serializer};
//! use tool_error::clock::FixedClock;
//! use tool_error::{Envelope, Options, Policy, Profile, ToolError};
//!
//! /// `{"error": ..., "tool": ..., "retry_in": ..., "at": ..., "causes": [...]}`,
//! /// each optional key only when there is a value.
//! struct Log;
//!
//! impl Profile for Log {
//!     fn serialize_envelope<S: Serializer>(&self, envelope: &Envelope<'_>, serializer: S) -> Result<S::Ok, S::Error> {
//!         let mut map = serializer.serialize_map(None)?;
//!         map.serialize_entry("error", &envelope.message())?;
//!         if let Some(tool) = envelope.tool() {
//!             map.serialize_entry("tool", &tool)?;
//!         }
//!         if let Some(seconds) = envelope.retry_after_seconds() {
//!             map.serialize_entry("retry_in", &seconds)?;
//!         }
//!         if let Some(timestamp) = envelope.timestamp() {
//!             map.serialize_entry("at", &timestamp.with_millis())?;
//!         }
//!         // Only under a verbose policy.
//!         if let Some(chain) = envelope.debug().and_then(|debug| debug.error_chain()) {
//!             map.serialize_entry("causes", &chain)?;
//!         }
//!         map.end()
//!     }
//! }
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("upstream busy")]
//! #[tool_error(kind = transient)]
//! struct Busy {
//!     #[source]
//!     cause: std::io::Error,
//!     #[tool_error(retry_after)]
//!     wait: Duration,
//! }
//!
//! let cause = std::io::Error::other("connection reset");
//! let error = Busy { cause, wait: Duration::from_millis(1500) };
//! let options = Options::new().with_clock(FixedClock::from_rfc3339("2025-10-27T14:35:22Z").unwrap());
//! let verbose = Policy::DEFAULT.with_verbose(true);
//! let envelope = Envelope::new(&error)
//!     .with_context(options.context().with_tool("fetch"))
//!     .with_policy(&verbose);
//! assert_eq!(
//!     envelope.render(&Log),
//!     r#"{"error":"upstream busy","tool":"fetch","retry_in":1.5,"at":"2025-10-27T14:35:22.000Z","causes":["connection reset"]}"#
//! );
//! ```

mod jsonrpc;
mod mcp;
mod native;
mod problem;

pub(crate) use jsonrpc::jsonrpc_error_code;
pub use jsonrpc::{JsonRpc, JsonRpcResponse};
pub use mcp::McpToolResult;
pub use native::Native;
pub use problem::Problem;
pub(crate) use problem::error_status;
#[cfg(feature = "utoipa")]
pub(crate) use problem::reason_phrase;

use serde::Serializer;
use serde::ser::SerializeMap;

use crate::Envelope;

/// A wire format for errors.
pub trait Profile {
    /// Serialises `envelope` in this format.
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error>;

    /// The media type of the output.
    fn content_type(&self) -> &'static str {
        "application/json"
    }
}

impl<P: Profile + ?Sized> Profile for &P {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        (**self).serialize_envelope(envelope, serializer)
    }

    fn content_type(&self) -> &'static str {
        (**self).content_type()
    }
}

/// The members the native and problem profiles both write after `recoverable`, in
/// this order and each only when it has a value: `retry`, `category`, `domain`
/// (when given), `retry_after`, `details`, `suggestions` and `next_calls`.
fn write_common<M: SerializeMap>(
    map: &mut M,
    envelope: &Envelope<'_>,
    domain: Option<&str>,
) -> Result<(), M::Error> {
    if let Some(retry) = envelope.retry() {
        map.serialize_entry("retry", &retry)?;
    }
    if let Some(category) = envelope.category() {
        map.serialize_entry("category", category)?;
    }
    if let Some(domain) = domain {
        map.serialize_entry("domain", domain)?;
    }
    if let Some(seconds) = envelope.retry_after_seconds() {
        map.serialize_entry("retry_after", &seconds)?;
    }
    envelope.details().write_entry(map, "details")?;
    envelope.suggestions().write_entry(map, "suggestions")?;
    let next_calls = envelope.next_calls();
    if !next_calls.is_empty() {
        map.serialize_entry("next_calls", &next_calls)?;
    }
    Ok(())
}
