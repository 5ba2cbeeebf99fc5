//! The ontology server's validation of JSON tool arguments: Go-style checks over
//! an untyped argument map, reporting caller-fixable problems with the
//! `parameter` / `expected_type` / `actual_type` details its error guide promises.
//! A Rust server deserialises typed arguments with `tool_error::args` instead; this
//! module reproduces the Go server's templates exactly.
//!
//! An MCP tool receives its arguments as one JSON object. [`Params`] reads that
//! object and checks each parameter the way a careful hand-written handler would:
//! required strings are trimmed and must not be blank, optional values must have
//! the right type when present, array elements are checked one by one, choices are
//! checked against their allowed list, identifiers must be UUIDs. Every failure is
//! a [`ParamError`], a [`ToolError`] of kind [`Validation`](Kind::Validation) with
//! the code `INVALID_PARAMETERS`, so it renders through every profile and an agent
//! knows to fix its input and call again.
//!
//! ```
//! use serde_json::json;
//! use tool_error_examples::ontology::params::{ArrayOf, JsonType, ParamError, Params};
//! use tool_error::{Envelope, ToolError};
//!
//! fn update_column(arguments: &serde_json::Value) -> Result<String, ParamError> {
//!     let params = Params::new(arguments)?;
//!     let table = params.required_str("table")?;
//!     let role = params.required_choice("role", &["dimension", "measure", "identifier", "attribute"])?;
//!     let tags = params.optional_array("tags", ArrayOf::of(JsonType::String).called("tag"))?;
//!     let verbose = params.optional_bool("verbose")?.unwrap_or(false);
//!     Ok(format!("{table}: {role}, {} tags, verbose {verbose}", tags.map_or(0, <[_]>::len)))
//! }
//!
//! assert_eq!(
//!     update_column(&json!({"table": " orders ", "role": "measure"})).unwrap(),
//!     "orders: measure, 0 tags, verbose false"
//! );
//!
//! let error = update_column(&json!({"table": "orders", "role": "measure", "tags": ["a", 7]})).unwrap_err();
//! assert_eq!(error.to_string(), "all tag elements must be strings");
//! assert_eq!(error.code(), "INVALID_PARAMETERS");
//! let json = Envelope::new(&error).to_value(&tool_error::Native);
//! assert_eq!(
//!     json["details"],
//!     json!({"parameter": "tags", "invalid_element_index": 1, "invalid_element_type": "number"})
//! );
//! ```
//!
//! The messages and detail keys follow the templates of a production MCP server's
//! error guide, so a server that already promised them to its callers can switch
//! without changing a byte. Type names are JSON's own (`string`, `number`,
//! `boolean`, `array`, `object`, `null`), the same in every language.
//!
//! Nothing here panics, whatever the input: values echoed back into messages and
//! details are cut to [`MAX_ECHO_CHARS`] characters, and nothing recurses into
//! nested values.

use core::fmt;

use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use tool_error::{Catalog, DetailWriter, Entry, Kind, Limits, StaticCatalog, ToolError};

use crate::go::quoted;

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

/// What the elements of an array parameter must be, and what one element is
/// called in messages.
///
/// ```
/// use tool_error_examples::ontology::params::{ArrayOf, JsonType};
///
/// let tags = ArrayOf::of(JsonType::String).called("tag");
/// assert_eq!(tags.element_type(), Some(JsonType::String));
/// assert_eq!(ArrayOf::any().element_type(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrayOf<'n> {
    element_type: Option<JsonType>,
    label: Option<&'n str>,
}

impl<'n> ArrayOf<'n> {
    /// Elements of any type.
    pub const fn any() -> Self {
        ArrayOf {
            element_type: None,
            label: None,
        }
    }

    /// Every element must be of `element_type`.
    pub const fn of(element_type: JsonType) -> Self {
        ArrayOf {
            element_type: Some(element_type),
            label: None,
        }
    }

    /// Names one element in messages: `called("tag")` gives "all tag elements must
    /// be strings"; without it the message is "all elements of parameter 'tags'
    /// must be strings".
    #[must_use]
    pub const fn called(mut self, label: &'n str) -> Self {
        self.label = Some(label);
        self
    }

    /// The required element type, if any.
    pub const fn element_type(&self) -> Option<JsonType> {
        self.element_type
    }
}

/// A UUID read from its textual form by [`Params::required_uuid`]; displays in the
/// canonical lowercase hyphenated form.
///
/// ```
/// use tool_error_examples::ontology::params::Uuid;
///
/// let id = Uuid::parse("67E55044-10b1-426f-9247-bb680e5fe0c8").unwrap();
/// assert_eq!(id.to_string(), "67e55044-10b1-426f-9247-bb680e5fe0c8");
/// assert!(Uuid::parse("67e5504410b1426f9247bb680e5fe0c8").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uuid([u8; 16]);

/// Where the hyphens of the 8-4-4-4-12 form are.
const UUID_HYPHENS: [usize; 4] = [8, 13, 18, 23];

