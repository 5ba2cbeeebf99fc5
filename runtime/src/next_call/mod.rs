//! Next calls: tool calls an error suggests, so an agent can act on a failure
//! without reading prose.
//!
//! A derived error declares them per variant with
//! `#[tool_error(next_call(tool = "...", args(...), read_only))]`; the catalog keeps
//! each declaration as a [`CallSpec`], and the native envelope writes them as
//! `next_calls`, beside the suggestions (which always stay: many clients hand only
//! the text to the model).
//!
//! # Trust
//!
//! A next call is advice from the server, not an instruction. An agent runs a call
//! marked `read_only` without asking only if it trusts the server to mark it
//! truthfully; every other call changes something and should be confirmed by the
//! agent's user (or its policy) first. The server's side of that trust is the
//! check (`check`, feature `jsonschema`): it accepts a `read_only` call only to a
//! tool that declares the MCP annotation `readOnlyHint: true` and not
//! `destructiveHint: true`. The arguments may carry text that came from
//! the failed request (a `{field}` the caller sent), so an agent must treat them as
//! data for the named tool, never as instructions to itself.

#[cfg(feature = "jsonschema")]
mod check;

use core::fmt;

#[cfg(feature = "jsonschema")]
pub use check::{Problem, Report, ServedTool, check};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use crate::__private::Fields;
use crate::Limits;
use crate::details::Detail;
use crate::limit::{Cuts, Limited, serialize_display, serialize_str_cut};
use crate::template::Template;

/// A tool call an error suggests, as a hand-written
/// [`ToolError::next_calls`](crate::ToolError::next_calls) writes it.
///
/// It needs confirmation unless marked [`read_only`](NextCall::read_only).
///
/// ```
/// use serde_json::json;
/// use tool_error::{Envelope, Kind, NextCall, NextCallWriter, ToolError};
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
    tool: &'a str,
    arguments: Arguments<'a>,
    caller_supplies: &'a [&'a str],
    read_only: bool,
}

#[derive(Clone, Copy)]
enum Arguments<'a> {
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

    /// The arguments the caller supplies itself.
    pub fn caller_supplied(&self) -> &'a [&'a str] {
        self.caller_supplies
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

    /// Whether the call fits `limits` whole: a call with a cut tool name or argument
    /// is not the call the server meant, so the envelope leaves it out.
    pub(crate) fn fits(&self, limits: &Limits) -> bool {
        let cut = core::cell::Cell::new(false);
        let probe = LimitedCall {
            call: self,
            limits,
            cuts: Cuts::into(&cut),
        };
        serde_json::to_writer(std::io::sink(), &probe).is_ok() && !cut.get()
    }

    /// Serialises the call as the native envelope writes it, every string and value
    /// within `limits`.
    pub(crate) fn serialize_limited<S: Serializer>(
        &self,
        serializer: S,
        limits: &Limits,
        cuts: Cuts<'_>,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("tool", &Cut(self.tool, limits, cuts))?;
        map.serialize_entry(
            "arguments",
            &LimitedArguments {
                arguments: self.arguments,
                limits,
                cuts,
            },
        )?;
        let supplied = CallerSupplied {
            call: self,
            limits,
            cuts,
        };
        if supplied.names().next().is_some() {
            map.serialize_entry("caller_supplies", &supplied)?;
        }
        map.serialize_entry("read_only", &self.read_only)?;
        map.end()
    }
}

impl fmt::Debug for NextCall<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = LimitedCall {
            call: self,
            limits: &Limits::UNLIMITED,
            cuts: Cuts::IGNORED,
        };
        f.write_str(&serde_json::to_string(&whole).unwrap_or_default())
    }
}

/// A call serialised within `limits`, its cuts reported to `cuts`.
pub(crate) struct LimitedCall<'c, 'a> {
    pub(crate) call: &'c NextCall<'a>,
    pub(crate) limits: &'c Limits,
    pub(crate) cuts: Cuts<'c>,
}

