//! Invalid input as one concept: which field, what was expected, what was given.
//!
//! A model that sent `{"compounds": ["cpd00027", 5]}` needs to know *where* its call
//! went wrong and *what* to send instead. [`from_value`] deserialises arguments into
//! your typed struct and turns a failure into an [`ArgumentError`]: a `VALIDATION`
//! tool error (code `INVALID_ARGUMENTS`) whose [`Violation`] gives the path of the
//! bad field, the expectation in words a model understands (`an integer`,
//! `one of: low, high`, never `i64`) and what was given. Deserialising stops at the
//! first bad field, as serde does; checks of your own can report several.
//!
//! ```
//! use serde::Deserialize;
//! use tool_error::args::{self, ViolationKind};
//! use tool_error::{Envelope, Native, ToolError};
//!
//! #[derive(Debug, Deserialize)]
//! struct BuildMedia {
//!     compounds: Vec<String>,
//!     default_uptake: Option<u32>,
//! }
//!
//! let arguments = serde_json::json!({ "compounds": ["cpd00027", 5] });
//! let error = args::from_value::<BuildMedia>(arguments).unwrap_err();
//! let violation = &error.violations()[0];
//! assert_eq!(violation.kind(), ViolationKind::WrongType);
//! assert_eq!(violation.field(), "compounds[1]");
//! assert_eq!(violation.expected(), "a string");
//! assert_eq!(violation.actual(), "number");
//! assert_eq!(error.to_string(), "'compounds[1]' has the wrong type");
//!
//! let json = Envelope::new(&error).to_value(&Native);
//! assert_eq!(json["code"], "INVALID_ARGUMENTS");
//! assert_eq!(json["kind"], "VALIDATION");
//! assert_eq!(
//!     json["details"]["violations"][0],
//!     serde_json::json!({
//!         "field": "compounds[1]",
//!         "violation": "wrong_type",
//!         "expected": "a string",
//!         "actual": "number"
//!     })
//! );
//! ```
//!
//! Server code that checks more than types (ranges, formats, cross-field rules)
//! builds the same error from its own findings, one violation per field:
//!
//! ```
//! use tool_error::args::{ArgumentError, Violation, ViolationKind};
//!
//! let error = ArgumentError::from_violations([
//!     Violation::new(ViolationKind::InvalidValue, "limit", "an integer from 1 to 100", "500"),
//!     Violation::new(ViolationKind::Rule, "query", "a non-empty string", "\"\"")
//!         .with_message("the query cannot be blank"),
//! ])
//! .expect("at least one violation");
//! assert_eq!(error.violations().len(), 2);
//! ```
//!
//! With the `garde` or `validator` feature, `ArgumentError` converts from
//! `garde::Report` and `validator::ValidationErrors` (`?` works): one
//! [`ViolationKind::Rule`] violation per field path, ordered by path.
//!
//! A failure carries the path of the value that failed; the failure itself is
//! recorded as serde reports it (wrong type, bad value, unknown or missing field...)
//! rather than parsed back from an error message. Inside values serde buffers
//! (`flatten`, `untagged`, internally tagged enums, adjacently tagged enums whose
//! content comes before the tag) the path stops at the buffered value.
//! [`from_str`] reads the text into a JSON value first, so a key given twice keeps
//! its last value, as `serde_json::Value` does, rather than failing.

#[cfg(feature = "jsonschema")]
mod check;
mod de;
mod schema;
pub(crate) mod words;

use core::fmt;
use std::borrow::Cow;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

#[cfg(feature = "jsonschema")]
pub(crate) use self::check::refusals;
#[cfg(feature = "jsonschema")]
#[cfg_attr(docsrs, doc(cfg(feature = "jsonschema")))]
pub use self::check::{InputSchema, InvalidSchema};
use crate::{Catalog, DetailWriter, Entry, Kind, StaticCatalog, ToolError};

/// Deserialises `T` from JSON arguments (an MCP `tools/call`'s `arguments`, a
/// request body), reporting the first bad field with its path.
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, ArgumentError> {
    de::from_value(value).map_err(ArgumentError::new)
}

/// Parses JSON text and deserialises `T`; text that is not JSON is one
/// [`ViolationKind::Syntax`] violation about the whole input.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, ArgumentError> {
    parsed(serde_json::from_str::<Value>(text))
}

