//! A next call as an error writes it at run time, and where it writes it.

use core::fmt;

use crate::__private::Fields;
use crate::writers::Detail;

use super::spec::{ArgumentSpec, ArgumentValue, CallSpec};

/// A tool call an error suggests, as a hand-written
/// [`ToolError::next_calls`](crate::ToolError::next_calls) writes it.
///
/// It needs confirmation unless marked [`read_only`](NextCall::read_only).
///
/// ```
/// use serde_json::json;
/// use tool_error::next_call::NextCallWriter;
/// use tool_error::{Envelope, Kind, NextCall, ToolError};
///
/// #[derive(Debug)]
/// struct UnknownCity(String);
///
/// impl std::fmt::Display for UnknownCity {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "unknown city {}", self.0)
///     }
/// }
///
/// impl ToolError for UnknownCity {
///     fn code(&self) -> &'static str { "UNKNOWN_CITY" }
///     fn kind(&self) -> Kind { Kind::NotFound }
///     fn next_calls(&self, calls: &mut NextCallWriter<'_>) {
///         let arguments = json!({ "prefix": self.0.get(..3).unwrap_or(&self.0) });
///         calls.push(&NextCall::new("list_cities", &arguments).read_only());
///     }
/// }
///
/// let value = Envelope::new(&UnknownCity("Lisbn".into())).to_value(&tool_error::Native);
/// assert_eq!(
///     value["next_calls"],
///     json!([{ "tool": "list_cities", "arguments": { "prefix": "Lis" }, "read_only": true }])
/// );
/// ```
#[derive(Clone, Copy)]
pub struct NextCall<'a> {
    pub(super) tool: &'a str,
    pub(super) arguments: Arguments<'a>,
    pub(super) caller_supplies: &'a [&'a str],
    pub(super) read_only: bool,
}

#[derive(Clone, Copy)]
pub(super) enum Arguments<'a> {
    /// A value the error built (serialised as the `arguments` object).
    Value(&'a dyn Detail),
    /// A catalog declaration filled from the variant's fields.
    Declared {
        spec: &'static [ArgumentSpec],
        slots: &'static [&'static str],
        fields: &'a Fields<'a>,
    },
}

impl<'a> NextCall<'a> {
    /// A call of `tool` with `arguments` (anything that serialises as a JSON
    /// object), needing confirmation.
    pub fn new(tool: &'a str, arguments: &'a dyn Detail) -> Self {
        NextCall {
            tool,
            arguments: Arguments::Value(arguments),
            caller_supplies: &[],
            read_only: false,
        }
    }

    /// Marks the call as only reading: an agent that trusts the server may run it
    /// without asking.
    #[must_use]
    pub fn read_only(mut self) -> Self {
        self.read_only = true;
        self
    }

    /// Names arguments the tool needs that the caller supplies itself (a search
    /// term only the agent knows), left out of `arguments`.
    #[must_use]
    pub fn caller_supplies(mut self, names: &'a [&'a str]) -> Self {
        self.caller_supplies = names;
        self
    }

    /// The tool to call.
    pub fn tool(&self) -> &'a str {
        self.tool
    }

    /// Whether the call only reads.
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// The arguments the caller supplies itself: named by hand, or declared `name = _`.
    pub(crate) fn caller_supplied_names(&self) -> impl Iterator<Item = &'a str> + '_ {
        let declared = match self.arguments {
            Arguments::Declared { spec, .. } => spec,
            Arguments::Value(_) => &[],
        };
        let declared = declared
            .iter()
            .filter(|argument| matches!(argument.value, ArgumentValue::CallerSupplies))
            .map(|argument| argument.name);
        self.caller_supplies.iter().copied().chain(declared)
    }

    /// A declared call, filled from a variant's fields.
    pub(crate) fn declared(
        spec: &'static CallSpec,
        slots: &'static [&'static str],
        fields: &'a Fields<'a>,
    ) -> Self {
        NextCall {
            tool: spec.tool,
            arguments: Arguments::Declared {
                spec: spec.arguments,
                slots,
                fields,
            },
            caller_supplies: &[],
            read_only: spec.read_only,
        }
    }
}

/// Receives the next calls of one error.
pub(crate) trait NextCallSink {
    fn call(&mut self, call: &NextCall<'_>);
}

/// Where [`ToolError::next_calls`](crate::ToolError::next_calls) writes its calls.
pub struct NextCallWriter<'a> {
    sink: &'a mut dyn NextCallSink,
}

impl<'a> NextCallWriter<'a> {
    pub(crate) fn new(sink: &'a mut dyn NextCallSink) -> Self {
        NextCallWriter { sink }
    }

    /// Adds a call; calls are listed most useful first.
    pub fn push(&mut self, call: &NextCall<'_>) -> &mut Self {
        self.sink.call(call);
        self
    }
}

impl fmt::Debug for NextCallWriter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NextCallWriter")
    }
}
