//! What changed between a lock and the catalog, and which changes break clients.

use core::fmt;

use super::file::{Lock, LockedCode};

impl Lock {
    /// What changed from `self` (the committed lock) to `current`.
    pub(crate) fn diff(&self, now: &Lock) -> Report {
        let (committed, current) = (self.all_codes(), now.all_codes());
        let mut report = Report::default();
        for (code, old) in &committed {
            let Some(new) = current.get(code) else {
                let renamed_to = current
                    .iter()
                    .find(|(other, candidate)| {
                        !committed.contains_key(*other)
                            && candidate.type_name == old.type_name
                            && candidate.variant == old.variant
                    })
                    .map(|(other, _)| (*other).clone());
                report.breaking.push(Change::Removed {
                    code: (*code).clone(),
                    renamed_to,
                });
                continue;
            };
            compare(code, old, new, &mut report);
        }
        for code in current.keys() {
            if !committed.contains_key(code) {
                report.compatible.push(Change::Added {
                    code: (*code).clone(),
                });
            }
        }
        // What changed in a code tool-error sends itself came with its version or
        // its features, not from this crate: reported apart, and never breaking.
        let built_in = |change: &Change| {
            let code = change.code();
            !self.codes.contains_key(code) && !now.codes.contains_key(code)
        };
        for list in [&mut report.breaking, &mut report.compatible] {
            let (built_ins, own) = list.drain(..).partition(built_in);
            *list = own;
            report.builtin.extend(built_ins);
        }
        report
    }
}

/// Adds to `report` what changed in `code` from `old` to `new`.
fn compare(code: &str, old: &LockedCode, new: &LockedCode, report: &mut Report) {
    let code = code.to_owned();
    let mut breaking = |property: &'static str, from: String, to: String| {
        report.breaking.push(Change::Changed {
            code: code.clone(),
            property,
            from,
            to,
        });
    };
    if old.kind != new.kind {
        breaking("kind", old.kind.to_string(), new.kind.to_string());
    }
    if old.category != new.category {
        breaking("category", show(&old.category), show(&new.category));
    }
    if old.recoverable != new.recoverable {
        breaking(
            "recoverable",
            old.recoverable.to_string(),
            new.recoverable.to_string(),
        );
    }
    if old.channel != new.channel {
        breaking("channel", old.channel.to_string(), new.channel.to_string());
    }
    if old.jsonrpc != new.jsonrpc {
        breaking("jsonrpc", old.jsonrpc.to_string(), new.jsonrpc.to_string());
    }
    if old.http != new.http {
        breaking("http", old.http.to_string(), new.http.to_string());
    }
    if old.retry_after && !new.retry_after {
        breaking("retry_after", "true".into(), "false".into());
    }
    // Claiming that a refused call had no effect lets clients repeat it unchanged,
    // which they did not before: a deliberate change. Dropping the claim only makes
    // the advice more careful.
    if !old.no_effect && new.no_effect {
        breaking("no_effect", "false".into(), "true".into());
    } else if old.no_effect && !new.no_effect {
        report.compatible.push(Change::Informational {
            code: code.clone(),
            property: "no_effect",
        });
    }
    for field in &old.details {
        if !new.details.contains(field) {
            report.breaking.push(Change::DetailRemoved {
                code: code.clone(),
                field: field.clone(),
            });
        }
    }
    for field in &new.details {
        if !old.details.contains(field) {
            report.compatible.push(Change::DetailAdded {
                code: code.clone(),
                field: field.clone(),
            });
        }
    }
    if old.redacted != new.redacted {
        report.compatible.push(Change::Informational {
            code: code.clone(),
            property: "redacted",
        });
    }
    if old.description != new.description {
        report.compatible.push(Change::Informational {
            code: code.clone(),
            property: "description",
        });
    }
    if old.type_name != new.type_name || old.variant != new.variant {
        report.compatible.push(Change::Informational {
            code,
            property: "declaring variant",
        });
    }
}

