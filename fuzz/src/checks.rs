//! The one set of checks on rendered output and on the client parser, shared by
//! the fuzz targets and the property tests in `tests/tests/runtime/hardening.rs`
//! (their test binary includes this file by path, with `model.rs` and `bytes.rs`).
//!
//! A check returns the first broken promise as `Err(description)`: the fuzz
//! targets panic with it, proptest reports it as the failing case.

use std::sync::LazyLock;

use serde_json::Value;
use tool_error::client::{self, MAX_PARSE_BYTES, Parsed};
use tool_error::{
    Envelope, JsonRpc, Limits, McpToolResult, Native, Policy, Problem, RequestId, ToolError,
    envelope::Reduction, profile::JsonRpcResponse,
};

use crate::model::{Case, Ctx, envelope};

/// The first broken promise, described.
pub type Check = Result<(), String>;

macro_rules! ensure {
    ($condition:expr, $($message:tt)+) => {
        if !$condition {
            return Err(format!($($message)+));
        }
    };
}

macro_rules! ensure_eq {
    ($left:expr, $right:expr $(,)?) => {{
        let (left, right) = (&$left, &$right);
        if left != right {
            return Err(format!(
                "{} != {}: {:?} != {:?}",
                stringify!($left),
                stringify!($right),
                left,
                right
            ));
        }
    }};
}

const MARK: &str = Limits::TRUNCATION_MARK;

/// The JSON-RPC id the response profile is rendered with.
pub const REQUEST_ID: i64 = 7;

/// Characters of a secret whose appearance counts as a leak: a prefix, in case a
/// limit cut the secret short.
pub const LEAK_FRAGMENT_CHARS: usize = 12;

/// `Native::SCHEMA`, compiled, with formats (`date-time`, ...) checked.
pub static NATIVE_SCHEMA: LazyLock<jsonschema::Validator> =
    LazyLock::new(|| compiled(tool_error::Native::SCHEMA));

/// `Problem::SCHEMA`, compiled, with formats (`uri-reference`, ...) checked.
pub static PROBLEM_SCHEMA: LazyLock<jsonschema::Validator> =
    LazyLock::new(|| compiled(tool_error::Problem::SCHEMA));

/// A published schema, compiled with its formats checked.
fn compiled(schema: &str) -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(schema).expect("the schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
}

/// The first characters of `text`, for failure messages.
pub fn head(text: &str) -> String {
    text.chars().take(600).collect()
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

/// `text` as one JSON value.
pub fn json_value(text: &str) -> Result<Value, String> {
    serde_json::from_str(text)
        .map_err(|error| format!("not one JSON value ({error}): {}", head(text)))
}

// ---------------------------------------------------------------------------------
// Profiles
// ---------------------------------------------------------------------------------

/// Every built-in profile, by the shape of its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `Native`.
    Native,
    /// `JsonRpc::new()`: the native envelope as `data`.
    JsonRpc,
    /// `JsonRpc::bare()`: no `data`.
    JsonRpcBare,
    /// `JsonRpc::with_data(Problem::new())`.
    JsonRpcProblem,
    /// `JsonRpcResponse` around `JsonRpc::new()`, id [`REQUEST_ID`].
    Response,
    /// `McpToolResult::new()`: the native envelope as text content.
    Mcp,
    /// `McpToolResult::new().structured(true)`: also as `structuredContent`.
    McpStructured,
    /// `McpToolResult::with_profile(Problem::new())`.
    McpProblem,
    /// `Problem::new()`.
    Problem,
    /// `Problem::with_type_base(..)`.
    ProblemTypeBase,
}

impl Shape {
    pub const ALL: [Shape; 10] = [
        Shape::Native,
        Shape::JsonRpc,
        Shape::JsonRpcBare,
        Shape::JsonRpcProblem,
        Shape::Response,
        Shape::Mcp,
        Shape::McpStructured,
        Shape::McpProblem,
        Shape::Problem,
        Shape::ProblemTypeBase,
    ];
}

