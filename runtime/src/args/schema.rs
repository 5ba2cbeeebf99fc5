//! What a tool's input schema says of one field, in words for a model.
//!
//! serde knows little of what it expected: a missing field is only a name. The
//! tool's JSON Schema, as schemars writes it for rmcp, knows the type, bounds,
//! choices and documentation. A shape not covered here gives `None`, so the caller
//! keeps serde's words rather than guessed ones.

use std::slice;

use serde_json::{Map, Number, Value};

use super::de::Step;

/// A JSON object, as a schema.
type Object = Map<String, Value>;

/// How many objects (`$ref`, `allOf`, `Option`) may make up the schema at one
/// place; more is a `$ref` cycle.
const MAX_MERGED: usize = 32;
/// How many levels of items and map values are said: `arrays of numbers` is two.
const MAX_NESTING: usize = 2;
/// How many choices or field names are listed; the rest are counted.
const MAX_LISTED: usize = 20;
/// The longest description appended; a longer one is left out.
const MAX_DESCRIPTION_CHARS: usize = 120;

/// Which of a schema's rules its words may state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rules {
    /// Every rule the words know: types and choices, bounds, lengths, counts,
    /// formats and patterns. For a schema the server checks the input against.
    Checked,
    /// Types, choices and required fields only: what reading the input into its
    /// Rust type enforces, for a schema the server does not check. A bound that
    /// nothing checks is not stated.
    Read,
}

/// What `schema`, a tool's input schema, says of the value at `path` (a violation's
/// field: `compounds[1]`, `custom_bounds.cpd00027`, `["odd key"]`; empty for the
/// whole input), with the field's description when short and when it says more
/// than the rules' words: `an integer from 1 to 5 (How urgent the note is)`. The
/// words suit a missing field or a bad value, not an unknown field or a bad map key.
pub(super) fn expected_at(schema: &Object, path: &str, rules: Rules) -> Option<String> {
    let view = view_at(schema, path, rules)?;
    let words = view.words(0)?.singular();
    let description = summary(view.get("description")).filter(|text| adds(text, &words));
    Some(match description {
        Some(description) => format!("{words} ({description})"),
        None => words,
    })
}

/// The fields the object at `path` declares: what may stand where a field it does
/// not accept was sent.
#[cfg_attr(not(feature = "jsonschema"), allow(dead_code))]
pub(super) fn fields_at(schema: &Object, path: &str) -> Option<Vec<String>> {
    let view = view_at(schema, path, Rules::Read)?;
    let mut fields: Vec<String> = Vec::new();
    let declared = view
        .all
        .iter()
        .filter_map(|object| object.get("properties")?.as_object());
    for name in declared.flat_map(Map::keys) {
        if !fields.contains(name) {
            fields.push(name.clone());
        }
    }
    (!fields.is_empty()).then_some(fields)
}

/// The schema at `path`, with every object that makes it up.
fn view_at<'a>(schema: &'a Object, path: &str, rules: Rules) -> Option<View<'a>> {
    let mut here = schema;
    for step in parse_path(path)? {
        here = View::of(schema, here, rules)?.step(&step)?;
    }
    View::of(schema, here, rules)
}

/// Whether a description says something the rules' words do not: some word of it
/// is not among theirs (`Integer from 1 to 5` beside `an integer from 1 to 5` adds
/// nothing; `How urgent the note is` does).
fn adds(description: &str, words: &str) -> bool {
    let said: Vec<String> = words
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .collect();
    description
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .any(|word| !said.contains(&word.to_lowercase()))
}

/// The steps of a path as the deserialiser writes it: a plain key (after a `.` but
/// at the start), a position as `[1]`, any other key as a JSON string in brackets.
fn parse_path(mut rest: &str) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    while !rest.is_empty() {
        let bracket = rest.strip_prefix('[');
        if let Some(inside) = bracket.filter(|inside| inside.starts_with('"')) {
            let mut keys = serde_json::Deserializer::from_str(inside).into_iter();
            steps.push(Step::Key(keys.next()?.ok()?));
            rest = inside.get(keys.byte_offset()..)?.strip_prefix(']')?;
        } else if let Some((digits, after)) = bracket.and_then(|inside| inside.split_once(']')) {
            // `parse` alone would take `+1`.
            digits.bytes().all(|b| b.is_ascii_digit()).then_some(())?;
            steps.push(Step::Index(digits.parse().ok()?));
            rest = after;
        } else {
            let key = rest
                .strip_prefix('.')
                .or_else(|| steps.is_empty().then_some(rest))?;
            let end = key.find(['.', '[']).unwrap_or(key.len());
            let (key, after) = key
                .split_at_checked(end)
                .filter(|(key, _)| !key.is_empty())?;
            steps.push(Step::Key(key.to_owned()));
            rest = after;
        }
    }
    Some(steps)
}

