//! Errors, contexts and policies decoded from bytes, and the checks every rendering
//! must pass.

use std::error::Error as StdError;
use std::fmt;
use std::sync::LazyLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::ser::{Error as _, SerializeMap};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};
use tool_error::client::{self, MAX_PARSE_BYTES};
use tool_error::{
    Context, DetailWriter, Envelope, JsonRpc, JsonRpcResponse, Kind, Limits, McpToolResult, Native,
    Policy, Problem, Profile, Reduction, RequestId, SuggestionWriter, ToolError,
};

use crate::bytes::Bytes;

static NATIVE_SCHEMA: LazyLock<jsonschema::Validator> = LazyLock::new(|| {
    let schema: Value =
        serde_json::from_str(tool_error::Native::SCHEMA).expect("the schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
});

/// Marks secrets so a leak is a plain substring match.
const SECRET_PREFIX: &str = "sEcReT";

/// A detail value.
#[derive(Debug)]
pub enum DetailValue {
    Json(Value),
    Float(f64),
    Bytes(Vec<u8>),
    Collected(String),
    IntKeys(Vec<(i64, Value)>),
    Failing,
}

impl Serialize for DetailValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            DetailValue::Json(value) => value.serialize(serializer),
            DetailValue::Float(f) => serializer.serialize_f64(*f),
            DetailValue::Bytes(bytes) => serializer.serialize_bytes(bytes),
            DetailValue::Collected(text) => serializer.collect_str(text),
            DetailValue::IntKeys(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
            DetailValue::Failing => Err(S::Error::custom("refuses to serialise")),
        }
    }
}