impl Serialize for LimitedCall<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.call
            .serialize_limited(serializer, self.limits, self.cuts)
    }
}

/// A string cut to the string limit.
struct Cut<'a>(&'a str, &'a Limits, Cuts<'a>);

impl Serialize for Cut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_str_cut(serializer, self.0, self.1.max_string_chars, self.2)
    }
}

/// The names in `caller_supplies`: written by hand, or the declared `name = _`.
struct CallerSupplied<'c, 'a> {
    call: &'c NextCall<'a>,
    limits: &'c Limits,
    cuts: Cuts<'c>,
}

impl CallerSupplied<'_, '_> {
    fn names(&self) -> impl Iterator<Item = &str> {
        let declared = match self.call.arguments {
            Arguments::Declared { spec, .. } => spec,
            Arguments::Value(_) => &[],
        };
        let declared = declared
            .iter()
            .filter(|argument| matches!(argument.value, ArgumentValue::CallerSupplies))
            .map(|argument| argument.name);
        self.call.caller_supplies.iter().copied().chain(declared)
    }
}

impl Serialize for CallerSupplied<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for (index, name) in self.names().enumerate() {
            if index >= self.limits.max_items {
                self.cuts.record();
                break;
            }
            seq.serialize_element(&Cut(name, self.limits, self.cuts))?;
        }
        seq.end()
    }
}

/// The `arguments` object of a call, within the limits.
struct LimitedArguments<'a> {
    arguments: Arguments<'a>,
    limits: &'a Limits,
    cuts: Cuts<'a>,
}

impl Serialize for LimitedArguments<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (limits, cuts) = (self.limits, self.cuts);
        match self.arguments {
            Arguments::Value(value) => {
                Limited::new(value.as_erased(), limits, cuts).serialize(serializer)
            }
            Arguments::Declared {
                spec,
                slots,
                fields,
            } => {
                let mut map = serializer.serialize_map(None)?;
                // Every declared argument: their number is fixed at compile time,
                // and a call missing one is not the call the server declared.
                let given = spec
                    .iter()
                    .filter(|argument| !matches!(argument.value, ArgumentValue::CallerSupplies));
                for argument in given {
                    let value = DeclaredValue {
                        value: argument.value,
                        slots,
                        fields,
                        limits,
                        cuts,
                    };
                    map.serialize_entry(argument.name, &value)?;
                }
                map.end()
            }
        }
    }
}

/// One declared argument's value, filled from the fields.
struct DeclaredValue<'a> {
    value: ArgumentValue,
    slots: &'static [&'static str],
    fields: &'a Fields<'a>,
    limits: &'a Limits,
    cuts: Cuts<'a>,
}

impl Serialize for DeclaredValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.value {
            ArgumentValue::Text(template) => serialize_display(
                serializer,
                &Template::new(template, self.slots, self.fields.args),
                self.limits.max_string_chars,
                self.cuts,
            ),
            ArgumentValue::Field { index, .. } => match self.fields.call_values.get(index) {
                Some(value) => {
                    Limited::new(value.as_erased(), self.limits, self.cuts).serialize(serializer)
                }
                None => serializer.serialize_unit(),
            },
            ArgumentValue::Integer(value) => serializer.serialize_i64(value),
            ArgumentValue::Number(value) => serializer.serialize_f64(value),
            ArgumentValue::Boolean(value) => serializer.serialize_bool(value),
            ArgumentValue::CallerSupplies => serializer.serialize_unit(),
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

/// A next call as the catalog declares it: `next_call(tool = "...", args(...))`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CallSpec {
    pub(crate) tool: &'static str,
    pub(crate) read_only: bool,
    pub(crate) arguments: &'static [ArgumentSpec],
}

impl CallSpec {
    /// A call of `tool` with `arguments`, needing confirmation: the declaration of a
    /// hand-written error's call (see [`Entry::with_next_calls`](crate::Entry::with_next_calls)).
    pub const fn new(tool: &'static str, arguments: &'static [ArgumentSpec]) -> Self {
        CallSpec {
            tool,
            read_only: false,
            arguments,
        }
    }

