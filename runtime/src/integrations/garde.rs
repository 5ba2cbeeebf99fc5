//! [garde](https://docs.rs/garde): a validation `Report` as an [`ArgumentError`],
//! one violation per field.

use std::collections::BTreeMap;

use crate::args::{ArgumentError, Violation};

impl From<garde::Report> for ArgumentError {
    /// One [`ViolationKind::Rule`](crate::args::ViolationKind::Rule) violation per
    /// field path (`items[1].name`), in path order, its message the field's garde
    /// messages joined with `; ` (garde reports the rule's message, not the value).
    /// An empty report becomes one violation of the whole input.
    fn from(report: garde::Report) -> Self {
        let mut by_field: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (path, error) in report.iter() {
            by_field
                .entry(path.to_string())
                .or_default()
                .push(error.message().to_owned());
        }
        ArgumentError::from_report(by_field.into_iter().map(|(field, messages)| {
            Violation::broken_rule(field).with_message(messages.join("; "))
        }))
    }
}
