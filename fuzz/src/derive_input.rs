//! Inputs for the derive: enums, structs and unions with random `#[tool_error(...)]`
//! keys and values (the real key list plus misspellings and junk), random field
//! shapes and types, and plain token soup.

use std::fmt::Write as _;
use std::sync::LazyLock;

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

use crate::bytes::Bytes;
use crate::derive::keys;

/// A generated input and what the generator knows about it.
#[derive(Debug)]
pub struct DeriveCase {
    /// The item, as tokens.
    pub tokens: TokenStream,
    /// The item as source text, when it was generated as text (for reports).
    pub source: Option<String>,
    /// Whether the input certainly has a mistake the derive must report: a key that
    /// exists nowhere, or a `redact` field interpolated into a message or suggestion.
    pub must_fail: bool,
    /// Whether the input is certainly valid, so the derive must accept it.
    pub must_pass: bool,
}

/// Every key the derive knows, wherever it belongs: its own lists, so a key added to
/// the derive is fuzzed (and never taken for an unknown one) without a change here.
pub static KEYS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| keys::KEYS.iter().map(|key| key.name).collect());

/// Names close to real keys (aliases other libraries use, typos): refused, with a
/// hint.
const NEAR_KEYS: &[&str] = &[
    "help",
    "hint",
    "suggestion",
    "retryable",
    "status",
    "http_status",
    "jsonrpc_code",
    "error_code",
    "redacted",
    "sensitive",
    "sugest",
    "kinds",
    "retry_afer",
    "Code",
];

/// Keys that exist nowhere and resemble nothing.
const JUNK_KEYS: &[&str] = &["frobnicate", "zzzzzzzzzzzzzzzzzzzzzzzzzz", "r#fn", "_", "x"];

/// Bare words a key's value may be: the derive's kind and channel words, and some
/// that are neither.
static VALUE_WORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let others = [
        "NotFound", "bogus", "true", "false", "r#type", "self", "crate",
    ];
    (keys::KINDS.iter().chain(keys::CHANNELS))
        .copied()
        .chain(others)
        .collect()
});
const VALUE_STRINGS: &[&str] = &[
    "MODEL_NOT_FOUND",
    "model_not_found",
    "A",
    "1ABC",
    "ABC_",
    "A23456789012345678901234567890123456789012345678901234567890123",
    "A234567890123456789012345678901234567890123456789012345678901234",
    "SCREAMING_SNAKE_CASE",
    "snake_case",
    "UPPERCASE",
    "lowercase",
    "kebab-case",
    "::tool_error",
    "::my::tool_error",
    "not a path",
    "gem-flux",
    "",
    "   ",
    "Check '{id}'",
    "{0}",
    "{1}",
    "{secret}",
    "{secret:?}",
    "{id} and {{literal}}",
    "{",
    "}",
    "{}",
    "{id:>5}",
    "{r#type}",
    "{ id }",
    "{9999999999}",
    "é漢🦀",
    "\u{0}",
];

const VALUE_INTS: &[&str] = &[
    "-32602",
    "-32000",
    "-32019",
    "-32020",
    "-32099",
    "-32100",
    "-32768",
    "-32700",
    "-31001",
    "0",
    "404",
    "399",
    "600",
    "-404",
    "2147483648",
    "-2147483649",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999999",
    "5u8",
    "0x10",
    "1_000",
    "1.5",
    "1e3",
];

const TYPE_NAMES: &[&str] = &[
    "String",
    "u64",
    "i32",
    "f64",
    "bool",
    "Option<u32>",
    "Option<String>",
    "std::time::Duration",
    "Option<std::time::Duration>",
    "&'a std::time::Duration",
    "Vec<String>",
    "Box<dyn std::error::Error + Send + Sync>",
    "std::io::Error",
    "std::backtrace::Backtrace",
    "Backtrace",
    "T",
    "Option<T>",
    "&'a str",
    "[u8; 4]",
    "(u8, String)",
    "fn() -> u8",
    "dyn Trait",
    "serde_json::Value",
    "Inner",
    "<T as Trait>::Assoc",
    "(Duration)",
];

const IDENTS: &[&str] = &[
    "Error",
    "E",
    "MyError",
    "ModelNotFound",
    "HttpError",
    "HTTPError",
    "A",
    "a",
    "r#type",
    "Ошибка",
    "Timeout",
    "Timeout",
    "X2",
    "_Private",
    "VeryLongVariantNameThatGoesOnAndOnAndOnBeyondTheSixtyThreeCharacterLimitOfCodes",
];

