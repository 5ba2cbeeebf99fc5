//! Every rule the derive enforces, one function each; all record into the context so
//! one compilation reports every mistake.

use std::collections::HashMap;

use syn::Member;

use super::ast::{ArgValue, Field, Input, Role, Shape, Variant};
use super::attr::{Int, Keys};
use super::ctxt::Ctxt;
use super::name::member_name;
use super::shown::{Target, Via};
use super::symbol::{self, KINDS, Place};
use super::template::Template;

/// The longest code allowed (AIP-193's limit for `reason`).
const MAX_CODE_LEN: usize = 63;

/// Runs every rule.
pub(crate) fn check(cx: &Ctxt, input: &Input<'_>) {
    let container_place = match input.shape {
        Shape::Enum => Place::Enum,
        Shape::Struct => Place::Struct,
    };
    placement(cx, &input.keys, container_place);
    non_empty(cx, &input.keys);
    docs_url(cx, &input.keys);
    for variant in &input.variants {
        if input.shape == Shape::Enum {
            placement(cx, &variant.keys, Place::Variant);
            non_empty(cx, &variant.keys);
            docs_url(cx, &variant.keys);
        }
        for field in &variant.fields {
            placement(cx, &field.keys, Place::Field);
            non_empty(cx, &field.keys);
        }
        if variant.is_transparent() {
            transparent(cx, input, variant);
            continue;
        }
        code_format(cx, input, variant);
        kind_present(cx, input, variant);
        if let Some(int) = variant.keys.jsonrpc.get() {
            jsonrpc_code(cx, *int, input.legacy_jsonrpc());
        }
        if let Some(int) = variant.keys.http.get() {
            http_status(cx, *int);
        }
        field_keys(cx, variant);
        single_role(cx, variant, Role::RetryAfter, "retry_after");
        single_role(cx, variant, Role::Suggestions, "suggestions");
        single_role(cx, variant, Role::WholeDetails, "details");
        detail_names(cx, variant);
        for template in variant.message.iter() {
            placeholders(cx, variant, template, "message");
        }
        for template in &variant.suggest {
            placeholders(cx, variant, template, "suggest");
        }
        next_calls(cx, variant);
        display_keeps_secrets(cx, variant);
    }
    unique_codes(cx, input);
}

/// A key written where it does not belong.
fn placement(cx: &Ctxt, keys: &Keys, place: Place) {
    for (key, span) in &keys.written {
        if !symbol::belongs(key, place) {
            let hint = if place == Place::Enum && symbol::VARIANT_KEYS.contains(key) {
                format!(
                    "put it on a variant; on the enum only {} set defaults",
                    symbol::one_of(symbol::ENUM_DEFAULT_KEYS.iter().copied())
                )
            } else {
                format!("put it {}", symbol::home_of(key))
            };
            cx.error_at(
                *span,
                format!("`{key}` does not belong on {}: {hint}", place.describe()),
            );
        }
    }
}

/// `docs` is an absolute web address, so clients can follow it.
fn docs_url(cx: &Ctxt, keys: &Keys) {
    if let Some(lit) = keys.docs.get() {
        let url = lit.value();
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"));
        let valid = rest.is_some_and(|rest| {
            !rest.is_empty() && !url.chars().any(|c| c.is_whitespace() || c.is_control())
        });
        if !valid {
            cx.error_spanned_by(
                lit,
                "`docs` is not a web address: write an absolute `https://` URL, e.g. \
                 `docs = \"https://docs.example.com/errors/\"`",
            );
        }
    }
}

/// String values that must say something.
fn non_empty(cx: &Ctxt, keys: &Keys) {
    let strings = [
        ("domain", keys.domain.get()),
        ("category", keys.category.get()),
        ("message", keys.message.get()),
        ("rename", keys.rename.get()),
    ];
    for (key, lit) in strings {
        if let Some(lit) = lit.filter(|lit| lit.value().trim().is_empty()) {
            cx.error_spanned_by(lit, format!("`{key}` is empty: give it text or remove it"));
        }
    }
    for lit in keys
        .suggest
        .iter()
        .filter(|lit| lit.value().trim().is_empty())
    {
        cx.error_spanned_by(
            lit,
            "`suggest` is empty: write a recovery step or remove it",
        );
    }
}

