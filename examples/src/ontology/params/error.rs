//! [`ParamError`], the error every parameter template reports, with its code and
//! catalog, and [`JsonType`], the type names its messages and details use.

use core::fmt;

use serde::{Serialize, Serializer};
use serde_json::Value;
use tool_error::{Catalog, DetailWriter, Entry, Kind, StaticCatalog, ToolError};

use crate::go::quoted;

// Only doc comments link to them.
#[cfg(doc)]
use super::reader::ArrayOf;
#[cfg(doc)]
use tool_error::Limits;

/// The code of every [`ParamError`].
pub const CODE: &str = "INVALID_PARAMETERS";

/// Characters of a caller's value kept when it is echoed back in a message or in
/// details; longer values are cut and end with [`Limits::TRUNCATION_MARK`].
pub const MAX_ECHO_CHARS: usize = 256;

/// The type of a JSON value, named the same way in every language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JsonType {
    /// `null`.
    Null,
    /// `true` or `false`.
    Boolean,
    /// Any number, integer or not.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

impl JsonType {
    /// The type of `value`.
    pub const fn of(value: &Value) -> JsonType {
        match value {
            Value::Null => JsonType::Null,
            Value::Bool(_) => JsonType::Boolean,
            Value::Number(_) => JsonType::Number,
            Value::String(_) => JsonType::String,
            Value::Array(_) => JsonType::Array,
            Value::Object(_) => JsonType::Object,
        }
    }

    /// The name: `null`, `boolean`, `number`, `string`, `array` or `object`.
    pub const fn name(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "boolean",
            JsonType::Number => "number",
            JsonType::String => "string",
            JsonType::Array => "array",
            JsonType::Object => "object",
        }
    }

    /// The name with its article, as in "must be an array".
    const fn with_article(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "a boolean",
            JsonType::Number => "a number",
            JsonType::String => "a string",
            JsonType::Array => "an array",
            JsonType::Object => "an object",
        }
    }

    /// The plural, as in "all tag elements must be strings".
    const fn plural(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "booleans",
            JsonType::Number => "numbers",
            JsonType::String => "strings",
            JsonType::Array => "arrays",
            JsonType::Object => "objects",
        }
    }
}

impl fmt::Display for JsonType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for JsonType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A tool argument the caller got wrong. Kind [`Validation`](Kind::Validation),
/// code [`CODE`] (`INVALID_PARAMETERS`), recoverable, JSON-RPC -32602 (invalid
/// params), HTTP 400.
///
/// | variant | message | details |
/// | --- | --- | --- |
/// | `NotAnObject` | `arguments must be an object` | `expected_type`, `actual_type` |
/// | `Missing` | `parameter 'limit' is required` | none |
/// | `Empty` | `parameter 'table' cannot be empty` | none |
/// | `WrongType` | `parameter 'include_x' must be a boolean` | `parameter`, `expected_type`, `actual_type` |
/// | `WrongElementType` | `all tag elements must be strings` | `parameter`, `invalid_element_index`, `invalid_element_type` |
/// | `NotOneOf` | `invalid role "owner"` | `parameter`, `expected`, `actual` |
/// | `InvalidUuid` | `invalid id format: "42" is not a valid UUID` | none |
///
/// `Missing`, `Empty` and `InvalidUuid` name the parameter in the message only, as
/// the templates they follow do; [`parameter`](ParamError::parameter) gives it to
/// server code.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParamError {
    /// The arguments are not a JSON object (nor `null`, which means none).
    NotAnObject {
        /// What they are instead.
        actual_type: JsonType,
    },
    /// A required parameter that is not a string is absent.
    Missing {
        /// The parameter's name.
        parameter: String,
    },
    /// A required string parameter is absent, `null`, or blank after trimming.
    Empty {
        /// The parameter's name.
        parameter: String,
    },
    /// A parameter is present with the wrong JSON type (`null` included).
    WrongType {
        /// The parameter's name.
        parameter: String,
        /// The type it must have.
        expected_type: JsonType,
        /// The type it has.
        actual_type: JsonType,
    },
    /// An element of an array parameter has the wrong type; the first such element
    /// is reported.
    WrongElementType {
        /// The parameter's name.
        parameter: String,
        /// What one element is called in the message (see [`ArrayOf::called`]).
        element_label: Option<String>,
        /// The type every element must have.
        expected_type: JsonType,
        /// The position of the first wrong element, from 0.
        invalid_element_index: usize,
        /// That element's type.
        invalid_element_type: JsonType,
    },
    /// A string parameter is not one of the allowed values.
    NotOneOf {
        /// The parameter's name.
        parameter: String,
        /// The allowed values.
        expected: Vec<String>,
        /// The value after trimming (cut to [`MAX_ECHO_CHARS`]).
        actual: String,
        /// The value as given, quoted in the message (cut to [`MAX_ECHO_CHARS`]).
        given: String,
    },
    /// A string parameter is not a UUID in the 8-4-4-4-12 form.
    InvalidUuid {
        /// The parameter's name.
        parameter: String,
        /// The value after trimming (cut to [`MAX_ECHO_CHARS`]).
        actual: String,
    },
}

