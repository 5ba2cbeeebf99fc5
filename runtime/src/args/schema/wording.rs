//! The words a view of the schema says its rules in: types, choices, bounds,
//! lengths, counts, formats and patterns (`an integer from 1 to 5`, `a non-empty
//! string`, `one of: low, high`), the checked rules only under [`Rules::Checked`].

use std::slice;

use serde_json::{Number, Value};

use super::{Object, Rules, View};
use crate::args::words::{counted, is_noise, listed, one_of};

/// How many levels of items and map values are said: `arrays of numbers` is two.
const MAX_NESTING: usize = 2;
/// The string formats the check enforces: the ones the `jsonschema` validator knows
/// (JSON Schema 2020-12, without its `idna` feature). A schema's other formats are
/// not checked, so their words say only `a string`; a test compares the list with
/// what the validator compiles.
pub(super) const CHECKED_FORMATS: &[&str] = &[
    "date",
    "date-time",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "iri",
    "iri-reference",
    "json-pointer",
    "regex",
    "relative-json-pointer",
    "time",
    "uri",
    "uri-reference",
    "uri-template",
    "uuid",
];

impl<'a> View<'a> {
    /// The first value of `key`, a rule only the check enforces (a bound, a
    /// length, a format, a pattern), when the words may state it.
    fn checked(&self, key: &str) -> Option<&'a Value> {
        self.get(key).filter(|_| self.rules == Rules::Checked)
    }

    /// A count (`minItems`, `maxLength`...) other than 0.
    fn count(&self, key: &str) -> Option<u64> {
        self.checked(key)?.as_u64().filter(|&n| n > 0)
    }

    /// The words for the value; `level` counts the items and values above it.
    pub(super) fn words(&self, level: usize) -> Option<Words> {
        if let Some(mut choices) = self.choices() {
            if self.null && !choices.iter().any(|choice| choice == "null") {
                choices.push("null".to_owned());
            }
            return Some(Words::Text(one_of(&choices)));
        }
        // Other alternatives (an untagged or tagged enum) are not said.
        if self.branches().is_some() {
            return None;
        }
        let name = match self.get("type")? {
            Value::Array(names) => {
                let mut names = names.iter().filter(|name| *name != "null");
                names.next().filter(|_| names.next().is_none())?
            }
            name => name,
        };
        let words = match name.as_str()? {
            "string" => self.string_words(),
            "integer" => self.number_words(true),
            "number" => self.number_words(false),
            "boolean" => Words::Noun("a", "boolean".to_owned(), String::new()),
            "array" => self.array_words(level),
            "object" => self.object_words(level),
            _ => return None,
        };
        if !self.null {
            return Some(words);
        }
        let words = words.singular();
        // `x, y or null` would read as a list: `x, y; or null`.
        let separator = if words.contains([',', ':']) { ";" } else { "" };
        Some(Words::Text(format!("{words}{separator} or null")))
    }

    /// The allowed values: an `enum`, a `const`, or `oneOf`/`anyOf` branches that
    /// are all of those (schemars' enum with documented variants).
    fn choices(&self) -> Option<Vec<String>> {
        let values = match self.all.iter().find_map(|object| values(object)) {
            Some(values) => vec![values],
            None => (self.branches()?.iter())
                .map(|branch| values(branch.as_object()?))
                .collect::<Option<_>>()?,
        };
        let choices: Vec<String> = values.into_iter().flatten().map(choice).collect();
        (!choices.is_empty()).then_some(choices)
    }

    /// The words for the schema at `key` (items, map values), a level down.
    fn inner(&self, key: &str, level: usize) -> Option<Words> {
        let inner = self.get(key)?.as_object().filter(|_| level < MAX_NESTING)?;
        View::of(self.root, inner, self.rules)?.words(level + 1)
    }

    /// `an array of 1 to 3 strings`, `an array of items, each one of: a, b`.
    fn array_words(&self, level: usize) -> Words {
        let count = match (self.count("minItems"), self.count("maxItems")) {
            (Some(min), Some(max)) if min == max => min.to_string(),
            (Some(min), Some(max)) => format!("{min} to {max}"),
            (Some(min), None) => format!("at least {min}"),
            (None, Some(max)) => format!("at most {max}"),
            (None, None) => String::new(),
        };
        // A tuple's items differ: its count says enough.
        let items = match self.get("prefixItems") {
            Some(_) => None,
            None => self.inner("items", level),
        };
        let rest = match items {
            Some(Words::Noun(_, noun, rest)) => format!(" of {}{rest}", counted(&count, &noun)),
            Some(Words::Text(text)) => format!(" of {}, each {text}", counted(&count, "item")),
            None if count.is_empty() => String::new(),
            None => format!(" of {}", counted(&count, "item")),
        };
        Words::Noun("an", "array".to_owned(), rest)
    }

    /// `an object with required fields: a, b`, `an object whose values are ...`.
    fn object_words(&self, level: usize) -> Words {
        let required = self.get("required").and_then(Value::as_array);
        let required: Vec<String> = (required.into_iter().flatten())
            .filter_map(|name| Some(name.as_str()?.to_owned()))
            .collect();
        let rest = match self.inner("additionalProperties", level) {
            _ if !required.is_empty() => format!(" with required fields: {}", listed(&required)),
            Some(Words::Noun(_, noun, rest)) => {
                format!(" whose values are {}{rest}", counted("", &noun))
            }
            Some(Words::Text(text)) => format!(" whose values are each {text}"),
            None => String::new(),
        };
        Words::Noun("an", "object".to_owned(), rest)
    }

    /// `a string`, `a UUID string`, `a non-empty string`, `a string of 1 to 64 ...`.
    fn string_words(&self) -> Words {
        let format = self
            .checked("format")
            .and_then(Value::as_str)
            .filter(|format| CHECKED_FORMATS.contains(format));
        let (article, noun) = match format {
            Some("uuid") => ("a", "UUID string".to_owned()),
            Some("date-time") => ("an", "RFC 3339 date-time string".to_owned()),
            Some("date") => ("a", "YYYY-MM-DD date string".to_owned()),
            Some(format) if format.starts_with(['a', 'e', 'i', 'o', 'u']) => {
                ("an", format!("{format} string"))
            }
            Some(format) => ("a", format!("{format} string")),
            None => ("a", "string".to_owned()),
        };
        let characters = |count: String| format!(" of {}", counted(count, "character"));
        let (article, noun, mut rest) = match (self.count("minLength"), self.count("maxLength")) {
            (Some(1), None) => ("a", format!("non-empty {noun}"), String::new()),
            (Some(min), Some(max)) if min == max => (article, noun, characters(min.to_string())),
            (Some(min), Some(max)) => (article, noun, characters(format!("{min} to {max}"))),
            (Some(min), None) => (article, noun, characters(format!("at least {min}"))),
            (None, Some(max)) => (article, noun, characters(format!("at most {max}"))),
            (None, None) => (article, noun, String::new()),
        };
        if let Some(pattern) = self.checked("pattern").and_then(Value::as_str) {
            rest.push_str(&format!(" matching the pattern {pattern}"));
        }
        Words::Noun(article, noun, rest)
    }

    /// `an integer from 1 to 5`, `a non-negative integer`, `a number above 0 ...`.
    fn number_words(&self, integer: bool) -> Words {
        let (article, noun) = if integer {
            ("an", "integer")
        } else {
            ("a", "number")
        };
        let lower = self.bound("minimum", "exclusiveMinimum");
        let upper = self.bound("maximum", "exclusiveMaximum");
        let above = |exclusive| if exclusive { "above" } else { "of at least" };
        let below = |exclusive| if exclusive { "below" } else { "at most" };
        let rest = match (lower, upper) {
            (Some((min, false)), None) if min.as_f64() == Some(0.0) => {
                return Words::Noun("a", format!("non-negative {noun}"), String::new());
            }
            (Some((min, false)), Some((max, false))) => format!(" from {min} to {max}"),
            (Some((min, low)), None) => format!(" {} {min}", above(low)),
            (None, Some((max, false))) => format!(" of at most {max}"),
            (None, Some((max, high))) => format!(" {} {max}", below(high)),
            (Some((min, low)), Some((max, high))) => {
                format!(" {} {min} and {} {max}", above(low), below(high))
            }
            (None, None) => String::new(),
        };
        Words::Noun(article, noun.to_owned(), rest)
    }

    /// A bound as (value, exclusive): the inclusive keyword's, else the exclusive's.
    fn bound(&self, inclusive: &str, exclusive: &str) -> Option<(&'a Number, bool)> {
        let (value, exclusive) = match self.checked(inclusive).and_then(Value::as_number) {
            // Draft 4 makes `minimum` exclusive with `"exclusiveMinimum": true`.
            Some(value) => (value, self.get(exclusive) == Some(&Value::Bool(true))),
            None => (self.checked(exclusive)?.as_number()?, true),
        };
        // `as` saturates: a float past `u128` is noise too.
        let magnitude = match value.as_i64() {
            Some(n) => u128::from(n.unsigned_abs()),
            None => value.as_f64()?.abs() as u128,
        };
        (!is_noise(magnitude)).then_some((value, exclusive))
    }
}