/// [`from_str`] for bytes, such as a request body; bytes that are not UTF-8 JSON
/// are one [`ViolationKind::Syntax`] violation about the whole input.
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ArgumentError> {
    parsed(serde_json::from_slice::<Value>(bytes))
}

fn parsed<T: DeserializeOwned>(value: serde_json::Result<Value>) -> Result<T, ArgumentError> {
    match value {
        Ok(value) => from_value(value),
        Err(error) => Err(ArgumentError::new(Violation::new(
            ViolationKind::Syntax,
            "",
            "valid JSON",
            error.to_string(),
        ))),
    }
}

/// Deserialises `T` from named text values: a URL's query parameters, a route's
/// path parameters. A struct or map takes the pairs by name, a tuple by position,
/// and a single value (`String`, `u64`...) the only pair. A value is read as a
/// number, boolean or unit enum variant when `T` asks for one, so `?limit=ten` for
/// a `u8` is a violation of `limit` that expected `an integer from 0 to 255` and
/// got `"ten"`.
///
/// ```
/// use serde::Deserialize;
/// use tool_error::args::{self, ViolationKind};
///
/// #[derive(Debug, Deserialize)]
/// struct Search { q: String, limit: Option<u8> }
///
/// let search: Search = args::from_pairs([("q", "rust"), ("limit", "5")]).unwrap();
/// assert_eq!((search.q.as_str(), search.limit), ("rust", Some(5)));
///
/// let error = args::from_pairs::<Search, _, _>([("q", "rust"), ("limit", "ten")]).unwrap_err();
/// assert_eq!(error.violations()[0].kind(), ViolationKind::InvalidValue);
/// assert_eq!(error.to_string(), "'limit' has an invalid value");
/// assert_eq!(error.violations()[0].expected(), "an integer from 0 to 255");
/// assert_eq!(error.violations()[0].actual(), r#""ten""#);
///
/// let error = args::from_pairs::<Search, &str, &str>([]).unwrap_err();
/// assert_eq!(error.to_string(), "'q' is required");
/// ```
pub fn from_pairs<T, K, V>(pairs: impl IntoIterator<Item = (K, V)>) -> Result<T, ArgumentError>
where
    T: DeserializeOwned,
    K: AsRef<str>,
    V: AsRef<str>,
{
    let pairs: Vec<(K, V)> = pairs.into_iter().collect();
    let borrowed: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(key, value)| (key.as_ref(), value.as_ref()))
        .collect();
    de::from_pairs(&borrowed).map_err(ArgumentError::new)
}

/// What a [`Violation`] broke; serialised in snake case (`wrong_type`, `missing`...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ViolationKind {
    /// A value of the wrong JSON type (`"5"` for a number).
    WrongType,
    /// The right type, a value outside what is allowed (`-1` for a count).
    InvalidValue,
    /// An array or object with the wrong number of items.
    WrongLength,
    /// A value that is not one of an enumeration's choices.
    NotAllowed,
    /// A field the input does not accept.
    UnknownField,
    /// A required field is absent.
    Missing,
    /// The same field twice.
    Duplicate,
    /// The input is not JSON at all.
    Syntax,
    /// A rule of the type's own (a validator, a custom check) failed; the
    /// violation's [`message`](Violation::message) says which.
    Rule,
}

/// One bad field: where it is, what was expected, what was given.
///
/// Serialised as `{"field", "violation", "expected", "actual"}`, plus `"message"`
/// when a rule gave one; `expected` and `actual` only when they say something
/// (nothing was given for a missing field, the field itself is what an unknown
/// one gave).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    field: String,
    #[serde(rename = "violation")]
    kind: ViolationKind,
    #[serde(skip_serializing_if = "str::is_empty")]
    expected: Cow<'static, str>,
    #[serde(skip_serializing_if = "String::is_empty")]
    actual: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

impl Violation {
    /// A violation at `field`: a path such as `custom_bounds.cpd00027[1]`, empty for
    /// the input as a whole. `expected` and `actual` are words for a reader
    /// (`an integer from 1 to 100`, `500`).
    pub fn new(
        kind: ViolationKind,
        field: impl Into<String>,
        expected: impl Into<Cow<'static, str>>,
        actual: impl Into<String>,
    ) -> Self {
        Violation {
            field: field.into(),
            kind,
            expected: expected.into(),
            actual: actual.into(),
            message: None,
        }
    }

