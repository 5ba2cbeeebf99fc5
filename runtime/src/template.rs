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

/// A template ready to render: its text, the placeholder of each slot, the slots,
/// and where the derive found its placeholders, if it says.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Template<'a> {
    source: &'a str,
    slots: &'a [&'a str],
    args: &'a [Arg<'a>],
    holes: Option<&'a [u8]>,
}

/// In a table of holes, the slot of a `{{` (written `{`).
pub(crate) const OPEN_BRACE: u8 = u8::MAX;
/// In a table of holes, the slot of a `}}` (written `}`).
pub(crate) const CLOSE_BRACE: u8 = u8::MAX - 1;

impl<'a> Template<'a> {
    /// `source` with its placeholders filled: `slots[i]` is the text between the
    /// braces (`model_id` or `model_id:?`) that `args[i]` fills.
    pub(crate) const fn new(source: &'a str, slots: &'a [&'a str], args: &'a [Arg<'a>]) -> Self {
        Template {
            source,
            slots,
            args,
            holes: None,
        }
    }

    /// With the template's holes as the derive found them, so rendering need not
    /// scan the text: triples of the byte range a placeholder or doubled brace
    /// takes in `source` and what fills it (the slot's index, [`OPEN_BRACE`] or
    /// [`CLOSE_BRACE`]), in order. `None` leaves the template to be scanned.
    /// (Bytes, so the derive writes a template's table as one byte-string literal,
    /// which costs the compiler next to nothing; longer templates are scanned.)
    pub(crate) const fn with_holes(mut self, holes: Option<&'a [u8]>) -> Self {
        self.holes = holes;
        self
    }

    /// Renders from the holes: the text between them as it is, each hole filled.
    /// A table that does not fit the text (only a hand-made one could) writes what
    /// does fit and never panics.
    fn fill_holes(&self, holes: &[u8], f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut at = 0;
        for hole in holes.chunks_exact(3) {
            let (start, end) = (usize::from(hole[0]), usize::from(hole[1]));
            f.write_str(self.source.get(at..start).unwrap_or_default())?;
            match hole[2] {
                OPEN_BRACE => f.write_str("{")?,
                CLOSE_BRACE => f.write_str("}")?,
                slot => fill(
                    self.args.get(usize::from(slot)),
                    self.source.get(start..end).unwrap_or_default(),
                    f,
                )?,
            }
            at = end;
        }
        f.write_str(self.source.get(at..).unwrap_or_default())
    }
}

/// Writes what fills a placeholder: its argument, or (when no slot fills it) the
/// placeholder as written.
fn fill(arg: Option<&Arg<'_>>, as_written: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match arg {
        Some(Arg::Display(value)) => fmt::Display::fmt(value, f),
        Some(Arg::Debug(value)) => fmt::Debug::fmt(value, f),
        None => f.write_str(as_written),
    }
}

/// The byte offset of the first `{` or `}`. Both are ASCII, so never part of a
/// multi-byte character: the scan works on bytes, eight at a time (templates are
/// scanned on every render, and a `char` pattern decodes every character).
fn find_brace(text: &str) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const OPEN: u64 = u64::from_ne_bytes([b'{'; 8]);
    const CLOSE: u64 = u64::from_ne_bytes([b'}'; 8]);
    // Whether some byte of `word` is zero; the classic bit trick, exact as a yes/no.
    let has_zero = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS != 0;
    let is_brace = |byte: &u8| matches!(byte, b'{' | b'}');
    let bytes = text.as_bytes();
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_ne_bytes(word);
        if has_zero(word ^ OPEN) || has_zero(word ^ CLOSE) {
            return chunk.iter().position(is_brace).map(|i| offset + i);
        }
        offset += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(is_brace)
        .map(|i| offset + i)
}

impl fmt::Display for Template<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(holes) = self.holes {
            return self.fill_holes(holes, f);
        }
        let mut rest = self.source;
        while let Some(brace) = find_brace(rest) {
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
            fill(slot.and_then(|i| self.args.get(i)), &tail[..end + 2], f)?;
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
    fn braces_are_found_at_every_offset_and_only_braces() {
        for len in 0..40 {
            for at in 0..len {
                for brace in ['{', '}'] {
                    let mut text: Vec<char> = "abcdefghijklmnopqrstuvwxyz|~zyxwvutsrqpo"
                        .chars()
                        .take(len)
                        .collect();
                    text[at] = brace;
                    let text: String = text.into_iter().collect();
                    assert_eq!(find_brace(&text), Some(at), "{text:?}");
                }
            }
        }
        // Bytes next to the braces (`z` 0x7a, `|` 0x7c, `~` 0x7e), multi-byte
        // characters and high bytes are not braces.
        assert_eq!(find_brace("z|~z|~z|~ éè漢字🦀 \u{7f}\u{80}"), None);
        assert_eq!(find_brace("éééééééé{"), Some(16));
    }

    #[test]
    fn holes_render_as_the_scan_does() {
        let id = "m1";
        let n = "x";
        let args = [Arg::Display(&id), Arg::Debug(&n)];
        let slots = ["id", "n:?"];
        // Tables as the derive writes them: (start, end, fill) per hole.
        let cases: [(&str, &[u8]); 5] = [
            ("Model '{id}' not found ({n:?})", &[7, 11, 0, 24, 29, 1]),
            (
                "{{id}} {id}}}",
                &[
                    0,
                    2,
                    OPEN_BRACE,
                    4,
                    6,
                    CLOSE_BRACE,
                    7,
                    11,
                    0,
                    11,
                    13,
                    CLOSE_BRACE,
                ],
            ),
            ("é{id}é", &[2, 6, 0]),
            ("{id}{id}", &[0, 4, 0, 4, 8, 0]),
            ("plain", &[]),
        ];
        for (source, holes) in cases {
            let scanned = Template::new(source, &slots, &args).to_string();
            let filled = Template::new(source, &slots, &args)
                .with_holes(Some(holes))
                .to_string();
            assert_eq!(filled, scanned, "{source}");
        }
        let filled = |source, holes| {
            Template::new(source, &slots, &args)
                .with_holes(Some(holes))
                .to_string()
        };
        assert_eq!(
            filled("Model '{id}' ({n:?})", &[7, 11, 0, 14, 19, 1]),
            "Model 'm1' (\"x\")"
        );
        assert_eq!(filled("é{id}é", &[2, 6, 0]), "ém1é");
    }

    #[test]
    fn holes_that_do_not_fit_the_text_never_panic() {
        let id = "m1";
        let args = [Arg::Display(&id)];
        let render = |holes: &[u8]| {
            Template::new("é{id}", &["id"], &args)
                .with_holes(Some(holes))
                .to_string()
        };
        // Past the end, inside a character, backwards, an unknown slot, a partial
        // triple: whatever is written, nothing panics.
        assert_eq!(render(&[40, 50, 0]), "m1");
        assert_eq!(render(&[1, 3, 0]), "m1id}");
        assert_eq!(render(&[3, 2, 0]), "é{m1{id}");
        assert_eq!(render(&[2, 6, 7]), "é{id}");
        assert_eq!(render(&[2, 6]), "é{id}");
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