/// Runs `$body` with `$profile` bound to the profile of `$shape`.
macro_rules! with_profile {
    ($shape:expr, |$profile:ident| $body:expr) => {
        match $shape {
            Shape::Native => {
                let $profile = Native;
                $body
            }
            Shape::JsonRpc => {
                let $profile = JsonRpc::new();
                $body
            }
            Shape::JsonRpcBare => {
                let $profile = JsonRpc::bare();
                $body
            }
            Shape::JsonRpcProblem => {
                let $profile = JsonRpc::with_data(Problem::new());
                $body
            }
            Shape::Response => {
                let $profile = JsonRpcResponse::new(RequestId::Number(REQUEST_ID), JsonRpc::new());
                $body
            }
            Shape::Mcp => {
                let $profile = McpToolResult::new();
                $body
            }
            Shape::McpStructured => {
                let $profile = McpToolResult::new().structured(true);
                $body
            }
            Shape::McpProblem => {
                let $profile = McpToolResult::with_profile(Problem::new());
                $body
            }
            Shape::Problem => {
                let $profile = Problem::new();
                $body
            }
            Shape::ProblemTypeBase => {
                let $profile = Problem::with_type_base("https://errors.example.com/");
                $body
            }
        }
    };
}

/// `envelope` through the profile of `shape`, compact or pretty.
pub fn render(envelope: &Envelope<'_>, shape: Shape, pretty: bool) -> String {
    with_profile!(shape, |profile| if pretty {
        envelope.render_pretty(&profile)
    } else {
        envelope.render(&profile)
    })
}

/// Every rendering of `envelope`: each profile compact and pretty.
pub fn renderings(envelope: &Envelope<'_>) -> Vec<String> {
    Shape::ALL
        .into_iter()
        .flat_map(|shape| [false, true].map(|pretty| render(envelope, shape, pretty)))
        .collect()
}

// ---------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------

/// Every promise for one input: the case's error in `ctx` under `policy`, through
/// every profile, hiding the secrets the policy hides.
pub fn check_case(case: &Case, ctx: &Ctx, policy: &Policy) -> Check {
    let hidden = case.secrets.hidden_under(policy);
    let server = ctx.server();
    let envelope = envelope(case.error.as_ref(), ctx, &server, policy);
    check_every_profile(&envelope, &hidden)
}

/// [`check_profile`] for every built-in profile.
pub fn check_every_profile(envelope: &Envelope<'_>, hidden: &[&str]) -> Check {
    let uncut = uncut_native(envelope)?;
    for shape in Shape::ALL {
        check_profile(envelope, shape, hidden, &uncut)?;
    }
    Ok(())
}

/// The native envelope of the same error and context under the same policy with no
/// limits: what a native envelope without `truncated` must be exactly.
pub fn uncut_native(envelope: &Envelope<'_>) -> Result<Value, String> {
    let policy = envelope.policy().clone().with_limits(Limits::UNLIMITED);
    json_value(&envelope.with_policy(&policy).to_json())
}