/// `[A-Z][A-Z0-9_]*[A-Z0-9]`, at most 63 characters (lowercase too under a
/// lowercase `rename_all`).
fn code_format(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
    let code = &variant.code;

    let problem = if code.is_empty() {
        Some("is empty".to_owned())
    } else if code.len() > MAX_CODE_LEN {
        Some(format!(
            "is {} characters long; the limit is {MAX_CODE_LEN}",
            code.len()
        ))
    } else if code.len() == 1 {
        Some("is a single character".to_owned())
    } else if !(well_formed(code, true)
        || input.rename.allows_lowercase() && well_formed(code, false))
    {
        Some(if input.rename.allows_lowercase() {
            "must be UPPER_SNAKE_CASE or lower_snake_case (letters, digits and `_`, starting with a letter, not ending with `_`)".to_owned()
        } else {
            "must be UPPER_SNAKE_CASE (capital letters, digits and `_`, starting with a letter, not ending with `_`)".to_owned()
        })
    } else {
        None
    };
    let Some(problem) = problem else { return };
    let message = match (variant.keys.code.is_set(), input.shape) {
        (true, _) => {
            format!("`code = {code:?}` {problem}: write e.g. `code = \"MODEL_NOT_FOUND\"`")
        }
        (false, shape) => {
            let named = if shape == Shape::Enum {
                "variant"
            } else {
                "struct"
            };
            format!(
                "the code `{code}`, derived from the {named} name, {problem}: set `code = \"...\"` on the {named}"
            )
        }
    };
    cx.error_at(variant.code_span, message);
}

fn well_formed(code: &str, upper: bool) -> bool {
    let bytes = code.as_bytes();
    let letter = |b: u8| {
        if upper {
            b.is_ascii_uppercase()
        } else {
            b.is_ascii_lowercase()
        }
    };
    let body = |b: u8| letter(b) || b.is_ascii_digit() || b == b'_';
    bytes.len() >= 2
        && letter(bytes[0])
        && bytes.iter().copied().all(body)
        && bytes.last().is_some_and(|b| *b != b'_')
}

/// Two variants with one code, explicit or derived.
fn unique_codes(cx: &Ctxt, input: &Input<'_>) {
    let mut seen: HashMap<&str, &Variant<'_>> = HashMap::new();
    for variant in input
        .variants
        .iter()
        .filter(|variant| !variant.is_transparent())
    {
        match seen.get(variant.code.as_str()) {
            Some(first) => cx.error_at(
                variant.code_span,
                format!(
                    "code `{}` is already used by variant `{}`: give one of them a distinct `code = \"...\"`",
                    variant.code, first.ident
                ),
            ),
            None => {
                seen.insert(&variant.code, variant);
            }
        }
    }
}

/// A variant needs a kind, its own or the enum's default.
fn kind_present(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
    // A `kind` written with a bad value, or `transparent` misplaced on the enum, is
    // already reported; "no kind" on top would only repeat it.
    let wrote = |keys: &Keys, key: &str| keys.written.iter().any(|(written, _)| *written == key);
    if wrote(&variant.keys, "kind")
        || wrote(&input.keys, "kind")
        || wrote(&input.keys, "transparent")
    {
        return;
    }
    let kinds = symbol::one_of(KINDS.iter().map(|(spelling, _)| *spelling));
    let message = match input.shape {
        Shape::Enum => format!(
            "variant `{}` has no kind: add `#[tool_error(kind = ...)]` with one of {kinds}, on the variant or on the enum as the default",
            variant.ident
        ),
        Shape::Struct => format!(
            "struct `{}` has no kind: add `#[tool_error(kind = ...)]` with one of {kinds}",
            variant.ident
        ),
    };
    cx.error_spanned_by(variant.ident, message);
}

