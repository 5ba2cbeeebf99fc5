//! A next call as the catalog declares it: what `next_call(tool = "...", args(...))`
//! becomes, with samples of its arguments for the check.

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
    use crate::template::{Piece, pieces};

    pieces(template)
        .map(|piece| match piece {
            Piece::Text(text) => text,
            Piece::Placeholder(name) => name.trim_end_matches(":?"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_text_names_the_fields() {
        assert_eq!(sample_text("{a} and {b:?} {{x}}"), "a and b {x}");
        assert_eq!(sample_text("plain"), "plain");
        assert_eq!(sample_text("{unclosed"), "{unclosed");
    }
}
