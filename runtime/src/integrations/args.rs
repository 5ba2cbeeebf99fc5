//! Tool arguments deserialised with the path of the bad field.
//!
//! serde_json's own errors say what was wrong ("invalid type: integer `5`, expected a
//! string") but not where, and a model that sent `compounds: ["cpd00027", 5]` needs
//! both to fix its call. [`from_value`] deserialises a JSON value while tracking the
//! path, and turns any failure into an [`ArgumentError`]: a `VALIDATION` tool error
//! whose details follow seed 004's parameter templates: `parameter` (the path, e.g.
//! `custom_bounds.cpd00027[1]`), `expected` and `actual`.
//!
//! ```
//! use serde::Deserialize;
//! use tool_error::{Envelope, ToolError};
//!
//! #[derive(Debug, Deserialize)]
//! struct BuildMedia {
//!     compounds: Vec<String>,
//!     default_uptake: Option<f64>,
//! }
//!
//! let arguments = serde_json::json!({ "compounds": ["cpd00027", 5] });
//! let error = tool_error::args::from_value::<BuildMedia>(arguments).unwrap_err();
//! assert_eq!(error.parameter(), "compounds[1]");
//! assert_eq!(error.expected(), "a string");
//! assert_eq!(error.actual(), "number");
//! assert_eq!(error.code(), "INVALID_ARGUMENTS");
//!
//! let json = Envelope::new(&error).to_value(&tool_error::Native);
//! assert_eq!(json["kind"], "VALIDATION");
//! assert_eq!(json["details"]["parameter"], "compounds[1]");
//! ```
//!
//! The deserializer reads `serde_json::Value` directly and supports everything serde's
//! data model offers (structs, enums in every representation, options, maps with
//! string or numeric keys, `flatten`, `untagged`); inside values that serde buffers
//! (`flatten`, `untagged`, internally tagged enums) the path stops at the buffered
//! value.

use core::fmt;
use std::borrow::Cow;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Expected, IntoDeserializer, MapAccess,
    SeqAccess, Unexpected, VariantAccess, Visitor,
};
use serde::forward_to_deserialize_any;
use serde_json::{Map, Number, Value};

use crate::params::JsonType;
use crate::{Catalog, DetailWriter, Entry, Kind, StaticCatalog, SuggestionWriter, ToolError};

/// The code of every [`ArgumentError`].
pub const CODE: &str = "INVALID_ARGUMENTS";

/// Deserialises `T` from tool arguments, reporting the first bad field with its path.
pub fn from_value<T: de::DeserializeOwned>(value: Value) -> Result<T, ArgumentError> {
    from_ref(&value)
}

/// Deserialises `T` from a borrowed JSON value (so `T` may borrow strings from it).
pub fn from_ref<'de, T: de::Deserialize<'de>>(value: &'de Value) -> Result<T, ArgumentError> {
    T::deserialize(ValueDeserializer {
        value,
        path: &PathNode::Root,
    })
    .map_err(|error| ArgumentError::from_raw(*error.0))
}

/// Deserialises `T` from a JSON object of arguments, as MCP's `tools/call` carries them.
pub fn from_map<T: de::DeserializeOwned>(
    arguments: Map<String, Value>,
) -> Result<T, ArgumentError> {
    from_value(Value::Object(arguments))
}

/// Parses JSON text and deserialises `T`; a syntax error is reported against the
/// whole input.
pub fn from_str<T: de::DeserializeOwned>(text: &str) -> Result<T, ArgumentError> {
    match serde_json::from_str::<Value>(text) {
        Ok(value) => from_value(value),
        Err(error) => Err(ArgumentError::new(
            Problem::Syntax,
            String::new(),
            "valid JSON",
            error.to_string(),
        )),
    }
}

/// What was wrong with an argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// A value of the wrong JSON type (`"5"` for a number).
    InvalidType,
    /// The right type, a value out of its domain (`-1` for an unsigned number).
    InvalidValue,
    /// An array or object with the wrong number of items.
    InvalidLength,
    /// A string that names no variant of an enumeration.
    UnknownVariant,
    /// A key the tool does not accept.
    UnknownField,
    /// A required key is absent.
    MissingField,
    /// The same key twice.
    DuplicateField,
    /// The input is not JSON at all.
    Syntax,
    /// Any other failure reported by the type's own checks.
    Other,
}

