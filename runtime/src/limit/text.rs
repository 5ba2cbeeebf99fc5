//! Text cut to a number of characters, with the mark where it was cut.

use core::fmt::{self, Write as _};

use serde::ser::Serializer;

use super::{Cuts, MARK};

/// `Display` of the inner value, cut after `max_chars` characters with the mark
/// appended; a cut is reported to `cuts`.
pub(crate) struct Truncated<'a, D: ?Sized> {
    pub(crate) value: &'a D,
    pub(crate) max_chars: usize,
    pub(crate) cuts: Cuts<'a>,
}

impl<D: fmt::Display + ?Sized> fmt::Display for Truncated<'_, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut budget = Budget {
            out: f,
            remaining: self.max_chars,
            cut: false,
            failed: false,
        };
        let _ = write!(budget, "{}", self.value);
        if budget.cut {
            self.cuts.record();
            f.write_str(MARK)
        } else if budget.failed {
            // The output failed, whatever the value's `Display` made of it.
            Err(fmt::Error)
        } else {
            // The value's own Display failed, not the output: keep what it wrote.
            Ok(())
        }
    }
}

/// Serialises `value`'s `Display` as a string cut to `max_chars` characters (with the
/// mark), like `collect_str` of [`Truncated`], but faster for short text: it is
/// formatted into a stack buffer first and then written as one string, so the
/// formatting machinery and the escaping run once over the whole text instead of
/// once per piece through two layers. Text that does not fit the buffer is formatted
/// again, streamed.
pub(crate) fn serialize_display<S: Serializer>(
    serializer: S,
    value: &dyn fmt::Display,
    max_chars: usize,
    cuts: Cuts<'_>,
) -> Result<S::Ok, S::Error> {
    let mut text = ShortText::new();
    // The result is not the whole story: a `Display` may ignore a failed write and
    // go on. Without overflow, an error is the value's own `Display` failing, and
    // (like `Truncated`) what it wrote is kept.
    let _ = write!(text, "{value}");
    if text.overflow {
        serializer.collect_str(&Truncated {
            value,
            max_chars,
            cuts,
        })
    } else {
        serialize_str_cut(serializer, text.as_str(), max_chars, cuts)
    }
}

/// `value`'s `Display` as an owned string cut to `max_chars` characters (with the
/// mark), as `Truncated` formats it, but into one buffer and counting characters
/// only when there are more bytes than `max_chars`. A `Display` that writes on and
/// on is stopped once the text is certainly too long (more than four bytes per
/// character kept).
#[cfg_attr(not(any(feature = "rmcp", feature = "jsonrpsee")), allow(dead_code))]
pub(crate) fn display_to_string(
    value: &dyn fmt::Display,
    max_chars: usize,
    cuts: Cuts<'_>,
) -> String {
    let mut text = CappedString {
        out: String::with_capacity(64),
        cap: max_chars.saturating_mul(4),
        full: false,
    };
    // As with `Truncated`: an error without a full buffer is the value's own
    // `Display` failing, and what it wrote is kept.
    let _ = write!(text, "{value}");
    let mut out = text.out;
    if out.len() > max_chars
        && let Some((boundary, _)) = out.char_indices().nth(max_chars)
    {
        out.truncate(boundary);
        out.push_str(MARK);
        cuts.record();
    }
    out
}

/// A `String` that takes text up to just past `cap` bytes, then refuses the rest.
#[cfg_attr(not(any(feature = "rmcp", feature = "jsonrpsee")), allow(dead_code))]
struct CappedString {
    out: String,
    cap: usize,
    full: bool,
}

impl fmt::Write for CappedString {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.full {
            return Err(fmt::Error);
        }
        let room = self.cap.saturating_sub(self.out.len());
        if s.len() <= room {
            self.out.push_str(s);
            return Ok(());
        }
        // Whole characters up to one byte past the cap: past it, the text has more
        // characters than are kept, which is all the caller needs to know.
        let mut end = room + 1;
        while !s.is_char_boundary(end) {
            end += 1;
        }
        self.out.push_str(&s[..end]);
        self.full = true;
        Err(fmt::Error)
    }
}

/// Serialises `text` cut to `max_chars` characters, with the mark when cut; a cut is
/// reported to `cuts`.
pub(crate) fn serialize_str_cut<S: Serializer>(
    serializer: S,
    text: &str,
    max_chars: usize,
    cuts: Cuts<'_>,
) -> Result<S::Ok, S::Error> {
    // Byte length bounds the character count, so short text needs no counting.
    if text.len() <= max_chars || text.chars().count() <= max_chars {
        serializer.serialize_str(text)
    } else {
        serializer.collect_str(&Truncated {
            value: text,
            max_chars,
            cuts,
        })
    }
}