/// JSON-RPC codes the specifications reserve.
fn jsonrpc_code(cx: &Ctxt, int: Int, legacy: bool) {
    const STANDARD: [i64; 5] = [-32700, -32600, -32601, -32602, -32603];
    let code = int.value;
    let problem = if i32::try_from(code).is_err() {
        Some(
            "does not fit in 32 bits, as JSON-RPC codes must: use e.g. `jsonrpc = -31001`"
                .to_owned(),
        )
    } else if STANDARD.contains(&code) || !(-32768..=-32000).contains(&code) {
        None
    } else if (-32019..=-32000).contains(&code) {
        (!legacy).then(|| "is in -32019..=-32000, which MCP (2026-07-28) marks legacy: use a code outside -32768..=-32000, or opt in with `#[tool_error(legacy_jsonrpc)]` on the type".to_owned())
    } else if (-32099..=-32020).contains(&code) {
        Some("is in -32099..=-32020, which MCP reserves: use a code outside -32768..=-32000, e.g. `jsonrpc = -31001`".to_owned())
    } else {
        Some("is in -32768..=-32000, which JSON-RPC 2.0 reserves: use a standard code (-32700, -32600..=-32603) or one outside that range".to_owned())
    };
    if let Some(problem) = problem {
        cx.error_at(int.span, format!("`jsonrpc = {code}` {problem}"));
    }
}

/// HTTP statuses for errors.
fn http_status(cx: &Ctxt, int: Int) {
    if !(400..=599).contains(&int.value) {
        cx.error_at(
            int.span,
            format!(
                "`http = {}` is not an error status: use 400..=599, e.g. `http = 404`",
                int.value
            ),
        );
    }
}

/// `transparent`: exactly one field, nothing else on the variant.
fn transparent(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
    let span = variant.keys.transparent.span;
    if variant.fields.len() != 1 {
        cx.error_at(
            span,
            format!(
                "`transparent` needs exactly one field to delegate to, and `{}` has {}: wrap the inner error alone",
                variant.ident,
                variant.fields.len()
            ),
        );
    }
    // On a struct the type's keys are the variant's; only `crate` and
    // `integrations` still matter.
    let allowed = |key: &str| {
        key == "transparent"
            || (input.shape == Shape::Struct && matches!(key, "crate" | "integrations"))
    };
    for (key, key_span) in &variant.keys.written {
        if !allowed(key) {
            cx.error_at(
                *key_span,
                format!("`{key}` cannot be combined with `transparent`: the wrapped error supplies it; remove `{key}`"),
            );
        }
    }
    for field in &variant.fields {
        for (key, key_span) in &field.keys.written {
            cx.error_at(
                *key_span,
                format!("`{key}` has no effect on the field of a `transparent` variant: remove it"),
            );
        }
    }
}

/// Field keys that contradict each other or the field.
fn field_keys(cx: &Ctxt, variant: &Variant<'_>) {
    let whole = variant.fields_with(Role::WholeDetails).next().is_some();
    for field in &variant.fields {
        let keys = &field.keys;
        if keys.skip.is_set() {
            for (key, span) in keys.written.iter().filter(|(key, _)| *key != "skip") {
                cx.error_at(
                    *span,
                    format!(
                        "`{key}` cannot be combined with `skip`: a skipped field is not rendered"
                    ),
                );
            }
            continue;
        }
        let roles = [
            ("details", keys.details.is_set()),
            ("retry_after", keys.retry_after.is_set()),
            ("suggestions", keys.suggestions.is_set()),
        ];
        let chosen: Vec<&str> = roles
            .iter()
            .filter(|(_, set)| *set)
            .map(|(key, _)| *key)
            .collect();
        if let [first, second, ..] = chosen.as_slice() {
            cx.error_at(
                field.span,
                format!("`{first}` and `{second}` cannot be combined: a field has one role"),
            );
        }
        let special = chosen
            .first()
            .copied()
            .or(if field.source || field.backtrace {
                Some("source")
            } else {
                None
            })
            .or(whole.then_some("beside"));
        if let Some(role) = special {
            for key in ["redact", "rename"] {
                if let Some((_, span)) = keys.written.iter().find(|(written, _)| *written == key) {
                    let what = match role {
                        "source" => {
                            "a source or backtrace field, which is never a detail".to_owned()
                        }
                        "beside" => {
                            "a field beside a `details` field, which supplies the whole details"
                                .to_owned()
                        }
                        role => format!("a `{role}` field"),
                    };
                    cx.error_at(
                        *span,
                        format!("`{key}` has no effect on {what}: remove `{key}`"),
                    );
                }
            }
        }
        if keys.redact.is_set()
            && !keys.rename.is_set()
            && matches!(field.member, Member::Unnamed(_))
            && special.is_none()
        {
            cx.error_at(
                keys.redact.span,
                "a tuple field is a detail only with a name: add `rename = \"...\"` beside `redact`",
            );
        }
    }
}

