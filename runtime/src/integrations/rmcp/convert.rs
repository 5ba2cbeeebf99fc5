//! Errors as rmcp's results and JSON-RPC errors.

use ::rmcp::ErrorData;
use ::rmcp::handler::server::tool::IntoCallToolResult;
use ::rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorCode};
use serde_json::Value;

use super::options::McpOptions;
use super::scope::current;
use crate::{Channel, Context, Envelope, ToolError};

/// `error` as a `CallToolResult` with `isError: true`: the envelope rendered by the
/// options' profile as text content, and as `structuredContent` when the options
/// enable it for the context's tool. The channel is not consulted; see
/// [`to_response`].
pub fn to_call_tool_result(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &McpOptions,
) -> CallToolResult {
    let settings = &*options.settings;
    let envelope = Envelope::new(error)
        .with_context(*context)
        .with_policy(&settings.policy);
    crate::integrations::log(&envelope, settings.log);
    let text = settings.profile.render(&envelope);
    let structured = options
        .structured_content_for(context.tool())
        .then(|| serde_json::from_str::<Value>(&text).ok())
        .flatten();
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.structured_content = structured;
    result
}

/// `error` as a JSON-RPC error: its JSON-RPC code (never a reserved one), its
/// message, and the envelope rendered by the options' profile as `data`.
pub fn to_error_data(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &McpOptions,
) -> ErrorData {
    let settings = &*options.settings;
    let envelope = Envelope::new(error)
        .with_context(*context)
        .with_policy(&settings.policy);
    crate::integrations::log(&envelope, settings.log);
    let data = serde_json::from_str::<Value>(&settings.profile.render(&envelope)).ok();
    ErrorData::new(
        ErrorCode(crate::integrations::wire_jsonrpc_code(error)),
        envelope.message().to_string(),
        data,
    )
}

/// What an `Err(error)` in a tool handler becomes: a tool result for
/// [`Channel::Result`], a JSON-RPC error for [`Channel::Protocol`].
pub fn to_response(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &McpOptions,
) -> Result<CallToolResponse, ErrorData> {
    match error.channel() {
        Channel::Result => Ok(to_call_tool_result(error, context, options).into()),
        Channel::Protocol => Err(to_error_data(error, context, options)),
    }
}

/// The conversion the derived `IntoCallToolResult` impls run: the current scope's
/// options and tool, else the installed options.
pub(crate) fn respond(error: &dyn ToolError) -> Result<CallToolResponse, ErrorData> {
    match current() {
        Some(scope) => to_response(error, &scope.context(), &scope.options),
        None => {
            let options = McpOptions::installed();
            to_response(error, &options.context(), &options)
        }
    }
}

impl IntoCallToolResult for Box<dyn ToolError + Send + Sync> {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        respond(&*self)
    }
}