/// Renders through the profile of `shape` compact, pretty and appended to a buffer,
/// and checks each output: one JSON value, not `null`; within the size limit unless
/// no reduction fits, and then no reduction renders smaller; in the
/// profile's shape and within the policy's limits; `truncated` on every native
/// envelope in it exactly when something was cut (compared with `uncut`, from
/// [`uncut_native`]); none of `hidden` in the text, in any string of it (JSON inside
/// strings opened) or in the client's reading of it; read back by the client parser.
pub fn check_profile(
    envelope: &Envelope<'_>,
    shape: Shape,
    hidden: &[&str],
    uncut: &Value,
) -> Check {
    let error = envelope.error();
    let policy = envelope.policy();
    let max_bytes = policy.limits.max_envelope_bytes;
    for pretty in [false, true] {
        let text = render(envelope, shape, pretty);
        let value = json_value(&text)?;
        ensure!(!value.is_null(), "rendering gave up: null");
        if text.len() > max_bytes {
            // Over the limit only when no reduction fits, and then the smallest.
            for reduction in [
                Reduction::Details,
                Reduction::Suggestions,
                Reduction::Minimal,
                Reduction::Fallback,
            ] {
                let reduced = render(&envelope.with_reduction(reduction), shape, pretty);
                ensure!(
                    reduced.len() >= text.len(),
                    "over {max_bytes} bytes, yet {reduction:?} is smaller ({} bytes): {}",
                    reduced.len(),
                    head(&text)
                );
            }
        }
        check_shape(shape, &value, error, policy)
            .map_err(|failure| format!("{failure} in {shape:?} output {}", head(&text)))?;
        for native in natives(shape, &value)? {
            check_truncated_flag(&native, uncut, &text)
                .map_err(|failure| format!("{failure} in {shape:?} output {}", head(&text)))?;
        }
        check_hidden(&text, &value, hidden)?;
        if !pretty {
            check_parse_back(&text, shape, error)?;
        }
    }
    // The size limit applies to what is appended, not to what the buffer held.
    let prefix = b"[\"already here\",";
    let mut out = prefix.to_vec();
    with_profile!(shape, |profile| envelope.render_into(&profile, &mut out));
    ensure!(out.starts_with(prefix), "render_into overwrote the buffer");
    let alone = render(envelope, shape, false);
    ensure!(
        &out[prefix.len()..] == alone.as_bytes(),
        "render_into appended something else than render gives"
    );
    Ok(())
}

/// Checks one output's shape, and everything the policy bounds in it.
pub fn check_shape(shape: Shape, value: &Value, error: &dyn ToolError, policy: &Policy) -> Check {
    match shape {
        Shape::Native => check_native(value, error, policy)?,
        Shape::JsonRpc | Shape::JsonRpcBare | Shape::JsonRpcProblem => {
            let object = value.as_object().ok_or("not an object")?;
            ensure_eq!(value["code"], error.jsonrpc_code());
            ensure!(value["message"].is_string(), "the message is not a string");
            match shape {
                Shape::JsonRpcBare => ensure_eq!(object.len(), 2),
                Shape::JsonRpcProblem => {
                    ensure_eq!(object.len(), 3);
                    check_shape(Shape::Problem, &value["data"], error, policy)?;
                    ensure_eq!(value["message"], value["data"]["detail"]);
                }
                _ => {
                    ensure_eq!(object.len(), 3);
                    check_native(&value["data"], error, policy)?;
                    ensure_eq!(value["message"], value["data"]["message"]);
                }
            }
        }
        Shape::Response => {
            ensure_eq!(value["jsonrpc"], "2.0");
            ensure_eq!(value["id"], REQUEST_ID);
            check_shape(Shape::JsonRpc, &value["error"], error, policy)?;
        }
        Shape::Mcp | Shape::McpStructured | Shape::McpProblem => {
            ensure_eq!(value["isError"], true);
            let content = value["content"]
                .as_array()
                .ok_or("content is not an array")?;
            ensure_eq!(content.len(), 1);
            ensure_eq!(content[0]["type"], "text");
            let text = content[0]["text"].as_str().ok_or("text is not a string")?;
            let inner = json_value(text)?;
            let inner_shape = match shape {
                Shape::McpProblem => Shape::Problem,
                _ => Shape::Native,
            };
            check_shape(inner_shape, &inner, error, policy)?;
            match shape {
                Shape::McpStructured => check_native(&value["structuredContent"], error, policy)?,
                _ => ensure!(
                    value.get("structuredContent").is_none(),
                    "structured content though not asked for"
                ),
            }
        }
        Shape::Problem | Shape::ProblemTypeBase => {
            let problems: Vec<String> = PROBLEM_SCHEMA
                .iter_errors(value)
                .map(|e| e.to_string())
                .take(5)
                .collect();
            ensure!(problems.is_empty(), "schema violations {problems:?}");
            ensure!(value["type"].is_string(), "type is not a string");
            ensure!(value["title"].is_string(), "title is not a string");
            // An error response's status: the error's own when it is a 4xx or 5xx.
            let status = match error.http_status() {
                status @ 400..=599 => status,
                _ => 500,
            };
            ensure_eq!(value["status"], status);
            ensure!(value["detail"].is_string(), "detail is not a string");
            ensure_eq!(value["code"], error.code());
            ensure_eq!(value["kind"], error.kind().as_str());
            check_policy_bounds(value, "detail", "suggestions", error, policy)?;
        }
    }
    Ok(())
}