const FIELD_NAMES: &[&str] = &[
    "id",
    "secret",
    "source",
    "backtrace",
    "wait",
    "r#type",
    "steps",
    "body",
    "id",
    "x",
    "_",
];

/// Builds one derive input from `bytes`.
pub fn derive_case(bytes: &mut Bytes<'_>) -> DeriveCase {
    match bytes.byte() % 10 {
        0..=2 => structured(bytes, false),
        3..=5 => valid(bytes),
        6 => structured(bytes, true),
        7 => {
            let tokens = soup(bytes, 0);
            DeriveCase {
                tokens,
                source: None,
                must_fail: false,
                must_pass: false,
            }
        }
        _ => {
            let text = String::from_utf8_lossy(bytes.raw(512)).into_owned();
            let tokens = text.parse::<TokenStream>().unwrap_or_default();
            DeriveCase {
                tokens,
                source: Some(text),
                must_fail: false,
                must_pass: false,
            }
        }
    }
}

/// Where an attribute sits, to pick keys that belong there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Enum,
    Struct,
    Variant,
    Field,
}

const ENUM_KEYS: &[&str] = &[
    "rename_all",
    "domain",
    "legacy_jsonrpc",
    "kind",
    "kind",
    "category",
    "channel",
];
const VARIANT_KEYS: &[&str] = &[
    "code",
    "kind",
    "category",
    "recoverable",
    "no_effect",
    "message",
    "suggest",
    "suggest",
    "jsonrpc",
    "http",
    "channel",
    "transparent",
];
const FIELD_KEYS: &[&str] = &[
    "skip",
    "rename",
    "display",
    "retry_after",
    "suggestions",
    "next_calls",
    "details",
];

/// A value of the type `key` expects (mostly plausible ones).
fn typed_value(key: &str, bytes: &mut Bytes<'_>) -> String {
    let pick = |bytes: &mut Bytes<'_>, items: &[&str]| (*bytes.pick(items)).to_owned();
    match key {
        "legacy_jsonrpc" | "transparent" | "no_effect" | "skip" | "redact" | "display"
        | "retry_after" | "suggestions" | "next_calls" | "details" => String::new(),
        "recoverable" => pick(bytes, &["", " = true", " = false"]),
        "kind" => format!(" = {}", pick(bytes, keys::KINDS)),
        "channel" => format!(" = {}", pick(bytes, keys::CHANNELS)),
        "rename_all" => format!(
            " = {:?}",
            pick(
                bytes,
                &[
                    "SCREAMING_SNAKE_CASE",
                    "snake_case",
                    "UPPERCASE",
                    "lowercase"
                ]
            )
        ),
        "crate" => format!(
            " = {:?}",
            pick(bytes, &["::tool_error", "tool_error", "crate::te"])
        ),
        "code" => format!(
            " = {:?}",
            pick(
                bytes,
                &["MODEL_NOT_FOUND", "A1", "TIMEOUT", "X_Y", "RATE_LIMITED"]
            )
        ),
        "jsonrpc" => format!(
            " = {}",
            pick(bytes, &["-32602", "-32603", "-31001", "42", "-32700"])
        ),
        "http" => format!(" = {}", pick(bytes, &["404", "400", "422", "503", "599"])),
        _ => format!(
            " = {:?}",
            pick(
                bytes,
                &[
                    "database_error",
                    "gem-flux",
                    "requested_id",
                    "Check the input"
                ]
            )
        ),
    }
}

/// State while writing one item as source text.
struct Writer<'b, 'a> {
    bytes: &'b mut Bytes<'a>,
    out: String,
    must_fail: bool,
    /// `#[tool_error(...)]` attributes whose contents are token soup, spliced into
    /// the parsed tokens afterwards (soup cannot always be written as text).
    soup_attributes: bool,
    /// `#[error(...)]` attributes written on the current item or variant.
    error_attributes: usize,
}

