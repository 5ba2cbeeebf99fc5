//! [validator](https://docs.rs/validator): `ValidationErrors` as an
//! [`ArgumentError`], one violation per field.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;
use validator::{ValidationError, ValidationErrors, ValidationErrorsKind};

use crate::args::{ArgumentError, Violation, ViolationKind};

/// How much of a rejected value a violation echoes.
const MAX_ECHO_CHARS: usize = 64;

impl From<ValidationErrors> for ArgumentError {
    /// One [`ViolationKind::Rule`] violation per field path (`items[1].name`), in path
    /// order: `expected` names the failed rules with their parameters (`a value that
    /// passes length (max 64, min 1)`), `actual` echoes the value when validator recorded it, and the
    /// message joins the rules' own messages. An empty set of errors becomes one
    /// violation of the whole input.
    fn from(errors: ValidationErrors) -> Self {
        let mut by_field = BTreeMap::new();
        collect(&errors, "", &mut by_field);
        let violations = by_field
            .into_iter()
            .map(|(field, errors)| violation(field, &errors));
        ArgumentError::from_violations(violations).unwrap_or_else(|| {
            ArgumentError::new(Violation::new(
                ViolationKind::Rule,
                "",
                "a value that passes validation",
                "a value that does not",
            ))
        })
    }
}

/// Every field's errors under `prefix`, nested structs and lists included.
fn collect<'a>(
    errors: &'a ValidationErrors,
    prefix: &str,
    out: &mut BTreeMap<String, Vec<&'a ValidationError>>,
) {
    for (name, kind) in errors.errors() {
        // `__all__` holds struct-level (schema) rules: they belong to the struct.
        let path = match (prefix.is_empty(), name.as_ref()) {
            (_, "__all__") => prefix.to_owned(),
            (true, name) => name.to_owned(),
            (false, name) => format!("{prefix}.{name}"),
        };
        match kind {
            ValidationErrorsKind::Field(list) => out.entry(path).or_default().extend(list),
            ValidationErrorsKind::Struct(inner) => collect(inner, &path, out),
            ValidationErrorsKind::List(items) => {
                for (index, inner) in items {
                    collect(inner, &format!("{path}[{index}]"), out);
                }
            }
        }
    }
}

fn violation(field: String, errors: &[&ValidationError]) -> Violation {
    // Read after "Change 'title' to ...", so it names a value, then the rules.
    let mut expected = String::from("a value that passes ");
    let mut messages = Vec::new();
    let mut actual = None;
    for (index, error) in errors.iter().enumerate() {
        if index > 0 {
            expected.push_str(" and ");
        }
        expected.push_str(&error.code);
        let mut params: Vec<_> = error
            .params
            .iter()
            .filter(|(name, _)| name.as_ref() != "value")
            .collect();
        params.sort_by(|a, b| a.0.cmp(b.0));
        if !params.is_empty() {
            expected.push_str(" (");
            for (position, (name, value)) in params.into_iter().enumerate() {
                if position > 0 {
                    expected.push_str(", ");
                }
                let _ = write!(expected, "{name} {}", plain(value));
            }
            expected.push(')');
        }
        if let Some(message) = &error.message {
            messages.push(message.to_string());
        }
        if actual.is_none() {
            actual = error.params.get("value").map(echo);
        }
    }
    let violation = Violation::new(
        ViolationKind::Rule,
        field,
        expected,
        actual.unwrap_or_else(|| "a value that does not pass".to_owned()),
    );
    if messages.is_empty() {
        violation
    } else {
        violation.with_message(messages.join("; "))
    }
}

/// A parameter as a reader writes it: strings without quotes.
fn plain(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The rejected value as JSON, cut to [`MAX_ECHO_CHARS`].
fn echo(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(MAX_ECHO_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}
