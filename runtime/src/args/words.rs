//! serde's descriptions turned into words for a model: `an integer from 0 to 255`
//! rather than `u8`, `an array` rather than `a sequence`, the JSON type of what was
//! given rather than a Rust type.

use std::fmt;

use serde::de::{Expected, Unexpected};
use serde_json::Value;

/// What serde expected, for a value of the wrong type.
pub(super) fn expected_type(expected: &dyn Expected) -> String {
    let text = expected.to_string();
    match integer_range(&text) {
        Some((0, _)) => "a non-negative integer".to_owned(),
        Some(_) => "an integer".to_owned(),
        None => structural(&text),
    }
}

/// What serde expected, for a value of the right type but out of its domain.
pub(super) fn expected_value(expected: &dyn Expected) -> String {
    match integer_range(&expected.to_string()) {
        Some((min, max)) if !is_noise(max) => format!("an integer from {min} to {max}"),
        _ => expected_type(expected),
    }
}

/// The smallest bound that reads as noise rather than a rule: 19 digits, where the
/// bounds of 64-bit types (and wider) begin. Past it only the sign matters.
const NOISE: u128 = 10_u128.pow(18);

/// Whether a bound of this magnitude is noise, unsaid: `a non-negative integer`
/// rather than `an integer from 0 to 18446744073709551615`.
pub(super) fn is_noise(magnitude: u128) -> bool {
    magnitude >= NOISE
}

/// The bounds of a Rust integer type named by serde's primitive visitors.
fn integer_range(name: &str) -> Option<(i128, u128)> {
    macro_rules! range {
        ($($ty:ident),*) => {
            match name {
                $(stringify!($ty) => Some(($ty::MIN as i128, $ty::MAX as u128)),)*
                _ => None,
            }
        };
    }
    range!(
        i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
    )
}

/// serde's names for shapes and Rust primitives, in JSON's terms; anything else
/// (a type's own `expecting` text) is kept as written.
fn structural(text: &str) -> String {
    let word = match text {
        "f32" | "f64" => "a number",
        "a boolean" | "bool" => "a boolean",
        "a string" | "a borrowed string" | "string" => "a string",
        "a character" | "char" => "a single character",
        "a sequence" | "sequence" => "an array",
        "a map" | "map" => "an object",
        "unit" => "null",
        "option" => "a value or null",
        "a byte array" | "byte array" | "a borrowed byte array" => "an array of bytes",
        "variant identifier" | "field identifier" => "a known name",
        "path string" | "os string" => "a string",
        "newtype variant" => "the variant's value",
        "tuple variant" => "an array",
        "struct variant" => "an object",
        _ => return structural_prefix(text),
    };
    word.to_owned()
}

/// serde's descriptions that name a type or a count (`struct BuildMedia`,
/// `2 elements in sequence`), in JSON's terms.
fn structural_prefix(text: &str) -> String {
    let prefixed = [
        ("struct ", "an object"),
        ("internally tagged enum ", "an object"),
        ("adjacently tagged enum ", "an object"),
        ("unit struct ", "null"),
        ("unit variant ", "null"),
        ("a nonzero ", "a non-zero integer"),
        ("tuple struct ", "an array"),
        ("tuple variant ", "an array"),
        ("enum ", "one of the allowed values"),
    ];
    if let Some((_, word)) = prefixed.iter().find(|(prefix, _)| text.starts_with(prefix)) {
        return (*word).to_owned();
    }
    // What a sequence or map that was not read to its end was expected to hold:
    // `2 elements in sequence`, `1 element in map`.
    let elements = |text: &str| {
        let count = text.trim_end_matches(" elements");
        count.trim_end_matches(" element").to_owned()
    };
    if let Some(count) = text.strip_suffix(" in sequence") {
        return array_of(elements(count));
    }
    if let Some(count) = text.strip_suffix(" in map") {
        return object_with(elements(count));
    }
    for prefix in ["a tuple of size ", "tuple of size ", "an array of length "] {
        if let Some(size) = text.strip_prefix(prefix) {
            return array_of(size);
        }
    }
    text.to_owned()
}