/// An item written as source text with random keys and values, some well-typed and
/// some not; with `soup_attributes`, some attributes hold token soup instead.
pub fn structured(bytes: &mut Bytes<'_>, soup_attributes: bool) -> DeriveCase {
    let mut writer = Writer {
        bytes,
        out: String::new(),
        must_fail: false,
        soup_attributes,
        error_attributes: 0,
    };
    writer.item();
    let source = writer.out;
    let mut must_fail = writer.must_fail;
    let tokens = match source.parse::<TokenStream>() {
        Ok(tokens) if soup_attributes => splice_soup(tokens, writer.bytes),
        Ok(tokens) => tokens,
        Err(_) => {
            must_fail = false;
            TokenStream::new()
        }
    };
    DeriveCase {
        tokens,
        source: Some(source),
        must_fail,
        must_pass: false,
    }
}

impl Writer<'_, '_> {
    fn item(&mut self) {
        let shape = self.bytes.byte() % 20;
        let name = *self.bytes.pick(IDENTS);
        let container = if shape < 14 {
            Place::Enum
        } else {
            Place::Struct
        };
        let container_attributes = self.bytes.count(5);
        let generics = *self.bytes.pick(&[
            "",
            "",
            "<T>",
            "<'a>",
            "<'a, T: Clone>",
            "<T: ?Sized>",
            "<const N: usize>",
            "<T = u8>",
        ]);
        let vis = *self.bytes.pick(&["", "pub ", "pub(crate) "]);
        match shape {
            0..=13 => {
                self.error_attributes = 0;
                for _ in 0..container_attributes {
                    self.attribute(container, None);
                }
                let _ = write!(self.out, "{vis}enum {name}{generics} ");
                self.where_clause();
                self.out.push('{');
                for index in 0..self.bytes.count(12) {
                    // Mostly distinct names; sometimes ones whose codes collide.
                    let variant = match self.bytes.byte() % 4 {
                        0 => (*self.bytes.pick(IDENTS)).to_owned(),
                        _ => format!("Variant{index}"),
                    };
                    let variant = variant.as_str();
                    let fields = self.fields_of();
                    self.error_attributes = 0;
                    for _ in 0..self.bytes.count(4) {
                        self.attribute(Place::Variant, Some(&fields));
                    }
                    self.out.push_str(variant);
                    self.fields(&fields);
                    if self.bytes.byte().is_multiple_of(16) {
                        self.out.push_str(" = 3");
                    }
                    self.out.push(',');
                }
                self.out.push('}');
            }
            14..=18 => {
                let fields = self.fields_of();
                // Attributes written before the item name see the fields too.
                let mut attributes = String::new();
                std::mem::swap(&mut attributes, &mut self.out);
                self.error_attributes = 0;
                for _ in 0..container_attributes {
                    self.attribute(container, Some(&fields));
                }
                std::mem::swap(&mut attributes, &mut self.out);
                self.out.push_str(&attributes);
                let _ = write!(self.out, "{vis}struct {name}{generics}");
                match fields.shape {
                    FieldsShape::Named => {
                        self.where_clause();
                        self.fields(&fields);
                    }
                    FieldsShape::Tuple => {
                        self.fields(&fields);
                        self.where_clause();
                        self.out.push(';');
                    }
                    FieldsShape::Unit => {
                        self.where_clause();
                        self.out.push(';');
                    }
                }
            }
            _ => {
                for _ in 0..container_attributes {
                    self.attribute(container, None);
                }
                let _ = write!(self.out, "union {name}{generics} {{ a: u8, b: u16 }}");
            }
        }
    }

    fn where_clause(&mut self) {
        if self.bytes.byte().is_multiple_of(8) {
            self.out.push_str(" where T: Clone ");
        }
    }

    fn fields_of(&mut self) -> Fields {
        let shape = match self.bytes.byte() % 3 {
            0 => FieldsShape::Unit,
            1 => FieldsShape::Named,
            _ => FieldsShape::Tuple,
        };
        let count = match shape {
            FieldsShape::Unit => 0,
            _ => self.bytes.count(6),
        };
        let fields = (0..count)
            .map(|index| {
                let name = match shape {
                    FieldsShape::Named => (*self.bytes.pick(FIELD_NAMES)).to_owned(),
                    _ => index.to_string(),
                };
                Field {
                    name,
                    redact: self.bytes.byte().is_multiple_of(8),
                }
            })
            .collect();
        Fields { shape, fields }
    }