/// A cause in a source chain.
#[derive(Debug)]
pub struct Cause {
    text: String,
    next: Option<Box<Cause>>,
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl StdError for Cause {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        self.next
            .as_deref()
            .map(|next| next as &(dyn StdError + 'static))
    }
}

const CODES: &[&str] = &["GENERATED", "A1", "lower_code", "Q", "X_Y_Z"];
const LABELS: &[&str] = &["database_error", "", "\"q\" \\", "\u{0}\u{7f}", "漢🦀"];

/// A hand-written error whose every part comes from the input.
#[derive(Debug)]
pub struct Generated {
    code: &'static str,
    kind: Kind,
    recoverable: bool,
    category: Option<&'static str>,
    domain: Option<&'static str>,
    message: String,
    message_is_public: bool,
    fields: Vec<(String, DetailValue, bool)>,
    whole: Option<DetailValue>,
    suggestions: Vec<String>,
    retry_after: Option<Duration>,
    chain: Option<Box<Cause>>,
    jsonrpc_code: i32,
    http_status: u16,
}

impl fmt::Display for Generated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl ToolError for Generated {
    fn code(&self) -> &'static str {
        self.code
    }
    fn kind(&self) -> Kind {
        self.kind
    }
    fn recoverable(&self) -> bool {
        self.recoverable
    }
    fn category(&self) -> Option<&'static str> {
        self.category
    }
    fn domain(&self) -> Option<&'static str> {
        self.domain
    }
    fn message_is_public(&self) -> bool {
        self.message_is_public
    }
    fn details(&self, details: &mut DetailWriter<'_>) {
        if let Some(whole) = &self.whole {
            details.whole(whole);
            return;
        }
        for (name, value, redact) in &self.fields {
            if *redact {
                details.redacted(name, value);
            } else {
                details.field(name, value);
            }
        }
    }
    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        for suggestion in &self.suggestions {
            suggestions.push(suggestion);
        }
    }
    fn retry_after(&self) -> Option<Duration> {
        self.retry_after
    }
    fn jsonrpc_code(&self) -> i32 {
        self.jsonrpc_code
    }
    fn http_status(&self) -> u16 {
        self.http_status
    }
    fn source_error(&self) -> Option<&(dyn StdError + 'static)> {
        self.chain
            .as_deref()
            .map(|cause| cause as &(dyn StdError + 'static))
    }
}

/// Derived errors with every field role.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(domain = "fuzz")]
pub enum Derived {
    #[error("lookup of {id} failed")]
    #[tool_error(kind = not_found, suggest = "Check '{id}'", suggest = "Try {hint:?}")]
    Lookup {
        id: String,
        hint: String,
        tags: Vec<String>,
        score: f64,
    },
    #[error("busy")]
    #[tool_error(kind = transient)]
    Busy {
        #[tool_error(retry_after)]
        wait: Duration,
        #[tool_error(suggestions)]
        steps: Vec<String>,
    },
    #[error("storage failed: {0}")]
    #[tool_error(kind = internal)]
    Storage(#[source] Cause),
    #[error("login for {user} refused")]
    #[tool_error(kind = permission, message = "Login for '{user}' refused")]
    Login {
        user: String,
        #[tool_error(redact)]
        password: String,
    },
    #[error("bad payload")]
    #[tool_error(kind = validation)]
    Payload {
        #[tool_error(details)]
        body: Value,
    },
}

fn text(bytes: &mut Bytes<'_>) -> String {
    bytes.text()
}

fn json(bytes: &mut Bytes<'_>, depth: usize) -> Value {
    match bytes.byte() % 10 {
        0 => Value::Null,
        1 => Value::from(bytes.bool()),
        2 => Value::from(bytes.u64() as i64),
        3 => serde_json::Number::from_f64(f64::from_bits(bytes.u64()))
            .map_or(Value::Null, Value::Number),
        4 | 5 => Value::from(text(bytes)),
        6 | 7 if depth < 6 => Value::Array(
            (0..bytes.count(12))
                .map(|_| json(bytes, depth + 1))
                .collect(),
        ),
        8 if depth < 6 => Value::Object(
            (0..bytes.count(12))
                .map(|_| (text(bytes), json(bytes, depth + 1)))
                .collect::<Map<_, _>>(),
        ),
        9 => {
            // Far deeper than any default limit, within what serde_json reads back.
            let depth = bytes.below(110);
            (0..depth).fold(Value::from(1), |inner, _| Value::Array(vec![inner]))
        }
        _ => Value::from(bytes.u64()),
    }
}

fn detail_value(bytes: &mut Bytes<'_>) -> DetailValue {
    match bytes.byte() % 10 {
        0..=5 => DetailValue::Json(json(bytes, 0)),
        6 => DetailValue::Float(*bytes.pick(&[
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -0.0,
            1e308,
        ])),
        7 => DetailValue::Bytes(bytes.raw(600).to_vec()),
        8 => DetailValue::Collected(text(bytes)),
        _ => match bytes.byte() % 4 {
            0 => DetailValue::Failing,
            _ => DetailValue::IntKeys(
                (0..bytes.count(6))
                    .map(|_| (bytes.u64() as i64, json(bytes, 3)))
                    .collect(),
            ),
        },
    }
}

fn duration(bytes: &mut Bytes<'_>) -> Duration {
    match bytes.byte() % 4 {
        0 => Duration::MAX,
        1 => Duration::new(bytes.u64(), (bytes.u64() % 1_000_000_000) as u32),
        _ => Duration::from_millis(bytes.u64() % 10_000_000),
    }
}

fn chain(texts: Vec<String>) -> Option<Box<Cause>> {
    texts
        .into_iter()
        .rev()
        .fold(None, |next, text| Some(Box::new(Cause { text, next })))
}

fn kind(bytes: &mut Bytes<'_>) -> Kind {
    *bytes.pick(&Kind::ALL)
}

fn label(bytes: &mut Bytes<'_>) -> Option<&'static str> {
    bytes.bool().then(|| *bytes.pick(LABELS))
}

/// An error of any supported shape, and the secrets it holds.
#[derive(Debug)]
pub struct Case {
    pub error: Box<dyn ToolError>,
    /// Values that only `redact = false` may reveal.
    pub redacted: Vec<String>,
    /// Internal messages: only `verbose` or `mask_internal = false` may reveal them.
    pub internal: Vec<String>,
}

/// A distinctive secret: the prefix, then a number from the input.
fn secret(bytes: &mut Bytes<'_>) -> String {
    format!("{SECRET_PREFIX}{:016x}", bytes.u64())
}

pub fn case(bytes: &mut Bytes<'_>) -> Case {
    match bytes.byte() % 8 {
        0..=3 => {
            let kind = kind(bytes);
            let public = bytes.bool();
            let secret_message = secret(bytes);
            let message = if kind == Kind::Internal && !public {
                format!("{secret_message}{}", text(bytes))
            } else {
                text(bytes)
            };
            let mut redacted = Vec::new();
            let fields = (0..bytes.count(300))
                .map(|i| {
                    let redact = bytes.byte().is_multiple_of(4);
                    let value = if redact {
                        let value = secret(bytes);
                        redacted.push(value.clone());
                        DetailValue::Json(Value::from(value))
                    } else {
                        detail_value(bytes)
                    };
                    let name = if bytes.bool() {
                        text(bytes)
                    } else {
                        format!("f{i}")
                    };
                    (name, value, redact)
                })
                .collect();
            let whole = (bytes.byte().is_multiple_of(8)).then(|| detail_value(bytes));
            let error = Generated {
                code: CODES[bytes.below(CODES.len())],
                kind,
                recoverable: bytes.bool(),
                category: label(bytes),
                domain: label(bytes),
                message,
                message_is_public: public,
                fields,
                whole,
                suggestions: (0..bytes.count(40)).map(|_| text(bytes)).collect(),
                retry_after: bytes.bool().then(|| duration(bytes)),
                chain: chain((0..bytes.count(40)).map(|_| text(bytes)).collect()),
                jsonrpc_code: bytes.u64() as i32,
                http_status: bytes.u64() as u16,
            };
            let internal = if kind == Kind::Internal && !public {
                vec![secret_message]
            } else {
                vec![]
            };
            Case {
                error: Box::new(error),
                redacted,
                internal,
            }
        }
        4 => {
            let error = match bytes.byte() % 3 {
                0 => Derived::Lookup {
                    id: text(bytes),
                    hint: text(bytes),
                    tags: (0..bytes.count(300)).map(|_| text(bytes)).collect(),
                    score: f64::from_bits(bytes.u64()),
                },
                1 => Derived::Busy {
                    wait: duration(bytes),
                    steps: (0..bytes.count(40)).map(|_| text(bytes)).collect(),
                },
                _ => Derived::Payload {
                    body: json(bytes, 0),
                },
            };
            Case {
                error: Box::new(error),
                redacted: vec![],
                internal: vec![],
            }
        }
        5 => {
            let password = secret(bytes);
            Case {
                error: Box::new(Derived::Login {
                    user: text(bytes),
                    password: password.clone(),
                }),
                redacted: vec![password],
                internal: vec![],
            }
        }
        6 => {
            let message = secret(bytes);
            let texts = (0..bytes.count(40)).map(|_| text(bytes)).collect();
            Case {
                error: Box::new(Derived::Storage(Cause {
                    text: message.clone(),
                    next: chain(texts),
                })),
                redacted: vec![],
                internal: vec![message],
            }
        }
        _ => {
            let message = secret(bytes);
            let error: Box<dyn ToolError> = if bytes.bool() {
                Box::new(std::io::Error::other(message.clone()))
            } else {
                Box::new(Box::<dyn StdError + Send + Sync>::from(message.clone()))
            };
            Case {
                error,
                redacted: vec![],
                internal: vec![message],
            }
        }
    }
}

fn char_limit(bytes: &mut Bytes<'_>) -> usize {
    match bytes.byte() % 6 {
        0 => 0,
        1 => 1,
        2 => bytes.below(300),
        3 => usize::MAX,
        _ => 4096,
    }
}

pub fn policy(bytes: &mut Bytes<'_>) -> Policy {
    let limits = Limits::DEFAULT
        .with_max_message_chars(char_limit(bytes))
        .with_max_string_chars(char_limit(bytes))
        .with_max_items(match bytes.byte() % 4 {
            0 => bytes.below(20),
            1 => usize::MAX,
            _ => 256,
        })
        .with_max_depth(match bytes.byte() % 4 {
            0 => 0,
            1 => bytes.below(20),
            _ => 16,
        })
        .with_max_envelope_bytes(match bytes.byte() % 6 {
            0 => 0,
            1 => bytes.below(400),
            2 => bytes.below(10_000),
            3 => usize::MAX,
            _ => 64 * 1024,
        });
    let marker = if bytes.bool() {
        "[REDACTED]".to_owned()
    } else {
        text(bytes)
    };
    let internal = if bytes.bool() {
        "Internal error".to_owned()
    } else {
        text(bytes)
    };
    Policy::DEFAULT
        .with_verbose(bytes.byte().is_multiple_of(4))
        .with_suggestions(!bytes.byte().is_multiple_of(4))
        .with_suggestions_when_unrecoverable(bytes.bool())
        .with_max_suggestions(*bytes.pick(&[0, 1, 3, 16, usize::MAX]))
        .with_details(!bytes.byte().is_multiple_of(4))
        .with_redaction(!bytes.byte().is_multiple_of(4))
        .with_redaction_marker(marker)
        .with_internal_masking(!bytes.byte().is_multiple_of(4))
        .with_internal_message(internal)
        .with_limits(limits)
}

/// The context's strings and time.
#[derive(Debug)]
pub struct Ctx {
    strings: [Option<String>; 4],
    time: Option<SystemTime>,
}

pub fn ctx(bytes: &mut Bytes<'_>) -> Ctx {
    let mut string = || bytes.bool().then(|| bytes.text());
    let strings = [string(), string(), string(), string()];
    let time = match bytes.byte() % 4 {
        0 => None,
        1 => UNIX_EPOCH.checked_add(Duration::from_secs(bytes.u64())),
        2 => UNIX_EPOCH.checked_sub(Duration::from_secs(bytes.u64())),
        _ => Some(UNIX_EPOCH + Duration::from_secs(bytes.u64() % 4_000_000_000)),
    };
    Ctx { strings, time }
}

fn envelope<'a>(error: &'a dyn ToolError, ctx: &'a Ctx, policy: &'a Policy) -> Envelope<'a> {
    let [tool, operation, request_id, version] = &ctx.strings;
    let mut context = Context::new();
    if let Some(tool) = tool {
        context = context.with_tool(tool);
    }
    if let Some(operation) = operation {
        context = context.with_operation(operation);
    }
    if let Some(request_id) = request_id {
        context = context.with_request_id(request_id);
    }
    if let Some(version) = version {
        context = context.with_server_version(version);
    }
    let mut envelope = Envelope::new(error)
        .with_context(context)
        .with_policy(policy);
    if let Some(time) = ctx.time {
        envelope = envelope.with_timestamp(time);
    }
    envelope
}

/// Whether the inner profile of a nested one is native (so its output validates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Native,
    JsonRpc,
    Bare,
    Response,
    Mcp,
    McpStructured,
    Problem,
}

