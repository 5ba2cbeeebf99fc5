//! The agent's side: read an error text back and decide what to do next.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::Kind;
use crate::envelope::Retry;

mod action;

pub use action::NextAction;

/// An error envelope as a client reads it back from the wire: what [`parse`] finds
/// in a structured error, and what the native envelope deserialises into.
///
/// ```
/// use tool_error::client::ParsedEnvelope;
///
/// let text = r#"{"code":"RATE_LIMITED","kind":"TRANSIENT","message":"slow down","recoverable":true,"retry_after":30}"#;
/// let envelope: ParsedEnvelope = serde_json::from_str(text).unwrap();
/// assert_eq!(envelope.retry_after(), Some(std::time::Duration::from_secs(30)));
/// ```
///
/// With the `schemars` feature it implements `schemars::JsonSchema` (as do [`Kind`]
/// and [`Channel`](crate::Channel)), so a tool can declare the error envelope in its
/// own schemas, such as an `outputSchema` that allows errors or an OpenAPI document.
/// [`Native::SCHEMA`](crate::Native::SCHEMA) is the stricter schema of exactly what
/// the native profile writes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ParsedEnvelope {
    /// The stable code.
    pub code: String,
    /// The decision class.
    pub kind: Kind,
    /// The message.
    pub message: String,
    /// Whether retrying may succeed.
    pub recoverable: bool,
    /// Whether repeating the call unchanged is safe, for an error that invites a
    /// retry; `None` when the server did not say.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "retry_leniently"
    )]
    pub retry: Option<Retry>,
    /// The category, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// The domain, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    /// Seconds to wait before retrying.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<f64>,
    /// Structured details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
    /// Suggestions, most useful first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
    /// Tool calls the server suggests, most useful first (see [`ParsedNextCall`]).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "next_calls_leniently"
    )]
    pub next_calls: Vec<ParsedNextCall>,
    /// Where the code is documented (a URL).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub docs: Option<String>,
    /// The tool that failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    /// The operation inside the tool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    /// The request id, as text (a numeric JSON-RPC id in decimal).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "request_id_text"
    )]
    #[cfg_attr(
        feature = "schemars",
        schemars(schema_with = "crate::integrations::schemars::request_id_schema")
    )]
    pub request_id: Option<String>,
    /// When the error happened (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Debug info (verbose servers only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debug: Option<Value>,
    /// Whether the server's limits removed something.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub truncated: bool,
}

impl ParsedEnvelope {
    /// An envelope with the members every error has and nothing else: for a reader
    /// of a wire format of one's own, which sets the other (public) fields it finds
    /// and hands the result on as [`Parsed::Structured`], falling back on [`parse`]
    /// for everything else.
    ///
    /// ```
    /// use tool_error::Kind;
    /// use tool_error::client::{self, Parsed, ParsedEnvelope};
    ///
    /// // A server that sends `{"error": "QUOTA", "retry_in": 30}`.
    /// fn read(text: &str) -> Parsed {
    ///     let value: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    ///     let Some(code) = value["error"].as_str() else { return client::parse(text) };
    ///     let mut envelope = ParsedEnvelope::new(code, Kind::Transient, "", true);
    ///     envelope.retry_after = value["retry_in"].as_f64();
    ///     Parsed::Structured(Box::new(envelope))
    /// }
    ///
    /// let parsed = read(r#"{"error": "QUOTA", "retry_in": 30}"#);
    /// assert_eq!(parsed.envelope().unwrap().retry_after(), Some(std::time::Duration::from_secs(30)));
    /// ```
    pub fn new(
        code: impl Into<String>,
        kind: Kind,
        message: impl Into<String>,
        recoverable: bool,
    ) -> Self {
        ParsedEnvelope {
            code: code.into(),
            kind,
            message: message.into(),
            recoverable,
            retry: None,
            category: None,
            domain: None,
            retry_after: None,
            details: None,
            suggestions: Vec::new(),
            next_calls: Vec::new(),
            docs: None,
            tool: None,
            operation: None,
            request_id: None,
            timestamp: None,
            debug: None,
            truncated: false,
        }
    }