    fn fields(&mut self, fields: &Fields) {
        let (open, close) = match fields.shape {
            FieldsShape::Unit => return,
            FieldsShape::Named => ('{', '}'),
            FieldsShape::Tuple => ('(', ')'),
        };
        self.out.push(open);
        for field in &fields.fields {
            for _ in 0..self.bytes.count(2) {
                let attribute = *self.bytes.pick(&[
                    "#[source]",
                    "#[from]",
                    "#[backtrace]",
                    "#[serde(skip)]",
                    "#[doc = \"d\"]",
                ]);
                self.out.push_str(attribute);
            }
            if field.redact {
                self.out.push_str("#[tool_error(redact)]");
            }
            for _ in 0..self.bytes.count(2) {
                self.field_attribute();
            }
            if let FieldsShape::Named = fields.shape {
                let _ = write!(self.out, "{}: ", field.name);
            }
            let ty = *self.bytes.pick(TYPE_NAMES);
            self.out.push_str(ty);
            self.out.push(',');
        }
        self.out.push(close);
    }

    fn field_attribute(&mut self) {
        self.out.push_str("#[tool_error(");
        for _ in 0..self.bytes.count(3) {
            self.key_at(Place::Field, None);
            self.out.push(',');
        }
        self.out.push_str(")]");
    }

    /// One attribute on a container or variant: `#[tool_error(...)]`, thiserror's
    /// `#[error(...)]`, or a doc comment.
    fn attribute(&mut self, place: Place, fields: Option<&Fields>) {
        match self.bytes.byte() % 8 {
            0..=4 => {
                if self.soup_attributes && self.bytes.byte().is_multiple_of(2) {
                    // Replaced by token soup in `splice_soup`.
                    self.out.push_str("#[tool_error(__soup__)]");
                    return;
                }
                self.out.push_str("#[tool_error(");
                for _ in 0..self.bytes.count(6) {
                    self.key_at(place, fields);
                    self.out.push(',');
                }
                self.out.push_str(")]");
            }
            5 | 6 => {
                let format = self.template(fields);
                let _ = write!(self.out, "#[error({format:?})]");
                self.error_attributes += 1;
                // Only the first `#[error]` counts: thiserror refuses a second one.
                if let Some(fields) = fields
                    && fields.mentions_redacted(&format)
                    && self.error_attributes == 1
                {
                    self.must_fail = true;
                }
            }
            _ => {
                let doc = self.bytes.text();
                let _ = write!(self.out, "#[doc = {doc:?}]");
            }
        }
    }

    /// A template string, sometimes naming one of `fields`.
    fn template(&mut self, fields: Option<&Fields>) -> String {
        let field = fields.and_then(|fields| {
            (!fields.fields.is_empty())
                .then(|| &fields.fields[self.bytes.below(fields.fields.len())])
        });
        match (field, self.bytes.byte() % 3) {
            (Some(field), 0) => format!("value {{{}}} here", field.name),
            (Some(field), 1) => format!("{{{}:?}}", field.name),
            _ => (*self.bytes.pick(VALUE_STRINGS)).to_owned(),
        }
    }

    /// Mostly a key that belongs at `place` with a value of its type; sometimes a
    /// template naming a field; sometimes anything at all.
    fn key_at(&mut self, place: Place, fields: Option<&Fields>) {
        if let Some(fields) = fields
            && place != Place::Enum
            && self.bytes.byte().is_multiple_of(4)
        {
            let key = *self.bytes.pick(&["message", "suggest"]);
            let template = self.template(Some(fields));
            if fields.mentions_redacted(&template) {
                self.must_fail = true;
            }
            let _ = write!(self.out, "{key} = {template:?}");
            return;
        }
        if !self.bytes.byte().is_multiple_of(4) {
            let keys = match place {
                Place::Enum => ENUM_KEYS,
                Place::Struct => VARIANT_KEYS,
                Place::Variant => VARIANT_KEYS,
                Place::Field => FIELD_KEYS,
            };
            let key = *self.bytes.pick(keys);
            let value = typed_value(key, self.bytes);
            let _ = write!(self.out, "{key}{value}");
            return;
        }
        self.key();
    }

