//! [garde](https://docs.rs/garde): a validation `Report` as an [`ArgumentError`],
//! one violation per field.

use std::collections::BTreeMap;

use crate::args::{ArgumentError, Violation, ViolationKind};

/// What the expected and actual words say for a rule violation: garde reports the
/// rule's message, not the value.
const EXPECTED: &str = "a value that passes validation";
const ACTUAL: &str = "a value that does not";

impl From<garde::Report> for ArgumentError {
    /// One [`ViolationKind::Rule`] violation per field path (`items[1].name`), in path
    /// order, its message the field's garde messages joined with `; `. An empty
    /// report becomes one violation of the whole input.
    fn from(report: garde::Report) -> Self {
        let mut by_field: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (path, error) in report.iter() {
            by_field
                .entry(path.to_string())
                .or_default()
                .push(error.message().to_owned());
        }
        let violations = by_field.into_iter().map(|(field, messages)| {
            Violation::new(ViolationKind::Rule, field, EXPECTED, ACTUAL)
                .with_message(messages.join("; "))
        });
        ArgumentError::from_violations(violations).unwrap_or_else(|| {
            ArgumentError::new(Violation::new(ViolationKind::Rule, "", EXPECTED, ACTUAL))
        })
    }
}