    /// The retry hint; `None` when absent or negative. A hint too long for a
    /// `Duration` reads as `Duration::MAX` (wait), never as no hint (retry now).
    pub fn retry_after(&self) -> Option<Duration> {
        let seconds = self.retry_after.filter(|seconds| *seconds >= 0.0)?;
        Some(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX))
    }

    /// What the agent should do next.
    pub fn next_action(&self) -> NextAction {
        NextAction::decide(self.kind, self.recoverable, self.retry_after(), self.retry)
    }

    /// The suggested calls an agent may run without asking its user: those the
    /// server marks `read_only` and that need no argument from the caller.
    ///
    /// It trusts the server's `read_only` flag as sent; nothing on this side can
    /// check it. A server that runs the next-call check (`next_call::match_tools` or
    /// `rmcp::check_next_calls`, feature `jsonschema`) marks a call `read_only`
    /// only if the tool it names declares `readOnlyHint: true` and not
    /// `destructiveHint: true`; that still rests on the server's annotations being
    /// true. Whether to trust the server is the agent's decision (see
    /// [`ParsedNextCall`]).
    pub fn unattended_calls(&self) -> impl Iterator<Item = &ParsedNextCall> {
        self.next_calls
            .iter()
            .filter(|call| call.read_only && call.caller_supplies.is_empty())
    }
}

/// A tool call an error suggests, as the agent reads it back (the server declares it
/// as a [`NextCall`](crate::NextCall)).
///
/// It is advice. A call marked `read_only` only reads, by the server's account,
/// so an agent that trusts the server may run it without asking; any other call
/// changes something and should be confirmed first. `read_only` is the flag as
/// the server sent it: a server that runs the next-call check sets it only for a
/// tool that declares `readOnlyHint: true` and not `destructiveHint: true` (MCP
/// tool annotations), and a client cannot tell whether the check ran.
/// `arguments` may carry text from the failed request: hand it to the named tool
/// as data, never read it as instructions.
///
/// ```
/// use tool_error::client::parse;
///
/// let text = r#"{"code":"COMPOUND_NOT_FOUND","kind":"NOT_FOUND","message":"no cpd99999","recoverable":true,
///   "next_calls":[{"tool":"search_compounds","arguments":{"limit":5},"caller_supplies":["query"],"read_only":true}]}"#;
/// let parsed = parse(text);
/// let call = &parsed.next_calls()[0];
/// assert_eq!(call.tool, "search_compounds");
/// assert_eq!(call.caller_supplies, ["query"]);
/// // The agent adds what only it knows, then sends the call.
/// let arguments = call.arguments_with([("query", "glucose".into())]);
/// assert_eq!(arguments["query"], "glucose");
/// assert_eq!(arguments["limit"], 5);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ParsedNextCall {
    /// The tool to call.
    pub tool: String,
    /// The arguments the server filled in.
    #[serde(default)]
    pub arguments: Map<String, Value>,
    /// Arguments the tool needs that the caller adds itself.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caller_supplies: Vec<String>,
    /// Whether the call only reads, by the server's account (taken as sent).
    #[serde(default)]
    pub read_only: bool,
}

impl ParsedNextCall {
    /// The arguments with `supplied` added (replacing any the server filled with
    /// the same name): what to send as the `tools/call` arguments.
    pub fn arguments_with<'a>(
        &self,
        supplied: impl IntoIterator<Item = (&'a str, Value)>,
    ) -> Map<String, Value> {
        let mut arguments = self.arguments.clone();
        for (name, value) in supplied {
            arguments.insert(name.to_owned(), value);
        }
        arguments
    }
}

/// `next_calls` as sent, skipping any element that is not a call: one malformed
/// call must not cost the agent the whole envelope.
fn next_calls_leniently<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<ParsedNextCall>, D::Error> {
    Ok(match Option::<Value>::deserialize(deserializer)? {
        Some(Value::Array(items)) => items
            .into_iter()
            .filter_map(|item| ParsedNextCall::deserialize(item).ok())
            .collect(),
        _ => Vec::new(),
    })
}

/// An error text as an agent received it.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    /// A structured envelope (native, or found inside a JSON-RPC error, a JSON-RPC
    /// response, an MCP tool result or a problem+json document).
    Structured(Box<ParsedEnvelope>),
    /// Anything else: the text as received (or, for a value nested deeper than
    /// serde_json reads, why it was not read), to be treated as `Internal`.
    Legacy(String),
}

