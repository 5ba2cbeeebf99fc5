//! rmcp's tool router, wrapped so every call runs inside a scope.

use core::future::Future;
use core::pin::Pin;
use core::task::{Context as TaskContext, Poll, ready};
use std::borrow::Cow;

use ::rmcp::ErrorData;
use ::rmcp::handler::server::tool::{ToolCallContext, ToolRouter};
use ::rmcp::model::{CallToolResponse, NumberOrString, ProtocolVersion, Tool};
use ::rmcp::service::MaybeSend;

use tracing::Instrument;
use tracing::field::Empty;
use tracing::instrument::Instrumented;

use super::arguments;
use super::scope::{Declaration, Scope, Scoped};
use super::served::{self, ServedTools};
use super::timing::Timing;
use crate::Options;
use crate::args::ArgumentError;
use crate::integrations::call_scope::Slot;

/// A server's `ToolRouter` seen through tool-error: hand it to rmcp's
/// `#[tool_handler]` and every tool call runs with the tool name, the request id,
/// the [`Options`] and the tool's declaration in reach of the errors it returns:
/// `#[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router))]`
/// (the [module documentation](super) shows a whole server).
///
/// `#[tool_handler]` accepts any expression with `call`, `list_all` and `get`; this
/// type has the three. Listing and lookup are the wrapped router's own; `call` adds
/// the scope, refuses arguments the tool's input schema does not accept before the
/// handler runs (feature `jsonschema`; off with
/// [`McpOptions::with_argument_check`](super::McpOptions::with_argument_check)),
/// answers arguments that [`Parameters`](super::Parameters) could not read with an
/// argument-error result, checks the next calls errors send against the tools
/// served, and leaves unknown tools to rmcp (JSON-RPC -32602).
#[derive(Debug)]
pub struct Router<'r, S> {
    tools: &'r ToolRouter<S>,
    options: Option<&'r Options>,
}

impl<'r, S> Router<'r, S> {
    /// Wraps `tools`; errors convert with the [installed](Options::install) options.
    pub fn new(tools: &'r ToolRouter<S>) -> Self {
        Router {
            tools,
            options: None,
        }
    }

    /// Converts with `options` instead of the installed ones (e.g. options kept in
    /// the server's state).
    #[must_use]
    pub fn with_options(mut self, options: &'r Options) -> Self {
        self.options = Some(options);
        self
    }
}

impl<'r, S: MaybeSend + 'static> Router<'r, S> {
    /// Every enabled tool, as the wrapped router lists them.
    pub fn list_all(&self) -> Vec<Tool> {
        self.tools.list_all()
    }

    /// One tool's declaration, as the wrapped router has it.
    pub fn get(&self, name: &str) -> Option<&'r Tool> {
        self.tools.get(name)
    }

    /// Calls the tool `context` names inside a scope that carries its name, the
    /// request id (with its JSON type), the options and what the tool declares: an
    /// `outputSchema` or not, its annotations (whether a retry is safe) and its input
    /// schema (which argument errors describe their fields from). With the feature
    /// `jsonschema` the arguments are checked against that schema first, and
    /// arguments it refuses are answered with an argument error without running
    /// the tool.
    ///
    /// Each call runs in a span named and attributed as OpenTelemetry's conventions
    /// for MCP servers say (see [the module documentation](super#tracing)): a
    /// failed call sets `error.type` and marks its span as an error.
    pub fn call<'c>(
        &self,
        context: ToolCallContext<'c, S>,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + use<'r, 'c, S> {
        let options = self.options.unwrap_or_else(|| Options::installed()).clone();
        let tool = self.tools.get(&context.name);
        let served = tool.map(|tool| served::served(self.tools, tool));
        let mut context = context;
        let checked = match (options.mcp().argument_check, &served) {
            (true, Some(served)) => check_arguments(served, &mut context),
            _ => None,
        };
        let declaration = tool
            .zip(served)
            .map(|(tool, served)| Declaration::of(tool, checked.is_some(), served));
        // The declared name, usually a `&'static str` the macro wrote, so the scope
        // holds it without copying the one the request carried.
        let name = tool.map_or_else(|| context.name.clone(), |tool| tool.name.clone());
        let protocol_version = context.request_context.protocol_version();
        let span = call_span(
            &name,
            &context.request_context.id,
            protocol_version.as_ref(),
            context
                .request_context
                .extensions
                .get::<http::request::Parts>(),
        );
        #[cfg(feature = "opentelemetry")]
        super::trace_context::adopt(&span, &context.request_context.meta.0.0);
        let timing = Timing::start(tool.map(|tool| &tool.name), protocol_version.as_ref());
        let scope = Scope::new(
            options,
            Some(name),
            Some(context.request_context.id.clone()),
            declaration,
            span.clone(),
        );
        let tools = self.tools;
        let running = async move {
            match checked {
                // Arguments the input schema refuses never reach the handler.
                Some(Err(error)) => Scope::with_current(|scope| match scope {
                    Some(scope) => arguments::answer(error, scope),
                    // Not reached: this future runs only inside its scope.
                    None => Err(ErrorData::invalid_params(error.to_string(), None)),
                }),
                _ => tools.call(context).await,
            }
        };
        Call {
            running: Scoped::new(scope, running).instrument(span),
            timing,
        }
    }
}

