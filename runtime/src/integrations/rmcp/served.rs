//! The tools a server serves, kept per server type and checked against the router
//! on every call, so the next calls its errors send are checked against the tools
//! served now; and their input schemas, each compiled once per process.

use std::any::TypeId;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use ::rmcp::handler::server::tool::ToolRouter;
use ::rmcp::model::{JsonObject, Tool};
use ::rmcp::service::MaybeSend;

use crate::next_call::{self, NextCall, Served, Verdict};

/// What the server's tools say of the calls an error may suggest.
pub(super) struct ServedTools {
    tools: Vec<KeptTool>,
}

/// One served tool as kept: what a next call to it is checked against.
struct KeptTool {
    name: Cow<'static, str>,
    schema: Arc<JsonObject>,
    /// Whether its annotations say it only reads.
    read_only: bool,
}

/// The served tools of each server type, as its router last served them: built
/// again when a router of that type serves other tools (a tool added, removed,
/// disabled or changed, or another instance of the type with other tools).
static SERVED: RwLock<Option<HashMap<TypeId, Arc<ServedTools>>>> = RwLock::new(None);

/// The tools `tools` serves now; `called` is the called tool, as `tools` has it.
pub(super) fn served<S: MaybeSend + 'static>(
    tools: &ToolRouter<S>,
    called: &Tool,
) -> Arc<ServedTools> {
    let key = TypeId::of::<S>();
    let read = SERVED.read().unwrap_or_else(PoisonError::into_inner);
    if let Some(served) = read.as_ref().and_then(|kept| kept.get(&key))
        && served.is_served_by(tools, called)
    {
        return served.clone();
    }
    drop(read);
    let served = Arc::new(ServedTools {
        tools: tools.list_all().iter().map(KeptTool::of).collect(),
    });
    let mut write = SERVED.write().unwrap_or_else(PoisonError::into_inner);
    write
        .get_or_insert_with(HashMap::new)
        .insert(key, served.clone());
    served
}

impl ServedTools {
    /// Whether `tools` serves exactly the kept tools, each as kept: a lookup per
    /// tool but the called one, which the router has looked up already, and a
    /// count of the visible ones only when the router has routes that are not kept
    /// (disabled ones, or new ones).
    fn is_served_by<S: MaybeSend + 'static>(&self, tools: &ToolRouter<S>, called: &Tool) -> bool {
        let kept_are_served = self.tools.iter().all(|kept| {
            let tool = match kept.name == called.name {
                true => Some(called),
                false => tools.get(&kept.name),
            };
            tool.is_some_and(|tool| kept.is_declared_as(tool))
        });
        kept_are_served
            && (tools.map.len() == self.tools.len()
                || tools
                    .map
                    .keys()
                    .filter(|name| tools.has_route(name))
                    .count()
                    == self.tools.len())
    }

    /// The called tool's compiled input schema, if it compiles.
    #[cfg(feature = "jsonschema")]
    pub(super) fn checker(&self, tool: &str) -> Option<Arc<crate::args::InputSchema>> {
        self.tools.iter().find(|kept| kept.name == tool)?.checker()
    }
}

impl KeptTool {
    fn of(tool: &Tool) -> Self {
        KeptTool {
            name: tool.name.clone(),
            schema: tool.input_schema.clone(),
            read_only: only_reads(tool),
        }
    }

    /// The tool's compiled input schema, if it compiles.
    #[cfg(feature = "jsonschema")]
    fn checker(&self) -> Option<Arc<crate::args::InputSchema>> {
        compiled::compiled(&self.name, &self.schema)
    }

    /// Whether `tool` is this tool as kept: the same input schema and annotations.
    fn is_declared_as(&self, tool: &Tool) -> bool {
        (Arc::ptr_eq(&self.schema, &tool.input_schema) || self.schema == tool.input_schema)
            && only_reads(tool) == self.read_only
    }

    /// Why the tool's input schema refuses `call`'s arguments, if it does: every
    /// violation but a missing argument the caller supplies itself.
    #[cfg(feature = "jsonschema")]
    fn refusal(&self, call: &NextCall<'_>) -> Option<String> {
        let arguments = call.arguments_value().unwrap_or_default();
        let supplied: Vec<&str> = call.caller_supplied_names().collect();
        let error = self.checker()?.check_call(&arguments, &supplied).err()?;
        let refused: Vec<String> = (error.violations().iter())
            .map(|violation| match violation.expected() {
                "" => violation.to_string(),
                expected => format!("{violation} (expected {expected})"),
            })
            .collect();
        Some(refused.join("; "))
    }
}

/// Whether `tool`'s annotations say it only reads.
fn only_reads(tool: &Tool) -> bool {
    tool.annotations
        .as_ref()
        .is_some_and(|hints| next_call::only_reads(hints.read_only_hint, hints.destructive_hint))
}

impl Served for ServedTools {
    fn verdict(&self, call: &NextCall<'_>) -> Verdict {
        let Some(tool) = self.tools.iter().find(|tool| tool.name == call.tool()) else {
            return withheld(format!(
                "a next call to `{}` was not sent: the server serves no such tool",
                call.tool()
            ));
        };
        // Without the feature `jsonschema`, arguments are not checked.
        #[cfg(feature = "jsonschema")]
        if let Some(refusal) = tool.refusal(call) {
            return withheld(format!(
                "a next call to `{}` was not sent: its arguments do not fit the tool's input schema: {refusal}",
                call.tool()
            ));
        }
        Verdict::Send {
            read_only: tool.read_only,
        }
    }
}

/// How many distinct reasons are logged; past them, a withheld call goes unlogged
/// (its reason is among the kinds already reported).
const LOGGED_REASONS: usize = 256;

/// Withholds a call, logging `reason` the first time it is given.
fn withheld(reason: String) -> Verdict {
    static LOGGED: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let mut logged = LOGGED.lock().unwrap_or_else(PoisonError::into_inner);
    let logged = logged.get_or_insert_with(HashSet::new);
    if logged.len() < LOGGED_REASONS && logged.insert(reason.clone()) {
        ::tracing::warn!(target: "tool_error", "{reason}");
    }
    Verdict::Withheld
}

/// Each tool's input schema, compiled once per process: the one cache of compiled
/// schemas, which the check of a call's arguments and of its errors' next calls
/// both read.
#[cfg(feature = "jsonschema")]
mod compiled {
    use std::collections::HashMap;
    use std::sync::{Arc, PoisonError, RwLock};

    use ::rmcp::model::JsonObject;

    use crate::args::InputSchema;

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

    /// The compiled input `schema` of the tool `tool`; `None` (and a warning) when
    /// it is not a valid JSON Schema, so its calls go unchecked.
    pub(super) fn compiled(tool: &str, schema: &Arc<JsonObject>) -> Option<Arc<InputSchema>> {
        let found = |cache: &HashMap<String, Vec<Compiled>>| {
            let kept = cache.get(tool)?;
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
                warn_uncompiled(tool, &error);
                None
            }
        };
        let mut write = COMPILED.write().unwrap_or_else(PoisonError::into_inner);
        let kept = write
            .get_or_insert_with(HashMap::new)
            .entry(tool.to_owned())
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
