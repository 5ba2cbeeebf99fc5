//! What a tool's input schema says of one field, in words for a model.
//!
//! serde knows little of what it expected: a missing field is only a name. The
//! tool's JSON Schema, as schemars writes it for rmcp, knows the type, bounds,
//! choices and documentation. A shape not covered here gives `None`, so the caller
//! keeps serde's words rather than guessed ones.
//!
//! This module finds the schema at a field's path (a [`View`] of every object that
//! makes it up); `wording` says what that schema requires.

use serde_json::{Map, Value};

use super::de::Step;
use super::words;

mod wording;

/// A JSON object, as a schema.
type Object = Map<String, Value>;

/// How many objects (`$ref`, `allOf`, `Option`) may make up the schema at one
/// place; more is a `$ref` cycle.
const MAX_MERGED: usize = 32;
/// The longest description appended; a longer one is cut after a word, with `…`.
/// Stated in [`ArgumentError::with_schema`](super::ArgumentError::with_schema).
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
/// whole input), with the field's description (cut past [`MAX_DESCRIPTION_CHARS`])
/// when it says more than the rules' words: `an integer from 1 to 5 (How urgent the note is)`. The
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

/// A description's first paragraph on one line (schemars keeps a doc comment's
/// line breaks), without a lone final period, in at most [`MAX_DESCRIPTION_CHARS`]
/// characters.
fn summary(description: Option<&Value>) -> Option<String> {
    let paragraph = description?.as_str()?.trim().split("\n\n").next()?;
    let mut line = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    // One sentence reads as a note in parentheses; several keep their stops.
    if line.ends_with('.') && !line.ends_with("..") && !line.contains(". ") {
        line.pop();
    }
    (!line.is_empty()).then(|| words::abridged(line, MAX_DESCRIPTION_CHARS))
}

#[cfg(test)]
mod tests;