/// The schema at one place: a field's own object, what its `$ref` points to, its
/// `allOf` members, the type inside an `Option`; outermost first, so a field's
/// description comes before its type's.
struct View<'a> {
    /// The whole schema, which `$ref`s point into.
    root: &'a Object,
    /// Which rules the words state.
    rules: Rules,
    /// The objects that apply.
    all: Vec<&'a Object>,
    /// Whether `null` is allowed too.
    null: bool,
}

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
    /// The view of `schema`; `None` past [`MAX_MERGED`] objects or at a bad `$ref`.
    fn of(root: &'a Object, schema: &'a Object, rules: Rules) -> Option<View<'a>> {
        let mut view = View {
            root,
            rules,
            all: Vec::new(),
            null: false,
        };
        view.gather(schema)?;
        Some(view)
    }

    /// Adds `schema` and what it brings in.
    fn gather(&mut self, schema: &'a Object) -> Option<()> {
        if self.all.len() >= MAX_MERGED {
            return None;
        }
        self.all.push(schema);
        if let Some(Value::Array(types)) = schema.get("type") {
            self.null |= types.iter().any(|name| name == "null");
        }
        // OpenAPI 3.0's way of saying `or null`.
        self.null |= schema.get("nullable") == Some(&Value::Bool(true));
        if let Some(reference) = schema.get("$ref") {
            self.gather(resolve(self.root, reference.as_str()?)?)?;
        }
        if let Some(members) = schema.get("allOf") {
            for member in members.as_array()? {
                self.gather(member.as_object()?)?;
            }
        }
        if let Some(inner) = nullable(schema) {
            self.null = true;
            self.gather(inner)?;
        }
        Some(())
    }

    /// The first value of `key` among the objects.
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.all.iter().find_map(|object| object.get(key))
    }

    /// The first value of `key`, a rule only the check enforces (a bound, a
    /// length, a format, a pattern), when the words may state it.
    fn checked(&self, key: &str) -> Option<&'a Value> {
        self.get(key).filter(|_| self.rules == Rules::Checked)
    }

    /// A count (`minItems`, `maxLength`...) other than 0.
    fn count(&self, key: &str) -> Option<u64> {
        self.checked(key)?.as_u64().filter(|&n| n > 0)
    }

    /// The schema of the field `key`.
    fn property(&self, key: &str) -> Option<&'a Value> {
        let mut all = self.all.iter();
        all.find_map(|object| object.get("properties")?.get(key))
    }

    /// The `oneOf` or `anyOf` branches, other than an `Option`'s.
    fn branches(&self) -> Option<&'a [Value]> {
        let mut objects = self.all.iter().filter(|object| nullable(object).is_none());
        let either = objects.find_map(|object| object.get("oneOf").or(object.get("anyOf")))?;
        Some(either.as_array()?.as_slice())
    }

    /// The schema one step down.
    fn step(&self, step: &Step) -> Option<&'a Object> {
        let found = match step {
            Step::Key(key) => self.property(key).or_else(|| self.variant(key)),
            Step::Index(index) => self.get("prefixItems").and_then(|tuple| tuple.get(*index)),
        };
        let found = found.or_else(|| match step {
            Step::Key(_) => self.get("additionalProperties"),
            Step::Index(_) => self.get("items"),
        });
        // `true` and `false` as schemas say nothing.
        found?.as_object()
    }

    /// The schema of the field `key` in the one branch that has it: an enum's
    /// variant (`shape.Circle`).
    fn variant(&self, key: &str) -> Option<&'a Value> {
        let branches = self.branches()?.iter().filter_map(Value::as_object);
        let mut having =
            branches.filter_map(|branch| View::of(self.root, branch, self.rules)?.property(key));
        having.next().filter(|_| having.next().is_none())
    }

    /// The words for the value; `level` counts the items and values above it.
    fn words(&self, level: usize) -> Option<Words> {
        if let Some(mut choices) = self.choices() {
            if self.null && !choices.iter().any(|choice| choice == "null") {
                choices.push("null".to_owned());
            }
            return Some(Words::Text(match choices.as_slice() {
                [one] => one.clone(),
                _ => format!("one of: {}", listed(&choices)),
            }));
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
        let (count, one) = match (self.count("minItems"), self.count("maxItems")) {
            (Some(min), Some(max)) if min == max => (format!("{min} "), min == 1),
            (Some(min), Some(max)) => (format!("{min} to {max} "), false),
            (Some(min), None) => (format!("at least {min} "), min == 1),
            (None, Some(max)) => (format!("at most {max} "), max == 1),
            (None, None) => (String::new(), false),
        };
        // A tuple's items differ: its count says enough.
        let items = match self.get("prefixItems") {
            Some(_) => None,
            None => self.inner("items", level),
        };
        let (item, s) = if one { ("item", "") } else { ("items", "s") };
        let rest = match items {
            Some(Words::Noun(_, noun, rest)) => format!(" of {count}{noun}{s}{rest}"),
            Some(Words::Text(text)) => format!(" of {count}{item}, each {text}"),
            None if count.is_empty() => String::new(),
            None => format!(" of {count}{item}"),
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
            Some(Words::Noun(_, noun, rest)) => format!(" whose values are {noun}s{rest}"),
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
        let characters = |n: u64| format!("{n} character{}", if n == 1 { "" } else { "s" });
        let (article, noun, mut rest) = match (self.count("minLength"), self.count("maxLength")) {
            (Some(1), None) => ("a", format!("non-empty {noun}"), String::new()),
            (Some(min), Some(max)) if min == max => {
                (article, noun, format!(" of {}", characters(min)))
            }
            (Some(min), Some(max)) => (article, noun, format!(" of {min} to {max} characters")),
            (Some(min), None) => (article, noun, format!(" of at least {min} characters")),
            (None, Some(max)) => (article, noun, format!(" of at most {}", characters(max))),
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
        // A bound of 19 digits or more (a 64-bit type's) is noise, as in words.rs.
        let noise = match value.as_i64() {
            Some(n) => n.unsigned_abs() >= 10_u64.pow(18),
            None => value.as_f64()?.abs() >= 1e18,
        };
        (!noise).then_some((value, exclusive))
    }
}

/// The schema a `$ref` points to: `#` (the root, which schemars uses for a
/// recursive root type) or a named type, `#/$defs/Name` or `#/definitions/Name`.
fn resolve<'a>(root: &'a Object, reference: &str) -> Option<&'a Object> {
    if reference == "#" {
        return Some(root);
    }
    let (defs, name) = reference.strip_prefix("#/")?.split_once('/')?;
    let named = matches!(defs, "$defs" | "definitions");
    root.get(defs).filter(|_| named)?.get(name)?.as_object()
}

