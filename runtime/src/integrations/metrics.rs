//! A count of every error the integrations convert, through the
//! [`metrics`](https://docs.rs/metrics) facade: which codes agents hit, on which
//! tool, without rebuilding it from log lines.
//!
//! With the `metrics` feature, each error the rmcp, jsonrpsee and axum integrations
//! convert increments the counter [`ERRORS`] once, where its log event is built (not
//! in the rendering, which may run more than once), whether or not logging is on
//! ([`Options::with_logging`](crate::Options::with_logging) turns off the event,
//! not the count). Its labels are bounded by what the server declares, never by
//! what a request carries:
//!
//! | label | value |
//! | --- | --- |
//! | `code` | the error's code, e.g. `MODEL_NOT_FOUND` |
//! | `kind` | its kind, e.g. `NOT_FOUND` |
//! | `tool` | the MCP tool; the route for axum (with [`request_scope`](crate::axum::request_scope)); for jsonrpsee, the method when the context names it (`to_error_object` with `Context::with_tool`); empty when unknown |
//! | `channel` | `result` (a tool result) or `protocol` (a JSON-RPC error) |
//!
//! No message, detail or argument is ever a label. The counter goes to whichever
//! recorder the program installs; with none, the facade still builds the labels
//! (800 to 1,140 instructions per error; 7–15% of an rmcp conversion's time on the
//! crate's benchmark). One line of setup with Prometheus
//! (`metrics-exporter-prometheus`), here rendering what a scrape would read:
//!
//! ```
//! # #[cfg(feature = "rmcp")] fn main() {
//! use tool_error::{Options, ToolError};
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("note '{id}' not found")]
//! #[tool_error(kind = not_found)]
//! struct NoteNotFound { id: String }
//!
//! let prometheus = metrics_exporter_prometheus::PrometheusBuilder::new().build_recorder();
//! let scrape = prometheus.handle();
//! metrics::with_local_recorder(&prometheus, || {
//!     // What `?` in an rmcp tool does, inside the router's scope.
//!     let options = Options::new();
//!     let context = options.context().with_tool("get_note");
//!     tool_error::rmcp::to_call_tool_result(&NoteNotFound { id: "n7".into() }, &context, &options);
//! });
//! assert!(scrape.render().contains(
//!     r#"tool_errors_total{code="NOTE_NOT_FOUND",kind="NOT_FOUND",tool="get_note",channel="result"} 1"#
//! ));
//! # }
//! # #[cfg(not(feature = "rmcp"))] fn main() {}
//! ```
//!
//! A server installs its recorder once at startup, e.g.
//! `PrometheusBuilder::new().install()` with the exporter's `http-listener`
//! feature, which serves the scrape endpoint itself.
//!
//! # The duration of every tool call
//!
//! With `rmcp` too, [`Router`](crate::rmcp::Router) records each `tools/call` it
//! runs, success or failure, in the histogram [`OPERATION_DURATION`]
//! (`mcp.server.operation.duration`, seconds), labelled as OpenTelemetry's MCP
//! conventions name the attributes: `mcp.method.name`, `gen_ai.operation.name`,
//! `gen_ai.tool.name`, `mcp.protocol.version`, and `error.type` on a failed call
//! (`tool_error` for an error result, the JSON-RPC code for a protocol error), the
//! same value the call's span carries.
//!
//! # To OpenTelemetry
//!
//! The `metrics` facade has no OpenTelemetry export of its own; a bridge recorder
//! sends both metrics to an OpenTelemetry meter, and from there to any OTLP
//! collector. With `metrics-exporter-otel` (for `opentelemetry` 0.31), at startup:
//!
//! ```text
//! let meter = meter_provider.meter("notes-server");
//! metrics::set_global_recorder(metrics_exporter_otel::OpenTelemetryRecorder::new(meter))?;
//! ```
//!
//! The spans go the same way through `tracing-opentelemetry` (see
//! [`tracing`](crate::tracing)), so a failed call's span and its duration carry the
//! same `error.type`.

use crate::{Context, ToolError};

/// The counter's name: one increment per error converted.
pub const ERRORS: &str = "tool_errors_total";

/// Counts `error`, converted in `context`.
pub(crate) fn count(error: &dyn ToolError, context: &Context<'_>) {
    let tool = context.tool().or(context.operation()).unwrap_or("");
    ::metrics::counter!(
        ERRORS,
        "code" => error.code(),
        "kind" => error.kind().as_str(),
        "tool" => tool.to_owned(),
        "channel" => error.channel().as_str(),
    )
    .increment(1);
}

/// The histogram of OpenTelemetry's MCP conventions: the seconds each
/// `tools/call` took through `tool_error::rmcp::Router`, success or failure.
///
/// | label | value |
/// | --- | --- |
/// | `mcp.method.name` | `tools/call` |
/// | `gen_ai.operation.name` | `execute_tool` |
/// | `gen_ai.tool.name` | the tool, when the server serves it (never a name a request made up) |
/// | `mcp.protocol.version` | the request's protocol version, when it is one rmcp knows |
/// | `error.type` | on a failed call: `tool_error` for an error result, the JSON-RPC code for a protocol error |
pub const OPERATION_DURATION: &str = "mcp.server.operation.duration";
