//! The `Parameters` extractor: arguments that fail to deserialise become an
//! argument error naming the bad field.

use std::borrow::Cow;

use ::rmcp::ErrorData;
use ::rmcp::handler::server::common::FromContextPart;
use ::rmcp::handler::server::tool::ToolCallContext;
use ::rmcp::schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;

use ::rmcp::model::CallToolResponse;

use super::convert::{scoped_response, warn_unscoped};
use super::scope::{Scope, with_current};
use crate::ToolError;
use crate::args::{self, ArgumentError};

/// Tool arguments, deserialised with the path of any bad field: a drop-in for
/// rmcp's `Parameters` (the `#[tool]` macro recognises the name and derives the
/// input schema from `T` the same way).
///
/// When deserialisation fails, the call returns an
/// [`ArgumentError`] tool result (`VALIDATION`, with the bad field's path, what
/// was expected and what was given in `details.violations`) instead of serde's bare
/// message, so the model can fix its call. What was expected is what the tool's
/// input schema says of the field ([`ArgumentError::with_schema`]): its type,
/// allowed values, bounds, format and a short description, so a missing
/// `priority` reads `an integer from 1 to 5`, not just that it is required;
/// [`McpOptions::with_argument_error`](super::McpOptions::with_argument_error)
/// substitutes the server's own error. That needs the scope the
/// [`Router`](super::Router) sets; without it, rmcp's plain-text result is returned
/// (and a warning logged once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parameters<T>(pub T);

impl<T: JsonSchema> JsonSchema for Parameters<T> {
    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        T::schema_id()
    }

    fn inline_schema() -> bool {
        T::inline_schema()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        T::json_schema(generator)
    }
}

impl<'a, S, T: DeserializeOwned> FromContextPart<ToolCallContext<'a, S>> for Parameters<T> {
    fn from_context_part(context: &mut ToolCallContext<'a, S>) -> Result<Self, ErrorData> {
        let arguments = context.arguments.take().unwrap_or_default();
        match args::from_value::<T>(serde_json::Value::Object(arguments)) {
            Ok(value) => Ok(Parameters(value)),
            Err(error) => Err(argument_failure(error)),
        }
    }
}

/// Renders the argument error as the scope's tool result and hands rmcp an error
/// its router turns into a plain tool result when there is no scope.
pub(super) fn argument_failure(error: ArgumentError) -> ErrorData {
    with_current(|scope| match scope {
        Some(scope) => scoped_argument_failure(error, scope),
        None => {
            warn_unscoped();
            ErrorData::invalid_params(format!("failed to deserialize parameters: {error}"), None)
        }
    })
}

/// [`argument_failure`] inside `scope`, which keeps the result for the router; an
/// error on the protocol channel is the JSON-RPC error itself.
fn scoped_argument_failure(error: ArgumentError, scope: &mut Scope) -> ErrorData {
    // The tool's input schema says more of each field than deserialising can.
    let error = match &scope.tool_declaration {
        Some(declared) => error.with_schema(&declared.input_schema),
        None => error,
    };
    let error: Box<dyn ToolError + Send + Sync> = match scope.options.mcp().argument_error() {
        Some(map) => map(error),
        None => Box::new(error),
    };
    let response = match scoped_response(&*error, scope) {
        Ok(response) => response,
        Err(protocol_error) => return protocol_error,
    };
    let data = match &response {
        CallToolResponse::Complete(result) => result.structured_content.clone().or_else(|| {
            result
                .content
                .first()
                .and_then(|content| content.as_text())
                .and_then(|text| serde_json::from_str(&text.text).ok())
        }),
        _ => None,
    };
    scope.argument_failure = Some(Box::new(response));
    // rmcp's router turns exactly this prefix into a tool result rather than a
    // protocol error.
    ErrorData::invalid_params(format!("failed to deserialize parameters: {error}"), data)
}
