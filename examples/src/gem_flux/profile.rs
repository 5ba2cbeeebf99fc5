//! Gem-Flux's flat error response and its server log entry, as [`Profile`]s.

use std::time::SystemTime;

use serde::Serializer;
use serde::ser::SerializeMap;
use tool_error::clock::Clock;
use tool_error::envelope::Timestamp;
use tool_error::{Envelope, Kind, Options, Policy, Profile, ToolError};

/// The error response every Gem-Flux tool returns:
///
/// ```json
/// {"success": false, "error_type": "validation_error", "error_code": "INVALID_COMPOUND_IDS",
///  "jsonrpc_error_code": -32000, "message": "...", "details": {...}, "suggestions": [...],
///  "tool_name": "build_media", "timestamp": "2025-10-27T14:32:15Z"}
/// ```
///
/// `details` and `suggestions` are left out when empty (Gem-Flux marks them
/// optional); every other key is always present. `error_type` is the error's
/// category, or one derived from its kind for errors from outside this module;
/// `tool_name` is the context's tool (`unknown` without one); `timestamp` comes from
/// the context's clock, or the system clock without one, at second precision.
///
/// [`GemFlux::DOCUMENTED`] writes exactly these keys.
/// [`with_next_calls`](GemFlux::with_next_calls) adds this server's one extension,
/// `next_calls` after `suggestions` when the error declares any: the tool calls an
/// agent can run to recover, each `{"tool", "arguments", "caller_supplies"?,
/// "read_only"}`. Clients that know only Gem-Flux's envelope ignore the key.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GemFlux {
    next_calls: bool,
}

impl GemFlux {
    /// Gem-Flux's response exactly as documented.
    pub const DOCUMENTED: GemFlux = GemFlux { next_calls: false };

    /// With `next_calls`, the extension `gem-flux-mcp` sends.
    #[must_use]
    pub const fn with_next_calls(mut self) -> Self {
        self.next_calls = true;
        self
    }
}

impl Profile for GemFlux {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("success", &false)?;
        map.serialize_entry("error_type", error_type(envelope))?;
        map.serialize_entry("error_code", envelope.code())?;
        map.serialize_entry("jsonrpc_error_code", &envelope.jsonrpc_code())?;
        map.serialize_entry("message", &envelope.message())?;
        let details = envelope.details();
        if !details.is_empty() {
            map.serialize_entry("details", &details)?;
        }
        let suggestions = envelope.suggestions();
        if !suggestions.is_empty() {
            map.serialize_entry("suggestions", &suggestions)?;
        }
        let next_calls = envelope.next_calls();
        if self.next_calls && !next_calls.is_empty() {
            map.serialize_entry("next_calls", &next_calls)?;
        }
        match envelope.tool() {
            Some(tool) => map.serialize_entry("tool_name", &tool)?,
            None => map.serialize_entry("tool_name", "unknown")?,
        }
        map.serialize_entry("timestamp", &timestamp(envelope))?;
        map.end()
    }
}

/// Gem-Flux's `error_type` of an envelope: its category, else one matching its kind.
pub fn error_type(envelope: &Envelope<'_>) -> &'static str {
    error_type_of(envelope.category(), envelope.kind())
}

/// Gem-Flux's `error_type` of an error with this category and kind: the category,
/// else one matching the kind.
pub fn error_type_of(category: Option<&str>, kind: Kind) -> &str {
    category.unwrap_or(match kind {
        Kind::Validation => "validation_error",
        Kind::NotFound => "not_found_error",
        Kind::Conflict => "infeasibility_error",
        Kind::Transient => "timeout_error",
        Kind::Permission | Kind::Internal => "server_error",
    })
}

fn timestamp(envelope: &Envelope<'_>) -> Timestamp {
    envelope
        .timestamp()
        .unwrap_or_else(|| Timestamp::new(SystemTime::now()))
}

/// Renders `error` as the response of `tool`, timestamped by `clock`.
pub fn render(error: &dyn ToolError, tool: &str, clock: impl Clock + 'static) -> serde_json::Value {
    let options = Options::new().with_clock(clock);
    let context = options.context().with_tool(tool);
    Envelope::new(error)
        .with_context(context)
        .to_value(&GemFlux::DOCUMENTED)
}

/// Server logs see everything: debug info on, internal messages unmasked.
static LOG_POLICY: Policy = Policy::DEFAULT.with_verbose(true);

/// Gem-Flux's server log entry for an error:
///
/// ```json
/// {"timestamp": "...", "level": "ERROR", "tool_name": "gapfill_model",
///  "error_type": "infeasibility_error", "jsonrpc_error_code": -32002,
///  "error_code": "GAPFILL_INFEASIBLE", "message": "...", "details": {...},
///  "stack_trace": "...", "session_id": "session_123"}
/// ```
///
/// Rendered under a verbose policy whatever the envelope's policy says, since logs
/// stay on the server: internal messages are unmasked. `stack_trace` is the captured
/// backtrace, else the causes' texts, outermost first and `: `-separated (a library
/// exception's traceback is its error's cause), and is left out when there is
/// neither; `session_id` comes from the context and is left out without one. These
/// are the rules of tool-error's `tracing` events too, so [`JsonLogFormat`] writes
/// the same entry from the event of a verbose envelope.
///
/// [`JsonLogFormat`]: super::log::JsonLogFormat
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GemFluxLog;

impl Profile for GemFluxLog {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("timestamp", &timestamp(envelope))?;
        map.serialize_entry("level", "ERROR")?;
        match envelope.tool() {
            Some(tool) => map.serialize_entry("tool_name", &tool)?,
            None => map.serialize_entry("tool_name", "unknown")?,
        }
        map.serialize_entry("error_type", error_type(envelope))?;
        map.serialize_entry("jsonrpc_error_code", &envelope.jsonrpc_code())?;
        map.serialize_entry("error_code", envelope.code())?;
        map.serialize_entry("message", &envelope.message())?;
        let details = envelope.details();
        if !details.is_empty() {
            map.serialize_entry("details", &details)?;
        }
        if let Some(debug) = envelope.debug() {
            if let Some(backtrace) = debug.backtrace() {
                map.serialize_entry("stack_trace", &backtrace)?;
            } else if let Some(chain) = debug.error_chain() {
                let causes: Vec<String> = chain.into_iter().map(ToString::to_string).collect();
                map.serialize_entry("stack_trace", &causes.join(": "))?;
            }
        }
        if let Some(session) = envelope.context().session_id() {
            map.serialize_entry("session_id", &envelope.text(session))?;
        }
        map.end()
    }
}

/// The log entry of an envelope (see [`GemFluxLog`]).
pub fn log_entry(envelope: &Envelope<'_>) -> serde_json::Value {
    envelope.with_policy(&LOG_POLICY).to_value(&GemFluxLog)
}