impl ParamError {
    /// The parameter at fault; `None` when the arguments as a whole are wrong.
    pub fn parameter(&self) -> Option<&str> {
        match self {
            ParamError::NotAnObject { .. } => None,
            ParamError::Missing { parameter }
            | ParamError::Empty { parameter }
            | ParamError::WrongType { parameter, .. }
            | ParamError::WrongElementType { parameter, .. }
            | ParamError::NotOneOf { parameter, .. }
            | ParamError::InvalidUuid { parameter, .. } => Some(parameter),
        }
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::NotAnObject { .. } => f.write_str("arguments must be an object"),
            ParamError::Missing { parameter } => write!(f, "parameter '{parameter}' is required"),
            ParamError::Empty { parameter } => {
                write!(f, "parameter '{parameter}' cannot be empty")
            }
            ParamError::WrongType {
                parameter,
                expected_type,
                ..
            } => write!(
                f,
                "parameter '{parameter}' must be {}",
                expected_type.with_article()
            ),
            ParamError::WrongElementType {
                parameter,
                element_label,
                expected_type,
                ..
            } => match element_label {
                Some(label) => write!(f, "all {label} elements must be {}", expected_type.plural()),
                None => write!(
                    f,
                    "all elements of parameter '{parameter}' must be {}",
                    expected_type.plural()
                ),
            },
            ParamError::NotOneOf {
                parameter, given, ..
            } => write!(f, "invalid {parameter} {}", quoted(given)),
            ParamError::InvalidUuid { parameter, actual } => write!(
                f,
                "invalid {parameter} format: {} is not a valid UUID",
                quoted(actual)
            ),
        }
    }
}

impl std::error::Error for ParamError {}

/// The catalog of [`ParamError`]: one code.
pub static CATALOG: Catalog = Catalog::new("ParamError", module_path!(), &[ENTRY])
    .with_doc("A tool argument the caller got wrong: fix it and call again.");

const ENTRY: Entry = Entry::new("ParamError", CODE, Kind::Validation).with_doc(
    "A parameter is missing, blank, of the wrong type, not an allowed value or not a UUID.",
);

impl ToolError for ParamError {
    fn code(&self) -> &'static str {
        CODE
    }

    fn kind(&self) -> Kind {
        Kind::Validation
    }

    fn details(&self, details: &mut DetailWriter<'_>) {
        match self {
            ParamError::NotAnObject { actual_type } => {
                details
                    .field("expected_type", &JsonType::Object)
                    .field("actual_type", actual_type);
            }
            ParamError::Missing { .. }
            | ParamError::Empty { .. }
            | ParamError::InvalidUuid { .. } => {}
            ParamError::WrongType {
                parameter,
                expected_type,
                actual_type,
            } => {
                details
                    .field("parameter", parameter)
                    .field("expected_type", expected_type)
                    .field("actual_type", actual_type);
            }
            ParamError::WrongElementType {
                parameter,
                invalid_element_index,
                invalid_element_type,
                ..
            } => {
                details
                    .field("parameter", parameter)
                    .field("invalid_element_index", invalid_element_index)
                    .field("invalid_element_type", invalid_element_type);
            }
            ParamError::NotOneOf {
                parameter,
                expected,
                actual,
                ..
            } => {
                details
                    .field("parameter", parameter)
                    .field("expected", expected)
                    .field("actual", actual);
            }
        }
    }

    fn catalog(&self) -> Option<&'static Catalog> {
        Some(&CATALOG)
    }

    fn entry(&self) -> Option<&'static Entry> {
        CATALOG.entries().first()
    }
}

impl StaticCatalog for ParamError {
    const CATALOG: &'static Catalog = &CATALOG;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_follows_go() {
        assert_eq!(
            quoted("a\u{0}b\u{7f}\u{85}ü").to_string(),
            r#""a\x00b\x7f\u0085ü""#
        );
    }
}