impl Uuid {
    /// The UUID with these bytes.
    pub const fn from_bytes(bytes: [u8; 16]) -> Self {
        Uuid(bytes)
    }

    /// The sixteen bytes, most significant first.
    pub const fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// Reads the 8-4-4-4-12 hexadecimal form (either case), e.g.
    /// `67e55044-10b1-426f-9247-bb680e5fe0c8`. Any other form (no hyphens, braces,
    /// a `urn:uuid:` prefix, surrounding spaces) is refused. Version and variant
    /// bits are not checked: any 128-bit value in this form is accepted.
    pub fn parse(text: &str) -> Option<Uuid> {
        let bytes = text.as_bytes();
        if bytes.len() != 36 {
            return None;
        }
        let mut out = [0u8; 16];
        let mut nibbles = 0usize;
        for (position, &byte) in bytes.iter().enumerate() {
            if UUID_HYPHENS.contains(&position) {
                if byte != b'-' {
                    return None;
                }
                continue;
            }
            let value = hex_value(byte)?;
            let slot = out.get_mut(nibbles / 2)?;
            *slot = (*slot << 4) | value;
            nibbles += 1;
        }
        (nibbles == 32).then_some(Uuid(out))
    }
}

const fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

impl fmt::Display for Uuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, byte) in self.0.iter().enumerate() {
            if matches!(index, 4 | 6 | 8 | 10) {
                f.write_str("-")?;
            }
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl Serialize for Uuid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A caller's value as kept for echoing: at most [`MAX_ECHO_CHARS`] characters.
fn echo(text: &str) -> String {
    match text.char_indices().nth(MAX_ECHO_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => {
            let kept = text.get(..cut).unwrap_or_default();
            let mut out = String::with_capacity(cut + Limits::TRUNCATION_MARK.len());
            out.push_str(kept);
            out.push_str(Limits::TRUNCATION_MARK);
            out
        }
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

/// The arguments of one tool call, read parameter by parameter.
///
/// Every reader takes the parameter's name and returns the value or the
/// [`ParamError`] to send back. "Required" means absent is an error; "optional"
/// means absent is `None`, but a value that is present, `null` included, must have
/// the right type.
#[derive(Clone, Copy, Debug)]
pub struct Params<'a> {
    map: Option<&'a Map<String, Value>>,
}

impl<'a> Params<'a> {
    /// Reads `arguments`, which must be a JSON object; `null` means no arguments.
    pub fn new(arguments: &'a Value) -> Result<Self, ParamError> {
        match arguments {
            Value::Object(map) => Ok(Params { map: Some(map) }),
            Value::Null => Ok(Params { map: None }),
            other => Err(ParamError::NotAnObject {
                actual_type: JsonType::of(other),
            }),
        }
    }

    /// Reads an arguments object already taken apart.
    pub const fn from_map(map: &'a Map<String, Value>) -> Self {
        Params { map: Some(map) }
    }

    /// The raw value of `name`, if present (`Some(&Value::Null)` for an explicit `null`).
    pub fn get(&self, name: &str) -> Option<&'a Value> {
        self.map?.get(name)
    }

    /// A required string, trimmed; absent, `null` and blank are
    /// [`Empty`](ParamError::Empty), another type is [`WrongType`](ParamError::WrongType).
    pub fn required_str(&self, name: &str) -> Result<&'a str, ParamError> {
        match self.get(name) {
            None | Some(Value::Null) => Err(empty(name)),
            Some(Value::String(text)) => match text.trim() {
                "" => Err(empty(name)),
                trimmed => Ok(trimmed),
            },
            Some(other) => Err(wrong_type(name, JsonType::String, other)),
        }
    }