/// Every native envelope in an output of `shape`: the output itself, JSON-RPC
/// `data`, MCP text content and `structuredContent`.
pub fn natives(shape: Shape, value: &Value) -> Result<Vec<Value>, String> {
    let text_content = || {
        value["content"][0]["text"]
            .as_str()
            .ok_or_else(|| "text is not a string".to_owned())
            .and_then(json_value)
    };
    Ok(match shape {
        Shape::Native => vec![value.clone()],
        Shape::JsonRpc => vec![value["data"].clone()],
        Shape::Response => vec![value["error"]["data"].clone()],
        Shape::Mcp => vec![text_content()?],
        Shape::McpStructured => vec![text_content()?, value["structuredContent"].clone()],
        Shape::JsonRpcBare
        | Shape::JsonRpcProblem
        | Shape::McpProblem
        | Shape::Problem
        | Shape::ProblemTypeBase => vec![],
    })
}

/// `truncated` says whether anything was cut: a native envelope without it is the
/// `uncut` one exactly; one with it differs from the `uncut` one, or the `uncut`
/// one has it too (a value that fails, or a value past the depth ceiling, whatever
/// the limits), or the rendering `text` it is part of holds the mark (see below).
pub fn check_truncated_flag(native: &Value, uncut: &Value, text: &str) -> Check {
    let flagged = |value: &Value| value.get("truncated") == Some(&Value::Bool(true));
    let without_flag = |value: &Value| {
        let mut value = value.clone();
        if let Some(object) = value.as_object_mut() {
            object.remove("truncated");
        }
        value
    };
    if !flagged(native) {
        ensure!(
            native == uncut,
            "cut without `truncated`: {} where uncut it is {}",
            head(&native.to_string()),
            head(&uncut.to_string())
        );
    } else if !flagged(uncut) && without_flag(native) == *uncut {
        // Parsed, a cut can be invisible: in text that already ended with the mark
        // (the mark cut to no characters is the mark), or in the first of two
        // detail fields of the same name (parsing keeps the last). Either way the
        // mark is in the text.
        ensure!(
            text.contains(MARK),
            "`truncated` though nothing was cut: {}",
            head(&native.to_string())
        );
    }
    Ok(())
}

/// The native envelope: valid under `Native::SCHEMA`, the error's code, kind and
/// recoverability, within the policy.
pub fn check_native(value: &Value, error: &dyn ToolError, policy: &Policy) -> Check {
    let problems: Vec<String> = NATIVE_SCHEMA
        .iter_errors(value)
        .map(|e| e.to_string())
        .take(5)
        .collect();
    ensure!(problems.is_empty(), "schema violations {problems:?}");
    ensure_eq!(value["code"], error.code());
    ensure_eq!(value["kind"], error.kind().as_str());
    ensure_eq!(value["recoverable"], error.recoverable());
    if value.get("retry").is_some() {
        ensure!(
            error.recoverable() && error.kind() != tool_error::Kind::Validation,
            "retry advice on an error that invites no retry"
        );
    }
    check_policy_bounds(value, "message", "suggestions", error, policy)?;
    if !policy.verbose {
        ensure!(value.get("debug").is_none(), "debug info without verbose");
    }
    if let Some(chain) = value
        .pointer("/debug/error_chain")
        .and_then(Value::as_array)
    {
        ensure!(
            chain.len() <= policy.limits.max_items.min(32),
            "an error chain of {}",
            chain.len()
        );
        for cause in chain {
            check_string(cause, policy.limits.max_string_chars, policy)?;
        }
    }
    for key in ["tool", "operation", "request_id"] {
        if let Some(text) = value.get(key) {
            check_string(text, policy.limits.max_string_chars, policy)?;
        }
    }
    Ok(())
}

