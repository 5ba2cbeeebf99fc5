//! [`Params`], the readers of a tool call's arguments, and [`ArrayOf`], what an
//! array parameter's elements must be.

use serde_json::{Map, Value};
use tool_error::Limits;

use super::error::{JsonType, MAX_ECHO_CHARS, ParamError};
use super::uuid::Uuid;

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

/// A caller's value as kept for echoing: at most [`MAX_ECHO_CHARS`] characters.
pub(crate) fn echo(text: &str) -> String {
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
}