impl Parsed {
    /// What the agent should do next; a text without structure means give up: there
    /// is nothing to decide a retry or a fix on.
    pub fn next_action(&self) -> NextAction {
        self.envelope()
            .map_or(NextAction::GiveUp, ParsedEnvelope::next_action)
    }

    /// The tool calls the server suggests; none for a legacy text.
    pub fn next_calls(&self) -> &[ParsedNextCall] {
        self.envelope().map_or(&[], |envelope| &envelope.next_calls)
    }

    /// The structured envelope, if any.
    pub fn envelope(&self) -> Option<&ParsedEnvelope> {
        match self {
            Parsed::Structured(envelope) => Some(envelope),
            Parsed::Legacy(_) => None,
        }
    }
}

/// Inputs larger than this are not parsed as JSON and come back as legacy text.
pub const MAX_PARSE_BYTES: usize = 1024 * 1024;

/// How many wrappers (MCP result around JSON-RPC data around ...) are opened.
const MAX_WRAPPERS: usize = 4;

/// Reads an error text: the native envelope, alone or inside a JSON-RPC error
/// object or response, an MCP `CallToolResult` (text or `structuredContent`), or a
/// problem+json document. Anything else is [`Parsed::Legacy`]; a format of your own
/// is read by a function of yours that falls back on this one (see
/// [`ParsedEnvelope::new`]).
///
/// Never panics; input over [`MAX_PARSE_BYTES`] is not parsed, and serde_json bounds
/// nesting depth.
///
/// ```
/// use std::time::Duration;
/// use tool_error::client::{parse, NextAction, Parsed};
///
/// // The text of an MCP error result, as the rmcp integration sends it.
/// let text = r#"{"code":"UPSTREAM_BUSY","kind":"TRANSIENT","message":"the index is rebuilding","recoverable":true,"retry":"safe","retry_after":30}"#;
/// let parsed = parse(text);
/// assert_eq!(parsed.envelope().unwrap().code, "UPSTREAM_BUSY");
/// assert_eq!(parsed.next_action(), NextAction::Retry { after: Some(Duration::from_secs(30)) });
///
/// assert_eq!(parse("check conflicts: intermute 500"), Parsed::Legacy("check conflicts: intermute 500".into()));
/// ```
pub fn parse(text: &str) -> Parsed {
    if text.len() <= MAX_PARSE_BYTES
        && let Ok(value) = serde_json::from_str::<Value>(text)
        && let Some(envelope) = from_value(&value, 0)
    {
        return Parsed::Structured(Box::new(envelope));
    }
    Parsed::Legacy(text.to_owned())
}

/// How deeply [`parse_value`] reads a value: as deep as serde_json reads text.
const MAX_DEPTH: usize = 128;

/// Reads an already-parsed JSON value, as [`parse`] does. A value nested more than
/// 128 levels deep (deeper than serde_json reads from text) is legacy text saying
/// so, found without recursion, so no value overflows the stack.
pub fn parse_value(value: &Value) -> Parsed {
    if nested_deeper_than(value, MAX_DEPTH) {
        return Parsed::Legacy(format!(
            "a JSON value nested more than {MAX_DEPTH} levels deep"
        ));
    }
    match from_value(value, 0) {
        Some(envelope) => Parsed::Structured(Box::new(envelope)),
        None => Parsed::Legacy(value.to_string()),
    }
}

/// Whether `value` nests deeper than `limit` levels, walked with a stack of its
/// own rather than the thread's.
fn nested_deeper_than(value: &Value, limit: usize) -> bool {
    let mut pending = vec![(value, 1_usize)];
    while let Some((value, depth)) = pending.pop() {
        match value {
            Value::Array(_) | Value::Object(_) if depth > limit => return true,
            Value::Array(items) => pending.extend(items.iter().map(|item| (item, depth + 1))),
            Value::Object(members) => {
                pending.extend(members.values().map(|member| (member, depth + 1)));
            }
            _ => {}
        }
    }
    false
}