/// A tool argument that failed to deserialise: a `VALIDATION` error with details
/// `parameter` (where), `expected` (what the tool wanted) and `actual` (what it got).
///
/// The code is [`CODE`] (`INVALID_ARGUMENTS`), the JSON-RPC code -32602 (invalid
/// params), the HTTP status 400. It is a different code from
/// [`params::CODE`](crate::params::CODE) (`INVALID_PARAMETERS`) so that one error
/// enum can wrap both with `transparent`; an agent treats them alike (fix the input,
/// call again). Type names are JSON's own, as in [`params`](crate::params):
/// `null`, `boolean`, `number`, `string`, `array`, `object`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgumentError(Box<Argument>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Argument {
    problem: Problem,
    parameter: String,
    expected: Cow<'static, str>,
    actual: String,
    reason: Option<String>,
}

impl ArgumentError {
    /// An error about `parameter` (a path such as `compounds[1]`, empty for the
    /// arguments as a whole).
    pub fn new(
        problem: Problem,
        parameter: impl Into<String>,
        expected: impl Into<Cow<'static, str>>,
        actual: impl Into<String>,
    ) -> Self {
        ArgumentError(Box::new(Argument {
            problem,
            parameter: parameter.into(),
            expected: expected.into(),
            actual: actual.into(),
            reason: None,
        }))
    }

    /// What was wrong.
    pub fn problem(&self) -> Problem {
        self.0.problem
    }

    /// Where: the path of the bad argument (`custom_bounds.cpd00027[1]`), empty for
    /// the arguments as a whole.
    pub fn parameter(&self) -> &str {
        &self.0.parameter
    }

    /// What the tool wanted (`a string`, `one of `a`, `b``, `a value`).
    pub fn expected(&self) -> &str {
        &self.0.expected
    }

    /// What it got: the JSON type for type errors (`number`, `string`, `null`...),
    /// the value for value errors, `missing` for absent keys.
    pub fn actual(&self) -> &str {
        &self.0.actual
    }

    fn from_raw(raw: RawError) -> Self {
        let mut parameter = raw.path.unwrap_or_default();
        if let Some(field) = &raw.field {
            push_key(&mut parameter, field);
        }
        ArgumentError(Box::new(Argument {
            problem: raw.problem,
            parameter,
            expected: raw
                .expected
                .map_or(Cow::Borrowed("a valid value"), Cow::Owned),
            actual: raw.actual.unwrap_or_else(|| "an invalid value".to_owned()),
            reason: raw.reason,
        }))
    }

    fn subject(&self) -> Subject<'_> {
        Subject(&self.0.parameter)
    }
}

/// `parameter 'x'`, or `arguments` for the root.
struct Subject<'a>(&'a str);

impl fmt::Display for Subject<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("the arguments")
        } else {
            write!(f, "parameter '{}'", self.0)
        }
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let subject = self.subject();
        match self.0.problem {
            Problem::MissingField => write!(f, "{subject} is required"),
            Problem::UnknownField => write!(f, "{subject} is not accepted"),
            Problem::DuplicateField => write!(f, "{subject} is given more than once"),
            Problem::Syntax => write!(f, "{subject} are not valid JSON"),
            Problem::Other => match &self.0.reason {
                Some(reason) => write!(f, "{subject} is invalid: {reason}"),
                None => write!(f, "{subject} is invalid"),
            },
            Problem::InvalidType
            | Problem::InvalidValue
            | Problem::InvalidLength
            | Problem::UnknownVariant => {
                write!(
                    f,
                    "{subject} must be {}, got {}",
                    self.0.expected, self.0.actual
                )
            }
        }
    }
}

impl std::error::Error for ArgumentError {}

/// The catalog of [`ArgumentError`]: one code.
pub static CATALOG: Catalog = Catalog {
    type_name: "ArgumentError",
    module_path: module_path!(),
    domain: None,
    doc: "Tool arguments that failed to deserialise.",
    entries: &[ENTRY],
};

const ENTRY: Entry = {
    let mut entry = Entry::new("ArgumentError", CODE, Kind::Validation);
    entry.doc = "A tool argument has the wrong type or value, or is missing.";
    entry
};