/// The values `object` allows by `const` or `enum`.
fn values(object: &Object) -> Option<&[Value]> {
    match (object.get("const"), object.get("enum")) {
        (Some(value), _) => Some(slice::from_ref(value)),
        (None, Some(Value::Array(values))) => Some(values),
        _ => None,
    }
}

/// Words for a value.
#[derive(Debug)]
pub(super) enum Words {
    /// An article, a noun whose plural adds `s`, and words after it: `a`,
    /// `string`, ` of 1 to 64 characters`.
    Noun(&'static str, String, String),
    /// Words that are not counted: `one of: low, high`, `a string or null`.
    Text(String),
}

impl Words {
    /// The words for one value.
    pub(super) fn singular(self) -> String {
        match self {
            Words::Noun(article, noun, rest) => format!("{article} {noun}{rest}"),
            Words::Text(text) => text,
        }
    }
}

/// One choice: a string as it is, unless it would read as something else (empty,
/// with a comma or spaces at its ends, or other JSON such as `5`); then as JSON.
fn choice(value: &Value) -> String {
    let text = value.as_str().unwrap_or_default();
    let plain = !text.is_empty() && text.trim() == text && !text.contains(',');
    match value {
        Value::String(text) if plain && serde_json::from_str::<Value>(text).is_err() => {
            text.clone()
        }
        _ => value.to_string(),
    }
}
