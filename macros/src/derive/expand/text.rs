//! A parsed template as the runtime reads it, in the catalog entry and in a next
//! call's text arguments: one canonical text, so a placeholder names its slot
//! exactly.

use super::super::template::{Piece, Template};

/// A template as the runtime reads it: its text in canonical form (placeholders
/// written `{name}` or `{name:?}`, literal braces doubled), so the placeholder text
/// matches its slot's key exactly.
pub(super) fn template(template: &Template) -> String {
    let mut out = String::with_capacity(template.source.len());
    for piece in &template.pieces {
        match piece {
            Piece::Text(text) => {
                for c in text.chars() {
                    out.push(c);
                    if matches!(c, '{' | '}') {
                        out.push(c);
                    }
                }
            }
            Piece::Placeholder { name, debug } => {
                out.push('{');
                out.push_str(&slot_key(name, *debug));
                out.push('}');
            }
        }
    }
    out
}

/// The key of an argument slot: the text between the braces of its placeholder.
pub(super) fn slot_key(name: &str, debug: bool) -> String {
    if debug {
        format!("{name}:?")
    } else {
        name.to_owned()
    }
}