    /// With the failed rule's own explanation.
    #[must_use]
    pub fn with_message(mut self, message: impl Into<String>) -> Self {
        self.message = Some(message.into());
        self
    }

    /// A rule of a validation library broken at `field`, in the words for a
    /// report that gives the rule's message but not the value.
    #[cfg(any(feature = "garde", feature = "validator"))]
    pub(crate) fn broken_rule(field: impl Into<String>) -> Self {
        let (expected, actual) = ("a value that passes validation", "a value that does not");
        Violation::new(ViolationKind::Rule, field, expected, actual)
    }

    /// What was broken.
    pub fn kind(&self) -> ViolationKind {
        self.kind
    }

    /// The path of the bad field (`compounds[1]`, `custom_bounds.cpd00027`), empty
    /// for the input as a whole.
    pub fn field(&self) -> &str {
        &self.field
    }

    /// What was expected (`a string`, `one of: low, high`, `a value`). A list of
    /// choices or accepted fields names the first 20 and counts the rest
    /// (`one of: a, b, ..., and 5 more`).
    pub fn expected(&self) -> &str {
        &self.expected
    }

    /// What was given: the JSON type for a wrong type (`number`, `null`...), the
    /// value for a bad value; empty for an absent, unknown or repeated field.
    pub fn actual(&self) -> &str {
        &self.actual
    }

    /// The failed rule's own explanation, if it gave one.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }
}

/// What is wrong, in a sentence that names the field (`'limit'`, `the input` for
/// the root) and leaves the schema's words to `expected` and the value to
/// `actual`, so a reader meets each once.
impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field.as_str() {
            "" => f.write_str("the input")?,
            field => write!(f, "'{field}'")?,
        }
        if let Some(message) = &self.message {
            return write!(f, " is invalid: {message}");
        }
        let what = match self.kind {
            ViolationKind::Missing => "is required",
            ViolationKind::UnknownField => "is not accepted",
            ViolationKind::Duplicate => "is given more than once",
            ViolationKind::Syntax => "is not valid JSON",
            ViolationKind::Rule => "is invalid",
            ViolationKind::WrongType => "has the wrong type",
            ViolationKind::InvalidValue => "has an invalid value",
            ViolationKind::WrongLength => "has the wrong length",
            ViolationKind::NotAllowed => "is not one of the allowed values",
        };
        write!(f, " {what}")
    }
}

/// Input that broke the contract of a tool or endpoint: a `VALIDATION` error with
/// code `INVALID_ARGUMENTS` (JSON-RPC -32602 invalid params, HTTP 400), holding one
/// or more [`Violation`]s, in `details.violations`.
///
/// The message says what is wrong in a sentence per violation (`'limit' has the
/// wrong type`; with several, their count and then each); what each field expects
/// and was given are in `details.violations` alone, so a reader meets each once,
/// and there are no suggestions to repeat them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgumentError {
    /// Never empty.
    violations: Vec<Violation>,
}

/// How many violations the message names; `details` has all.
const NAMED: usize = 5;

impl ArgumentError {
    /// The code of every argument error.
    pub const CODE: &'static str = "INVALID_ARGUMENTS";

    /// An error with one violation.
    pub fn new(violation: Violation) -> Self {
        ArgumentError {
            violations: vec![violation],
        }
    }

    /// An error with every given violation, or `None` when there is none.
    pub fn from_violations(violations: impl IntoIterator<Item = Violation>) -> Option<Self> {
        let violations: Vec<Violation> = violations.into_iter().collect();
        (!violations.is_empty()).then_some(ArgumentError { violations })
    }

    /// The violations of a validation library's report; a report without any,
    /// which still failed, is one violation of the whole input.
    #[cfg(any(feature = "garde", feature = "validator"))]
    pub(crate) fn from_report(violations: impl IntoIterator<Item = Violation>) -> Self {
        Self::from_violations(violations).unwrap_or_else(|| Self::new(Violation::broken_rule("")))
    }

    /// Adds a violation.
    pub fn push(&mut self, violation: Violation) {
        self.violations.push(violation);
    }

