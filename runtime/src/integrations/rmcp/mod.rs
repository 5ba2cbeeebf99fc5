//! MCP servers built with [rmcp](https://docs.rs/rmcp): derived errors as tool results.
//!
//! With the `rmcp` feature, every `#[derive(ToolError)]` type implements rmcp's
//! `IntoCallToolResult`, so a `#[tool]` handler returns `Result<T, MyError>` and uses
//! `?` with no glue code. Following MCP (2026-07-28), what happens to an `Err` depends
//! on the error's [`Channel`](crate::Channel):
//!
//! - [`Channel::Result`](crate::Channel::Result) (the default): a `CallToolResult` with `isError: true` whose
//!   text content is the envelope JSON (rendered by the configured profile, the
//!   native envelope unless you choose another), plus `structuredContent` for tools
//!   without an `outputSchema`. The model reads it and can react.
//! - [`Channel::Protocol`](crate::Channel::Protocol): an `ErrorData`, i.e. a JSON-RPC error with the error's
//!   JSON-RPC code, its message and the envelope as `data`. Codes that JSON-RPC or
//!   MCP reserve without defining are never sent (the kind's default code is used).
//!
//! Unknown tools and malformed requests stay protocol errors: rmcp's router answers
//! them with -32602 before any handler runs.
//!
//! # Setup: one line
//!
//! `IntoCallToolResult::into_call_tool_result(self)` takes no arguments, yet the
//! envelope wants the tool name and the request id. They come from a scope that
//! [`Router`] opens around every call; hand it to rmcp's `#[tool_handler]` and write
//! no `call_tool` of your own. The rest comes from the installed
//! [`Options`](crate::Options) (or [`Router::with_options`]). The scope is
//! task-local (it travels with the future, not the thread), so concurrent calls on a
//! multi-threaded runtime never see each other's names.
//!
//! Features: `tool-error = { version = "…", features = ["rmcp", "jsonschema"] }`
//! (`rmcp` pulls in `tracing` for the server's log events; `jsonschema` checks each
//! call's arguments against the tool's input schema before the handler runs), and
//! for rmcp itself what any tool server needs: `rmcp = { version = "3.9", features =
//! ["server", "macros"] }` plus a transport (`transport-io` for stdio). The README's
//! rmcp section is a whole server with these lines.
//!
//! An error result's text content and its `structuredContent` are written from one
//! `serde_json::Value`, so they always agree. serde_json sorts an object's keys
//! unless its `preserve_order` feature is on somewhere in the build: then both keep
//! the envelope's order (`code`, `kind`, `message` first), otherwise both are in
//! alphabetical order (`code`, `details`, `kind`, ...). A model reads either. The
//! feature is not turned on for you, since it changes every `serde_json` map of the
//! program (the key order of your tools' own JSON results included); add
//! `serde_json = { version = "1", features = ["preserve_order"] }` only if you want
//! it. A tool that declares an `outputSchema` gets no `structuredContent` by
//! default, and its text is written straight from the envelope, in its order.
//!
//! ```
//! use rmcp::handler::server::router::tool::ToolRouter;
//! use rmcp::{ServerHandler, schemars, tool, tool_handler, tool_router};
//! use tool_error::ToolError;
//! use tool_error::rmcp::Parameters;
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("compound '{compound_id}' not found")]
//! #[tool_error(kind = not_found, suggest = "Search with search_compounds")]
//! struct LookupError { compound_id: String }
//!
//! #[derive(serde::Deserialize, schemars::JsonSchema)]
//! struct LookupArgs { compound_id: String }
//!
//! #[derive(Clone)]
//! struct Server { tool_router: ToolRouter<Self> }
//!
//! #[tool_router]
//! impl Server {
//!     #[tool(description = "Look up a compound", annotations(read_only_hint = true))]
//!     fn get_compound_name(&self, Parameters(args): Parameters<LookupArgs>) -> Result<String, LookupError> {
//!         Err(LookupError { compound_id: args.compound_id }) // `?` works the same
//!     }
//! }
//!
//! // The one line: every error below knows its tool, its request and the options.
//! #[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router))]
//! impl ServerHandler for Server {}
//! ```
//!
//! A server that keeps no `tool_router` field hands over the router its
//! `#[tool_router]` function builds: `Router::new(&Self::tool_router())`, which
//! builds it for every call, as rmcp's own `#[tool_handler]` then does. Install the
//! [`Options`](crate::Options) once at startup, before serving:
//! `Options::new().install()`, with whatever settings differ from the defaults.
//!
//! Errors converted outside a router call (a handler called directly, a server
//! without the line above) still convert, with the installed options and no tool
//! name, and the first one logs a warning saying so.
//!
//! By default an error result carries the envelope as `structuredContent` only for
//! tools that declare no `outputSchema`, since clients validate `structuredContent`
//! against that schema even on errors; [`McpOptions`] changes this per tool, and
//! maps argument errors to a type of your own:
//!
//! ```
//! use tool_error::args::ArgumentError;
//! use tool_error::rmcp::McpOptions;
//! use tool_error::{Options, ToolError};
//!
//! /// Arguments a tool could not read, under the server's own code.
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("invalid arguments: {0}")]
//! #[tool_error(kind = validation, code = "VALIDATION_ERROR")]
//! struct InvalidArguments(#[source] ArgumentError);
//!
//! let errors = Options::new().with_mcp(
//!     McpOptions::new()
//!         .with_structured_content_for("export_model", false) // its clients reject it
//!         .with_argument_error(InvalidArguments),
//! );
//! // #[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router).with_options(&self.errors))]
//! # drop(errors);
//! ```
//!
//! [`Parameters`] replaces rmcp's extractor of the same name: the input schema is the
//! same, and arguments that fail to deserialise become an
//! [`ArgumentError`](crate::args::ArgumentError) tool result naming the bad field
//! (`compounds[1]`, expected `a string`, got `number`) instead of serde's message.
//!
//! For servers that build results by hand, [`to_call_tool_result`], [`to_error_data`]
//! and [`to_response`] do the same conversion explicitly:
//!
//! ```
//! use tool_error::rmcp::to_call_tool_result;
//! use tool_error::clock::FixedClock;
//! use tool_error::{Options, ToolError};
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("Media '{media_id}' not found")]
//! #[tool_error(kind = not_found, suggest = "Use build_media to create one")]
//! struct MediaNotFound { media_id: String }
//!
//! let options = Options::new()
//!     .with_clock(FixedClock::from_rfc3339("2025-10-27T14:32:15Z").unwrap());
//! let context = options.context().with_tool("get_media").with_request_id(7);
//! let result = to_call_tool_result(&MediaNotFound { media_id: "m9".into() }, &context, &options);
//! assert_eq!(result.is_error, Some(true));
//! let text = &result.content[0].as_text().unwrap().text;
//! assert_eq!(
//!     text,
//!     r#"{"code":"MEDIA_NOT_FOUND","kind":"NOT_FOUND","message":"Media 'm9' not found","recoverable":true,"details":{"media_id":"m9"},"suggestions":["Use build_media to create one"]}"#
//! );
//! ```
//!
//! # What the model reads
//!
//! In most agent frameworks the model sees the text of an error result and nothing
//! else, so the text holds what it can act on, and nothing that changes from one
//! call to the next: two identical failures read the same. The tool name, the
//! request id, the timestamp and the error's domain go to the log event, not to
//! the client ([`ClientContext`](crate::ClientContext) says why, and how to send
//! them anyway); a masked internal error carries the request id, so a person can
//! quote it to the operator.
//!
//! An error that invites a retry (a `transient` one, or one with a retry hint)
//! says whether repeating the call unchanged is safe: `"retry":"safe"` when the
//! tool declares `readOnlyHint` or `idempotentHint` (or the variant says the call
//! was refused before it ran, `no_effect`), else `"retry":"check_first"`, since
//! a tool without annotations may have done its work before failing. See
//! [`Retry`](crate::envelope::Retry).
//!
//! # Tracing
//!
//! [`Router`] runs each call in a `tracing` span named and attributed after
//! OpenTelemetry's semantic conventions for MCP servers (`gen-ai/mcp`, status
//! Development in the 2026 releases of those conventions, so the names may still
//! change), which tracing-opentelemetry exports as the call's server span:
//!
//! | field | value |
//! | --- | --- |
//! | span name (`otel.name`) | `tools/call {tool}` |
//! | `otel.kind` | `server` |
//! | `mcp.method.name`, `gen_ai.operation.name` | `tools/call`, `execute_tool` |
//! | `gen_ai.tool.name`, `jsonrpc.request.id` | the tool and the request id |
//! | `mcp.protocol.version` | the protocol version of the call, when rmcp knows it |
//! | `network.transport` | `pipe` (stdio), or over rmcp's streamable HTTP server `tcp` (`quic` for HTTP/3) |
//! | `network.protocol.name`, `network.protocol.version` | over HTTP: `http` and its version (`1.1`, `2`) |
//! | `mcp.session.id` | over HTTP, when the client sends an `Mcp-Session-Id` |
//! | `error.type` | when the call fails: `tool_error` for an error result, the JSON-RPC code for a protocol error |
//! | `rpc.response.status_code`, `otel.status_description` | the JSON-RPC code and message of a protocol error |
//! | `otel.status_code` | `error` whenever `error.type` is set |
//! | `tool_error.code`, `tool_error.kind`, `tool_error.recoverable` | the contract of the error the call was answered with |
//!
//! ## The caller's trace
//!
//! With the feature `opentelemetry` (built on opentelemetry 0.33 and
//! tracing-opentelemetry 0.34: use those versions), a call whose `params._meta`
//! carries a W3C `traceparent` (and `tracestate`), as SEP-414 has clients write
//! them, runs in the caller's trace: the context read from `_meta` with the
//! globally installed propagator is the parent of the call's span, and the span
//! that would otherwise have been its parent (rmcp's span of the connection, or an
//! HTTP request's) is a link. So the agent's step and the tool it called are one
//! trace in the collector. A call without `_meta`, with a malformed `traceparent`,
//! or in a server that installs no propagator keeps the parent it always had.
//! Baggage is read into the parent context and never copied into attributes. What
//! it takes is the propagator that reads `traceparent` and `tracestate`, and a
//! `tracing-opentelemetry` layer exporting the spans (the README's rmcp section
//! shows the whole setup):
//!
//! ```
//! use opentelemetry_sdk::propagation::TraceContextPropagator;
//!
//! opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
//! ```
//!
//! Only the call's own span is marked; rmcp's span for the connection is not.
//! Errors converted inside the call also emit their log event (see
//! [`tracing`](crate::tracing)) inside this span. A masked message or a redacted
//! value is never a span attribute.

mod arguments;
#[cfg(feature = "jsonschema")]
mod check;
// `pub(crate)`: `__private` re-exports its `respond` for the derive.
pub(crate) mod convert;
mod options;
mod parameters;
mod router;
mod scope;
mod served;
mod timing;
#[cfg(feature = "opentelemetry")]
mod trace_context;

#[cfg(feature = "jsonschema")]
pub use check::check_next_calls;
pub use convert::{to_call_tool_result, to_error_data, to_response};
pub use options::McpOptions;
pub use parameters::Parameters;
pub use router::{Router, scope};

/// Implements `IntoCallToolResult` for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_rmcp {
    ([$($generics:tt)*] [$($ty:tt)*] [$($where:tt)*]) => {
        #[automatically_derived]
        impl $($generics)* $crate::__private::rmcp::IntoCallToolResult for $($ty)* $($where)* {
            fn into_call_tool_result(
                self,
            ) -> ::core::result::Result<
                $crate::__private::rmcp::CallToolResponse,
                $crate::__private::rmcp::ErrorData,
            > {
                $crate::__private::rmcp::respond(&self)
            }
        }
    };
}
