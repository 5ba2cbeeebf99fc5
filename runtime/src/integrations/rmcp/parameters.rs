//! The `Parameters` extractor: arguments that fail to deserialise become an
//! argument error naming the bad field.

use std::borrow::Cow;

use ::rmcp::ErrorData;
use ::rmcp::handler::server::common::FromContextPart;
use ::rmcp::handler::server::tool::ToolCallContext;
use ::rmcp::schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;

use super::arguments::answer;
use super::convert::warn_unscoped;
use super::scope::Scope;
use crate::args::{self, ArgumentError};
use crate::integrations::call_scope::Slot;

/// Tool arguments, deserialised with the path of any bad field: a drop-in for
/// rmcp's `Parameters` (the `#[tool]` macro recognises the name and derives the
/// input schema from `T` the same way).
///
/// When deserialisation fails, the call returns an
/// [`ArgumentError`] tool result (`VALIDATION`, with the bad field's path, what
/// was expected and what was given in `details.violations`) instead of serde's bare
/// message, so the model can fix its call. What was expected is what the tool's
/// input schema says of the field ([`ArgumentError::with_schema`]): its type,
/// allowed values and a short description, and, when the router checks arguments
/// against the schema (feature `jsonschema`), its bounds, lengths and formats too,
/// so a missing `priority` reads `an integer from 1 to 5` only where a 9 is refused;
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

/// What `from_context_part` returns for arguments that failed to deserialise: in a
/// router's scope, the call's answer is parked for the router, which answers with
/// it ([`answer`]); rmcp's own router turns the prefix of the returned error's
/// message into a plain-text tool result, all it can do without the scope.
pub(super) fn argument_failure(error: ArgumentError) -> ErrorData {
    let message = format!("failed to deserialize parameters: {error}");
    Scope::with_current(|scope| match scope {
        Some(scope) => match answer(described(error, scope), scope) {
            Ok(response) => {
                scope.argument_failure = Some(Box::new(response));
                ErrorData::invalid_params(message, None)
            }
            Err(protocol_error) => protocol_error,
        },
        None => {
            warn_unscoped();
            ErrorData::invalid_params(message, None)
        }
    })
}

/// `error` in the words of the tool's input schema: every rule of it when the
/// router checks the schema, else only what reading the arguments enforces.
fn described(error: ArgumentError, scope: &Scope) -> ArgumentError {
    match &scope.tool_declaration {
        Some(declared) if declared.checked => error.with_schema(&declared.input_schema),
        Some(declared) => error.with_schema_types(&declared.input_schema),
        None => error,
    }
}