    /// An optional string, trimmed (possibly to `""`).
    pub fn optional_str(&self, name: &str) -> Result<Option<&'a str>, ParamError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(text)) => Ok(Some(text.trim())),
            Some(other) => Err(wrong_type(name, JsonType::String, other)),
        }
    }

    /// A required boolean.
    pub fn required_bool(&self, name: &str) -> Result<bool, ParamError> {
        self.optional_bool(name)?.ok_or_else(|| missing(name))
    }

    /// An optional boolean; present with another type (`null` included) is
    /// [`WrongType`](ParamError::WrongType) naming the actual type.
    pub fn optional_bool(&self, name: &str) -> Result<Option<bool>, ParamError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Bool(value)) => Ok(Some(*value)),
            Some(other) => Err(wrong_type(name, JsonType::Boolean, other)),
        }
    }

    /// A required array whose elements are checked as `elements` says.
    pub fn required_array(
        &self,
        name: &str,
        elements: ArrayOf<'_>,
    ) -> Result<&'a [Value], ParamError> {
        self.optional_array(name, elements)?
            .ok_or_else(|| missing(name))
    }

    /// An optional array whose elements are checked as `elements` says: the first
    /// element of another type is [`WrongElementType`](ParamError::WrongElementType)
    /// with its index and type. Nested arrays are elements like any other; their
    /// contents are not inspected.
    pub fn optional_array(
        &self,
        name: &str,
        elements: ArrayOf<'_>,
    ) -> Result<Option<&'a [Value]>, ParamError> {
        let items = match self.get(name) {
            None => return Ok(None),
            Some(Value::Array(items)) => items,
            Some(other) => return Err(wrong_type(name, JsonType::Array, other)),
        };
        if let Some(expected_type) = elements.element_type {
            let wrong = items
                .iter()
                .enumerate()
                .find(|(_, item)| JsonType::of(item) != expected_type);
            if let Some((index, item)) = wrong {
                return Err(ParamError::WrongElementType {
                    parameter: name.to_owned(),
                    element_label: elements.label.map(str::to_owned),
                    expected_type,
                    invalid_element_index: index,
                    invalid_element_type: JsonType::of(item),
                });
            }
        }
        Ok(Some(items))
    }

    /// A required string (as [`required_str`](Params::required_str)) that, once
    /// trimmed, must equal one of `choices`; returns the matching choice.
    pub fn required_choice<'c>(
        &self,
        name: &str,
        choices: &[&'c str],
    ) -> Result<&'c str, ParamError> {
        self.required_str(name)?;
        self.choice(name, choices)
    }

    /// An optional string that, when present, must be one of `choices` once trimmed.
    pub fn optional_choice<'c>(
        &self,
        name: &str,
        choices: &[&'c str],
    ) -> Result<Option<&'c str>, ParamError> {
        match self.optional_str(name)? {
            None => Ok(None),
            Some(_) => self.choice(name, choices).map(Some),
        }
    }

    /// Matches the present string `name` against `choices`.
    fn choice<'c>(&self, name: &str, choices: &[&'c str]) -> Result<&'c str, ParamError> {
        let given = match self.get(name) {
            Some(Value::String(text)) => text.as_str(),
            _ => "",
        };
        let actual = given.trim();
        match choices.iter().find(|choice| **choice == actual) {
            Some(choice) => Ok(choice),
            None => Err(ParamError::NotOneOf {
                parameter: name.to_owned(),
                expected: choices.iter().map(|choice| (*choice).to_owned()).collect(),
                actual: echo(actual),
                given: echo(given),
            }),
        }
    }

    /// A required string (as [`required_str`](Params::required_str)) holding a UUID
    /// in the 8-4-4-4-12 form once trimmed; see [`Uuid::parse`].
    pub fn required_uuid(&self, name: &str) -> Result<Uuid, ParamError> {
        let text = self.required_str(name)?;
        uuid(name, text)
    }

    /// An optional UUID; present, it must be a string in the 8-4-4-4-12 form once
    /// trimmed.
    pub fn optional_uuid(&self, name: &str) -> Result<Option<Uuid>, ParamError> {
        match self.optional_str(name)? {
            None => Ok(None),
            Some(text) => uuid(name, text).map(Some),
        }
    }
}

fn uuid(name: &str, text: &str) -> Result<Uuid, ParamError> {
    Uuid::parse(text).ok_or_else(|| ParamError::InvalidUuid {
        parameter: name.to_owned(),
        actual: echo(text),
    })
}

fn empty(name: &str) -> ParamError {
    ParamError::Empty {
        parameter: name.to_owned(),
    }
}

fn missing(name: &str) -> ParamError {
    ParamError::Missing {
        parameter: name.to_owned(),
    }
}

fn wrong_type(name: &str, expected_type: JsonType, value: &Value) -> ParamError {
    ParamError::WrongType {
        parameter: name.to_owned(),
        expected_type,
        actual_type: JsonType::of(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_cuts_on_character_boundaries() {
        let long = "é".repeat(MAX_ECHO_CHARS + 10);
        let cut = echo(&long);
        assert_eq!(cut.chars().count(), MAX_ECHO_CHARS + 12);
        assert!(cut.ends_with(Limits::TRUNCATION_MARK));
        assert_eq!(echo("short"), "short");
    }

    #[test]
    fn uuid_round_trip_and_refusals() {
        let id = Uuid::parse("00000000-0000-0000-0000-0000000000ff");
        assert_eq!(
            id.map(|id| id.as_bytes()[15]),
            Some(0xff),
            "last byte is read last"
        );
        for bad in [
            "",
            "00000000-0000-0000-0000-0000000000f",
            "00000000-0000-0000-0000-0000000000fff",
            "00000000_0000-0000-0000-0000000000ff",
            "0000000-00000-0000-0000-0000000000ff",
            "g0000000-0000-0000-0000-0000000000ff",
            "{00000000-0000-0000-0000-0000000000f}",
            "00000000-0000-0000-0000-00000000é0f",
        ] {
            assert_eq!(Uuid::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn quoting_follows_go() {
        assert_eq!(
            quoted("a\u{0}b\u{7f}\u{85}ü").to_string(),
            r#""a\x00b\x7f\u0085ü""#
        );
    }
}