impl ToolError for ArgumentError {
    fn code(&self) -> &'static str {
        CODE
    }

    fn kind(&self) -> Kind {
        Kind::Validation
    }

    fn message_is_public(&self) -> bool {
        true
    }

    fn details(&self, details: &mut DetailWriter<'_>) {
        details
            .field("parameter", &self.0.parameter)
            .field("expected", &self.0.expected)
            .field("actual", &self.0.actual);
    }

    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        let subject = self.subject();
        match self.0.problem {
            Problem::MissingField => suggestions.push(&format_args!("Add {subject}")),
            Problem::UnknownField => suggestions.push(&format_args!(
                "Remove {subject}; expected {}",
                self.0.expected
            )),
            Problem::DuplicateField => suggestions.push(&format_args!("Send {subject} only once")),
            Problem::Syntax | Problem::Other => suggestions.push(&format_args!(
                "Check {subject} against the tool's input schema"
            )),
            Problem::InvalidType
            | Problem::InvalidValue
            | Problem::InvalidLength
            | Problem::UnknownVariant => {
                suggestions.push(&format_args!("Send {subject} as {}", self.0.expected))
            }
        };
        suggestions.push(&"The tool's inputSchema (tools/list) describes every parameter");
    }

    fn catalog(&self) -> Option<&'static Catalog> {
        Some(&CATALOG)
    }

    fn entry(&self) -> Option<&'static Entry> {
        CATALOG.entries.first()
    }
}

impl StaticCatalog for ArgumentError {
    const CATALOG: &'static Catalog = &self::CATALOG;
}

crate::__tool_error_integrations! { [] [ArgumentError] [] }

/// The JSON type name of a value, as [`params`](crate::params) names it.
fn json_type(value: &Value) -> &'static str {
    JsonType::of(value).name()
}

/// Appends `.key`, or `["key"]` when the key is not a plain identifier.
fn push_key(path: &mut String, key: &str) {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if plain {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    } else {
        path.push('[');
        path.push_str(&serde_json::to_string(key).unwrap_or_default());
        path.push(']');
    }
}

/// Where the deserializer is, as a stack-allocated linked list.
enum PathNode<'a> {
    Root,
    Key(&'a PathNode<'a>, &'a str),
    Index(&'a PathNode<'a>, usize),
}

impl PathNode<'_> {
    fn render(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            PathNode::Root => {}
            PathNode::Key(parent, key) => {
                parent.write(out);
                push_key(out, key);
            }
            PathNode::Index(parent, index) => {
                parent.write(out);
                out.push('[');
                out.push_str(&index.to_string());
                out.push(']');
            }
        }
    }
}

/// The failure as serde reported it, before the path is known.
#[derive(Debug)]
struct RawError {
    problem: Problem,
    expected: Option<String>,
    actual: Option<String>,
    field: Option<String>,
    reason: Option<String>,
    path: Option<String>,
}

/// The error type the deserializer runs with (boxed: it travels through every
/// `Result` of the visit).
#[derive(Debug)]
struct DeError(Box<RawError>);

impl DeError {
    fn new(problem: Problem) -> Self {
        DeError(Box::new(RawError {
            problem,
            expected: None,
            actual: None,
            field: None,
            reason: None,
            path: None,
        }))
    }

    /// Records where the error happened, once: the innermost location wins.
    fn at(mut self, path: &PathNode<'_>, value: Option<&Value>) -> Self {
        if self.0.path.is_none() {
            self.0.path = Some(path.render());
            if self.0.actual.is_none()
                && let Some(value) = value
            {
                self.0.actual = Some(json_type(value).to_owned());
            }
        }
        self
    }
}

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let raw = &self.0;
        match (&raw.reason, &raw.expected, &raw.actual) {
            (Some(reason), _, _) => f.write_str(reason),
            (None, Some(expected), Some(actual)) => write!(f, "expected {expected}, got {actual}"),
            _ => write!(f, "{:?}", raw.problem),
        }
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        let mut error = DeError::new(Problem::Other);
        error.0.reason = Some(message.to_string());
        error
    }

    fn invalid_type(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        let mut error = DeError::new(Problem::InvalidType);
        error.0.expected = Some(expected.to_string());
        error.0.actual = Some(unexpected_type(&unexpected).to_owned());
        error
    }

    fn invalid_value(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        let mut error = DeError::new(Problem::InvalidValue);
        error.0.expected = Some(expected.to_string());
        error.0.actual = Some(unexpected.to_string());
        error
    }

    fn invalid_length(len: usize, expected: &dyn Expected) -> Self {
        let mut error = DeError::new(Problem::InvalidLength);
        error.0.expected = Some(expected.to_string());
        error.0.actual = Some(match len {
            1 => "1 item".to_owned(),
            n => format!("{n} items"),
        });
        error
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        let mut error = DeError::new(Problem::UnknownVariant);
        error.0.expected = Some(one_of(expected));
        error.0.actual = Some(format!("`{variant}`"));
        error
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        let mut error = DeError::new(Problem::UnknownField);
        error.0.expected = Some(one_of(expected));
        error.0.actual = Some(format!("unknown parameter `{field}`"));
        error.0.field = Some(field.to_owned());
        error
    }

    fn missing_field(field: &'static str) -> Self {
        let mut error = DeError::new(Problem::MissingField);
        error.0.expected = Some("a value".to_owned());
        error.0.actual = Some("missing".to_owned());
        error.0.field = Some(field.to_owned());
        error
    }

    fn duplicate_field(field: &'static str) -> Self {
        let mut error = DeError::new(Problem::DuplicateField);
        error.0.expected = Some("a single value".to_owned());
        error.0.actual = Some("a repeated key".to_owned());
        error.0.field = Some(field.to_owned());
        error
    }
}