    /// `key`, `key = value` or `key(...)`, for a known, near or junk key.
    fn key(&mut self) {
        let key = match self.bytes.byte() % 16 {
            0..=11 => *self.bytes.pick(&KEYS),
            12..=14 => {
                self.must_fail = true;
                *self.bytes.pick(NEAR_KEYS)
            }
            _ => {
                self.must_fail = true;
                *self.bytes.pick(JUNK_KEYS)
            }
        };
        self.out.push_str(key);
        match self.bytes.byte() % 12 {
            0..=1 => {}
            2..=4 => {
                let value = (*self.bytes.pick(VALUE_STRINGS)).to_owned();
                let _ = write!(self.out, " = {value:?}");
            }
            5..=6 => {
                let _ = write!(self.out, " = {}", self.bytes.pick(&VALUE_WORDS));
            }
            7..=8 => {
                let _ = write!(self.out, " = {}", self.bytes.pick(VALUE_INTS));
            }
            9 => {
                let text = self.bytes.text();
                let _ = write!(self.out, " = {text:?}");
            }
            10 => {
                let inner = *self
                    .bytes
                    .pick(&["", "a", "a = 1", "\"x\"", "kind = internal"]);
                let _ = write!(self.out, "({inner})");
            }
            _ => {
                let odd = *self.bytes.pick(&[
                    " = b\"bytes\"",
                    " = 'c'",
                    " = r#\"raw {id}\"#",
                    " = \"suffixed\"suffix",
                    " = 1.0",
                    " = a::b",
                    " = ",
                    " = - ",
                    " = (1)",
                    " = [1]",
                    " = c\"cstr\"",
                    " = -\"neg\"",
                ]);
                self.out.push_str(odd);
            }
        }
    }
}

enum FieldsShape {
    Unit,
    Named,
    Tuple,
}

struct Field {
    name: String,
    redact: bool,
}

struct Fields {
    shape: FieldsShape,
    fields: Vec<Field>,
}

impl Fields {
    /// Whether `template` interpolates a field marked `redact` (and no duplicate
    /// field of the same name hides which one it means). A field named `_` does not
    /// count: rustc refuses it, and `{_}` in a format string, before any leak.
    fn mentions_redacted(&self, template: &str) -> bool {
        self.fields.iter().any(|field| {
            let unique = self.fields.iter().filter(|f| f.name == field.name).count() == 1;
            field.redact
                && unique
                && field.name != "_"
                && (template.contains(&format!("{{{}}}", field.name))
                    || template.contains(&format!("{{{}:?}}", field.name)))
        })
    }
}

/// Replaces the contents of every `#[tool_error(__soup__)]` by token soup.
fn splice_soup(tokens: TokenStream, bytes: &mut Bytes<'_>) -> TokenStream {
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Group(group) => {
                let is_soup = group.stream().to_string() == "__soup__";
                let stream = if is_soup {
                    soup(bytes, 0)
                } else {
                    splice_soup(group.stream(), bytes)
                };
                let mut spliced = Group::new(group.delimiter(), stream);
                spliced.set_span(group.span());
                TokenTree::Group(spliced)
            }
            other => other,
        })
        .collect()
}

/// Random tokens: idents (keywords and key names among them), punctuation,
/// literals of every kind, and groups of every delimiter, to a bounded depth.
pub fn soup(bytes: &mut Bytes<'_>, depth: usize) -> TokenStream {
    let mut out = TokenStream::new();
    let count = bytes.count(24);
    for _ in 0..count {
        let tree = match bytes.byte() % 10 {
            0..=2 => {
                let name = match bytes.byte() % 3 {
                    0 => *bytes.pick(&KEYS),
                    1 => *bytes.pick(&VALUE_WORDS),
                    _ => *bytes.pick(&[
                        "enum",
                        "struct",
                        "union",
                        "tool_error",
                        "error",
                        "source",
                        "from",
                        "pub",
                        "where",
                        "T",
                        "fn",
                        "dyn",
                        "impl",
                        "Self",
                        "self",
                        "_",
                        "Ошибка",
                    ]),
                };
                match name.strip_prefix("r#") {
                    Some(raw) => TokenTree::Ident(Ident::new_raw(raw, Span::call_site())),
                    None => TokenTree::Ident(Ident::new(name, Span::call_site())),
                }
            }
            3..=5 => {
                let ch = *bytes.pick(&[
                    '#', '=', ',', ':', ';', '<', '>', '-', '&', '\'', '!', '?', '.', '*', '+',
                    '/', '@', '^', '|', '~', '$', '%',
                ]);
                let spacing = if bytes.bool() {
                    Spacing::Alone
                } else {
                    Spacing::Joint
                };
                TokenTree::Punct(Punct::new(ch, spacing))
            }
            6..=8 => TokenTree::Literal(literal(bytes)),
            _ => {
                let delimiter = *bytes.pick(&[
                    Delimiter::Parenthesis,
                    Delimiter::Bracket,
                    Delimiter::Brace,
                    Delimiter::None,
                ]);
                let inner = if depth < 6 {
                    soup(bytes, depth + 1)
                } else {
                    TokenStream::new()
                };
                TokenTree::Group(Group::new(delimiter, inner))
            }
        };
        out.extend([tree]);
    }
    out
}