/// Room for the text of most messages and suggestions.
const SHORT_TEXT_BYTES: usize = 512;

/// Formatted text on the stack (neither zeroed first nor checked for UTF-8 after:
/// only whole `&str`s go in); a write past its end fails and sets `overflow`.
struct ShortText {
    text: arrayvec::ArrayString<SHORT_TEXT_BYTES>,
    overflow: bool,
}

impl ShortText {
    fn new() -> Self {
        ShortText {
            text: arrayvec::ArrayString::new(),
            overflow: false,
        }
    }

    fn as_str(&self) -> &str {
        &self.text
    }
}

impl fmt::Write for ShortText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.overflow || self.text.try_push_str(s).is_err() {
            self.overflow = true;
            return Err(fmt::Error);
        }
        Ok(())
    }
}

/// A writer that passes through at most `remaining` characters, then fails so the
/// formatting stops early.
struct Budget<'a, 'f> {
    out: &'a mut fmt::Formatter<'f>,
    remaining: usize,
    cut: bool,
    failed: bool,
}

impl fmt::Write for Budget<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // After a cut or a failed write, refuse everything: a `Display` that ignores
        // the error must not reach the output again.
        if self.cut || self.failed {
            return Err(fmt::Error);
        }
        // Fast path: at most `remaining` bytes means at most `remaining` characters.
        if s.len() <= self.remaining {
            self.remaining -= s.chars().count();
            return self.out.write_str(s).inspect_err(|_| self.failed = true);
        }
        match s.char_indices().nth(self.remaining) {
            None => {
                self.remaining -= s.chars().count();
                self.out.write_str(s).inspect_err(|_| self.failed = true)
            }
            Some((boundary, _)) => {
                self.out
                    .write_str(&s[..boundary])
                    .inspect_err(|_| self.failed = true)?;
                self.remaining = 0;
                self.cut = true;
                Err(fmt::Error)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use core::cell::Cell;

    use super::*;

    #[test]
    fn after_a_failed_write_the_output_is_never_written_again() {
        // Ignores every error and keeps writing.
        struct Chatty;
        impl fmt::Display for Chatty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                for _ in 0..100 {
                    let _ = f.write_str("blah ");
                }
                Ok(())
            }
        }
        // Fails every write, counting them.
        struct Failing(usize);
        impl fmt::Write for Failing {
            fn write_str(&mut self, _: &str) -> fmt::Result {
                self.0 += 1;
                Err(fmt::Error)
            }
        }
        let mut out = Failing(0);
        let result = write!(
            out,
            "{}",
            Truncated {
                value: &Chatty,
                max_chars: 10_000,
                cuts: Cuts::IGNORED,
            }
        );
        assert!(result.is_err());
        assert_eq!(out.0, 1);
    }

    #[test]
    fn truncated_display_stops_early_and_reports_the_cut() {
        let flag = core::cell::Cell::new(false);
        let text = Truncated {
            value: &format_args!("{}{}", "abc", "def"),
            max_chars: 4,
            cuts: Cuts::into(&flag),
        }
        .to_string();
        assert_eq!(text, "abcd…[truncated]");
        assert!(flag.get());
    }

    #[test]
    fn display_to_string_cuts_as_truncated_does() {
        struct Endless;
        impl fmt::Display for Endless {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                for _ in 0..1_000_000 {
                    let _ = f.write_str("éa");
                }
                Ok(())
            }
        }
        let cases: [(&dyn fmt::Display, usize); 8] = [
            (&"abcé", 4),
            (&"abcé", 3),
            (&"", 0),
            (&"a", 0),
            (&format_args!("{}{}", "abc", "déf"), 4),
            (&"ééééé", 2),
            (&Endless, 5),
            (&Endless, 0),
        ];
        for (value, max_chars) in cases {
            let (flag, expected_flag) = (Cell::new(false), Cell::new(false));
            let text = display_to_string(value, max_chars, Cuts::into(&flag));
            let expected = Truncated {
                value,
                max_chars,
                cuts: Cuts::into(&expected_flag),
            }
            .to_string();
            assert_eq!(text, expected, "{max_chars}");
            assert_eq!(flag.get(), expected_flag.get(), "{expected}");
        }
    }

    #[test]
    fn text_at_the_limit_is_not_a_cut() {
        let flag = core::cell::Cell::new(false);
        let text = Truncated {
            value: "abcé",
            max_chars: 4,
            cuts: Cuts::into(&flag),
        }
        .to_string();
        assert_eq!(text, "abcé");
        assert!(!flag.get());
    }
}
