//! Errors as rmcp's results and JSON-RPC errors.

use std::sync::Once;

use ::rmcp::ErrorData;
use ::rmcp::handler::server::tool::IntoCallToolResult;
use ::rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorCode};

use super::scope::Scope;
use crate::integrations::call_scope::{self, Slot};
use crate::integrations::protocol::{JsonRpcError, pass_through};
use crate::{Channel, Context, Options, ToolError};

/// `error` as a `CallToolResult` with `isError: true`: the envelope rendered by the
/// options' profile as text content, and as `structuredContent` when the MCP options
/// ask for it for the context's tool (the default, which follows each tool's
/// `outputSchema`, needs the [`Router`](super::Router) and leaves it out here). The
/// channel is not consulted; see [`to_response`].
pub fn to_call_tool_result(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &Options,
) -> CallToolResult {
    call_tool_result(error, context, options, None)
}

fn call_tool_result(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &Options,
    has_output_schema: Option<bool>,
) -> CallToolResult {
    let envelope = options.logged_envelope(error, context);
    let structured = options
        .mcp()
        .structured_for(context.tool(), has_output_schema);
    let (text, structured) = options.render_with_value(&envelope, structured);
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.structured_content = structured;
    result
}

/// `error` as a JSON-RPC error: its JSON-RPC code (never a reserved one), its
/// message, and the envelope rendered by the options' profile as `data`.
pub fn to_error_data(error: &dyn ToolError, context: &Context<'_>, options: &Options) -> ErrorData {
    let envelope = options.logged_envelope(error, context);
    let (_, data) = options.render_with_value(&envelope, true);
    ErrorData::new(
        ErrorCode(crate::profile::jsonrpc_error_code(error)),
        envelope.wire_message(),
        data,
    )
}

/// What an `Err(error)` in a tool handler becomes: a tool result for
/// [`Channel::Result`], a JSON-RPC error for [`Channel::Protocol`].
pub fn to_response(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &Options,
) -> Result<CallToolResponse, ErrorData> {
    response(error, context, options, None)
}

fn response(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &Options,
    has_output_schema: Option<bool>,
) -> Result<CallToolResponse, ErrorData> {
    match error.channel() {
        Channel::Result => Ok(call_tool_result(error, context, options, has_output_schema).into()),
        Channel::Protocol => Err(to_error_data(error, context, options)),
    }
}

/// The response of `error` inside `scope`: its options, tool, request id and the
/// tool's declaration.
pub(super) fn scoped_response(
    error: &dyn ToolError,
    scope: &Scope,
) -> Result<CallToolResponse, ErrorData> {
    call_scope::record(&scope.span, error);
    response(
        error,
        &scope.context(),
        &scope.options,
        scope.has_output_schema(),
    )
}

/// The conversion the derived `IntoCallToolResult` impls run: the current scope's
/// options and tool, else the installed options, once with a warning.
pub fn respond(error: &dyn ToolError) -> Result<CallToolResponse, ErrorData> {
    Scope::with_current(|scope| match scope {
        Some(scope) => scoped_response(error, scope),
        None => {
            warn_unscoped();
            let options = Options::installed();
            to_response(error, &options.context(), options)
        }
    })
}

/// Says once per process, loudly, that errors are being converted without the
/// router: they lack the tool name, the request id and the server's argument-error
/// handling, which is easy to miss since everything else still works.
pub(super) fn warn_unscoped() {
    static WARNED: Once = Once::new();
    WARNED.call_once(|| {
        ::tracing::warn!(
            target: "tool_error",
            "a tool error was converted outside tool_error::rmcp::Router, so tool results lack \
             the tool name and request id and argument errors are plain text; declare the \
             server's handler with #[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router))]"
        );
    });
}

impl IntoCallToolResult for Box<dyn ToolError + Send + Sync> {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        respond(&*self)
    }
}

impl IntoCallToolResult for crate::AnyError {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        let passed =
            in_scope(|options, context| pass_through::<ErrorData>(&self, options, context));
        match passed {
            Some(original) => Err(original),
            None => respond(&self),
        }
    }
}

impl JsonRpcError for ErrorData {
    fn new(code: i32, message: String, data: Option<serde_json::Value>) -> Self {
        ErrorData::new(ErrorCode(code), message, data)
    }

    fn code(&self) -> i32 {
        self.code.0
    }
}

/// `f` with the current scope's options and context, else the installed options'.
fn in_scope<R>(f: impl FnOnce(&Options, &Context<'_>) -> R) -> R {
    Scope::with_current(|scope| match scope {
        Some(scope) => f(&scope.options, &scope.context()),
        None => {
            let options = Options::installed();
            f(options, &options.context())
        }
    })
}