fn validate_native(value: &Value, text: &str) {
    let problems: Vec<String> = NATIVE_SCHEMA
        .iter_errors(value)
        .take(3)
        .map(|e| e.to_string())
        .collect();
    assert!(
        problems.is_empty(),
        "native output violates the schema: {problems:?}\n{}",
        head(text)
    );
}

fn head(text: &str) -> String {
    text.chars().take(800).collect()
}

fn check_shape(shape: Shape, value: &Value, text: &str, error: &dyn ToolError) {
    match shape {
        Shape::Native => validate_native(value, text),
        Shape::JsonRpc | Shape::Bare => {
            assert_eq!(value["code"], error.jsonrpc_code(), "{}", head(text));
            assert!(value["message"].is_string(), "{}", head(text));
            if shape == Shape::JsonRpc {
                validate_native(&value["data"], text);
            }
        }
        Shape::Response => {
            assert_eq!(value["jsonrpc"], "2.0");
            check_shape(Shape::JsonRpc, &value["error"], text, error);
        }
        Shape::Mcp | Shape::McpStructured => {
            assert_eq!(value["isError"], true);
            let inner = value["content"][0]["text"]
                .as_str()
                .unwrap_or_else(|| panic!("no text content: {}", head(text)));
            let inner_value: Value = serde_json::from_str(inner)
                .unwrap_or_else(|e| panic!("text content is not JSON ({e}): {}", head(inner)));
            validate_native(&inner_value, inner);
            if shape == Shape::McpStructured {
                validate_native(&value["structuredContent"], text);
            }
        }
        Shape::Problem => {
            assert_eq!(value["status"], error.http_status(), "{}", head(text));
            assert!(value["type"].is_string() && value["title"].is_string());
            assert!(value["detail"].is_string());
        }
    }
}

