//! Deserialising a JSON value with a structured error and the path of the failure.
//!
//! serde_json's own `Value` deserializer reports failures as text; ours reports
//! them as data (which failure, what was expected, what was found) and gives each
//! the path of the value that failed, built as the failure leaves the objects and
//! arrays it is inside, so a call that succeeds pays nothing for it.
//!
//! Named text values (query and path parameters) go through the same error type;
//! they are one level deep, so each failure is given its key directly.

use core::fmt::{self, Write as _};
use std::borrow::Cow;

use serde::de::{self, DeserializeOwned, Expected, Unexpected, Visitor};
use serde_json::{Number, Value};

use self::text::Pairs;
use self::value::ValueDeserializer;
use super::words;
use super::{Violation, ViolationKind};

mod text;
mod value;

/// Deserialises `T` from `value`; a failure becomes a violation at its path.
pub(super) fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Violation> {
    T::deserialize(ValueDeserializer(value)).map_err(Failure::into_violation)
}

/// Deserialises `T` from named text values; a failure becomes a violation at its
/// key.
pub(super) fn from_pairs<T: DeserializeOwned>(pairs: &[(&str, &str)]) -> Result<T, Violation> {
    T::deserialize(Pairs(pairs)).map_err(Failure::into_violation)
}

/// Visits `n` as the narrowest Rust number that holds it: a JSON value's number,
/// and a text value or key read as one.
fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value, Failure> {
    match (n.as_u64(), n.as_i64()) {
        (Some(u), _) => visitor.visit_u64(u),
        (None, Some(i)) => visitor.visit_i64(i),
        // Wider integers exist only with serde_json's `arbitrary_precision`.
        (None, None) => match (n.as_u128(), n.as_i128()) {
            (Some(u), _) => visitor.visit_u128(u),
            (None, Some(i)) => visitor.visit_i128(i),
            (None, None) => visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN)),
        },
    }
}

/// A failure as serde reported it, before the path is known.
#[derive(Debug)]
pub(super) struct Failure(Box<Located>);

#[derive(Debug)]
struct Located {
    /// The violation, its field still empty.
    violation: Violation,
    /// Where the failing value is, innermost step first: each object and array
    /// the failure leaves adds its step. A missing, unknown or repeated field, or
    /// a bad key, is named before the failure leaves its object: the first step.
    path: Vec<Step>,
}

/// One step of a path: an object's key or an array's index (what a failure
/// leaves, and what the schema's words walk down).
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// A field, a map key or an enum variant: `.name`, `["odd key"]`.
    Key(String),
    /// An array or tuple position: `[1]`.
    Index(usize),
}

impl Failure {
    fn new(
        kind: ViolationKind,
        expected: impl Into<Cow<'static, str>>,
        actual: impl Into<String>,
    ) -> Self {
        Failure(Box::new(Located {
            violation: Violation::new(kind, "", expected, actual),
            path: Vec::new(),
        }))
    }

    /// The failure of the value at `step` of an object or array.
    fn within(mut self, step: Step) -> Self {
        self.0.path.push(step);
        self
    }

    /// Nothing when the type read every item of an array or object; else, with
    /// `left` items unread, the failure in serde's words (`2 elements in sequence`).
    fn unless_all_read(read: usize, left: usize, container: &str) -> Result<(), Self> {
        if left == 0 {
            return Ok(());
        }
        let expected = match read {
            1 => format!("1 element in {container}"),
            read => format!("{read} elements in {container}"),
        };
        Err(<Failure as de::Error>::invalid_length(
            read + left,
            &expected.as_str(),
        ))
    }

    /// The failure of the field `field` of the object being read.
    fn with_field(self, field: &str) -> Self {
        self.within(Step::Key(field.to_owned()))
    }

    /// The failure of the text value at `key`, unless it already names its field
    /// (a text value has no other step).
    fn at_key(self, key: &str) -> Self {
        if self.0.path.is_empty() {
            self.with_field(key)
        } else {
            self
        }
    }

    /// The failure is the key's, not the value's: say so.
    fn bad_key(mut self) -> Self {
        let violation = &mut self.0.violation;
        violation.message = Some(format!("the key must be {}", violation.expected));
        self
    }

    fn into_violation(self) -> Violation {
        let Located {
            mut violation,
            path,
        } = *self.0;
        for step in path.iter().rev() {
            match step {
                Step::Index(index) => push_index(&mut violation.field, *index),
                Step::Key(key) => push_key(&mut violation.field, key),
            }
        }
        violation
    }
}

/// Appends `[index]`.
pub(super) fn push_index(path: &mut String, index: usize) {
    let _ = write!(path, "[{index}]");
}

/// Appends `.key`, or `["key"]` when the key is not a plain identifier.
pub(super) fn push_key(path: &mut String, key: &str) {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !plain {
        let _ = write!(path, "[{}]", serde_json::to_string(key).unwrap_or_default());
    } else if path.is_empty() {
        path.push_str(key);
    } else {
        let _ = write!(path, ".{key}");
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let violation = &self.0.violation;
        match &violation.message {
            Some(message) => f.write_str(message),
            None => write!(
                f,
                "expected {}, got {}",
                violation.expected, violation.actual
            ),
        }
    }
}

impl std::error::Error for Failure {}

impl de::Error for Failure {
    fn custom<T: fmt::Display>(message: T) -> Self {
        let mut failure = Failure::new(ViolationKind::Rule, "a valid value", "an invalid value");
        failure.0.violation.message = Some(message.to_string());
        failure
    }

    fn invalid_type(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        Failure::new(
            ViolationKind::WrongType,
            words::expected_type(expected),
            words::json_type(&unexpected),
        )
    }

    fn invalid_value(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        Failure::new(
            ViolationKind::InvalidValue,
            words::expected_value(expected),
            words::given(&unexpected),
        )
    }

    fn invalid_length(len: usize, expected: &dyn Expected) -> Self {
        Failure::new(
            ViolationKind::WrongLength,
            words::expected_type(expected),
            words::counted(len, "item"),
        )
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        Failure::new(
            ViolationKind::NotAllowed,
            words::one_of(expected),
            words::quoted(variant),
        )
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Failure::new(ViolationKind::UnknownField, words::one_of(expected), "").with_field(field)
    }

    fn missing_field(field: &'static str) -> Self {
        Failure::new(ViolationKind::Missing, "a value", "").with_field(field)
    }

    fn duplicate_field(field: &'static str) -> Self {
        Failure::new(ViolationKind::Duplicate, "a single value", "").with_field(field)
    }
}