fn literal(bytes: &mut Bytes<'_>) -> Literal {
    match bytes.byte() % 10 {
        0..=3 => {
            let text = match bytes.byte() % 2 {
                0 => (*bytes.pick(VALUE_STRINGS)).to_owned(),
                _ => bytes.text(),
            };
            Literal::string(&text)
        }
        4 => Literal::i64_unsuffixed(bytes.u64() as i64),
        5 => Literal::u64_suffixed(bytes.u64()),
        6 => {
            let value = f64::from_bits(bytes.u64());
            Literal::f64_unsuffixed(if value.is_finite() { value } else { 1.5 })
        }
        7 => Literal::character(*bytes.pick(crate::bytes::SPECIAL_CHARS)),
        8 => Literal::byte_string(bytes.raw(16)),
        _ => Literal::i128_suffixed(i128::from(bytes.u64() as i64) * 1_000_000_007),
    }
}

/// A valid input: every key where it belongs, once, with a value of its type; field
/// roles on fields of fitting types; templates naming fields that exist and are not
/// redacted. The derive must accept all of these.
pub fn valid(bytes: &mut Bytes<'_>) -> DeriveCase {
    let mut out = String::new();
    let is_enum = !bytes.byte().is_multiple_of(4);
    let name = *bytes.pick(&["Error", "MyError", "r#type", "E2"]);
    let generics = *bytes.pick(&["", "", "<T>", "<'a>", "<T: Clone>"]);
    let container_keys = if is_enum {
        vec![
            "rename_all",
            "domain",
            "legacy_jsonrpc",
            "category",
            "channel",
        ]
    } else {
        vec![
            "domain",
            "legacy_jsonrpc",
            "category",
            "channel",
            "recoverable",
            "http",
        ]
    };
    let mut keys = vec![typed_key("kind", bytes)];
    // A struct's keys all sit on the type: each key once.
    let mut struct_keys = vec!["kind"];
    for key in container_keys {
        if bytes.byte().is_multiple_of(3) {
            keys.push(typed_key(key, bytes));
            struct_keys.push(key);
        }
    }
    let _ = write!(out, "#[tool_error({})]", keys.join(", "));
    let variants = if is_enum { bytes.count(10) } else { 1 };
    let mut body = String::new();
    for index in 0..variants {
        let allow_unit = is_enum || bytes.bool();
        let fields = valid_fields(bytes, allow_unit);
        let mut keys = Vec::new();
        for key in [
            "kind",
            "category",
            "recoverable",
            "jsonrpc",
            "http",
            "channel",
        ] {
            if bytes.byte().is_multiple_of(4) && (is_enum || !struct_keys.contains(&key)) {
                keys.push(typed_key(key, bytes));
            }
        }
        let visible: Vec<&ValidField> =
            fields.fields.iter().filter(|f| f.can_interpolate).collect();
        let template = |bytes: &mut Bytes<'_>| -> String {
            match visible.get(bytes.below(visible.len() + 1)) {
                Some(field) if bytes.bool() => format!("about {{{}}} {{{{x}}}}", field.name),
                Some(field) => format!("{{{}:?}}", field.name),
                None => {
                    (*bytes.pick(&["Check the input", "Retry later", "é漢🦀 \u{0}"])).to_owned()
                }
            }
        };
        if bytes.bool() {
            keys.push(format!("message = {:?}", template(bytes)));
        }
        for _ in 0..bytes.count(3) {
            keys.push(format!("suggest = {:?}", template(bytes)));
        }
        if is_enum {
            if !keys.is_empty() {
                let _ = write!(body, "#[tool_error({})]", keys.join(", "));
            }
            let _ = write!(body, "Variant{index}{},", fields.text);
        } else {
            if !keys.is_empty() {
                let _ = write!(out, "#[tool_error({})]", keys.join(", "));
            }
            body = fields.text.clone();
            if !fields.named {
                body.push(';');
            }
        }
    }
    if is_enum {
        let _ = write!(out, "enum {name}{generics} {{{body}}}");
    } else if body.is_empty() {
        let _ = write!(out, "struct {name}{generics};");
    } else {
        let _ = write!(out, "struct {name}{generics} {body}");
    }
    let tokens = out.parse::<TokenStream>().unwrap_or_default();
    DeriveCase {
        tokens,
        source: Some(out),
        must_fail: false,
        must_pass: true,
    }
}

