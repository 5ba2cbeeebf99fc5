//! Inputs for the client parser: raw text, envelope-like JSON, and rendered
//! envelopes with random edits.

use serde_json::{Map, Value};

use crate::bytes::Bytes;

const KEYS: &[&str] = &[
    "code",
    "kind",
    "type",
    "message",
    "recoverable",
    "data",
    "error",
    "jsonrpc",
    "id",
    "content",
    "text",
    "structuredContent",
    "status",
    "detail",
    "title",
    "retry_after",
    "details",
    "suggestions",
    "truncated",
    "debug",
    "instance",
];

const WORDS: &[&str] = &[
    "VALIDATION",
    "NOT_FOUND",
    "CONFLICT",
    "PERMISSION",
    "TRANSIENT",
    "INTERNAL",
    "2.0",
    "text",
    "about:blank",
    "validation",
];

/// JSON shaped like the things `parse` looks for, with wrong types mixed in.
fn envelope_like(bytes: &mut Bytes<'_>, depth: usize) -> Value {
    match bytes.byte() % 12 {
        0 => Value::Null,
        1 => Value::from(bytes.bool()),
        2 => Value::from(bytes.u64() as i64),
        3 => Value::from(*bytes.pick(&[-1e300, 1e300, -0.0, 1.5, 18446744073709551615.0, 65536.0])),
        4 | 5 => Value::from(*bytes.pick(WORDS)),
        6 => Value::from(bytes.text()),
        7 | 8 if depth < 8 => Value::Object(
            (0..bytes.count(10))
                .map(|_| {
                    let key = (*bytes.pick(KEYS)).to_owned();
                    (key, envelope_like(bytes, depth + 1))
                })
                .collect::<Map<_, _>>(),
        ),
        9 if depth < 8 => Value::Array(
            (0..bytes.count(6))
                .map(|_| envelope_like(bytes, depth + 1))
                .collect(),
        ),
        // JSON inside a string, as MCP text content carries it.
        10 if depth < 8 => Value::from(envelope_like(bytes, depth + 1).to_string()),
        _ => Value::from(bytes.u64()),
    }
}

/// Replaces, inserts, deletes or duplicates ranges of characters.
fn mutate(text: &str, bytes: &mut Bytes<'_>) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + bytes.count(8) {
        let len = chars.len();
        let at = if len == 0 { 0 } else { bytes.below(len + 1) };
        match bytes.byte() % 4 {
            0 => {
                if at < len {
                    chars[at] = *bytes.pick(crate::bytes::SPECIAL_CHARS);
                }
            }
            1 => {
                let insert: Vec<char> = match bytes.byte() % 3 {
                    0 => (*bytes.pick(crate::bytes::DICTIONARY)).chars().collect(),
                    1 => (*bytes.pick(&["{", "}", "[", "]", "\"", "\\", ",", ":", "[[[[[[[["]))
                        .chars()
                        .collect(),
                    _ => bytes.text().chars().collect(),
                };
                chars.splice(at..at, insert);
            }
            2 => {
                let end = (at + bytes.below(64)).min(len);
                chars.drain(at..end);
            }
            _ => {
                let end = (at + bytes.below(256)).min(len);
                let copy = chars[at..end].to_vec();
                chars.splice(end..end, copy);
            }
        }
    }
    chars.into_iter().collect()
}

/// Panics with the first broken promise of `checks::check_parse`.
pub fn check(text: &str) {
    if let Err(failure) = crate::checks::check_parse(text) {
        panic!("{failure}");
    }
}

/// The parse target.
pub fn run(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    match bytes.byte() % 4 {
        0 => check(&String::from_utf8_lossy(bytes.raw(usize::MAX))),
        1 => {
            let mut value = envelope_like(&mut bytes, 0);
            check(&value.to_string());
            for level in 0..bytes.count(6) {
                value = if level % 2 == 0 {
                    serde_json::json!({"content": [{"type": "text", "text": value.to_string()}]})
                } else {
                    serde_json::json!({"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "m", "data": value}})
                };
                check(&value.to_string());
            }
        }
        _ => {
            let text = crate::model::rendered(&mut bytes);
            check(&text);
            check(&mutate(&text, &mut bytes));
        }
    }
}