/// The check of a call's arguments against the called tool's input schema: `None`
/// when nothing checks them (a schema that does not compile, or no feature
/// `jsonschema`), else what the check found.
#[cfg(feature = "jsonschema")]
fn check_arguments<S>(
    served: &ServedTools,
    context: &mut ToolCallContext<'_, S>,
) -> Option<Result<(), ArgumentError>> {
    let schema = served.checker(&context.name)?;
    Some(arguments::check(schema, &mut context.arguments))
}

/// Without the feature `jsonschema`, nothing checks a call's arguments before its
/// handler reads them.
#[cfg(not(feature = "jsonschema"))]
fn check_arguments<S>(
    _: &ServedTools,
    _: &mut ToolCallContext<'_, S>,
) -> Option<Result<(), ArgumentError>> {
    None
}

pin_project_lite::pin_project! {
    /// A tool call running in its scope and span: answered with the argument-error
    /// result [`Parameters`](super::Parameters) left in the scope, if any, and its
    /// span marked with the outcome.
    struct Call<F> {
        #[pin]
        running: Instrumented<Scoped<F>>,
        // When the call started, and what its duration is recorded under.
        timing: Timing,
    }
}

impl<F: Future<Output = Result<CallToolResponse, ErrorData>>> Future for Call<F> {
    type Output = Result<CallToolResponse, ErrorData>;

    fn poll(self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<Self::Output> {
        let mut this = self.project();
        let mut output = ready!(this.running.as_mut().poll(cx));
        let scope = this.running.as_mut().inner_pin_mut().take_scope();
        if let Some(response) = scope.and_then(|scope| scope.argument_failure) {
            output = Ok(*response);
        }
        let error_type = record_outcome(this.running.span(), &output);
        this.timing.record(error_type.as_deref());
        Poll::Ready(output)
    }
}

/// Runs `future` as a call of `tool` under `options`: every derived error converted
/// while it runs (on any thread it moves to) names the tool and uses the options.
/// For servers that dispatch tool calls themselves rather than through rmcp's
/// `ToolRouter`; with the router, [`Router`] does this for every call.
pub fn scope<F: Future, T: Into<Cow<'static, str>>>(
    options: &Options,
    tool: T,
    future: F,
) -> impl Future<Output = F::Output> + use<F, T> {
    let scope = Scope::new(
        options.clone(),
        Some(tool.into()),
        None,
        None,
        tracing::Span::none(),
    );
    Scoped::new(scope, future)
}

/// The span of one `tools/call`, after OpenTelemetry's conventions for MCP servers:
/// named `tools/call {tool}`, kind server, with the method, the tool, the request
/// id and the transport (HTTP when rmcp's streamable HTTP server put the request's
/// parts in the call's extensions, else stdio); the outcome's fields are filled in
/// when the call ends.
fn call_span(
    tool: &str,
    request_id: &NumberOrString,
    protocol_version: Option<&ProtocolVersion>,
    http: Option<&http::request::Parts>,
) -> tracing::Span {
    let span = tracing::info_span!(
        target: "tool_error",
        "tools/call",
        otel.name = format_args!("tools/call {tool}").to_string(),
        otel.kind = "server",
        otel.status_code = Empty,
        otel.status_description = Empty,
        mcp.method.name = "tools/call",
        gen_ai.operation.name = "execute_tool",
        gen_ai.tool.name = tool,
        jsonrpc.request.id = %request_id,
        error.type = Empty,
        rpc.response.status_code = Empty,
        tool_error.code = Empty,
        tool_error.kind = Empty,
        tool_error.recoverable = Empty,
        mcp.protocol.version = Empty,
        mcp.session.id = Empty,
        network.transport = "pipe",
        network.protocol.name = Empty,
        network.protocol.version = Empty,
    );
    if let Some(version) = protocol_version {
        span.record("mcp.protocol.version", version.as_str());
    }
    if let Some(parts) = http {
        let (transport, version) = match parts.version {
            http::Version::HTTP_09 => ("tcp", "0.9"),
            http::Version::HTTP_10 => ("tcp", "1.0"),
            http::Version::HTTP_2 => ("tcp", "2"),
            http::Version::HTTP_3 => ("quic", "3"),
            _ => ("tcp", "1.1"),
        };
        span.record("network.transport", transport);
        span.record("network.protocol.name", "http");
        span.record("network.protocol.version", version);
        let session = parts.headers.get("mcp-session-id");
        if let Some(session) = session.and_then(|value| value.to_str().ok()) {
            span.record("mcp.session.id", session);
        }
    }
    span
}

/// Marks `span` failed when the call answered with an error result (`error.type`
/// `tool_error`) or a JSON-RPC error (`error.type` and `rpc.response.status_code`
/// its code); a span with `error.type` has status error, as the conventions ask.
/// Returns the call's `error.type`, if it failed.
fn record_outcome(
    span: &tracing::Span,
    output: &Result<CallToolResponse, ErrorData>,
) -> Option<String> {
    let error_type = match output {
        Ok(CallToolResponse::Complete(result)) if result.is_error == Some(true) => {
            "tool_error".to_owned()
        }
        Ok(_) => return None,
        Err(error) => {
            let code = error.code.0.to_string();
            span.record("rpc.response.status_code", code.as_str());
            span.record("otel.status_description", &*error.message);
            code
        }
    };
    span.record("error.type", error_type.as_str());
    span.record("otel.status_code", "error");
    Some(error_type)
}