/// The JSON type of what was given.
pub(super) fn json_type(unexpected: &Unexpected<'_>) -> &'static str {
    match unexpected {
        Unexpected::Bool(_) => "boolean",
        Unexpected::Unsigned(_) | Unexpected::Signed(_) | Unexpected::Float(_) => "number",
        Unexpected::Char(_) | Unexpected::Str(_) => "string",
        Unexpected::Bytes(_) => "bytes",
        Unexpected::Unit | Unexpected::Option => "null",
        Unexpected::Seq => "array",
        Unexpected::Map => "object",
        _ => "value",
    }
}

/// The JSON type of a value, in the words [`json_type`] uses: what a violation
/// says was given.
pub(super) fn value_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The longest value echoed back; a caller's value is cut past it.
const MAX_ECHO_CHARS: usize = 64;

/// What was given, as the caller wrote it: `300`, `-1.5`, `"owner"`, `true`; cut
/// to [`MAX_ECHO_CHARS`] characters (a string inside its quotes).
pub(super) fn given(unexpected: &Unexpected<'_>) -> String {
    match unexpected {
        Unexpected::Unsigned(n) => n.to_string(),
        Unexpected::Signed(n) => n.to_string(),
        // `1e300` is 301 digits.
        Unexpected::Float(n) => echo(&n.to_string()),
        Unexpected::Bool(b) => b.to_string(),
        Unexpected::Str(s) => quoted(s),
        Unexpected::Char(c) => quoted(c.encode_utf8(&mut [0; 4])),
        other => json_type(other).to_owned(),
    }
}

/// A string as JSON writes it, cut to [`MAX_ECHO_CHARS`] characters.
pub(crate) fn quoted(text: &str) -> String {
    let (kept, ellipsis) = cut(text);
    format!(
        "{}{ellipsis}",
        serde_json::to_string(kept).unwrap_or_default()
    )
}

/// A value's text (a number, a validator's JSON) cut to [`MAX_ECHO_CHARS`]
/// characters.
pub(crate) fn echo(text: &str) -> String {
    let (kept, ellipsis) = cut(text);
    format!("{kept}{ellipsis}")
}

/// What ends a text that was cut.
const ELLIPSIS: &str = "…";

/// The first [`MAX_ECHO_CHARS`] characters of `text`, and `…` if there were more.
fn cut(text: &str) -> (&str, &'static str) {
    match text.char_indices().nth(MAX_ECHO_CHARS) {
        Some((end, _)) => (&text[..end], ELLIPSIS),
        None => (text, ""),
    }
}

/// Prose in at most `max_chars` characters: whole when it fits, else cut after its
/// last word that fits, with `…` (mid-word only when that word starts in the first
/// half, so a cut never leaves a stub).
pub(super) fn abridged(mut text: String, max_chars: usize) -> String {
    if text.chars().nth(max_chars).is_none() {
        return text;
    }
    // Room for the ellipsis, a character of its own.
    let room = text
        .char_indices()
        .nth(max_chars.saturating_sub(1))
        .map_or(text.len(), |(at, _)| at);
    let end = match text[room..].starts_with(' ') {
        true => room,
        false => text[..room]
            .rfind(' ')
            .filter(|&space| space >= room / 2)
            .unwrap_or(room),
    };
    text.truncate(end);
    text.truncate(text.trim_end_matches([' ', ',', ';', ':']).len());
    text.push_str(ELLIPSIS);
    text
}

/// How many names or values a list says; the rest are counted.
const MAX_LISTED: usize = 20;

/// `low, high`: the first [`MAX_LISTED`] of `items`, and how many more
/// (`..., and 5 more`).
pub(super) fn listed<S: AsRef<str>>(items: &[S]) -> String {
    let shown: Vec<&str> = items.iter().take(MAX_LISTED).map(AsRef::as_ref).collect();
    match items.len().saturating_sub(MAX_LISTED) {
        0 => shown.join(", "),
        more => format!("{}, and {more} more", shown.join(", ")),
    }
}

/// `one of: low, high` ([`listed`]), `x` for a single choice, `nothing` for none.
pub(super) fn one_of<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => "nothing".to_owned(),
        [one] => one.as_ref().to_owned(),
        many => format!("one of: {}", listed(many)),
    }
}