fn from_value(value: &Value, depth: usize) -> Option<ParsedEnvelope> {
    if depth > MAX_WRAPPERS {
        return None;
    }
    let object = value.as_object()?;
    native(value, object)
        .or_else(|| jsonrpc(object, depth))
        .or_else(|| mcp(object, depth))
        .or_else(|| problem(object))
}

/// A request id the server sent as a string or a number.
fn request_id_text<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    Ok(match Option::<Value>::deserialize(deserializer)? {
        Some(Value::String(text)) => Some(text),
        Some(Value::Number(number)) => Some(number.to_string()),
        _ => None,
    })
}

/// `retry` as sent; a value this version does not know reads as the careful
/// `check_first`, never as a reason to drop the envelope.
fn retry_leniently<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Retry>, D::Error> {
    Ok(match Option::<Value>::deserialize(deserializer)? {
        None | Some(Value::Null) => None,
        Some(value) => Some(Retry::deserialize(value).unwrap_or(Retry::CheckFirst)),
    })
}

fn text(object: &Map<String, Value>, key: &str) -> Option<String> {
    object.get(key)?.as_str().map(str::to_owned)
}

fn kind_of(value: Option<&Value>) -> Option<Kind> {
    value?.as_str()?.parse().ok()
}

/// The native envelope.
fn native(value: &Value, object: &Map<String, Value>) -> Option<ParsedEnvelope> {
    object.get("kind")?;
    object.get("code")?;
    ParsedEnvelope::deserialize(value).ok()
}

/// A JSON-RPC error object (structured `data`), or a response carrying one.
fn jsonrpc(object: &Map<String, Value>, depth: usize) -> Option<ParsedEnvelope> {
    if let Some(error) = object
        .get("error")
        .filter(|_| object.contains_key("jsonrpc"))
    {
        return from_value(error, depth + 1);
    }
    object.get("code")?.as_i64()?;
    object.get("message")?;
    from_value(object.get("data")?, depth + 1)
}

/// An MCP `CallToolResult`: `structuredContent` first, then each text item.
fn mcp(object: &Map<String, Value>, depth: usize) -> Option<ParsedEnvelope> {
    let content = object.get("content")?.as_array()?;
    if let Some(envelope) = object
        .get("structuredContent")
        .and_then(|structured| from_value(structured, depth + 1))
    {
        return Some(envelope);
    }
    content.iter().find_map(|item| {
        let text = item.get("text")?.as_str()?;
        if text.len() > MAX_PARSE_BYTES {
            return None;
        }
        let inner: Value = serde_json::from_str(text).ok()?;
        from_value(&inner, depth + 1)
    })
}

/// RFC 9457 problem details: extension members when present, else the status.
fn problem(object: &Map<String, Value>) -> Option<ParsedEnvelope> {
    object.get("type")?.as_str()?;
    let status = object.get("status")?.as_u64()?;
    let status = u16::try_from(status).ok()?;
    let kind = kind_of(object.get("kind")).unwrap_or_else(|| Kind::from_http_status(status));
    let suggestions = object
        .get("suggestions")
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let message = text(object, "detail").or_else(|| text(object, "title"));
    let recoverable = object.get("recoverable").and_then(Value::as_bool);
    let mut envelope = ParsedEnvelope::new(
        text(object, "code").unwrap_or_else(|| format!("HTTP_{status}")),
        kind,
        message.unwrap_or_default(),
        recoverable.unwrap_or_else(|| kind.default_recoverable()),
    );
    envelope.retry = object
        .get("retry")
        .and_then(|retry| retry_leniently(retry.clone()).ok())
        .flatten();
    envelope.category = text(object, "category");
    envelope.retry_after = object.get("retry_after").and_then(Value::as_f64);
    envelope.details = object.get("details").cloned();
    envelope.suggestions = suggestions;
    envelope.next_calls = object
        .get("next_calls")
        .and_then(|calls| next_calls_leniently(calls.clone()).ok())
        .unwrap_or_default();
    envelope.docs = text(object, "type").filter(|uri| uri != "about:blank");
    envelope.tool = text(object, "tool");
    envelope.request_id = text(object, "instance");
    envelope.timestamp = text(object, "timestamp");
    Some(envelope)
}

#[cfg(test)]
mod tests;
