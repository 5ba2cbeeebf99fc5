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
        let mut rest = self.source;
        // Braces are ASCII, so a byte is one exactly when it is a whole character.
        while let Some(brace) = rest.bytes().position(|byte| matches!(byte, b'{' | b'}')) {
            let (text, tail) = rest.split_at(brace);
            f.write_str(text)?;
            let mut chars = tail.chars();
            let open = chars.next() == Some('{');
            let after = chars.as_str();
            // `{{` and `}}` are literal braces.
            if after.starts_with(if open { '{' } else { '}' }) {
                f.write_str(if open { "{" } else { "}" })?;
                rest = &after[1..];
                continue;
            }
            let closing = if open {
                after.bytes().position(|byte| byte == b'}')
            } else {
                None
            };
            let Some(end) = closing else {
                // A stray brace: write it and go on.
                f.write_str(&tail[..1])?;
                rest = after;
                continue;
            };
            let name = &after[..end];
            let slot = self.slots.iter().position(|slot| *slot == name);
            match slot.and_then(|i| self.args.get(i)) {
                Some(Arg::Display(value)) => fmt::Display::fmt(value, f)?,
                Some(Arg::Debug(value)) => fmt::Debug::fmt(value, f)?,
                // No slot fills it: the placeholder as written.
                None => f.write_str(&tail[..end + 2])?,
            }
            rest = &after[end + 1..];
        }
        f.write_str(rest)
    }
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