    /// Every violation, in the order found; never empty.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Each violation's `expected` in the words of `schema`, the input's JSON
    /// Schema (a tool's `inputSchema`, as schemars writes it): what the schema says
    /// of the field at the violation's path, its type, allowed values, bounds,
    /// format and description, instead of what deserialising alone knows.
    /// A missing `priority` then says `an integer from 1 to 5` rather than
    /// `a value`.
    ///
    /// The field's description follows in parentheses when it says more than the
    /// rules' words: its first paragraph on one line, cut after a word to 120
    /// characters (`…` included) when longer.
    ///
    /// The words state every rule of the schema that `InputSchema` checks (a
    /// `format` only when the validator knows it: `email`, `uuid`, `date-time`...),
    /// so use it where the input is checked against the schema (as the rmcp
    /// integration does with the feature `jsonschema`): a bound a server does not
    /// check must not be stated.
    /// Violations of a field the schema does not describe, unknown fields and
    /// violations of a rule with its own message keep their words.
    ///
    /// ```
    /// use tool_error::args::{self, ArgumentError};
    ///
    /// #[derive(Debug, serde::Deserialize)]
    /// struct NewNote { title: String, priority: u8 }
    ///
    /// let schema = serde_json::json!({
    ///     "type": "object",
    ///     "required": ["title", "priority"],
    ///     "properties": {
    ///         "title": { "type": "string" },
    ///         "priority": { "type": "integer", "minimum": 1, "maximum": 5,
    ///                       "description": "How urgent the note is" }
    ///     }
    /// });
    /// let error = args::from_value::<NewNote>(serde_json::json!({ "title": "milk" })).unwrap_err();
    /// assert_eq!(error.violations()[0].expected(), "a value");
    /// let error = error.with_schema(schema.as_object().unwrap());
    /// assert_eq!(
    ///     error.violations()[0].expected(),
    ///     "an integer from 1 to 5 (How urgent the note is)"
    /// );
    /// ```
    #[must_use]
    pub fn with_schema(self, schema: &serde_json::Map<String, Value>) -> Self {
        self.described(schema, schema::Rules::Checked)
    }

    /// Each violation's `expected` in the words of `schema`, stating only what
    /// reading the input into its type enforces (types, choices, required fields):
    /// for a schema the server does not check.
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code))]
    pub(crate) fn with_schema_types(self, schema: &serde_json::Map<String, Value>) -> Self {
        self.described(schema, schema::Rules::Read)
    }

    fn described(mut self, schema: &serde_json::Map<String, Value>, rules: schema::Rules) -> Self {
        for violation in &mut self.violations {
            let described = matches!(
                violation.kind,
                ViolationKind::Missing
                    | ViolationKind::WrongType
                    | ViolationKind::InvalidValue
                    | ViolationKind::WrongLength
                    | ViolationKind::NotAllowed
            ) && violation.message.is_none();
            if let Some(words) = described
                .then(|| schema::expected_at(schema, &violation.field, rules))
                .flatten()
            {
                violation.expected = Cow::Owned(words);
            }
        }
        self
    }
}

impl From<Violation> for ArgumentError {
    fn from(violation: Violation) -> Self {
        ArgumentError::new(violation)
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.violations.as_slice() {
            [one] => one.fmt(f),
            many => {
                write!(f, "{} fields are invalid: ", many.len())?;
                for (index, violation) in many.iter().take(NAMED).enumerate() {
                    if index > 0 {
                        f.write_str("; ")?;
                    }
                    violation.fmt(f)?;
                }
                if many.len() > NAMED {
                    f.write_str("; ...")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ArgumentError {}

static CATALOG: Catalog = Catalog::new("ArgumentError", module_path!(), &[ENTRY])
    .with_doc("Input that failed to deserialise or to pass its checks.");

const ENTRY: Entry = Entry::new("ArgumentError", ArgumentError::CODE, Kind::Validation)
    .with_fields(&[crate::catalog::FieldInfo::new("violations")])
    .with_doc("A field has the wrong type or value, is missing, or is not accepted.");

impl ToolError for ArgumentError {
    fn code(&self) -> &'static str {
        Self::CODE
    }

    fn kind(&self) -> Kind {
        Kind::Validation
    }

    fn message_is_public(&self) -> bool {
        true
    }

    fn details(&self, details: &mut DetailWriter<'_>) {
        details.field("violations", &self.violations);
    }

    fn catalog(&self) -> Option<&'static Catalog> {
        Some(&CATALOG)
    }

    fn entry(&self) -> Option<&'static Entry> {
        CATALOG.entries().first()
    }
}

impl StaticCatalog for ArgumentError {
    const CATALOG: &'static Catalog = &CATALOG;
}

crate::__tool_error_integrations! { [] [ArgumentError] [] }
