//! The one model of "an arbitrary error", with the context and policy it is rendered
//! under, decoded from bytes.
//!
//! Shared by the fuzz targets (`render`, `client_parse`, through this crate) and by
//! the property tests in `tests/tests/runtime/hardening.rs`, whose test binary
//! includes this file, `bytes.rs` and `checks.rs` by path; they draw the bytes with
//! proptest. Every input either runner can produce comes from here, so the two
//! cannot drift apart; what must hold for an input is in `checks.rs`.
//!
//! An input is a [`Case`] (an error and the secrets planted in it), a [`Policy`] and
//! a [`Ctx`]. Errors are hand-written ([`Generated`], every part chosen), derived
//! ([`Derived`], [`Inner`], [`ConnectFailed`]: every field role), `std::io::Error`
//! of any kind, boxed `dyn Error`s and `AnyError`s (some with an I/O error of any
//! kind as their source), carrying any strings, JSON details nested past every
//! limit, NaN and infinities, byte strings, odd map keys, failing `Serialize` impls
//! and long cause chains.

use std::error::Error as StdError;
use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::ser::{Error as _, SerializeMap};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};
use tool_error::clock::FixedClock;
use tool_error::profile::JsonRpcResponse;
use tool_error::{
    AnyError, DetailWriter, Envelope, JsonRpc, Kind, Limits, McpToolResult, Options, Policy,
    Problem, RequestId, SuggestionWriter, ToolError,
};

use crate::bytes::{Bytes, SPECIAL_CHARS};

// ---------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------

/// A detail value: JSON, a float JSON cannot hold (NaN, infinities), raw bytes, a
/// `Display` collected as a string, a map with non-string keys, or a value whose
/// `Serialize` fails.
#[derive(Clone, Debug)]
pub enum DetailValue {
    Json(Value),
    Float(f64),
    Bytes(Vec<u8>),
    Collected(String),
    OddKeys(Vec<(OddKey, Value)>),
    Failing,
}

/// A map key of a type serde_json may or may not accept as an object key.
#[derive(Clone, Debug)]
pub enum OddKey {
    Text(String),
    Int(i64),
    Bool(bool),
    Float(f64),
    Seq(Vec<u8>),
}

impl Serialize for OddKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            OddKey::Text(text) => serializer.serialize_str(text),
            OddKey::Int(n) => serializer.serialize_i64(*n),
            OddKey::Bool(b) => serializer.serialize_bool(*b),
            OddKey::Float(f) => serializer.serialize_f64(*f),
            OddKey::Seq(items) => items.serialize(serializer),
        }
    }
}

impl Serialize for DetailValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            DetailValue::Json(value) => value.serialize(serializer),
            DetailValue::Float(f) => serializer.serialize_f64(*f),
            DetailValue::Bytes(bytes) => serializer.serialize_bytes(bytes),
            DetailValue::Collected(text) => serializer.collect_str(text),
            DetailValue::OddKeys(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (key, value) in entries {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
            DetailValue::Failing => Err(S::Error::custom("this value refuses to serialise")),
        }
    }
}

/// What `details()` writes: named fields (the flag: written with `redacted`), or one
/// whole value.
#[derive(Clone, Debug)]
pub enum Details {
    Fields(Vec<(String, DetailValue, bool)>),
    Whole(DetailValue),
}

/// A cause in a source chain.
#[derive(Debug)]
pub struct Cause {
    pub text: String,
    pub next: Option<Box<Cause>>,
}

