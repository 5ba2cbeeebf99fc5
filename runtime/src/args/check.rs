//! Arguments checked against their JSON Schema before they are read: every
//! violation at once, each in the schema's words.

use std::collections::BTreeSet;
use std::fmt;
use std::sync::Arc;

use jsonschema::error::{ValidationError, ValidationErrorKind};
use jsonschema::paths::LocationSegment;
use serde_json::{Map, Value};

use super::schema::{self, Rules};
use super::{ArgumentError, Violation, ViolationKind, de, words};

/// An input schema compiled once, for checking arguments against everything it
/// says (feature `jsonschema`): types, required fields, bounds, lengths, item
/// counts, choices, patterns, formats and fields it does not accept.
///
/// A failed check is one [`ArgumentError`] with a [`Violation`] per bad field, each
/// field once, in the order the validator meets them (missing fields in the order
/// `required` lists them): a model fixes its call in one round trip. A violation's `expected` is what the schema says of the field, in
/// words (`an integer from 1 to 5`), which the check keeps, so the words state no
/// rule the server does not enforce.
///
/// ```
/// use tool_error::args::{InputSchema, ViolationKind};
///
/// let schema = serde_json::json!({
///     "type": "object",
///     "required": ["title", "priority"],
///     "properties": {
///         "title": { "type": "string", "minLength": 1 },
///         "priority": { "type": "integer", "minimum": 1, "maximum": 5 }
///     },
///     "additionalProperties": false
/// });
/// let schema = InputSchema::new(schema.as_object().unwrap().clone().into()).unwrap();
/// assert!(schema.check(&serde_json::json!({ "title": "milk", "priority": 2 })).is_ok());
///
/// let error = schema.check(&serde_json::json!({ "title": "", "priority": 9, "tag": "x" })).unwrap_err();
/// let mut found: Vec<_> = error.violations().iter().map(|v| (v.field(), v.kind())).collect();
/// found.sort_by_key(|(field, _)| *field);
/// assert_eq!(found, [
///     ("priority", ViolationKind::InvalidValue),
///     ("tag", ViolationKind::UnknownField),
///     ("title", ViolationKind::WrongLength),
/// ]);
/// let priority = error.violations().iter().find(|v| v.field() == "priority").unwrap();
/// assert_eq!(priority.expected(), "an integer from 1 to 5");
/// assert_eq!(priority.actual(), "9");
/// ```
pub struct InputSchema {
    schema: Arc<Map<String, Value>>,
    validator: jsonschema::Validator,
}

impl fmt::Debug for InputSchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InputSchema")
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

/// A schema that is not a valid JSON Schema, with jsonschema's reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidSchema(String);

impl fmt::Display for InvalidSchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a valid JSON Schema: {}", self.0)
    }
}

impl std::error::Error for InvalidSchema {}

impl InputSchema {
    /// Compiles `schema`, `format` keywords included (jsonschema checks formats
    /// only when asked to).
    pub fn new(schema: Arc<Map<String, Value>>) -> Result<Self, InvalidSchema> {
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .build(&Value::Object((*schema).clone()))
            .map_err(|error| InvalidSchema(error.to_string()))?;
        Ok(InputSchema { schema, validator })
    }

    /// The schema as given.
    pub fn schema(&self) -> &Arc<Map<String, Value>> {
        &self.schema
    }

    /// Checks `arguments` against the schema: nothing when they satisfy it, else
    /// every bad field, once each.
    pub fn check(&self, arguments: &Value) -> Result<(), ArgumentError> {
        self.check_call(arguments, &[])
    }

    /// [`check`](Self::check) of a next call whose caller supplies the arguments
    /// `caller_supplies` names: their absence is no violation ([`refusals`]).
    pub(crate) fn check_call(
        &self,
        arguments: &Value,
        caller_supplies: &[&str],
    ) -> Result<(), ArgumentError> {
        if self.validator.is_valid(arguments) {
            return Ok(());
        }
        let mut seen = BTreeSet::new();
        let violations = refusals(&self.validator, arguments, caller_supplies)
            .flat_map(|error| violations(&self.schema, &error))
            .filter(|violation| seen.insert(violation.field.clone()));
        ArgumentError::from_violations(violations).map_or(Ok(()), Err)
    }
}

