//! The native envelope.

use core::cell::Cell;

use serde::Serializer;
use serde::ser::SerializeMap;

use super::entry;
use crate::envelope::Reduction;
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
/// | `truncated` | `true` | when anything above was cut short by a [`Limits`](crate::Limits) cap or dropped by a [`Reduction`] |
///
/// Its schema is [`Native::SCHEMA`]; [`OwnedEnvelope`](crate::OwnedEnvelope) reads it back.
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
/// let read: tool_error::OwnedEnvelope = serde_json::from_str(&text).unwrap();
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
        entry(&mut map, "code", envelope.code())?;
        entry(&mut map, "kind", &envelope.kind())?;
        entry(&mut map, "message", &envelope.message())?;
        entry(&mut map, "recoverable", &envelope.recoverable())?;
        if let Some(retry) = envelope.retry() {
            entry(&mut map, "retry", &retry)?;
        }
        if let Some(category) = envelope.category() {
            entry(&mut map, "category", category)?;
        }
        if let Some(domain) = envelope.domain() {
            entry(&mut map, "domain", domain)?;
        }
        if let Some(seconds) = envelope.retry_after_seconds() {
            entry(&mut map, "retry_after", &seconds)?;
        }
        envelope.details().write_entry(&mut map, "details")?;
        envelope
            .suggestions()
            .write_entry(&mut map, "suggestions")?;
        let next_calls = envelope.next_calls();
        if !next_calls.is_empty() {
            entry(&mut map, "next_calls", &next_calls)?;
        }
        if let Some(url) = envelope.docs_url() {
            entry(&mut map, "docs", url)?;
        }
        if let Some(tool) = envelope.tool() {
            entry(&mut map, "tool", &tool)?;
        }
        if let Some(operation) = envelope.operation() {
            entry(&mut map, "operation", &operation)?;
        }
        if let Some(request_id) = envelope.request_id() {
            entry(&mut map, "request_id", &request_id)?;
        }
        if let Some(timestamp) = envelope.timestamp() {
            entry(&mut map, "timestamp", &timestamp)?;
        }
        if let Some(debug) = envelope.debug() {
            entry(&mut map, "debug", &debug)?;
        }
        if envelope.reduction() > Reduction::None || cut.get() {
            entry(&mut map, "truncated", &true)?;
        }
        map.end()
    }
}