/// serde's description of a value, reduced to its JSON type name.
fn unexpected_type(unexpected: &Unexpected<'_>) -> &'static str {
    match unexpected {
        Unexpected::Bool(_) => "boolean",
        Unexpected::Unsigned(_) | Unexpected::Signed(_) | Unexpected::Float(_) => "number",
        Unexpected::Char(_) | Unexpected::Str(_) => "string",
        Unexpected::Bytes(_) => "bytes",
        Unexpected::Unit | Unexpected::Option => "null",
        Unexpected::Seq => "array",
        Unexpected::Map => "object",
        _ => "value",
    }
}

fn one_of(names: &[&str]) -> String {
    match names {
        [] => "no parameters here".to_owned(),
        [one] => format!("`{one}`"),
        many => {
            let quoted: Vec<String> = many.iter().map(|name| format!("`{name}`")).collect();
            format!("one of {}", quoted.join(", "))
        }
    }
}

fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => number_unexpected(n),
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

fn number_unexpected(n: &Number) -> Unexpected<'static> {
    if let Some(u) = n.as_u64() {
        Unexpected::Unsigned(u)
    } else if let Some(i) = n.as_i64() {
        Unexpected::Signed(i)
    } else {
        Unexpected::Float(n.as_f64().unwrap_or(f64::NAN))
    }
}

/// Deserializes one JSON value at a known path.
struct ValueDeserializer<'de, 'p> {
    value: &'de Value,
    path: &'p PathNode<'p>,
}

impl<'de, 'p> ValueDeserializer<'de, 'p> {
    fn locate<T>(&self, result: Result<T, DeError>) -> Result<T, DeError> {
        result.map_err(|error| error.at(self.path, Some(self.value)))
    }
}