/// The one rule of whether a call fits a tool, for a next call checked when the
/// server starts (its arguments sampled, [`match_tools`](crate::next_call::match_tools))
/// or when an error sends it (inside an rmcp router): every error `validator`
/// finds in `arguments` but a missing top-level argument named in `unsent`, one the
/// caller supplies itself (or, at start, one whose value has no sample).
pub(crate) fn refusals<'a>(
    validator: &'a jsonschema::Validator,
    arguments: &'a Value,
    unsent: &'a [&'a str],
) -> impl Iterator<Item = ValidationError<'a>> + 'a {
    validator.iter_errors(arguments).filter(move |error| {
        let missing = match error.kind() {
            ValidationErrorKind::Required { property } if error.instance_path().is_empty() => {
                property.as_str()
            }
            _ => None,
        };
        !missing.is_some_and(|name| unsent.contains(&name))
    })
}

/// The violations one failed keyword stands for (several for fields an object
/// does not accept).
fn violations(schema: &Map<String, Value>, error: &ValidationError<'_>) -> Vec<Violation> {
    let at = path(error);
    let instance: &Value = error.instance();
    let words = |field: &str| schema::expected_at(schema, field, Rules::Checked);
    let kind = match error.kind() {
        ValidationErrorKind::Required { property } => {
            let mut field = at;
            de::push_key(&mut field, property.as_str().unwrap_or_default());
            let expected = words(&field).unwrap_or_else(|| "a value".to_owned());
            return vec![Violation::new(ViolationKind::Missing, field, expected, "")];
        }
        ValidationErrorKind::AdditionalProperties { unexpected }
        | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            let accepted = schema::fields_at(schema, &at).unwrap_or_default();
            let accepted: Vec<&str> = accepted.iter().map(String::as_str).collect();
            let expected = words::one_of(&accepted);
            let unknown = |name: &String| {
                let mut field = at.clone();
                de::push_key(&mut field, name);
                Violation::new(ViolationKind::UnknownField, field, expected.clone(), "")
            };
            return unexpected.iter().map(unknown).collect();
        }
        ValidationErrorKind::Type { .. } => ViolationKind::WrongType,
        ValidationErrorKind::Enum { .. } | ValidationErrorKind::Constant { .. } => {
            ViolationKind::NotAllowed
        }
        ValidationErrorKind::MinLength { .. }
        | ValidationErrorKind::MaxLength { .. }
        | ValidationErrorKind::MinItems { .. }
        | ValidationErrorKind::MaxItems { .. } => ViolationKind::WrongLength,
        ValidationErrorKind::Minimum { .. }
        | ValidationErrorKind::Maximum { .. }
        | ValidationErrorKind::ExclusiveMinimum { .. }
        | ValidationErrorKind::ExclusiveMaximum { .. }
        | ValidationErrorKind::MultipleOf { .. }
        | ValidationErrorKind::Pattern { .. }
        | ValidationErrorKind::Format { .. } => ViolationKind::InvalidValue,
        // A rule the words do not say (`oneOf`, `not`, `uniqueItems`...): the
        // validator's own explanation.
        _ => {
            let violation = Violation::new(ViolationKind::Rule, at, "", shown(instance));
            return vec![violation.with_message(error.to_string())];
        }
    };
    let actual = match kind {
        ViolationKind::WrongType => words::value_type(instance).to_owned(),
        _ => shown(instance),
    };
    let expected = words(&at).unwrap_or_default();
    vec![Violation::new(kind, at, expected, actual)]
}

/// The violation's field: the path of the failing value, written as the
/// deserialiser writes paths (`compounds[1]`, `custom_bounds.cpd00027`).
fn path(error: &ValidationError<'_>) -> String {
    let mut at = String::new();
    for segment in error.instance_path() {
        match segment {
            LocationSegment::Property(key) => de::push_key(&mut at, &key),
            LocationSegment::Index(index) => de::push_index(&mut at, index),
        }
    }
    at
}

/// What was given, short: a string quoted (and cut), a number or boolean as it is,
/// an array or object by its size.
fn shown(value: &Value) -> String {
    match value {
        Value::String(text) => words::quoted(text),
        Value::Array(items) => words::array_of(items.len()),
        Value::Object(members) => words::object_with(members.len()),
        other => other.to_string(),
    }
}