/// What every profile that carries them must respect: the message and suggestion
/// limits, the suggestion switches, the details switch and the detail limits.
pub fn check_policy_bounds(
    value: &Value,
    message_key: &str,
    suggestions_key: &str,
    error: &dyn ToolError,
    policy: &Policy,
) -> Check {
    let limits = &policy.limits;
    let message = value[message_key].as_str().unwrap_or_default();
    if message != error.code() {
        ensure!(
            chars(message) <= limits.max_message_chars.saturating_add(chars(MARK)),
            "message of {} chars over a limit of {}",
            chars(message),
            limits.max_message_chars
        );
    }
    let suggestions = value
        .get(suggestions_key)
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let cap = if policy.include_suggestions {
        policy.max_suggestions.min(limits.max_items)
    } else {
        0
    };
    ensure!(suggestions <= cap, "{suggestions} suggestions, cap {cap}");
    for suggestion in value
        .get(suggestions_key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        check_string(suggestion, limits.max_string_chars, policy)?;
    }
    if let Some(details) = value.get("details") {
        ensure!(policy.include_details, "details shown though switched off");
        check_detail_limits(details, policy, 0)?;
    }
    Ok(())
}

fn check_string(value: &Value, max_chars: usize, policy: &Policy) -> Check {
    let text = value.as_str().unwrap_or_default();
    if text != policy.redaction_marker {
        ensure!(
            chars(text) <= max_chars.saturating_add(chars(MARK)),
            "a string of {} chars over a limit of {max_chars}",
            chars(text)
        );
    }
    Ok(())
}