/// At most one field per role.
fn single_role(cx: &Ctxt, variant: &Variant<'_>, role: Role, key: &str) {
    let fields: Vec<&Field<'_>> = variant.fields_with(role).collect();
    if let [_, rest @ ..] = fields.as_slice() {
        for field in rest {
            cx.error_at(
                field.span,
                format!(
                    "only one field of `{}` can be `{key}`: remove `{key}` from all but one",
                    variant.ident
                ),
            );
        }
    }
}

/// Two details with one key.
fn detail_names(cx: &Ctxt, variant: &Variant<'_>) {
    let mut seen: HashMap<String, ()> = HashMap::new();
    for field in variant.fields_with(Role::Detail) {
        let name = field.detail_name();
        if seen.insert(name.clone(), ()).is_some() {
            cx.error_at(
                field.span,
                format!("two details of `{}` are named `{name}`: give one a different `rename = \"...\"`", variant.ident),
            );
        }
    }
}

/// Placeholders must name fields; redacted fields may not be interpolated.
fn placeholders(cx: &Ctxt, variant: &Variant<'_>, template: &Template, key: &str) {
    for (name, debug) in template.placeholders() {
        let written = if debug {
            format!("{{{name}:?}}")
        } else {
            format!("{{{name}}}")
        };
        match variant.field_named(name) {
            None if variant.fields.is_empty() => cx.error_at(
                template.span,
                format!(
                    "`{written}` in `{key}` names a field, but `{}` has no fields: remove the placeholder (write `{{{{` and `}}}}` for literal braces)",
                    variant.ident
                ),
            ),
            None => cx.error_at(
                template.span,
                format!(
                    "`{written}` in `{key}` names no field of `{}`: use one of {}",
                    variant.ident,
                    field_list(variant)
                ),
            ),
            Some(field) if field.keys.redact.is_set() => cx.error_at(
                template.span,
                format!(
                    "`{written}` in `{key}` would reveal `{name}`, which is marked `redact`: remove the placeholder or the `redact`"
                ),
            ),
            Some(_) => {}
        }
    }
}

/// The longest tool name MCP allows.
const MAX_TOOL_NAME_LEN: usize = 128;

