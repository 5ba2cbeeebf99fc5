//! Message and suggestion templates with `{field}` placeholders, rendered straight
//! into the output.
//!
//! A template is kept as written (`"Check '{model_id}' spelling"`); its variant's
//! catalog entry lists the placeholders it fills, in slot order (`["model_id"]`),
//! and rendering scans the text once, writing literal runs and formatting the slot
//! a placeholder names. The derive has already checked every template, so tables
//! stay as small as the strings themselves; a hand-built table with a placeholder
//! no slot fills renders the placeholder as written instead of failing.

use core::fmt;

/// A value interpolated into a template, formatted with `Display` (`{name}`) or
/// `Debug` (`{name:?}`).
#[derive(Clone, Copy)]
pub enum Arg<'a> {
    /// Formatted with `Display`.
    Display(&'a dyn fmt::Display),
    /// Formatted with `Debug`.
    Debug(&'a dyn fmt::Debug),
}

impl fmt::Debug for Arg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Display(value) => write!(f, "Display({value})"),
            Arg::Debug(value) => write!(f, "Debug({value:?})"),
        }
    }
}

/// A template ready to render: its text, the placeholder of each slot, the slots.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Template<'a> {
    source: &'a str,
    slots: &'a [&'a str],
    args: &'a [Arg<'a>],
}

impl<'a> Template<'a> {
    /// `source` with its placeholders filled: `slots[i]` is the text between the
    /// braces (`model_id` or `model_id:?`) that `args[i]` fills.
    pub(crate) const fn new(source: &'a str, slots: &'a [&'a str], args: &'a [Arg<'a>]) -> Self {
        Template {
            source,
            slots,
            args,
        }
    }
}

impl fmt::Display for Template<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in pieces(self.source) {
            match piece {
                Piece::Text(text) => f.write_str(text)?,
                Piece::Placeholder(name) => {
                    let slot = self.slots.iter().position(|slot| *slot == name);
                    match slot.and_then(|i| self.args.get(i)) {
                        Some(Arg::Display(value)) => fmt::Display::fmt(value, f)?,
                        Some(Arg::Debug(value)) => fmt::Debug::fmt(value, f)?,
                        // No slot fills it: the placeholder as written.
                        None => write!(f, "{{{name}}}")?,
                    }
                }
            }
        }
        Ok(())
    }
}

/// A run of a template's text: literal text (`{{` and `}}` already one brace, a
/// stray brace as written), or a placeholder's text between its braces (`model_id`,
/// `model_id:?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Text as it reads.
    Text(&'a str),
    /// A placeholder, as written between its braces.
    Placeholder(&'a str),
}

/// The pieces of `source`, in order: the one reading of a template's text, for
/// rendering it, for a next call's sample arguments and for the code reference.
pub fn pieces(source: &str) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = source;
    core::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let Some(brace) = first_brace(rest) else {
            return Some(Piece::Text(core::mem::take(&mut rest)));
        };
        if brace > 0 {
            let (text, tail) = rest.split_at(brace);
            rest = tail;
            return Some(Piece::Text(text));
        }
        let open = rest.starts_with('{');
        let after = &rest[1..];
        // `{{` and `}}` are literal braces; a stray brace is written as it is.
        let closing = match open {
            true if !after.starts_with('{') => after.bytes().position(|byte| byte == b'}'),
            _ => None,
        };
        let Some(end) = closing else {
            let doubled = after.starts_with(if open { '{' } else { '}' });
            let (brace, tail) = rest.split_at(1);
            rest = if doubled { &tail[1..] } else { tail };
            return Some(Piece::Text(brace));
        };
        let name = &after[..end];
        rest = &after[end + 1..];
        Some(Piece::Placeholder(name))
    })
}

/// Whether `source` reads as written: no placeholder, no escaped brace.
pub(crate) fn is_plain(source: &str) -> bool {
    first_brace(source).is_none()
}

/// The byte index of the first `{` or `}` in `text`. `memchr` looks at many bytes
/// per step; a byte-by-byte search was most of the cost of scanning a template.
fn first_brace(text: &str) -> Option<usize> {
    memchr::memchr2(b'{', b'}', text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_text_slots_and_escapes() {
        let id = "m1";
        let n = "x";
        let args = [Arg::Display(&id), Arg::Debug(&n)];
        let slots = ["id", "n:?"];
        let render = |source| Template::new(source, &slots, &args).to_string();
        assert_eq!(
            render("Model '{id}' not found ({n:?})"),
            "Model 'm1' not found (\"x\")"
        );
        assert_eq!(render("{{id}} {id}}}"), "{id} m1}");
        assert_eq!(render("plain"), "plain");
        assert_eq!(render(""), "");
    }

    #[test]
    fn unknown_placeholders_and_stray_braces_are_written_as_is() {
        let render = |source| Template::new(source, &[], &[]).to_string();
        assert_eq!(render("{missing} here"), "{missing} here");
        assert_eq!(render("open { never closed"), "open { never closed");
        assert_eq!(render("close } alone"), "close } alone");
        assert_eq!(render("é{"), "é{");
    }
}