/// Every string, collection and nesting level inside `details` within the limits.
/// The details object itself may be one level above the limited values.
fn check_detail_limits(value: &Value, policy: &Policy, depth: usize) -> Check {
    let limits = &policy.limits;
    let max_depth = limits.max_depth.min(Limits::DEPTH_CEILING);
    ensure!(
        depth <= max_depth.saturating_add(1),
        "details nested {depth} deep, limit {max_depth}",
    );
    match value {
        Value::String(_) => check_string(value, limits.max_string_chars, policy)?,
        Value::Array(items) => {
            ensure!(
                items.len() <= limits.max_items.saturating_add(1),
                "an array of {} items, limit {}",
                items.len(),
                limits.max_items
            );
            for item in items {
                check_detail_limits(item, policy, depth + 1)?;
            }
        }
        Value::Object(entries) => {
            ensure!(
                entries.len() <= limits.max_items.saturating_add(1),
                "an object of {} entries, limit {}",
                entries.len(),
                limits.max_items
            );
            for (key, item) in entries {
                // Integer, float and bool keys are written as their (short) text, not cut.
                let scalar_key = key.len() <= 40 && serde_json::from_str::<Value>(key).is_ok();
                if !scalar_key {
                    check_string(&Value::from(key.as_str()), limits.max_string_chars, policy)?;
                }
                check_detail_limits(item, policy, depth + 1)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// The client reads every structured profile back to the same code, kind and
/// recoverability; the bare JSON-RPC error and input over `MAX_PARSE_BYTES` are
/// legacy text; the native envelope reads back as it deserialises.
pub fn check_parse_back(text: &str, shape: Shape, error: &dyn ToolError) -> Check {
    let parsed = client::parse(text);
    if shape == Shape::JsonRpcBare {
        // No `data`: nothing structured to read.
        ensure!(
            matches!(parsed, Parsed::Legacy(_)),
            "the bare JSON-RPC error read as structured"
        );
        return Ok(());
    }
    if text.len() > MAX_PARSE_BYTES {
        ensure!(
            parsed == Parsed::Legacy(text.to_owned()),
            "an input over MAX_PARSE_BYTES read as structured"
        );
        return Ok(());
    }
    let envelope = parsed
        .envelope()
        .ok_or_else(|| format!("{shape:?} output read as legacy text: {}", head(text)))?;
    ensure_eq!(envelope.code.as_str(), error.code());
    ensure_eq!(envelope.kind, error.kind());
    ensure_eq!(envelope.recoverable, error.recoverable());
    if shape == Shape::Native {
        let direct: tool_error::client::ParsedEnvelope =
            serde_json::from_str(text).map_err(|e| e.to_string())?;
        ensure_eq!(*envelope, direct);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------
// Secrets
// ---------------------------------------------------------------------------------

/// The part of `secret` whose appearance is a leak.
pub fn leak_fragment(secret: &str) -> &str {
    secret
        .char_indices()
        .nth(LEAK_FRAGMENT_CHARS)
        .map_or(secret, |(end, _)| &secret[..end])
}

/// Every string in `value`, keys included, recursing into strings that are
/// themselves JSON (the text content of an MCP result).
pub fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(text) => {
            if let Ok(inner) = serde_json::from_str::<Value>(text)
                && (inner.is_object() || inner.is_array())
            {
                strings(&inner, out);
            }
            out.push(text.clone());
        }
        Value::Array(items) => items.iter().for_each(|item| strings(item, out)),
        Value::Object(entries) => {
            for (key, item) in entries {
                out.push(key.clone());
                strings(item, out);
            }
        }
        _ => {}
    }
}

/// Fails if the rendering `text` (parsed: `value`), any string in it, or the
/// client's reading of it holds the leak fragment of one of `hidden`.
pub fn check_hidden(text: &str, value: &Value, hidden: &[&str]) -> Check {
    if hidden.is_empty() {
        return Ok(());
    }
    let mut found = Vec::new();
    strings(value, &mut found);
    let parsed = format!("{:?}", client::parse(text));
    for secret in hidden {
        let fragment = leak_fragment(secret);
        ensure!(!text.contains(fragment), "{secret} leaked: {}", head(text));
        ensure!(
            !parsed.contains(fragment),
            "{secret} leaked into the client's reading of {}",
            head(text)
        );
        ensure!(
            !found.iter().any(|s| s.contains(fragment)),
            "{secret} leaked into a nested string of {}",
            head(text)
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------------
// The client parser
// ---------------------------------------------------------------------------------

/// What must hold for any text: legacy text is the input unchanged, a structured
/// reading is of input within `MAX_PARSE_BYTES`, serialises and yields an action,
/// and `parse` agrees with `parse_value` on the same JSON.
pub fn check_parse(text: &str) -> Check {
    let parsed = client::parse(text);
    let _ = parsed.next_action();
    match &parsed {
        Parsed::Legacy(legacy) => ensure!(legacy == text, "legacy text changed"),
        Parsed::Structured(envelope) => {
            ensure!(text.len() <= MAX_PARSE_BYTES, "parsed an oversized input");
            serde_json::to_string(envelope).map_err(|e| e.to_string())?;
            let _ = envelope.retry_after();
        }
    }
    if text.len() <= MAX_PARSE_BYTES
        && let Ok(value) = serde_json::from_str::<Value>(text)
    {
        let by_value = client::parse_value(&value);
        ensure_eq!(by_value.envelope(), parsed.envelope());
    }
    Ok(())
}