/// `noun` after `count`, plural unless the count ends in 1: `1 item`, `3 items`,
/// `1 to 3 items`, `at most 1 item`; `items` without a count.
pub(super) fn counted(count: impl fmt::Display, noun: &str) -> String {
    let count = count.to_string();
    let s = if count.rsplit(' ').next() == Some("1") {
        ""
    } else {
        "s"
    };
    match count.as_str() {
        "" => format!("{noun}s"),
        count => format!("{count} {noun}{s}"),
    }
}

/// `an array of 3 items`, `an array of 1 item`.
pub(super) fn array_of(count: impl fmt::Display) -> String {
    format!("an array of {}", counted(count, "item"))
}

/// `an object with 3 fields`, `an object with 1 field`.
pub(super) fn object_with(count: impl fmt::Display) -> String {
    format!("an object with {}", counted(count, "field"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_names_become_json_words() {
        assert_eq!(expected_type(&"u8"), "a non-negative integer");
        assert_eq!(expected_type(&"i64"), "an integer");
        assert_eq!(expected_value(&"u8"), "an integer from 0 to 255");
        assert_eq!(expected_value(&"i16"), "an integer from -32768 to 32767");
        assert_eq!(expected_value(&"u32"), "an integer from 0 to 4294967295");
        assert_eq!(expected_value(&"u64"), "a non-negative integer");
        assert_eq!(expected_value(&"i128"), "an integer");
        assert_eq!(expected_type(&"f64"), "a number");
        assert_eq!(expected_type(&"a sequence"), "an array");
        assert_eq!(expected_type(&"struct BuildMedia"), "an object");
        assert_eq!(
            expected_type(&"an array of length 2"),
            "an array of 2 items"
        );
        assert_eq!(
            expected_type(&"2 elements in sequence"),
            "an array of 2 items"
        );
        assert_eq!(expected_type(&"1 element in map"), "an object with 1 field");
        assert_eq!(expected_type(&"a ModelSEED id"), "a ModelSEED id");
        assert_eq!(expected_type(&"unit struct Marker"), "null");
        assert_eq!(expected_type(&"internally tagged enum Step"), "an object");
        assert_eq!(expected_type(&"a nonzero u32"), "a non-zero integer");
        assert_eq!(given(&Unexpected::Float(1e300)).chars().count(), 65);
        assert_eq!(one_of(&["low", "high"]), "one of: low, high");
        assert_eq!(quoted(&"x".repeat(100)).chars().count(), 64 + 3);
    }

    #[test]
    fn a_list_says_its_first_twenty_and_counts_the_rest() {
        let names: Vec<String> = (1..=25).map(|n| format!("v{n}")).collect();
        let said = one_of(&names);
        assert!(said.starts_with("one of: v1, v2, "), "{said}");
        assert!(said.ends_with(", v20, and 5 more"), "{said}");
        assert_eq!(one_of(&names[..20]).matches(", ").count(), 19);
        assert_eq!(one_of::<&str>(&[]), "nothing");
    }

    #[test]
    fn prose_is_cut_after_a_word() {
        let fits = "a".repeat(10);
        assert_eq!(abridged(fits.clone(), 10), fits);
        assert_eq!(abridged("one two three".to_owned(), 10), "one two…");
        // The word ends where the room does; a comma before the cut goes.
        assert_eq!(abridged("one two three".to_owned(), 8), "one two…");
        assert_eq!(abridged("one two, three".to_owned(), 9), "one two…");
        assert_eq!(abridged("x".repeat(30), 10), format!("{}…", "x".repeat(9)));
        // Back to the space would leave a stub: the long word is cut instead.
        assert_eq!(
            abridged(format!("a {}", "y".repeat(30)), 10),
            format!("a {}…", "y".repeat(7))
        );
        assert_eq!(abridged("é".repeat(30), 10).chars().count(), 10);
    }

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(counted(1, "item"), "1 item");
        assert_eq!(counted(0, "item"), "0 items");
        assert_eq!(counted("1 to 3", "string"), "1 to 3 strings");
        assert_eq!(counted("at most 1", "character"), "at most 1 character");
        assert_eq!(counted("", "string"), "strings");
        assert!(!is_noise(u128::from(u32::MAX)) && is_noise(u128::from(u64::MAX)));
        assert!(is_noise(NOISE) && !is_noise(NOISE - 1));
    }
}