/// Each next call names a tool MCP allows, gives each argument once, and sends only
/// fields that exist and are not redacted.
fn next_calls(cx: &Ctxt, variant: &Variant<'_>) {
    for call in &variant.next_calls {
        match &call.tool {
            None if call.tool_written => {}
            None => cx.error_at(
                call.span,
                "`next_call` needs the tool to call: write `next_call(tool = \"search_compounds\", args(...))`",
            ),
            Some(lit) => {
                let tool = lit.value();
                let valid = !tool.is_empty()
                    && tool.len() <= MAX_TOOL_NAME_LEN
                    && tool
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
                if !valid {
                    cx.error_spanned_by(
                        lit,
                        format!(
                            "`{tool}` is not a tool name: MCP tool names are 1 to {MAX_TOOL_NAME_LEN} ASCII letters, digits, `_`, `-` or `.`"
                        ),
                    );
                }
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        for arg in &call.args {
            if seen.contains(&arg.name.as_str()) {
                cx.error_at(
                    arg.span,
                    format!(
                        "`{}` is given twice in this `next_call`: give each argument once",
                        arg.name
                    ),
                );
            }
            seen.push(&arg.name);
            match &arg.value {
                ArgValue::Text(template) => placeholders(cx, variant, template, "next_call"),
                ArgValue::Field(ident) => {
                    let name = super::name::unraw(&ident.to_string()).to_owned();
                    match variant.field_named(&name) {
                        None => cx.error_at(
                            ident.span(),
                            match named_fields(variant) {
                                Some(names) => format!(
                                    "`{name}` in `next_call` names no field of `{}`: send one of {names}, or write text as a string, `{} = \"...\"`",
                                    variant.ident, arg.name
                                ),
                                None => format!(
                                    "`{name}` in `next_call` names no field of `{}`, which has no named fields: send a tuple field as text, `{} = \"{{0}}\"`",
                                    variant.ident, arg.name
                                ),
                            },
                        ),
                        Some(field) if field.keys.redact.is_set() => cx.error_at(
                            ident.span(),
                            format!(
                                "`next_call` would send `{name}`, which is marked `redact`: leave it to the caller (`{} = _`) or remove the `redact`",
                                arg.name
                            ),
                        ),
                        Some(_) => {}
                    }
                }
                _ => {}
            }
        }
    }
}

/// The named fields, for messages about a field written as a bare name.
fn named_fields(variant: &Variant<'_>) -> Option<String> {
    let names: Vec<String> = variant
        .fields
        .iter()
        .filter_map(|field| match &field.member {
            Member::Named(ident) => Some(format!("`{ident}`")),
            Member::Unnamed(_) => None,
        })
        .collect();
    (!names.is_empty()).then(|| names.join(", "))
}

fn field_list(variant: &Variant<'_>) -> String {
    let names: Vec<String> = variant
        .fields
        .iter()
        .map(|field| match &field.member {
            Member::Named(ident) => format!("{{{ident}}}"),
            Member::Unnamed(index) => format!("{{{}}}", index.index),
        })
        .collect();
    symbol::one_of(names.iter().map(String::as_str))
}

/// thiserror's `#[error(...)]` (or another derive's `#[display(...)]`) makes the
/// `Display` that is the default message, so it must not show a redacted field: not
/// through any placeholder, argument, `self`, `transparent` or `fmt = path`.
fn display_keeps_secrets(cx: &Ctxt, variant: &Variant<'_>) {
    if !variant
        .fields
        .iter()
        .any(|field| field.keys.redact.is_set())
    {
        return;
    }
    for read in &variant.shown {
        let redacted: Vec<String> = match &read.target {
            Target::Named(name) => variant
                .field_read_by(name)
                .filter(|field| field.keys.redact.is_set())
                .map(|field| member_name(&field.member))
                .into_iter()
                .collect(),
            Target::Every => variant
                .fields
                .iter()
                .filter(|field| field.keys.redact.is_set())
                .map(|field| member_name(&field.member))
                .collect(),
        };
        let attr = &read.attr;
        for name in redacted {
            let message = match &read.via {
                Via::Mention(written) => format!(
                    "`{written}` in `#[{attr}(...)]` shows `{name}`, which is marked `redact`, in the message: leave it out of the message or remove `redact`"
                ),
                Via::WholeValue(written) => format!(
                    "`{written}` in `#[{attr}(...)]` can show every field, `{name}` (marked `redact`) included: name only the fields the message needs, e.g. `{{field}}` or `.field`"
                ),
                Via::Transparent => format!(
                    "`#[{attr}(transparent)]` shows `{name}`, which is marked `redact`, as the message: write a message without it, e.g. `#[{attr}(\"...\")]`, or remove `redact`"
                ),
                Via::FmtPath(path) => format!(
                    "`#[{attr}(fmt = {path})]` hands every field to `{path}`, `{name}` (marked `redact`) included: write the message as `#[{attr}(\"...\")]` without it, or remove `redact`"
                ),
            };
            cx.error_spanned_by(&read.tokens, message);
        }
    }
}
