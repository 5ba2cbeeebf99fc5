//! The tools a server serves, kept once per server type, so the next calls its
//! errors send are checked against them when sent.

use std::any::TypeId;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use ::rmcp::handler::server::tool::ToolRouter;
use ::rmcp::model::{JsonObject, Tool};
use ::rmcp::service::MaybeSend;

use crate::next_call::{NextCall, Served, Verdict};

/// What the server's tools say of the calls an error may suggest.
pub(super) struct ServedTools {
    tools: Vec<ServedTool>,
}

struct ServedTool {
    name: Cow<'static, str>,
    schema: Arc<JsonObject>,
    /// `readOnlyHint: true` and not `destructiveHint: true`.
    read_only: bool,
    /// The compiled input schema, when the arguments can be checked.
    #[cfg(feature = "jsonschema")]
    checker: Option<Arc<crate::args::InputSchema>>,
}

/// The served tools of each server type: built from the router on the first call of
/// that type, built again when the called tool's declaration differs from the one
/// kept (a server that changes its tools at run time).
static SERVED: RwLock<Option<HashMap<TypeId, Arc<ServedTools>>>> = RwLock::new(None);

/// The tools `tools` serves, as kept for `S`.
pub(super) fn served<S: MaybeSend + 'static>(
    tools: &ToolRouter<S>,
    called: &Tool,
) -> Arc<ServedTools> {
    let key = TypeId::of::<S>();
    let read = SERVED.read().unwrap_or_else(PoisonError::into_inner);
    if let Some(served) = read.as_ref().and_then(|kept| kept.get(&key))
        && served.declares(called)
    {
        return served.clone();
    }
    drop(read);
    let served = Arc::new(ServedTools {
        tools: tools.list_all().iter().map(ServedTool::of).collect(),
    });
    let mut write = SERVED.write().unwrap_or_else(PoisonError::into_inner);
    write
        .get_or_insert_with(HashMap::new)
        .insert(key, served.clone());
    served
}

impl ServedTools {
    /// Whether `tool` is served as declared now.
    fn declares(&self, tool: &Tool) -> bool {
        self.tools.iter().any(|kept| {
            kept.name == tool.name
                && (Arc::ptr_eq(&kept.schema, &tool.input_schema)
                    || kept.schema == tool.input_schema)
        })
    }
}

impl ServedTool {
    fn of(tool: &Tool) -> Self {
        let hints = tool.annotations.as_ref();
        let read_only = hints.is_some_and(|hints| {
            hints.read_only_hint == Some(true) && hints.destructive_hint != Some(true)
        });
        ServedTool {
            name: tool.name.clone(),
            schema: tool.input_schema.clone(),
            read_only,
            #[cfg(feature = "jsonschema")]
            checker: super::arguments::compiled(tool),
        }
    }

    /// Why the tool's input schema refuses `call`'s arguments, if it does: every
    /// violation but a missing argument the caller supplies itself.
    #[cfg(feature = "jsonschema")]
    fn refusal(&self, call: &NextCall<'_>) -> Option<String> {
        use crate::args::ViolationKind;

        let checker = self.checker.as_ref()?;
        let arguments = call.arguments_value().unwrap_or_default();
        let error = checker.check(&arguments).err()?;
        let supplied: Vec<&str> = call.caller_supplied_names().collect();
        let refused: Vec<String> = error
            .violations()
            .iter()
            .filter(|violation| {
                !(violation.kind() == ViolationKind::Missing
                    && supplied.contains(&violation.field()))
            })
            .map(|violation| match violation.expected() {
                "" => violation.to_string(),
                expected => format!("{violation} (expected {expected})"),
            })
            .collect();
        (!refused.is_empty()).then(|| refused.join("; "))
    }

    /// Without the feature `jsonschema`, arguments are not checked.
    #[cfg(not(feature = "jsonschema"))]
    fn refusal(&self, _: &NextCall<'_>) -> Option<String> {
        None
    }
}

impl Served for ServedTools {
    fn verdict(&self, call: &NextCall<'_>) -> Verdict {
        let Some(tool) = self.tools.iter().find(|tool| tool.name == call.tool()) else {
            return withheld(format!(
                "a next call to `{}` was not sent: the server serves no such tool",
                call.tool()
            ));
        };
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
    Verdict::Withheld(reason)
}
