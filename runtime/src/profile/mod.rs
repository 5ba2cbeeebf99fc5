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
//! /// `{"ok": false, "error_code": ..., "error": ..., "hints": [...]}`
//! struct Legacy;
//!
//! #[derive(Serialize)]
//! struct LegacyWire<'a> {
//!     ok: bool,
//!     error_code: &'a str,
//!     error: Message<'a>,
//!     #[serde(skip_serializing_if = "tool_error::envelope::Suggestions::is_empty")]
//!     hints: Suggestions<'a>,
//! }
//!
//! impl Profile for Legacy {
//!     fn serialize_envelope<S: Serializer>(&self, envelope: &Envelope<'_>, serializer: S) -> Result<S::Ok, S::Error> {
//!         LegacyWire {
//!             ok: false,
//!             error_code: envelope.code(),
//!             error: envelope.message(),
//!             hints: envelope.suggestions(),
//!         }
//!         .serialize(serializer)
//!     }
//! }
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("quota exceeded")]
//! #[tool_error(kind = permission, suggest = "Ask for a higher quota")]
//! struct QuotaExceeded;
//!
//! assert_eq!(
//!     Envelope::new(&QuotaExceeded).render(&Legacy),
//!     r#"{"ok":false,"error_code":"QUOTA_EXCEEDED","error":"quota exceeded","hints":["Ask for a higher quota"]}"#
//! );
//! ```

mod jsonrpc;
mod mcp;
mod native;
mod problem;

pub use jsonrpc::{JsonRpc, JsonRpcResponse, RequestId};
pub use mcp::McpToolResult;
pub use native::Native;
pub use problem::Problem;

use serde::Serializer;

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
