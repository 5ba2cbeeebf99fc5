//! The native envelope.

use core::cell::Cell;

use serde::Serializer;
use serde::ser::SerializeMap;

use crate::{Envelope, Profile};

/// The envelope as tool-error defines it; keys appear in this order and optional
/// ones only when they have a value:
///
/// | key | type | |
/// | --- | --- | --- |
/// | `code` | string | always |
/// | `kind` | `VALIDATION` \| `NOT_FOUND` \| `CONFLICT` \| `PERMISSION` \| `TRANSIENT` \| `INTERNAL` | always |
/// | `message` | string | always |
/// | `recoverable` | boolean | always |
/// | `retry` | `safe` \| `check_first` ([`Retry`](crate::envelope::Retry)): whether repeating the call unchanged is safe | for an error that invites a retry, when the call is known |
/// | `category`, `domain` | string | when declared |
/// | `retry_after` | number of seconds | when known |
/// | `details` | object (or the error's own details value) | when non-empty |
/// | `suggestions` | array of strings | when non-empty |
/// | `next_calls` | array of `{tool, arguments, caller_supplies?, read_only}` ([`NextCall`](crate::NextCall)) | when non-empty, shown with the suggestions |
/// | `docs` | string (URL) | where the code is documented, when declared (`docs = "..."`) |
/// | `tool`, `operation` | string | from the context |
/// | `request_id` | string or number (a JSON-RPC id keeps its type) | from the context |
/// | `timestamp` | RFC 3339 UTC string | when the context has a clock |
/// | `debug` | object: `error_chain`, `backtrace`, `server_version` | verbose policy only |
/// | `truncated` | `true` | when anything above was cut short by a [`Limits`](crate::Limits) cap, or dropped to fit the size limit ([`Envelope::is_reduced`]) |
///
/// Its schema is [`Native::SCHEMA`]; [`ParsedEnvelope`](crate::client::ParsedEnvelope) reads it back.
///
/// ```
/// use tool_error::{Envelope, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("order {id} not found")]
/// #[tool_error(kind = not_found, suggest = "List orders with list_orders")]
/// struct OrderMissing {
///     id: u64,
/// }
///
/// let error = OrderMissing { id: 7 };
/// let text = Envelope::new(&error).render(&tool_error::Native);
/// assert_eq!(
///     text,
///     r#"{"code":"ORDER_MISSING","kind":"NOT_FOUND","message":"order 7 not found","recoverable":true,"details":{"id":7},"suggestions":["List orders with list_orders"]}"#
/// );
/// let read: tool_error::client::ParsedEnvelope = serde_json::from_str(&text).unwrap();
/// assert_eq!(read.code, "ORDER_MISSING");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Native;

impl Native {
    /// The JSON Schema (draft 2020-12) of the envelope, also shipped as
    /// `schema/envelope.schema.json` in the crate.
    ///
    /// ```
    /// let schema: serde_json::Value = serde_json::from_str(tool_error::Native::SCHEMA).unwrap();
    /// assert_eq!(schema["required"], serde_json::json!(["code", "kind", "message", "recoverable"]));
    /// ```
    pub const SCHEMA: &'static str = include_str!("../../schema/envelope.schema.json");
}

impl Profile for Native {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        // The parts are streamed before `truncated` is written, so every cut in them
        // (the message, a detail three levels down, a suggestion) is known by then.
        let cut = Cell::new(false);
        let envelope = &envelope.reporting_cuts(&cut);
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", envelope.code())?;
        map.serialize_entry("kind", &envelope.kind())?;
        map.serialize_entry("message", &envelope.message())?;
        map.serialize_entry("recoverable", &envelope.recoverable())?;
        super::write_common(&mut map, envelope, envelope.domain())?;
        if let Some(url) = envelope.docs_url() {
            map.serialize_entry("docs", url)?;
        }
        if let Some(tool) = envelope.tool() {
            map.serialize_entry("tool", &tool)?;
        }
        if let Some(operation) = envelope.operation() {
            map.serialize_entry("operation", &operation)?;
        }
        if let Some(request_id) = envelope.request_id() {
            map.serialize_entry("request_id", &request_id)?;
        }
        if let Some(timestamp) = envelope.timestamp() {
            map.serialize_entry("timestamp", &timestamp)?;
        }
        if let Some(debug) = envelope.debug() {
            map.serialize_entry("debug", &debug)?;
        }
        if envelope.is_reduced() || cut.get() {
            map.serialize_entry("truncated", &true)?;
        }
        map.end()
    }
}
