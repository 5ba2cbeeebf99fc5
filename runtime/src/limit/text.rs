//! Text cut to a number of characters, with the mark where it was cut.

use core::fmt::{self, Write as _};

use serde::{Serialize, Serializer};

use super::{Cuts, MARK};

/// `Display` of the inner value, cut after `max_chars` characters with the mark
/// appended; a cut is reported to `cuts`. `Serialize` as that string, streamed into
/// the serializer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Truncated<'a, D> {
    value: D,
    max_chars: usize,
    cuts: Cuts<'a>,
}

impl<'a, D: fmt::Display> Truncated<'a, D> {
    pub(crate) fn new(value: D, max_chars: usize, cuts: Cuts<'a>) -> Self {
        Truncated {
            value,
            max_chars,
            cuts,
        }
    }
}

impl<D: fmt::Display> fmt::Display for Truncated<'_, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut budget = Budget {
            out: f,
            remaining: self.max_chars,
            cut: false,
            failed: false,
            held: [0; HELD_BYTES],
            held_len: 0,
        };
        let _ = write!(budget, "{}", self.value);
        budget.flush();
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

impl<D: fmt::Display> Serialize for Truncated<'_, D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A string cut like [`Truncated`], but written as it is when within the limit:
/// the usual short string is not formatted, and stays a plain string for a
/// serializer that needs one (a raw value's token).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Text<'a> {
    value: &'a str,
    max_chars: usize,
    cuts: Cuts<'a>,
}

impl<'a> Text<'a> {
    pub(crate) fn new(value: &'a str, max_chars: usize, cuts: Cuts<'a>) -> Self {
        Text {
            value,
            max_chars,
            cuts,
        }
    }

    /// The string cut, or `None` when it is within the limit. Byte length bounds
    /// the character count, so short text needs no counting.
    fn cut(&self) -> Option<Truncated<'a, &'a str>> {
        let (value, max_chars) = (self.value, self.max_chars);
        let whole = value.len() <= max_chars || value.chars().count() <= max_chars;
        (!whole).then(|| Truncated::new(value, max_chars, self.cuts))
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cut() {
            Some(cut) => cut.fmt(f),
            None => f.write_str(self.value),
        }
    }
}

impl Serialize for Text<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.cut() {
            Some(cut) => cut.serialize(serializer),
            None => serializer.serialize_str(self.value),
        }
    }
}

/// Bytes a [`Budget`] holds before passing them on: room for the usual message or
/// suggestion, so it reaches the output as one string. A `Value`'s string is then
/// allocated once at its length rather than grown piece by piece.
const HELD_BYTES: usize = 256;

/// A writer that passes through at most `remaining` characters, then fails so the
/// formatting stops early. It holds what it is given in `held` and passes it on
/// when that is full and at [`flush`](Self::flush).
struct Budget<'a, 'f> {
    out: &'a mut fmt::Formatter<'f>,
    remaining: usize,
    cut: bool,
    failed: bool,
    held: [u8; HELD_BYTES],
    held_len: usize,
}

impl Budget<'_, '_> {
    /// Passes on `s`, after what is held.
    fn pass(&mut self, s: &str) -> fmt::Result {
        if self.held_len + s.len() > HELD_BYTES {
            self.flush();
            if self.failed {
                return Err(fmt::Error);
            }
            if s.len() > HELD_BYTES {
                return self.out.write_str(s).inspect_err(|_| self.failed = true);
            }
        }
        self.held[self.held_len..self.held_len + s.len()].copy_from_slice(s.as_bytes());
        self.held_len += s.len();
        Ok(())
    }

    /// Passes on what is held.
    fn flush(&mut self) {
        let held = core::mem::take(&mut self.held_len);
        // Whole `str`s went in, so the bytes are UTF-8 and the `Err` arm never runs.
        if let Ok(text) = core::str::from_utf8(&self.held[..held])
            && !text.is_empty()
            && !self.failed
            && self.out.write_str(text).is_err()
        {
            self.failed = true;
        }
    }
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
            return self.pass(s);
        }
        match s.char_indices().nth(self.remaining) {
            None => {
                self.remaining -= s.chars().count();
                self.pass(s)
            }
            Some((boundary, _)) => {
                self.pass(&s[..boundary])?;
                self.remaining = 0;
                self.cut = true;
                Err(fmt::Error)
            }
        }
    }
}

#[cfg(test)]
mod tests {
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
        let result = write!(out, "{}", Truncated::new(Chatty, 10_000, Cuts::IGNORED));
        assert!(result.is_err());
        assert_eq!(out.0, 1);
    }

    #[test]
    fn truncated_display_stops_early_and_reports_the_cut() {
        let flag = core::cell::Cell::new(false);
        let text =
            Truncated::new(format_args!("{}{}", "abc", "def"), 4, Cuts::into(&flag)).to_string();
        assert_eq!(text, "abcd…[truncated]");
        assert!(flag.get());
    }

    /// Writes `piece` `times` times, one write each.
    struct Pieces(&'static str, usize);
    impl fmt::Display for Pieces {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            (0..self.1).try_for_each(|_| f.write_str(self.0))
        }
    }

    #[test]
    fn text_longer_than_what_is_held_passes_whole_or_cut() {
        // 600 bytes in 200 writes, past the 256 held, then a piece larger than that.
        let tail = "x".repeat(300);
        let whole = format!("{}{}", "abc".repeat(200), tail);
        let long = format!(
            "{}",
            Truncated::new(
                format_args!("{}{tail}", Pieces("abc", 200)),
                10_000,
                Cuts::IGNORED
            )
        );
        assert_eq!(long, whole);
        // Cut past the first 256 bytes.
        let flag = core::cell::Cell::new(false);
        let cut = Truncated::new(Pieces("abc", 200), 500, Cuts::into(&flag)).to_string();
        assert_eq!(cut, format!("{}ab{MARK}", "abc".repeat(166)));
        assert!(flag.get());
        // Two-byte characters across the 256th byte, cut by characters.
        let flag = core::cell::Cell::new(false);
        let cut = Truncated::new(Pieces("é", 300), 299, Cuts::into(&flag)).to_string();
        assert_eq!(cut, format!("{}{MARK}", "é".repeat(299)));
        assert!(flag.get());
    }

    #[test]
    fn text_at_the_limit_is_not_a_cut() {
        let flag = core::cell::Cell::new(false);
        let text = Truncated::new("abcé", 4, Cuts::into(&flag)).to_string();
        assert_eq!(text, "abcé");
        assert!(!flag.get());
    }
}
