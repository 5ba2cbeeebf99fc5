//! A next call built when the error is made, from what only the call knows.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::call::NextCall;

/// A tool call an error suggests, built at run time and owned by the error: what a
/// derived variant's `#[tool_error(next_calls)]` field holds (a `Vec<Call>`, an
/// `Option<Call>`...), for a call that depends on the failed call's data (the
/// model a step just produced, the kind of ID the caller meant). A declared
/// `next_call(...)` is the same for every error of its variant; this one is not.
///
/// On the wire it is an ordinary next call. Inside an rmcp router a call naming a
/// tool the server does not serve, or whose arguments that tool's input schema
/// refuses, is not sent, and `read_only` holds only for a tool whose annotations
/// say it only reads.
///
/// ```
/// use serde_json::json;
/// use tool_error::next_call::Call;
/// use tool_error::{Envelope, Native, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// enum FbaError {
///     #[error("model {model_id} does not grow")]
///     #[tool_error(kind = conflict)]
///     Infeasible {
///         model_id: String,
///         #[tool_error(next_calls)]
///         next: Vec<Call>,
///     },
/// }
///
/// let error = FbaError::Infeasible {
///     model_id: "m1.gf".into(),
///     next: vec![Call::new("run_fba").with("model_id", "m1.gf").with("media_id", "glucose").read_only()],
/// };
/// let value = Envelope::new(&error).to_value(&Native);
/// assert_eq!(
///     value["next_calls"],
///     json!([{ "tool": "run_fba", "arguments": { "model_id": "m1.gf", "media_id": "glucose" }, "read_only": true }])
/// );
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    // Boxed, so an error that holds a call (or an `Option` of one) stays small
    // on every `Result` that may carry it.
    parts: Box<Parts>,
}

#[derive(Clone, Debug, PartialEq)]
struct Parts {
    tool: Cow<'static, str>,
    arguments: Map<String, Value>,
    caller_supplies: Vec<&'static str>,
    read_only: bool,
}

impl Call {
    /// A call of `tool` without arguments yet, needing confirmation.
    pub fn new(tool: impl Into<Cow<'static, str>>) -> Self {
        Call {
            parts: Box::new(Parts {
                tool: tool.into(),
                arguments: Map::new(),
                caller_supplies: Vec::new(),
                read_only: false,
            }),
        }
    }

    /// With the argument `name` set to `value` (replacing an earlier one).
    #[must_use]
    pub fn with(mut self, name: impl Into<String>, value: impl Into<Value>) -> Self {
        self.parts.arguments.insert(name.into(), value.into());
        self
    }

    /// With an argument the caller supplies itself (a search term only the agent
    /// knows), listed in `caller_supplies`.
    #[must_use]
    pub fn caller_supplies(mut self, name: &'static str) -> Self {
        self.parts.caller_supplies.push(name);
        self
    }

    /// Marks the call as only reading: an agent that trusts the server may run it
    /// without asking.
    #[must_use]
    pub fn read_only(mut self) -> Self {
        self.parts.read_only = true;
        self
    }

    /// The call as an error writes it.
    pub fn as_next_call(&self) -> NextCall<'_> {
        let parts = &*self.parts;
        let call =
            NextCall::new(&parts.tool, &parts.arguments).caller_supplies(&parts.caller_supplies);
        if parts.read_only {
            call.read_only()
        } else {
            call
        }
    }
}

/// What a `#[tool_error(next_calls)]` field holds: any collection of [`Call`]s that
/// iterates by reference (`Vec<Call>`, `Option<Call>`, `[Call; N]`...).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `next_calls` field: it is not a collection of `tool_error::next_call::Call`",
    label = "not a collection of next calls",
    note = "use a collection of `tool_error::next_call::Call` that iterates by reference, such as `Vec<Call>` or `Option<Call>`, or remove `next_calls`"
)]
pub trait NextCallSource {
    /// Calls `each` with every call, in order.
    fn each_call(&self, each: &mut dyn FnMut(&NextCall<'_>));
}

#[diagnostic::do_not_recommend]
impl<T: ?Sized> NextCallSource for T
where
    for<'x> &'x T: IntoIterator<Item = &'x Call>,
{
    fn each_call(&self, each: &mut dyn FnMut(&NextCall<'_>)) {
        for call in self {
            each(&call.as_next_call());
        }
    }
}