impl<'de> Deserializer<'de> for ValueDeserializer<'de, '_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let result = match self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    visitor.visit_u64(u)
                } else if let Some(i) = n.as_i64() {
                    visitor.visit_i64(i)
                } else {
                    visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN))
                }
            }
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => {
                let mut access = SeqDeserializer {
                    items: items.iter().enumerate(),
                    path: self.path,
                };
                visitor.visit_seq(&mut access).and_then(|value| {
                    match items.len() - access.items.len() {
                        _ if access.items.len() == 0 => Ok(value),
                        read => Err(de::Error::invalid_length(
                            items.len(),
                            &format!("an array of {read} items").as_str(),
                        )),
                    }
                })
            }
            Value::Object(entries) => {
                let mut access = MapDeserializer {
                    entries: entries.iter(),
                    pending: None,
                    path: self.path,
                };
                visitor.visit_map(&mut access).and_then(|value| {
                    match entries.len() - access.entries.len() {
                        _ if access.entries.len() == 0 => Ok(value),
                        read => Err(de::Error::invalid_length(
                            entries.len(),
                            &format!("an object with {read} keys").as_str(),
                        )),
                    }
                })
            }
        };
        self.locate(result)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.value {
            Value::Null => {
                let result = visitor.visit_none();
                self.locate(result)
            }
            _ => {
                let path = self.path;
                let value = self.value;
                visitor
                    .visit_some(self)
                    .map_err(|error| error.at(path, Some(value)))
            }
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        let path = self.path;
        let value = self.value;
        visitor
            .visit_newtype_struct(self)
            .map_err(|error| error.at(path, Some(value)))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        let result = match self.value {
            Value::String(variant) => visitor.visit_enum(variant.as_str().into_deserializer()),
            Value::Object(entries) if entries.len() == 1 => match entries.iter().next() {
                Some((variant, value)) => visitor.visit_enum(EnumDeserializer {
                    variant,
                    value,
                    path: self.path,
                }),
                None => Err(de::Error::invalid_type(Unexpected::Map, &"a variant")),
            },
            other => Err(de::Error::invalid_type(
                unexpected(other),
                &"a string or an object with one key",
            )),
        };
        self.locate(result)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

struct SeqDeserializer<'de, 'p> {
    items: core::iter::Enumerate<core::slice::Iter<'de, Value>>,
    path: &'p PathNode<'p>,
}

impl<'de> SeqAccess<'de> for SeqDeserializer<'de, '_> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DeError> {
        match self.items.next() {
            None => Ok(None),
            Some((index, value)) => {
                let path = PathNode::Index(self.path, index);
                seed.deserialize(ValueDeserializer { value, path: &path })
                    .map(Some)
                    .map_err(|error| error.at(&path, Some(value)))
            }
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct MapDeserializer<'de, 'p> {
    entries: serde_json::map::Iter<'de>,
    pending: Option<(&'de String, &'de Value)>,
    path: &'p PathNode<'p>,
}

impl<'de> MapAccess<'de> for MapDeserializer<'de, '_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        match self.entries.next() {
            None => Ok(None),
            Some((key, value)) => {
                self.pending = Some((key, value));
                let parent = self.path;
                seed.deserialize(KeyDeserializer { key })
                    .map(Some)
                    .map_err(|error| {
                        if error.0.field.is_some() {
                            // unknown_field names the key itself: report it under the object.
                            error.at(parent, None)
                        } else {
                            error.at(&PathNode::Key(parent, key), None)
                        }
                    })
            }
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        match self.pending.take() {
            Some((key, value)) => {
                let path = PathNode::Key(self.path, key);
                seed.deserialize(ValueDeserializer { value, path: &path })
                    .map_err(|error| error.at(&path, Some(value)))
            }
            None => Err(de::Error::custom("a map value was read before its key")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// An object key: a string, read as a number or boolean when the target type wants one.
struct KeyDeserializer<'de> {
    key: &'de String,
}

macro_rules! parse_key {
    ($($method:ident => $visit:ident: $ty:ty,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
            match self.key.parse::<$ty>() {
                Ok(parsed) => visitor.$visit(parsed),
                Err(_) => visitor.visit_borrowed_str(self.key),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for KeyDeserializer<'de> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_borrowed_str(self.key)
    }

    parse_key! {
        deserialize_bool => visit_bool: bool,
        deserialize_i8 => visit_i8: i8,
        deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32,
        deserialize_i64 => visit_i64: i64,
        deserialize_i128 => visit_i128: i128,
        deserialize_u8 => visit_u8: u8,
        deserialize_u16 => visit_u16: u16,
        deserialize_u32 => visit_u32: u32,
        deserialize_u64 => visit_u64: u64,
        deserialize_u128 => visit_u128: u128,
        deserialize_f32 => visit_f32: f32,
        deserialize_f64 => visit_f64: f64,
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        visitor.visit_enum(self.key.as_str().into_deserializer())
    }

    forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map
        struct identifier ignored_any
    }
}

/// `{"Variant": value}`.
struct EnumDeserializer<'de, 'p> {
    variant: &'de String,
    value: &'de Value,
    path: &'p PathNode<'p>,
}

impl<'de, 'p> EnumAccess<'de> for EnumDeserializer<'de, 'p> {
    type Error = DeError;
    type Variant = VariantDeserializer<'de, 'p>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant), DeError> {
        let variant = seed.deserialize(KeyDeserializer { key: self.variant })?;
        Ok((
            variant,
            VariantDeserializer {
                variant: self.variant,
                value: self.value,
                path: self.path,
            },
        ))
    }
}

struct VariantDeserializer<'de, 'p> {
    variant: &'de String,
    value: &'de Value,
    path: &'p PathNode<'p>,
}

impl<'de> VariantDeserializer<'de, '_> {
    fn inner<T>(
        self,
        visit: impl FnOnce(ValueDeserializer<'de, '_>) -> Result<T, DeError>,
    ) -> Result<T, DeError> {
        let path = PathNode::Key(self.path, self.variant);
        visit(ValueDeserializer {
            value: self.value,
            path: &path,
        })
        .map_err(|error| error.at(&path, Some(self.value)))
    }
}

impl<'de> VariantAccess<'de> for VariantDeserializer<'de, '_> {
    type Error = DeError;

    fn unit_variant(self) -> Result<(), DeError> {
        match self.value {
            Value::Null => Ok(()),
            other => Err(de::Error::invalid_type(unexpected(other), &"unit variant")),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, DeError> {
        self.inner(|deserializer| seed.deserialize(deserializer))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, DeError> {
        self.inner(|deserializer| deserializer.deserialize_seq(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.inner(|deserializer| deserializer.deserialize_map(visitor))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Media {
        compounds: Vec<String>,
        default_uptake: Option<f64>,
        custom_bounds: Option<BTreeMap<String, (f64, f64)>>,
    }

    #[test]
    fn valid_input_deserialises_like_serde_json() {
        let value = json!({
            "compounds": ["cpd00027", "cpd00007"],
            "default_uptake": 10,
            "custom_bounds": { "cpd00027": [-5, 10.5] }
        });
        let ours: Media = from_ref(&value).unwrap();
        let theirs: Media = serde_json::from_value(value).unwrap();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn paths_point_at_the_bad_value() {
        let error = from_value::<Media>(json!({ "compounds": ["a", 5] })).unwrap_err();
        assert_eq!(
            (
                error.problem(),
                error.parameter(),
                error.expected(),
                error.actual()
            ),
            (Problem::InvalidType, "compounds[1]", "a string", "number")
        );

        let error = from_value::<Media>(json!({
            "compounds": [],
            "custom_bounds": { "cpd 1": [1, "x"] }
        }))
        .unwrap_err();
        assert_eq!(error.parameter(), r#"custom_bounds["cpd 1"][1]"#);
        assert_eq!(error.actual(), "string");
        assert_eq!(error.expected(), "f64");
    }

    #[test]
    fn missing_and_unknown_fields_name_the_field() {
        let error = from_value::<Media>(json!({})).unwrap_err();
        assert_eq!(error.problem(), Problem::MissingField);
        assert_eq!(error.parameter(), "compounds");
        assert_eq!(error.actual(), "missing");
        assert_eq!(error.to_string(), "parameter 'compounds' is required");

        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Strict {
            query: String,
            limit: Option<u32>,
        }
        let error = from_value::<Strict>(json!({ "query": "x", "lmit": 3 })).unwrap_err();
        assert_eq!(error.problem(), Problem::UnknownField);
        assert_eq!(error.parameter(), "lmit");
        assert_eq!(error.expected(), "one of `query`, `limit`");
    }

    #[test]
    fn value_and_length_errors() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Search {
            limit: u8,
        }
        let error = from_value::<Search>(json!({ "limit": -1 })).unwrap_err();
        assert_eq!(error.problem(), Problem::InvalidValue);
        assert_eq!(error.parameter(), "limit");
        assert_eq!(error.actual(), "integer `-1`");

        let error = from_value::<(u8, u8)>(json!([1, 2, 3])).unwrap_err();
        assert_eq!(error.problem(), Problem::InvalidLength);
        assert_eq!(error.parameter(), "");
        assert_eq!(
            error.to_string(),
            "the arguments must be an array of 2 items, got 3 items"
        );
    }

    #[test]
    fn enums_report_the_variant() {
        #[derive(Debug, Deserialize, PartialEq)]
        #[serde(rename_all = "snake_case")]
        enum Mode {
            Fast,
            Slow { depth: u32 },
        }
        #[derive(Debug, Deserialize, PartialEq)]
        struct Run {
            mode: Mode,
        }
        assert_eq!(
            from_value::<Run>(json!({ "mode": { "slow": { "depth": 3 } } })).unwrap(),
            Run {
                mode: Mode::Slow { depth: 3 }
            }
        );
        let error = from_value::<Run>(json!({ "mode": "quick" })).unwrap_err();
        assert_eq!(error.problem(), Problem::UnknownVariant);
        assert_eq!(error.parameter(), "mode");
        assert_eq!(error.expected(), "one of `fast`, `slow`");
        let error = from_value::<Run>(json!({ "mode": { "slow": { "depth": "x" } } })).unwrap_err();
        assert_eq!(error.parameter(), "mode.slow.depth");
    }
}