impl Cause {
    /// The chain of `texts`, the first outermost.
    pub fn chain(texts: &[String]) -> Option<Box<Cause>> {
        texts.iter().rev().fold(None, |next, text| {
            Some(Box::new(Cause {
                text: text.clone(),
                next,
            }))
        })
    }
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

/// Codes valid under the native schema (`^[A-Za-z][A-Za-z0-9_]*$`, at most 63).
pub const CODES: &[&str] = &[
    "GENERATED",
    "A1",
    "MODEL_NOT_FOUND",
    "lower_case_code",
    "Q",
    "X_Y_Z",
    "A23456789012345678901234567890123456789012345678901234567890123",
];

/// Categories and domains: plain, empty, in need of escaping, control characters,
/// non-ASCII.
pub const LABELS: &[&str] = &[
    "database_error",
    "",
    "\"quoted\" \\ label",
    "\u{0}\u{1f}\u{7f}",
    "ünïcødé 漢字 🦀",
];

/// A hand-written `ToolError` whose every part is chosen.
#[derive(Debug)]
pub struct Generated {
    pub code: &'static str,
    pub kind: Kind,
    pub recoverable: bool,
    pub category: Option<&'static str>,
    pub domain: Option<&'static str>,
    pub message: String,
    pub message_is_public: bool,
    pub details: Details,
    pub suggestions: Vec<String>,
    pub retry_after: Option<Duration>,
    pub no_effect: bool,
    pub chain: Option<Box<Cause>>,
    pub jsonrpc_code: i32,
    pub http_status: u16,
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
        match &self.details {
            Details::Fields(fields) => {
                for (name, value, redact) in fields {
                    if *redact {
                        details.redacted(name, value);
                    } else {
                        details.field(name, value);
                    }
                }
            }
            Details::Whole(value) => {
                details.whole(value);
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
    fn no_effect(&self) -> bool {
        self.no_effect
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

/// Derived errors covering every field role, with values filled in at run time.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(domain = "model")]
pub enum Derived {
    /// A lookup that found nothing.
    #[error("lookup of {id} failed")]
    #[tool_error(kind = not_found, suggest = "Check '{id}'", suggest = "Try {hint:?}")]
    Lookup {
        id: String,
        hint: String,
        tags: Vec<String>,
        score: f64,
        extra: Option<Value>,
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
        #[tool_error(redact, rename = "api-key")]
        token: String,
    },

    #[error("bad payload")]
    #[tool_error(kind = validation)]
    Payload {
        #[tool_error(details)]
        body: Value,
    },

    #[error(transparent)]
    #[tool_error(transparent)]
    Nested(Inner),
}

/// The error behind [`Derived::Nested`]: a skipped field in an internal message, a
/// redacted one, a plain one.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
pub enum Inner {
    #[error("inner failure: {detail}")]
    #[tool_error(kind = internal)]
    Broken {
        #[tool_error(skip)]
        detail: String,
        #[tool_error(redact)]
        secret: String,
        attempt: u32,
    },
}

/// A derived struct with optional redacted data.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[error("connection to {host} failed")]
#[tool_error(kind = transient, suggest = "Check that {host} is reachable")]
pub struct ConnectFailed {
    pub host: String,
    #[tool_error(redact)]
    pub password: String,
    #[tool_error(redact)]
    pub dsn: Option<String>,
}

// ---------------------------------------------------------------------------------
// Secrets
// ---------------------------------------------------------------------------------

/// Starts every planted secret, so a leak is a plain substring match.
pub const SECRET_PREFIX: &str = "sEcReT";

/// Secrets that must stay hidden, by what reveals them.
#[derive(Debug, Default)]
pub struct Secrets {
    /// Values of fields marked `redact`: revealed only when `redact` is off.
    pub redacted: Vec<String>,
    /// Messages of `Internal` errors: revealed by `verbose` or by turning masking off.
    pub internal_message: Vec<String>,
    /// Deeper causes of an error: revealed only by `verbose` (debug info).
    pub chain_only: Vec<String>,
}

impl Secrets {
    /// The secrets this policy must hide.
    pub fn hidden_under(&self, policy: &Policy) -> Vec<&str> {
        let mut hidden = Vec::new();
        if policy.redact {
            hidden.extend(self.redacted.iter().map(String::as_str));
        }
        if policy.mask_internal && !policy.verbose {
            hidden.extend(self.internal_message.iter().map(String::as_str));
        }
        if !policy.verbose {
            hidden.extend(self.chain_only.iter().map(String::as_str));
        }
        hidden
    }
}

/// An error of any supported shape, and the secrets planted in it.
#[derive(Debug)]
pub struct Case {
    pub error: Box<dyn ToolError>,
    pub secrets: Secrets,
}

// ---------------------------------------------------------------------------------
// Context
// ---------------------------------------------------------------------------------

/// The context's strings and time.
#[derive(Clone, Debug, Default)]
pub struct Ctx {
    pub tool: Option<String>,
    pub operation: Option<String>,
    pub request_id: Option<String>,
    pub server_version: Option<String>,
    pub time: Option<SystemTime>,
    /// Whether the call may be repeated unchanged, when known.
    pub idempotent: Option<bool>,
}

impl Ctx {
    /// The server's options that carry this context's version and time: where
    /// tool-error takes them from.
    pub fn server(&self) -> Options {
        let options = match self.time {
            Some(time) => Options::new().with_clock(FixedClock(time)),
            None => Options::new().without_clock(),
        };
        match &self.server_version {
            Some(version) => options.with_server_version(version.clone()),
            None => options,
        }
    }
}

/// The envelope of `error` in `ctx`, from a server with `server`'s options
/// ([`Ctx::server`]), under `policy`.
pub fn envelope<'a>(
    error: &'a dyn ToolError,
    ctx: &'a Ctx,
    server: &'a Options,
    policy: &'a Policy,
) -> Envelope<'a> {
    let mut context = server.context();
    if let Some(tool) = &ctx.tool {
        context = context.with_tool(tool);
    }
    if let Some(operation) = &ctx.operation {
        context = context.with_operation(operation);
    }
    if let Some(request_id) = &ctx.request_id {
        context = context.with_request_id(request_id);
    }
    if let Some(idempotent) = ctx.idempotent {
        context = context.with_idempotent(idempotent);
    }
    Envelope::new(error)
        .with_context(context)
        .with_policy(policy)
}

// ---------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------

/// Any character: ASCII, the BMP, any plane, or one that stresses escaping.
pub fn any_char(bytes: &mut Bytes<'_>) -> char {
    let wide = |bytes: &mut Bytes<'_>| {
        u32::from(bytes.byte()) | u32::from(bytes.byte()) << 8 | u32::from(bytes.byte()) << 16
    };
    let code = match bytes.byte() % 4 {
        0 => u32::from(bytes.byte() & 0x7f),
        1 => wide(bytes) % 0x1_0000,
        2 => wide(bytes) % 0x11_0000,
        _ => return *bytes.pick(SPECIAL_CHARS),
    };
    char::from_u32(code).unwrap_or('\u{fffd}')
}

/// A string: anything `Bytes::text` makes (raw UTF-8, dictionary entries, control
/// and escape characters, long runs), any characters at all, or rarely a run of any
/// one character long enough to pass every default limit on its own.
pub fn text(bytes: &mut Bytes<'_>) -> String {
    match bytes.byte() % 32 {
        0..=3 => {
            let len = bytes.below(24);
            (0..len).map(|_| any_char(bytes)).collect()
        }
        4 => {
            let c = any_char(bytes);
            c.to_string().repeat(4_000 + bytes.below(66_000))
        }
        _ => bytes.text(),
    }
}

/// A short string (up to 24 characters) for names, keys, markers and context
/// strings: the start of a [`text`], so as hard to escape; rarely a whole [`text`],
/// however long (rarely, because each is rendered many times over).
pub fn short_text(bytes: &mut Bytes<'_>) -> String {
    match bytes.byte() % 32 {
        0 => text(bytes),
        _ => text(bytes).chars().take(24).collect(),
    }
}

/// A value nested `depth` levels deep, arrays and objects alternating.
pub fn deep_value(depth: usize, leaf: Value) -> Value {
    (0..depth).fold(leaf, |inner, level| {
        if level % 2 == 0 {
            Value::Array(vec![inner])
        } else {
            let mut object = Map::new();
            object.insert("d".to_owned(), inner);
            Value::Object(object)
        }
    })
}

fn json_leaf(bytes: &mut Bytes<'_>) -> Value {
    match bytes.byte() % 6 {
        0 => Value::Null,
        1 => Value::from(bytes.bool()),
        2 => Value::from(bytes.u64() as i64),
        3 => Value::from(bytes.u64()),
        4 => serde_json::Number::from_f64(f64::from_bits(bytes.u64()))
            .map_or(Value::Null, Value::Number),
        _ => Value::from(text(bytes)),
    }
}

/// JSON: leaves, arrays and objects with any keys to `depth` 6, values nested far
/// deeper than any limit (past `Limits::DEPTH_CEILING` and serde_json's own nesting
/// limit of 128, which the output must stay within) and long arrays.
pub fn json(bytes: &mut Bytes<'_>, depth: usize) -> Value {
    match bytes.byte() % 12 {
        0..=4 => json_leaf(bytes),
        5 | 6 if depth < 6 => Value::Array(
            (0..bytes.count(12))
                .map(|_| json(bytes, depth + 1))
                .collect(),
        ),
        7 | 8 if depth < 6 => Value::Object(
            (0..bytes.count(12))
                .map(|_| (short_text(bytes), json(bytes, depth + 1)))
                .collect::<Map<_, _>>(),
        ),
        9 => {
            // Built, cloned and dropped recursively, so not much deeper than this.
            let depth = bytes.below(300);
            let leaf = json_leaf(bytes);
            if bytes.bool() {
                deep_value(depth, leaf)
            } else {
                (0..depth).fold(leaf, |inner, _| Value::Array(vec![inner]))
            }
        }
        10 => Value::Array((0..bytes.below(600)).map(Value::from).collect()),
        _ => json_leaf(bytes),
    }
}

/// A float JSON cannot hold, or any other.
fn float(bytes: &mut Bytes<'_>) -> f64 {
    match bytes.byte() % 2 {
        0 => *bytes.pick(&[f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0, 1e308]),
        _ => f64::from_bits(bytes.u64()),
    }
}

fn odd_key(bytes: &mut Bytes<'_>) -> OddKey {
    match bytes.byte() % 5 {
        0 => OddKey::Text(short_text(bytes)),
        1 => OddKey::Int(bytes.u64() as i64),
        2 => OddKey::Bool(bytes.bool()),
        3 => OddKey::Float(float(bytes)),
        _ => OddKey::Seq(bytes.raw(3).to_vec()),
    }
}

pub fn detail_value(bytes: &mut Bytes<'_>) -> DetailValue {
    match bytes.byte() % 16 {
        0..=8 => DetailValue::Json(json(bytes, 0)),
        9 | 10 => DetailValue::Float(float(bytes)),
        11 => DetailValue::Bytes(bytes.raw(600).to_vec()),
        12 => DetailValue::Collected(text(bytes)),
        13 | 14 => DetailValue::OddKeys(
            (0..bytes.count(6))
                .map(|_| (odd_key(bytes), json(bytes, 4)))
                .collect(),
        ),
        _ => DetailValue::Failing,
    }
}

pub fn kind(bytes: &mut Bytes<'_>) -> Kind {
    *bytes.pick(&Kind::ALL)
}

pub fn duration(bytes: &mut Bytes<'_>) -> Duration {
    match bytes.byte() % 6 {
        0 => Duration::ZERO,
        1 => Duration::MAX,
        2 => Duration::from_millis(1500),
        3 => Duration::new(bytes.u64(), (bytes.u64() % 1_000_000_000) as u32),
        4 => Duration::from_secs(bytes.u64() % 100_000),
        _ => Duration::from_millis(bytes.u64() % 10_000_000),
    }
}

fn label(bytes: &mut Bytes<'_>) -> Option<&'static str> {
    bytes.bool().then(|| *bytes.pick(LABELS))
}

fn texts(bytes: &mut Bytes<'_>, max: usize) -> Vec<String> {
    (0..bytes.count(max)).map(|_| text(bytes)).collect()
}

/// Decodes one case, planting secrets and recording each under what reveals it.
struct Planter<'b, 'a> {
    bytes: &'b mut Bytes<'a>,
    secrets: Secrets,
    serial: usize,
}

impl Planter<'_, '_> {
    /// A distinctive secret: the prefix, a serial number (no two secrets of a case
    /// share their first 12 characters), a number from the input, and sometimes any
    /// text after it.
    fn secret(&mut self) -> String {
        self.serial += 1;
        let mut secret = format!(
            "{SECRET_PREFIX}{:03}{:012x}",
            self.serial % 1000,
            self.bytes.u64() & 0xffff_ffff_ffff
        );
        if self.bytes.byte().is_multiple_of(4) {
            secret.push_str(&text(self.bytes));
        }
        secret
    }

    fn redacted(&mut self) -> String {
        let secret = self.secret();
        self.secrets.redacted.push(secret.clone());
        secret
    }

    fn internal(&mut self) -> String {
        let secret = self.secret();
        self.secrets.internal_message.push(secret.clone());
        secret
    }

    fn chain_only(&mut self) -> String {
        let secret = self.secret();
        self.secrets.chain_only.push(secret.clone());
        secret
    }

    /// A cause chain of any texts, sometimes with a secret only `verbose` reveals.
    fn chain(&mut self, max: usize) -> Vec<String> {
        let mut chain = texts(self.bytes, max);
        if self.bytes.bool() {
            let at = self.bytes.below(chain.len() + 1);
            let secret = self.chain_only();
            chain.insert(at, secret);
        }
        chain
    }

    /// A redacted field's value: a planted secret as a string, collected through
    /// `Display` or nested in JSON; or any value, not tracked.
    fn redacted_value(&mut self) -> DetailValue {
        match self.bytes.byte() % 5 {
            0 | 1 => DetailValue::Json(Value::from(self.redacted())),
            2 => DetailValue::Collected(self.redacted()),
            3 => DetailValue::Json(serde_json::json!({"deep": [self.redacted()]})),
            _ => detail_value(self.bytes),
        }
    }

    fn details(&mut self) -> Details {
        match self.bytes.byte() % 8 {
            0 => Details::Whole(detail_value(self.bytes)),
            1 => Details::Fields(
                (0..self.bytes.below(400))
                    .map(|i| (format!("f{i}"), DetailValue::Json(Value::from(i)), false))
                    .collect(),
            ),
            _ => Details::Fields(
                (0..self.bytes.count(300))
                    .map(|i| {
                        let redact = self.bytes.byte().is_multiple_of(4);
                        let value = if redact {
                            self.redacted_value()
                        } else {
                            detail_value(self.bytes)
                        };
                        let name = if self.bytes.bool() {
                            short_text(self.bytes)
                        } else {
                            format!("f{i}")
                        };
                        (name, value, redact)
                    })
                    .collect(),
            ),
        }
    }

    fn generated(&mut self) -> Generated {
        let kind = kind(self.bytes);
        let message_is_public = self.bytes.bool();
        let message = if kind == Kind::Internal && !message_is_public {
            self.internal()
        } else {
            text(self.bytes)
        };
        let chain = self.chain(40);
        Generated {
            code: CODES[self.bytes.below(CODES.len())],
            kind,
            recoverable: self.bytes.bool(),
            category: label(self.bytes),
            domain: label(self.bytes),
            message,
            message_is_public,
            details: self.details(),
            suggestions: texts(self.bytes, 40),
            retry_after: self.bytes.bool().then(|| duration(self.bytes)),
            no_effect: self.bytes.bool(),
            chain: Cause::chain(&chain),
            jsonrpc_code: self.bytes.u64() as i32,
            http_status: self.bytes.u64() as u16,
        }
    }

    fn derived(&mut self) -> Derived {
        match self.bytes.byte() % 6 {
            0 => Derived::Lookup {
                id: text(self.bytes),
                hint: text(self.bytes),
                tags: texts(self.bytes, 300),
                score: float(self.bytes),
                extra: self.bytes.bool().then(|| json(self.bytes, 0)),
            },
            1 => Derived::Busy {
                wait: duration(self.bytes),
                steps: texts(self.bytes, 40),
            },
            2 => {
                let message = self.internal();
                let causes = self.chain(40);
                Derived::Storage(Cause {
                    text: message,
                    next: Cause::chain(&causes),
                })
            }
            3 => Derived::Login {
                user: text(self.bytes),
                password: self.redacted(),
                token: self.redacted(),
            },
            4 => Derived::Payload {
                body: json(self.bytes, 0),
            },
            _ => Derived::Nested(Inner::Broken {
                detail: self.internal(),
                secret: self.redacted(),
                attempt: self.bytes.u64() as u32,
            }),
        }
    }

    fn error(&mut self) -> Box<dyn ToolError> {
        match self.bytes.byte() % 10 {
            0..=3 => Box::new(self.generated()),
            4..=6 => Box::new(self.derived()),
            7 => {
                let host = text(self.bytes);
                let password = self.redacted();
                let dsn = self.bytes.bool().then(|| self.redacted());
                Box::new(ConnectFailed {
                    host,
                    password,
                    dsn,
                })
            }
            8 => Box::new(self.io_error()),
            _ => match self.bytes.byte() % 4 {
                0 => Box::new(Box::<dyn StdError + Send + Sync>::from(self.internal())),
                // A boxed error is foreign: its chain is not read, so it is an
                // internal error whatever its source; `AnyError` reads the chain.
                1 => Box::new(self.wrapped_io(false)),
                2 => Box::new(AnyError::from(self.wrapped_io(true))),
                _ => Box::new(AnyError::from(self.io_error())),
            },
        }
    }

    /// An I/O error of any kind. A failed connection or a timeout is answered with a
    /// fixed message, so its text (an address, a path) is seen only by `verbose`;
    /// any other kind is an internal error, whose message masking hides.
    fn io_error(&mut self) -> std::io::Error {
        let (kind, failure) = self.io_kind();
        let text = self.message_of(failure);
        std::io::Error::new(kind, text)
    }

    /// An uncoded error whose source is an I/O error of any kind; `read` when the
    /// error will be read through its chain, which makes a failure of the source's
    /// kind the error's.
    fn wrapped_io(&mut self, read: bool) -> Box<dyn StdError + Send + Sync> {
        let (kind, failure) = self.io_kind();
        // A deeper cause: whatever its kind, only `verbose` shows its text.
        let source = std::io::Error::new(kind, self.chain_only());
        let text = self.message_of(read && failure);
        Box::new(IoWrapper { text, source })
    }

    /// Any kind of I/O error, and whether tool-error reads it as a failure.
    fn io_kind(&mut self) -> (std::io::ErrorKind, bool) {
        let at = self.bytes.below(FAILURE_KINDS.len() + OTHER_KINDS.len());
        match FAILURE_KINDS.get(at) {
            Some(&kind) => (kind, true),
            None => (OTHER_KINDS[at - FAILURE_KINDS.len()], false),
        }
    }

    /// The text of an error read as a failure (shown only by `verbose`) or of an
    /// internal one (hidden by masking).
    fn message_of(&mut self, failure: bool) -> String {
        if failure {
            self.chain_only()
        } else {
            self.internal()
        }
    }
}

/// The kinds of I/O error tool-error reads as a failed connection or a timeout
/// (see the crate's failures read by kind).
const FAILURE_KINDS: &[std::io::ErrorKind] = {
    use std::io::ErrorKind::*;
    &[
        ConnectionRefused,
        ConnectionReset,
        ConnectionAborted,
        NotConnected,
        HostUnreachable,
        NetworkUnreachable,
        BrokenPipe,
        TimedOut,
    ]
};

/// Kinds it must not read so: a missing file, a denied permission, and others.
const OTHER_KINDS: &[std::io::ErrorKind] = {
    use std::io::ErrorKind::*;
    &[
        NotFound,
        PermissionDenied,
        AddrInUse,
        Interrupted,
        Unsupported,
        Other,
    ]
};

/// An error with an I/O error as its source.
#[derive(Debug)]
struct IoWrapper {
    text: String,
    source: std::io::Error,
}

impl fmt::Display for IoWrapper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl StdError for IoWrapper {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        Some(&self.source)
    }
}

/// An error of any supported shape, with the secrets planted in it.
pub fn case(bytes: &mut Bytes<'_>) -> Case {
    let mut planter = Planter {
        bytes,
        secrets: Secrets::default(),
        serial: 0,
    };
    let error = planter.error();
    Case {
        error,
        secrets: planter.secrets,
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

/// Any policy: every switch, any marker and internal message, any limits.
pub fn policy(bytes: &mut Bytes<'_>) -> Policy {
    let limits = Limits::DEFAULT
        .with_max_message_chars(char_limit(bytes))
        .with_max_string_chars(char_limit(bytes))
        .with_max_items(match bytes.byte() % 4 {
            0 => bytes.below(20),
            1 => usize::MAX,
            _ => 256,
        })
        .with_max_depth(match bytes.byte() % 6 {
            0 => 0,
            1 => bytes.below(20),
            2 => 64,
            3 => usize::MAX,
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
        short_text(bytes)
    };
    let internal = if bytes.bool() {
        "Internal error".to_owned()
    } else {
        short_text(bytes)
    };
    let max_suggestions = match bytes.byte() % 6 {
        0 => 0,
        1 => 1,
        2 => 3,
        3 => bytes.below(20),
        4 => usize::MAX,
        _ => 16,
    };
    Policy::DEFAULT
        .with_verbose(bytes.byte().is_multiple_of(4))
        .with_suggestions(!bytes.byte().is_multiple_of(4))
        .with_max_suggestions(max_suggestions)
        .with_details(!bytes.byte().is_multiple_of(4))
        .with_redaction(!bytes.byte().is_multiple_of(4))
        .with_redaction_marker(marker)
        .with_internal_masking(!bytes.byte().is_multiple_of(4))
        .with_internal_message(internal)
        .with_limits(limits)
}

/// Any context: each string present or not (usually short, sometimes any
/// [`text`]), any time the platform can hold (before the epoch too), or none.
pub fn ctx(bytes: &mut Bytes<'_>) -> Ctx {
    let mut string = || bytes.bool().then(|| short_text(bytes));
    let tool = string();
    let operation = string();
    let request_id = string();
    let server_version = string();
    let time = match bytes.byte() % 4 {
        0 => None,
        1 => UNIX_EPOCH.checked_add(Duration::from_secs(bytes.u64())),
        2 => UNIX_EPOCH.checked_sub(Duration::from_secs(bytes.u64())),
        _ => Some(UNIX_EPOCH + Duration::from_secs(bytes.u64() % 4_000_000_000)),
    };
    let idempotent = bytes.bool().then(|| bytes.bool());
    Ctx {
        tool,
        operation,
        request_id,
        server_version,
        time,
        idempotent,
    }
}

/// A rendered envelope through a random profile: input for the client parser.
pub fn rendered(bytes: &mut Bytes<'_>) -> String {
    let case = case(bytes);
    let policy = policy(bytes);
    let envelope = Envelope::new(case.error.as_ref()).with_policy(&policy);
    match bytes.byte() % 6 {
        0 => envelope.to_json(),
        1 => envelope.render(&JsonRpc::new()),
        2 => envelope.render(&JsonRpcResponse::new(RequestId::Null, JsonRpc::new())),
        3 => envelope.render(&McpToolResult::new().structured(true)),
        4 => envelope.render(&McpToolResult::new()),
        _ => envelope.render_pretty(&Problem::new()),
    }
}