/// The schema inside an `Option`: `anyOf` (or `oneOf`) it and `{"type": "null"}`.
fn nullable(schema: &Object) -> Option<&Object> {
    let either = schema.get("anyOf").or(schema.get("oneOf"))?.as_array()?;
    let is_null = |branch: &Value| branch.get("type").is_some_and(|t| t == "null");
    match either.as_slice() {
        [inner, null] | [null, inner] if is_null(null) && !is_null(inner) => inner.as_object(),
        _ => None,
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
enum Words {
    /// An article, a noun whose plural adds `s`, and words after it: `a`,
    /// `string`, ` of 1 to 64 characters`.
    Noun(&'static str, String, String),
    /// Words that are not counted: `one of: low, high`, `a string or null`.
    Text(String),
}

impl Words {
    /// The words for one value.
    fn singular(self) -> String {
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

/// The first [`MAX_LISTED`] of `items`, and how many more.
fn listed(items: &[String]) -> String {
    let shown = items.get(..MAX_LISTED).unwrap_or(items).join(", ");
    match items.len().saturating_sub(MAX_LISTED) {
        0 => shown,
        more => format!("{shown}, and {more} more"),
    }
}

/// A description's first paragraph on one line (schemars keeps a doc comment's
/// line breaks), without a lone final period, when it is short enough.
fn summary(description: Option<&Value>) -> Option<String> {
    let paragraph = description?.as_str()?.trim().split("\n\n").next()?;
    let mut line = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    // One sentence reads as a note in parentheses; several keep their stops.
    if line.ends_with('.') && !line.ends_with("..") && !line.contains(". ") {
        line.pop();
    }
    (!line.is_empty() && line.chars().count() <= MAX_DESCRIPTION_CHARS).then_some(line)
}
#[cfg(test)]
mod tests;
