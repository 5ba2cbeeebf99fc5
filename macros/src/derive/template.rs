//! The `{field}` shorthand of `message` and `suggest` strings (and of thiserror's
//! `#[error("...")]`, which is read to keep redacted fields out of messages).

use proc_macro2::Span;
use syn::LitStr;

use super::ctxt::Ctxt;
use super::name::unraw;

/// A parsed template.
pub(crate) struct Template {
    /// The string as written.
    pub(crate) source: String,
    /// The literal's span, for errors.
    pub(crate) span: Span,
    /// Text and placeholders in order.
    pub(crate) pieces: Vec<Piece>,
}

/// One piece of a template.
pub(crate) enum Piece {
    /// Literal text, with `{{` and `}}` already unescaped.
    Text(String),
    /// `{name}` or `{name:?}`; `name` is a field name or a tuple index.
    Placeholder { name: String, debug: bool },
}

impl Template {
    /// The placeholders, in order.
    pub(crate) fn placeholders(&self) -> impl Iterator<Item = (&str, bool)> {
        self.pieces.iter().filter_map(|piece| match piece {
            Piece::Placeholder { name, debug } => Some((name.as_str(), *debug)),
            Piece::Text(_) => None,
        })
    }
}

/// Parses `lit`, recording any syntax error; `what` names the key for messages.
pub(crate) fn parse(cx: &Ctxt, lit: &LitStr, what: &str) -> Option<Template> {
    let source = lit.value();
    let span = lit.span();
    match split(&source) {
        Ok(pieces) => Some(Template {
            source,
            span,
            pieces,
        }),
        Err(problem) => {
            cx.error_at(span, format!("in `{what}`: {problem}"));
            None
        }
    }
}

/// Splits a format string into pieces, or says what is wrong with it.
pub(crate) fn split(source: &str) -> Result<Vec<Piece>, String> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                text.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                text.push('}');
            }
            '}' => {
                return Err("unmatched `}`: write `}}` for a literal brace".to_owned());
            }
            '{' => {
                let mut inner = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some('{') | None => {
                            return Err(
                                "unclosed `{`: write `{field}` to interpolate or `{{` for a literal brace"
                                    .to_owned(),
                            );
                        }
                        Some(c) => inner.push(c),
                    }
                }
                let (name, spec) = match inner.split_once(':') {
                    Some((name, spec)) => (name.trim(), Some(spec)),
                    None => (inner.trim(), None),
                };
                if name.is_empty() {
                    return Err(
                        "empty placeholder `{}`: name the field, e.g. `{model_id}` or `{0}`"
                            .to_owned(),
                    );
                }
                let name = unraw(name);
                let valid = name.chars().all(|c| c.is_alphanumeric() || c == '_')
                    && (name.chars().all(|c| c.is_ascii_digit())
                        || !name.starts_with(|c: char| c.is_ascii_digit()));
                if !valid {
                    return Err(format!(
                        "`{{{inner}}}` is not a placeholder: write `{{field}}` or `{{0}}` to interpolate, `{{{{` and `}}}}` for literal braces"
                    ));
                }
                let debug = match spec {
                    None => false,
                    Some("?") => true,
                    Some(spec) => {
                        return Err(format!(
                            "format spec `:{spec}` is not supported: write `{{{name}}}` or `{{{name}:?}}`"
                        ));
                    }
                };
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Placeholder {
                    name: name.to_owned(),
                    debug,
                });
            }
            c => text.push(c),
        }
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(source: &str) -> Vec<(String, bool)> {
        split(source)
            .unwrap()
            .into_iter()
            .filter_map(|piece| match piece {
                Piece::Placeholder { name, debug } => Some((name, debug)),
                Piece::Text(_) => None,
            })
            .collect()
    }

    #[test]
    fn placeholders_and_escapes() {
        assert_eq!(
            names("a {x} {{y}} {0:?}"),
            [("x".into(), false), ("0".into(), true)]
        );
        assert!(split("{").is_err());
        assert!(split("}").is_err());
        assert!(split("{}").is_err());
        assert!(split("{x:>5}").is_err());
        assert!(split("{a b}").is_err());
        assert!(split("{1x}").is_err());
    }
}