/// Every promise of one rendering: one JSON value, in shape, bounded, read back,
/// and free of the secrets the policy hides.
fn check<P: Profile>(envelope: &Envelope<'_>, profile: &P, shape: Shape, hidden: &[&str]) {
    let max_bytes = envelope.policy().limits.max_envelope_bytes;
    for pretty in [false, true] {
        let text = if pretty {
            envelope.render_pretty(profile)
        } else {
            envelope.render(profile)
        };
        let value: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("not one JSON value ({e}): {}", head(&text)));
        assert!(!value.is_null(), "rendering gave up");
        if text.len() > max_bytes {
            let fallback = envelope.with_reduction(Reduction::Fallback);
            let smallest = if pretty {
                fallback.render_pretty(profile)
            } else {
                fallback.render(profile)
            };
            assert_eq!(
                text, smallest,
                "over {max_bytes} bytes, yet not the fallback"
            );
        }
        check_shape(shape, &value, &text, envelope.error());
        for secret in hidden {
            // A prefix, in case a limit cut the secret short.
            let fragment = &secret[..secret.len().min(18)];
            assert!(!text.contains(fragment), "{secret} leaked: {}", head(&text));
        }
        if !pretty && shape != Shape::Bare && text.len() <= MAX_PARSE_BYTES {
            let parsed = client::parse(&text);
            let read = parsed
                .envelope()
                .unwrap_or_else(|| panic!("{shape:?} output read as legacy: {}", head(&text)));
            assert_eq!(read.code, envelope.code());
            assert_eq!(read.kind, envelope.kind());
            for secret in hidden {
                assert!(!format!("{parsed:?}").contains(secret), "{secret} leaked");
            }
        }
    }
}

/// The render target: one error, context and policy from the input, through every
/// built-in profile.
pub fn run(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let case = case(&mut bytes);
    let policy = policy(&mut bytes);
    let ctx = ctx(&mut bytes);
    let mut hidden: Vec<&str> = Vec::new();
    if policy.redact {
        hidden.extend(case.redacted.iter().map(String::as_str));
    }
    if policy.mask_internal && !policy.verbose {
        hidden.extend(case.internal.iter().map(String::as_str));
    }
    let envelope = envelope(case.error.as_ref(), &ctx, &policy);
    check(&envelope, &Native, Shape::Native, &hidden);
    check(&envelope, &JsonRpc::new(), Shape::JsonRpc, &hidden);
    check(&envelope, &JsonRpc::bare(), Shape::Bare, &hidden);
    check(
        &envelope,
        &JsonRpcResponse::new(RequestId::Number(1), JsonRpc::new()),
        Shape::Response,
        &hidden,
    );
    check(&envelope, &McpToolResult::new(), Shape::Mcp, &hidden);
    check(
        &envelope,
        &McpToolResult::new().structured(true),
        Shape::McpStructured,
        &hidden,
    );
    check(&envelope, &Problem::new(), Shape::Problem, &hidden);
}