fn show(value: &Option<String>) -> String {
    value.clone().unwrap_or_else(|| "none".to_owned())
}

/// One difference between the lock and the catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Change {
    /// A code disappeared; `renamed_to` when the same variant now has another code.
    Removed {
        /// The removed code.
        code: String,
        /// The variant's new code, if it still exists.
        renamed_to: Option<String>,
    },
    /// A breaking property changed.
    Changed {
        /// The code.
        code: String,
        /// `kind`, `category`, `recoverable`, `channel`, `jsonrpc`, `http`, `retry_after`
        /// or `no_effect`.
        property: &'static str,
        /// The locked value.
        from: String,
        /// The current value.
        to: String,
    },
    /// A detail field disappeared.
    DetailRemoved {
        /// The code.
        code: String,
        /// The field.
        field: String,
    },
    /// A new code.
    Added {
        /// The code.
        code: String,
    },
    /// A new detail field.
    DetailAdded {
        /// The code.
        code: String,
        /// The field.
        field: String,
    },
    /// A property clients do not branch on changed (description, redaction, declaring
    /// variant), or a change that only makes the advice more careful (`no_effect` dropped).
    Informational {
        /// The code.
        code: String,
        /// What changed.
        property: &'static str,
    },
}

impl Change {
    /// The code that changed.
    pub fn code(&self) -> &str {
        match self {
            Change::Removed { code, .. }
            | Change::Changed { code, .. }
            | Change::DetailRemoved { code, .. }
            | Change::Added { code }
            | Change::DetailAdded { code, .. }
            | Change::Informational { code, .. } => code,
        }
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Removed {
                code,
                renamed_to: Some(new),
            } => write!(
                f,
                "{code}: renamed to {new} (clients matching {code} break)"
            ),
            Change::Removed {
                code,
                renamed_to: None,
            } => write!(f, "{code}: removed"),
            Change::Changed {
                code,
                property,
                from,
                to,
            } => write!(f, "{code}: {property} changed from {from} to {to}"),
            Change::DetailRemoved { code, field } => {
                write!(f, "{code}: detail field `{field}` removed")
            }
            Change::Added { code } => write!(f, "{code}: added"),
            Change::DetailAdded { code, field } => {
                write!(f, "{code}: detail field `{field}` added")
            }
            Change::Informational { code, property } => write!(f, "{code}: {property} changed"),
        }
    }
}

/// The result of comparing a catalog with its lock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Changes that break clients.
    pub breaking: Vec<Change>,
    /// Changes clients survive: additions and informational ones.
    pub compatible: Vec<Change>,
    /// Changes to the codes tool-error sends itself (the lock's `builtin`), which
    /// come with a tool-error release or the features it is built with, not from
    /// this crate: they make the lock stale and `TOOL_ERROR_LOCK=update` records
    /// them, as it records additions.
    pub builtin: Vec<Change>,
}

impl Report {
    /// Whether nothing changed at all.
    pub fn is_empty(&self) -> bool {
        self.breaking.is_empty() && self.compatible.is_empty() && self.builtin.is_empty()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.breaking.is_empty() {
            writeln!(
                f,
                "{} breaking change(s) to the error contract:",
                self.breaking.len()
            )?;
            for change in &self.breaking {
                writeln!(f, "  - {change}")?;
            }
        }
        if !self.compatible.is_empty() {
            writeln!(f, "{} compatible change(s):", self.compatible.len())?;
            for change in &self.compatible {
                writeln!(f, "  - {change}")?;
            }
        }
        if !self.builtin.is_empty() {
            writeln!(
                f,
                "{} change(s) to the codes tool-error sends itself, from its version or the \
                 features it is built with (TOOL_ERROR_LOCK=update records them):",
                self.builtin.len()
            )?;
            for change in &self.builtin {
                writeln!(f, "  - {change}")?;
            }
        }
        Ok(())
    }
}