    /// Marks the call as only reading.
    #[must_use]
    pub const fn read_only(mut self) -> Self {
        self.read_only = true;
        self
    }

    /// The tool to call.
    pub const fn tool(&self) -> &'static str {
        self.tool
    }

    /// Whether the call is declared `read_only`.
    pub const fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// The declared arguments, in the order written.
    pub const fn arguments(&self) -> &'static [ArgumentSpec] {
        self.arguments
    }

    /// The arguments as JSON with every field filled by a sample value of its type:
    /// what the call would send, for checking it against the tool's input schema.
    /// Arguments the caller supplies are left out, and so are fields whose type has
    /// no known sample (see [`ArgumentValue::sample`]).
    pub fn sample_arguments(&self) -> serde_json::Map<String, serde_json::Value> {
        self.arguments
            .iter()
            .filter_map(|argument| Some((argument.name.to_owned(), argument.value.sample()?)))
            .collect()
    }
}

/// One declared argument.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArgumentSpec {
    pub(crate) name: &'static str,
    pub(crate) value: ArgumentValue,
}

impl ArgumentSpec {
    /// An argument named `name`.
    pub const fn new(name: &'static str, value: ArgumentValue) -> Self {
        ArgumentSpec { name, value }
    }

    /// The argument's name.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Where its value comes from.
    pub const fn value(&self) -> ArgumentValue {
        self.value
    }
}

/// Where a declared argument's value comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum ArgumentValue {
    /// `name = "text {field}"`: a string, its placeholders filled with the fields'
    /// `Display` (or `Debug` for `{field:?}`).
    Text(&'static str),
    /// `name = field`: the field's value as JSON (its `Serialize` form).
    Field {
        /// The field's name.
        field: &'static str,
        /// Its position among the variant's field arguments.
        #[doc(hidden)]
        index: usize,
        /// A sample value of the field's type as JSON text, when the type is one
        /// the derive recognises (strings, numbers, booleans, and sequences and
        /// options of them).
        sample: Option<&'static str>,
    },
    /// `name = 5`.
    Integer(i64),
    /// `name = 0.5`.
    Number(f64),
    /// `name = true`.
    Boolean(bool),
    /// `name = _`: the caller supplies the value (listed in `caller_supplies`).
    CallerSupplies,
}

impl ArgumentValue {
    /// A value of the kind this argument sends: a template with every placeholder
    /// replaced by its field's name, a field's sample, or the literal. `None` for
    /// an argument the caller supplies and for a field whose type has no sample.
    pub fn sample(&self) -> Option<serde_json::Value> {
        use serde_json::Value;
        match *self {
            ArgumentValue::Text(template) => Some(Value::String(sample_text(template))),
            ArgumentValue::Field { sample, .. } => serde_json::from_str(sample?).ok(),
            ArgumentValue::Integer(value) => Some(Value::from(value)),
            ArgumentValue::Number(value) => serde_json::Number::from_f64(value).map(Value::Number),
            ArgumentValue::Boolean(value) => Some(Value::Bool(value)),
            ArgumentValue::CallerSupplies => None,
        }
    }
}

/// `template` with `{name}` and `{name:?}` replaced by `name`, `{{` and `}}` by
/// single braces.
fn sample_text(template: &str) -> String {
    let mut out = String::with_capacity(template.len());
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                for inner in chars.by_ref() {
                    if inner == '}' {
                        break;
                    }
                    out.push(inner);
                }
                if out.ends_with(":?") {
                    out.truncate(out.len() - 2);
                }
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_text_names_the_fields() {
        assert_eq!(sample_text("{a} and {b:?} {{x}}"), "a and b {x}");
        assert_eq!(sample_text("plain"), "plain");
        assert_eq!(sample_text("{unclosed"), "unclosed");
    }
}
