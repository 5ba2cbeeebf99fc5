//! Go's formatting conventions, which the messages of the two Go servers (interbase
//! and the ontology server) follow.

use core::fmt;

/// A string written in double quotes with Go's `%q` escapes (`\"`, `\\`, `\n`,
/// `\t`, `\x1b`, `\u0085`, ...), the way Go servers quote values in their
/// messages. Other characters are written as they are.
///
/// ```
/// use tool_error_examples::go::quoted;
///
/// assert_eq!(quoted("say \"hi\"\n").to_string(), r#""say \"hi\"\n""#);
/// ```
pub fn quoted(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// See [`quoted`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        f.write_char('"')?;
        for c in self.0.chars() {
            match c {
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                '\u{07}' => f.write_str("\\a")?,
                '\u{08}' => f.write_str("\\b")?,
                '\u{0c}' => f.write_str("\\f")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                '\u{0b}' => f.write_str("\\v")?,
                c if (c as u32) < 0x20 || c == '\u{7f}' => write!(f, "\\x{:02x}", c as u32)?,
                c if c.is_control() => write!(f, "\\u{:04x}", c as u32)?,
                c => f.write_char(c)?,
            }
        }
        f.write_char('"')
    }
}
