//! Codes and the numbers that go with them: each code well formed and used once,
//! JSON-RPC codes outside the reserved ranges, HTTP statuses that are errors.

use std::collections::HashMap;

use super::super::ast::{Input, Shape, Variant};
use super::super::ctxt::Ctxt;
use super::super::value::Int;

/// The longest code allowed (AIP-193's limit for `reason`).
const MAX_CODE_LEN: usize = 63;

/// `[A-Z][A-Z0-9_]*[A-Z0-9]`, at most 63 characters (lowercase too under a
/// lowercase `rename_all`).
pub(super) fn code_format(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
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
    let message = match (variant.attrs.code.is_set(), input.shape) {
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
pub(super) fn unique_codes(cx: &Ctxt, input: &Input<'_>) {
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

/// JSON-RPC codes the specifications reserve.
pub(super) fn jsonrpc_code(cx: &Ctxt, int: Int, legacy: bool) {
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
pub(super) fn http_status(cx: &Ctxt, int: Int) {
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
