//! Gem-Flux's server log as JSON lines: a `tracing` event format that writes every
//! event as one JSON object per line, and tool-error's error events as Gem-Flux's
//! log entry.
//!
//! tool-error emits one `tracing` event per error it renders (target `tool_error`,
//! see `tool_error::tracing`). [`JsonLogFormat`] writes such an event as
//!
//! ```json
//! {"timestamp": "2025-10-27T15:15:22Z", "level": "ERROR", "tool_name": "gapfill_model",
//!  "error_type": "infeasibility_error", "jsonrpc_error_code": -32002,
//!  "error_code": "GAPFILL_INFEASIBLE", "message": "...", "details": {...},
//!  "stack_trace": "...", "session_id": "session_123"}
//! ```
//!
//! with the rules of [`GemFluxLog`](super::GemFluxLog): `tool_name` is `unknown`
//! without a tool, `error_type` is the category or one matching the kind,
//! `details`, `stack_trace` and `session_id` are left out when there are none; a
//! `request_id` follows when the call had one (an addition to Gem-Flux's entry, so
//! each line names its call). The event carries what the options' log policy lets
//! out: by default the real message of an internal error and its causes as
//! `stack_trace`, which the response masks.
//!
//! Any other event is `{"timestamp", "level", "message", <its fields>}`. Levels are
//! Gem-Flux's names: `ERROR`, `WARNING`, `INFO`, `DEBUG` (`TRACE` is written as
//! `DEBUG`, Gem-Flux's finest).

use core::fmt;
use std::str::FromStr;
use std::time::SystemTime;

use serde_json::{Map, Value};
use tool_error::Kind;
use tool_error::envelope::Timestamp;
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields, MakeWriter};
use tracing_subscriber::registry::LookupSpan;

use super::profile::error_type_of;

/// The target of tool-error's error events.
const ERROR_TARGET: &str = "tool_error";

/// Writes each event as one JSON object on its own line (see the [module](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct JsonLogFormat;

/// A subscriber that writes events at `INFO` and above as Gem-Flux's JSON log lines
/// to `writer` (e.g. `std::io::stderr`).
pub fn subscriber<W>(writer: W) -> impl Subscriber + Send + Sync + 'static
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    tracing_subscriber::fmt()
        .with_writer(writer)
        .with_max_level(Level::INFO)
        .event_format(JsonLogFormat)
        .finish()
}

impl<S, N> FormatEvent<S, N> for JsonLogFormat
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        _context: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let mut fields = Fields::default();
        event.record(&mut fields);
        let metadata = event.metadata();
        let entry = if metadata.target() == ERROR_TARGET {
            fields.into_error_entry(*metadata.level())
        } else {
            fields.into_entry(*metadata.level())
        };
        let line = serde_json::to_string(&entry).map_err(|_| fmt::Error)?;
        writeln!(writer, "{line}")
    }
}

/// Gem-Flux's name of a level.
fn level_name(level: Level) -> &'static str {
    if level == Level::ERROR {
        "ERROR"
    } else if level == Level::WARN {
        "WARNING"
    } else if level == Level::INFO {
        "INFO"
    } else {
        "DEBUG"
    }
}

fn now() -> Value {
    Value::String(Timestamp::new(SystemTime::now()).to_string())
}

/// An event's fields, in the order they were recorded.
#[derive(Default)]
struct Fields {
    values: Map<String, Value>,
}

impl Fields {
    fn take(&mut self, name: &str) -> Option<Value> {
        self.values.shift_remove(name)
    }

    fn take_text(&mut self, name: &str) -> Option<String> {
        match self.take(name)? {
            Value::String(text) => Some(text),
            other => Some(other.to_string()),
        }
    }

    /// A plain event: timestamp, level, message, then its own fields.
    fn into_entry(mut self, level: Level) -> Map<String, Value> {
        let mut entry = Map::new();
        entry.insert("timestamp".into(), now());
        entry.insert("level".into(), level_name(level).into());
        let message = self.take("message").unwrap_or_else(|| "".into());
        entry.insert("message".into(), message);
        entry.extend(self.values);
        entry
    }

    /// tool-error's event for one error, as Gem-Flux's log entry.
    fn into_error_entry(mut self, level: Level) -> Map<String, Value> {
        let mut entry = Map::new();
        entry.insert(
            "timestamp".into(),
            self.take("timestamp").unwrap_or_else(now),
        );
        entry.insert("level".into(), level_name(level).into());
        entry.insert(
            "tool_name".into(),
            self.take("gen_ai.tool.name")
                .unwrap_or_else(|| "unknown".into()),
        );
        let category = self.take_text("category");
        let kind = self
            .take_text("kind")
            .and_then(|kind| Kind::from_str(&kind).ok())
            .unwrap_or(Kind::Internal);
        entry.insert(
            "error_type".into(),
            error_type_of(category.as_deref(), kind).into(),
        );
        entry.insert(
            "jsonrpc_error_code".into(),
            self.take("rpc.response.status_code").unwrap_or(Value::Null),
        );
        entry.insert(
            "error_code".into(),
            self.take("error.type").unwrap_or(Value::Null),
        );
        entry.insert(
            "message".into(),
            self.take("message").unwrap_or_else(|| "".into()),
        );
        // Recorded as JSON text; anything unreadable is kept as the text.
        if let Some(details) = self.take_text("details") {
            let value = serde_json::from_str(&details).unwrap_or(Value::String(details));
            entry.insert("details".into(), value);
        }
        let backtrace = self.take("exception.stacktrace");
        if let Some(trace) = backtrace.or_else(|| self.take("exception.message")) {
            entry.insert("stack_trace".into(), trace);
        }
        if let Some(session) = self.take("session_id") {
            entry.insert("session_id".into(), session);
        }
        // Not in Gem-Flux's entry; kept so each line names the call it is about.
        if let Some(request) = self.take("jsonrpc.request.id") {
            entry.insert("request_id".into(), request);
        }
        entry
    }
}

impl Visit for Fields {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.values.insert(field.name().into(), value.into());
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.values.insert(field.name().into(), value.into());
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.values.insert(field.name().into(), value.into());
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.values.insert(field.name().into(), value.into());
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        self.values.insert(field.name().into(), value.into());
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.values
            .insert(field.name().into(), format!("{value:?}").into());
    }
}