fn typed_key(key: &str, bytes: &mut Bytes<'_>) -> String {
    format!("{key}{}", typed_value(key, bytes))
}

struct ValidField {
    name: String,
    can_interpolate: bool,
}

struct ValidFields {
    text: String,
    named: bool,
    fields: Vec<ValidField>,
}

/// Fields with at most one of each role, each on a type that suits it.
fn valid_fields(bytes: &mut Bytes<'_>, allow_unit: bool) -> ValidFields {
    let named = !bytes.byte().is_multiple_of(3);
    let count = if allow_unit {
        bytes.count(6)
    } else {
        1 + bytes.count(5)
    };
    if count == 0 && allow_unit {
        return ValidFields {
            text: String::new(),
            named: true,
            fields: Vec::new(),
        };
    }
    let mut used_roles = Vec::new();
    let mut fields = Vec::new();
    let mut text = String::new();
    let mut whole_details = false;
    for index in 0..count {
        let name = if named {
            format!("{}{index}", bytes.pick(&["id", "r#type", "value", "x"]))
        } else {
            index.to_string()
        };
        let mut role = *bytes.pick(&[
            "plain",
            "plain",
            "plain",
            "redact",
            "rename",
            "display",
            "retry_after",
            "suggestions",
            "next_calls",
            "details",
            "skip",
            "source",
        ]);
        if used_roles.contains(&role) && role != "plain" && role != "skip" {
            role = "plain";
        }
        // Beside a `details` field nothing may be redacted, renamed or shown by
        // `Display`, and a tuple field is a detail only with a name.
        let detail_keys = ["redact", "rename", "display"];
        if whole_details && detail_keys.contains(&role) {
            role = "plain";
        }
        if role == "details" && detail_keys.iter().any(|key| used_roles.contains(key)) {
            role = "plain";
        }
        if !named && (role == "redact" || role == "display") {
            role = "rename";
        }
        used_roles.push(role);
        let (attributes, ty, can_interpolate) = match role {
            "redact" => ("#[tool_error(redact)]".to_owned(), "String", false),
            "display" => (
                "#[tool_error(display)]".to_owned(),
                *bytes.pick(&["std::net::Ipv4Addr", "u16", "Option<std::net::IpAddr>"]),
                false,
            ),
            "rename" if !named || bytes.bool() => (
                format!("#[tool_error(rename = \"renamed_{index}\")]"),
                "u64",
                true,
            ),
            "retry_after" => (
                "#[tool_error(retry_after)]".to_owned(),
                *bytes.pick(&[
                    "std::time::Duration",
                    "u64",
                    "Option<std::time::Duration>",
                    "i32",
                ]),
                true,
            ),
            "suggestions" => (
                "#[tool_error(suggestions)]".to_owned(),
                "Vec<String>",
                false,
            ),
            "next_calls" => (
                "#[tool_error(next_calls)]".to_owned(),
                "Vec<tool_error::next_call::Call>",
                false,
            ),
            "details" => {
                whole_details = true;
                (
                    "#[tool_error(details)]".to_owned(),
                    "serde_json::Value",
                    false,
                )
            }
            "skip" => ("#[tool_error(skip)]".to_owned(), "String", true),
            "source" => ("#[source]".to_owned(), "std::io::Error", false),
            _ => (
                String::new(),
                *bytes.pick(&["String", "u64", "Option<u32>", "Vec<String>", "f64", "bool"]),
                true,
            ),
        };
        let _ = write!(text, "{attributes} ");
        if named {
            let _ = write!(text, "{name}: ");
        }
        let _ = write!(text, "{ty},");
        fields.push(ValidField {
            name: name.strip_prefix("r#").map_or(name.clone(), str::to_owned),
            can_interpolate: can_interpolate && ty != "Vec<String>",
        });
    }
    let text = if named {
        format!("{{{text}}}")
    } else {
        format!("({text})")
    };
    ValidFields {
        text,
        named,
        fields,
    }
}
