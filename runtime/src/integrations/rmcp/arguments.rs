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

#[cfg(feature = "jsonschema")]
pub(super) use self::compiled::{check, compiled};

/// Each tool's input schema, compiled once per process.
#[cfg(feature = "jsonschema")]
mod compiled {
    use std::collections::HashMap;
    use std::sync::{Arc, PoisonError, RwLock};

    use ::rmcp::model::{JsonObject, Tool};
    use serde_json::Value;

    use crate::args::{ArgumentError, InputSchema};

    /// A tool's schema as last compiled: the router may be built anew for every
    /// call (`#[tool_handler]`'s default), so a schema is recognised by its
    /// content, not its address; `None` when it does not compile.
    struct Compiled {
        schema: Arc<JsonObject>,
        checker: Option<Arc<InputSchema>>,
    }

    /// How many schemas one tool name keeps: a server whose tool changes its schema
    /// at run time recompiles the newest, and the cache stays bounded.
    const KEPT_PER_TOOL: usize = 4;

    static COMPILED: RwLock<Option<HashMap<String, Vec<Compiled>>>> = RwLock::new(None);

    /// The compiled input schema of `tool`; `None` (and a warning) when it is not a
    /// valid JSON Schema, so its calls go unchecked.
    pub(in crate::integrations::rmcp) fn compiled(tool: &Tool) -> Option<Arc<InputSchema>> {
        let schema = &tool.input_schema;
        let found = |cache: &HashMap<String, Vec<Compiled>>| {
            let kept = cache.get(&*tool.name)?;
            let same =
                |kept: &&Compiled| Arc::ptr_eq(&kept.schema, schema) || kept.schema == *schema;
            kept.iter().find(same).map(|kept| kept.checker.clone())
        };
        let read = COMPILED.read().unwrap_or_else(PoisonError::into_inner);
        if let Some(checker) = read.as_ref().and_then(found) {
            return checker;
        }
        drop(read);
        let checker = match InputSchema::new(schema.clone()) {
            Ok(checker) => Some(Arc::new(checker)),
            Err(error) => {
                warn_uncompiled(&tool.name, &error);
                None
            }
        };
        let mut write = COMPILED.write().unwrap_or_else(PoisonError::into_inner);
        let kept = write
            .get_or_insert_with(HashMap::new)
            .entry(tool.name.to_string())
            .or_default();
        if kept.len() >= KEPT_PER_TOOL {
            kept.remove(0);
        }
        kept.push(Compiled {
            schema: schema.clone(),
            checker: checker.clone(),
        });
        checker
    }

    /// Checks `arguments` (`None`: the call sent none) against `schema`.
    pub(in crate::integrations::rmcp) fn check(
        schema: &InputSchema,
        arguments: &mut Option<JsonObject>,
    ) -> Result<(), ArgumentError> {
        // Checked in place: the arguments move into a `Value` and back.
        let given = arguments.is_some();
        let value = Value::Object(arguments.take().unwrap_or_default());
        let checked = schema.check(&value);
        if let (true, Value::Object(object)) = (given, value) {
            *arguments = Some(object);
        }
        checked
    }

    /// Warns of a schema that does not compile: once per tool and schema, as the
    /// cache keeps the failure and compiles it no more.
    fn warn_uncompiled(tool: &str, error: &dyn std::fmt::Display) {
        ::tracing::warn!(
            target: "tool_error",
            "the input schema of the tool `{tool}` is {error}; its calls' arguments are \
             not checked against it, and argument errors state only what reading them enforces"
        );
    }
}
