//! [validator](https://docs.rs/validator): `ValidationErrors` as an
//! [`ArgumentError`], one violation per field.

use std::collections::BTreeMap;

use serde_json::Value;
use validator::{ValidationError, ValidationErrors, ValidationErrorsKind};

use crate::args::{ArgumentError, Violation, ViolationKind, words};

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
        ArgumentError::from_report(violations)
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
    let rules: Vec<String> = errors.iter().map(|error| rule(error)).collect();
    // Read after "Change 'title' to ...", so it names a value, then the rules.
    let expected = format!("a value that passes {}", rules.join(" and "));
    let actual = match errors.iter().find_map(|error| error.params.get("value")) {
        // A string is cut inside its quotes, as a deserialising failure shows it.
        Some(Value::String(text)) => words::quoted(text),
        Some(value) => words::echo(&value.to_string()),
        None => "a value that does not pass".to_owned(),
    };
    let violation = Violation::new(ViolationKind::Rule, field, expected, actual);
    let messages: Vec<String> = (errors.iter())
        .filter_map(|error| Some(error.message.as_ref()?.to_string()))
        .collect();
    if messages.is_empty() {
        violation
    } else {
        violation.with_message(messages.join("; "))
    }
}

/// A rule with its parameters but the value, sorted by name: `length (max 64, min 1)`.
fn rule(error: &ValidationError) -> String {
    let mut params: Vec<_> = (error.params.iter())
        .filter(|(name, _)| name.as_ref() != "value")
        .collect();
    params.sort_by_key(|(name, _)| *name);
    let params: Vec<String> = (params.into_iter())
        .map(|(name, value)| format!("{name} {}", plain(value)))
        .collect();
    match params.as_slice() {
        [] => error.code.to_string(),
        _ => format!("{} ({})", error.code, params.join(", ")),
    }
}

/// A parameter as a reader writes it: strings without quotes.
fn plain(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}
