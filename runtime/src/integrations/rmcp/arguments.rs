//! A tool call's arguments: checked against the tool's input schema before the
//! handler runs (feature `jsonschema`), and the one way a failure of theirs becomes
//! the call's answer.

use ::rmcp::ErrorData;
use ::rmcp::model::CallToolResponse;

use super::convert::scoped_response;
use super::scope::Scope;
use crate::ToolError;
use crate::args::ArgumentError;

/// The answer to a call whose arguments failed, `error` already in the words of
/// the tool's input schema: as the server's own error when
/// [`McpOptions::with_argument_error`](super::McpOptions::with_argument_error)
/// maps it, rendered in the call's scope like every other error of the call.
pub(super) fn answer(error: ArgumentError, scope: &Scope) -> Result<CallToolResponse, ErrorData> {
    let error: Box<dyn ToolError + Send + Sync> = match &scope.options.mcp().argument_error {
        Some(map) => map(error),
        None => Box::new(error),
    };
    scoped_response(&*error, scope)
}

/// Checks `arguments` (`None`: the call sent none) against `schema`, the called
/// tool's compiled input schema.
#[cfg(feature = "jsonschema")]
pub(super) fn check(
    schema: std::sync::Arc<crate::args::InputSchema>,
    arguments: &mut Option<::rmcp::model::JsonObject>,
) -> Result<(), ArgumentError> {
    // Checked in place: the arguments move into a `Value` and back.
    let given = arguments.is_some();
    let value = serde_json::Value::Object(arguments.take().unwrap_or_default());
    let checked = schema.check(&value);
    if let (true, serde_json::Value::Object(object)) = (given, value) {
        *arguments = Some(object);
    }
    checked
}
