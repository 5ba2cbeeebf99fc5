//! Hardening: whatever an error carries and whatever the policy says, rendering
//! produces exactly one valid JSON value of bounded size in the profile's shape,
//! secrets stay hidden unless the policy explicitly reveals them, and the client
//! parser reads anything without panicking.
//!
//! These are property tests with a small default case count so the suite stays fast.
//! Run them long with, e.g.:
//!
//! ```sh
//! PROPTEST_CASES=100000 cargo test --release -p tool-error-tests --test hardening
//! ```
//!
//! The fuzz targets in `fuzz/` drive the same surfaces with coverage-guided or
//! seeded random inputs; see `fuzz/README.md`.

use std::error::Error as StdError;
use std::fmt;
use std::sync::LazyLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::ser::{Error as _, SerializeMap};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};
use tool_error::client::{self, MAX_PARSE_BYTES, Parsed};
use tool_error::{
    Context, DetailWriter, Envelope, JsonRpc, JsonRpcResponse, Kind, Limits, McpToolResult, Native,
    Policy, Problem, Profile, Reduction, RequestId, SuggestionWriter, ToolError,
};

const MARK: &str = Limits::TRUNCATION_MARK;

/// A proptest configuration with `cases` cases, unless `PROPTEST_CASES` says otherwise.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    // A failure prints its minimal input; no regression files in the source tree.
    config.failure_persistence = None;
    config
}

static NATIVE_SCHEMA: LazyLock<jsonschema::Validator> = LazyLock::new(|| {
    let schema: Value =
        serde_json::from_str(tool_error::Native::SCHEMA).expect("the schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles")
});

// ---------------------------------------------------------------------------------
// Errors with arbitrary contents
// ---------------------------------------------------------------------------------

/// A detail value: JSON, a float JSON cannot hold (NaN, infinities), raw bytes, a
/// `Display` collected as a string, a map with non-string keys, or a value whose
/// `Serialize` fails.
#[derive(Clone, Debug)]
enum DetailValue {
    Json(Value),
    Float(f64),
    Bytes(Vec<u8>),
    Collected(String),
    OddKeys(Vec<(OddKey, Value)>),
    Failing,
}

/// A map key of a type serde_json may or may not accept as an object key.
#[derive(Clone, Debug)]
enum OddKey {
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

/// What `details()` writes.
#[derive(Clone, Debug)]
enum Details {
    Fields(Vec<(String, DetailValue, bool)>),
    Whole(DetailValue),
}

/// A cause in a source chain.
#[derive(Debug)]
struct Cause {
    text: String,
    next: Option<Box<Cause>>,
}

impl Cause {
    fn chain(texts: &[String]) -> Option<Box<Cause>> {
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
const CODES: &[&str] = &[
    "GENERATED",
    "A1",
    "MODEL_NOT_FOUND",
    "lower_case_code",
    "Q",
    "A23456789012345678901234567890123456789012345678901234567890123",
];

const LABELS: &[&str] = &[
    "database_error",
    "",
    "\"quoted\" \\ label",
    "\u{0}\u{1f}\u{7f}",
    "ünïcødé 漢字 🦀",
];

/// A hand-written `ToolError` whose every part is generated.
#[derive(Debug)]
struct Generated {
    code: &'static str,
    kind: Kind,
    recoverable: bool,
    category: Option<&'static str>,
    domain: Option<&'static str>,
    message: String,
    message_is_public: bool,
    details: Details,
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
#[tool_error(domain = "hardening")]
enum Derived {
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

#[derive(Debug, thiserror::Error, tool_error::ToolError)]
enum Inner {
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
struct ConnectFailed {
    host: String,
    #[tool_error(redact)]
    password: String,
    #[tool_error(redact)]
    dsn: Option<String>,
}

/// Any of the error types above.
#[derive(Debug)]
enum AnyError {
    Generated(Generated),
    Derived(Derived),
    Connect(ConnectFailed),
    Io(std::io::Error),
    Boxed(Box<dyn StdError + Send + Sync>),
}

impl AnyError {
    fn as_tool_error(&self) -> &dyn ToolError {
        match self {
            AnyError::Generated(error) => error,
            AnyError::Derived(error) => error,
            AnyError::Connect(error) => error,
            AnyError::Io(error) => error,
            AnyError::Boxed(error) => error,
        }
    }
}

// ---------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------

/// Strings that stress JSON escaping, truncation and size limits.
fn text() -> BoxedStrategy<String> {
    prop_oneof![
        12 => any::<String>(),
        6 => "[\\x00-\\x1f\"\\\\\\x7f\u{2028}\u{2029}a-z{}\\[\\]:,]{0,40}",
        3 => "[é漢🦀\u{fffd}\u{feff}\u{10ffff}]{0,20}",
        3 => Just(MARK.to_owned()),
        3 => Just(String::new()),
        // Rare but huge: over every default string limit, and with a 6-byte escape
        // per control character, over the default envelope size on its own.
        1 => (4_000usize..70_000, any::<char>()).prop_map(|(n, c)| c.to_string().repeat(n)),
    ]
    .boxed()
}

/// Bounded strings that still need escaping, for errors whose secrets must fit.
fn small_text() -> BoxedStrategy<String> {
    "[\\x00-\\x1f\"\\\\a-z é漢🦀]{0,40}".boxed()
}

/// Short strings, for keys and labels.
fn short_text() -> BoxedStrategy<String> {
    prop_oneof![
        3 => "[a-z_]{0,12}",
        2 => "[\\x00-\\x1f\"\\\\a-z\u{7f}é漢🦀]{0,12}",
        1 => Just(MARK.to_owned()),
        1 => (1usize..5_000).prop_map(|n| "k".repeat(n)),
    ]
    .boxed()
}

fn json_leaf() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::from)),
        text().prop_map(Value::from),
    ]
    .boxed()
}

/// JSON values up to `depth` levels of arrays and objects with odd keys.
fn json(depth: u32) -> BoxedStrategy<Value> {
    json_leaf()
        .prop_recursive(depth, 64, 8, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                prop::collection::vec((short_text(), inner), 0..8)
                    .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
            ]
        })
        .boxed()
}

/// A value nested `depth` levels deep, arrays and objects alternating.
fn deep_value(depth: usize, leaf: Value) -> Value {
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

/// JSON that is sometimes nested far deeper than any limit (but within what
/// serde_json parses back, 128 levels, so the output can be checked).
fn detail_json() -> BoxedStrategy<Value> {
    prop_oneof![
        4 => json(4),
        1 => (0usize..100, json_leaf()).prop_map(|(depth, leaf)| deep_value(depth, leaf)),
        1 => (0usize..600).prop_map(|n| Value::Array((0..n).map(Value::from).collect())),
    ]
    .boxed()
}

fn odd_key() -> BoxedStrategy<OddKey> {
    prop_oneof![
        short_text().prop_map(OddKey::Text),
        any::<i64>().prop_map(OddKey::Int),
        any::<bool>().prop_map(OddKey::Bool),
        any::<f64>().prop_map(OddKey::Float),
        prop::collection::vec(any::<u8>(), 0..3).prop_map(OddKey::Seq),
    ]
    .boxed()
}

fn detail_value() -> BoxedStrategy<DetailValue> {
    prop_oneof![
        8 => detail_json().prop_map(DetailValue::Json),
        2 => prop_oneof![
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(f64::NEG_INFINITY),
            Just(-0.0),
            any::<f64>(),
        ]
        .prop_map(DetailValue::Float),
        1 => prop::collection::vec(any::<u8>(), 0..40).prop_map(DetailValue::Bytes),
        1 => text().prop_map(DetailValue::Collected),
        1 => prop::collection::vec((odd_key(), json_leaf()), 0..6).prop_map(DetailValue::OddKeys),
        1 => Just(DetailValue::Failing),
    ]
    .boxed()
}

fn details() -> BoxedStrategy<Details> {
    prop_oneof![
        4 => prop::collection::vec((short_text(), detail_value(), any::<bool>()), 0..6)
            .prop_map(Details::Fields),
        1 => (0usize..400).prop_map(|n| {
            Details::Fields((0..n).map(|i| (format!("f{i}"), DetailValue::Json(Value::from(i)), false)).collect())
        }),
        1 => detail_value().prop_map(Details::Whole),
    ]
    .boxed()
}

fn kind() -> impl Strategy<Value = Kind> {
    prop::sample::select(Kind::ALL.to_vec())
}

fn duration() -> BoxedStrategy<Duration> {
    prop_oneof![
        Just(Duration::ZERO),
        Just(Duration::MAX),
        Just(Duration::from_millis(1500)),
        (any::<u64>(), 0u32..1_000_000_000).prop_map(|(s, n)| Duration::new(s, n)),
        (0u64..100_000).prop_map(Duration::from_secs),
    ]
    .boxed()
}

fn label() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(LABELS.to_vec()))
}

prop_compose! {
    fn generated_unboxed()(
        code in prop::sample::select(CODES.to_vec()),
        kind in kind(),
        recoverable in any::<bool>(),
        labels in (label(), label()),
        message in text(),
        message_is_public in any::<bool>(),
        details in details(),
        suggestions in prop_oneof![3 => prop::collection::vec(text(), 0..4), 1 => prop::collection::vec(short_text(), 0..24)],
        retry_after in prop::option::of(duration()),
        chain in prop_oneof![3 => prop::collection::vec(text(), 0..4), 1 => prop::collection::vec(short_text(), 30..40)],
        jsonrpc_code in any::<i32>(),
        http_status in any::<u16>(),
    ) -> Generated {
        Generated {
            code,
            kind,
            recoverable,
            category: labels.0,
            domain: labels.1,
            message,
            message_is_public,
            details,
            suggestions,
            retry_after,
            chain: Cause::chain(&chain),
            jsonrpc_code,
            http_status,
        }
    }
}

fn derived() -> BoxedStrategy<Derived> {
    prop_oneof![
        (
            text(),
            text(),
            prop::collection::vec(text(), 0..300),
            any::<f64>(),
            prop::option::of(detail_json())
        )
            .prop_map(|(id, hint, tags, score, extra)| Derived::Lookup {
                id,
                hint,
                tags,
                score,
                extra
            }),
        (duration(), prop::collection::vec(text(), 0..40))
            .prop_map(|(wait, steps)| Derived::Busy { wait, steps }),
        prop::collection::vec(text(), 1..6).prop_map(|texts| {
            let first = Cause::chain(&texts).map(|cause| *cause);
            Derived::Storage(first.unwrap_or(Cause {
                text: String::new(),
                next: None,
            }))
        }),
        (text(), text(), text()).prop_map(|(user, password, token)| Derived::Login {
            user,
            password,
            token
        }),
        detail_json().prop_map(|body| Derived::Payload { body }),
        (text(), text(), any::<u32>()).prop_map(|(detail, secret, attempt)| {
            Derived::Nested(Inner::Broken {
                detail,
                secret,
                attempt,
            })
        }),
    ]
    .boxed()
}

fn any_error() -> BoxedStrategy<AnyError> {
    prop_oneof![
        4 => generated().prop_map(AnyError::Generated),
        3 => derived().prop_map(AnyError::Derived),
        1 => (text(), text(), prop::option::of(text()))
            .prop_map(|(host, password, dsn)| AnyError::Connect(ConnectFailed { host, password, dsn })),
        1 => text().prop_map(|text| AnyError::Io(std::io::Error::other(text))),
        1 => text().prop_map(|text| AnyError::Boxed(text.into())),
    ]
    .boxed()
}

fn char_limit() -> BoxedStrategy<usize> {
    prop_oneof![Just(0), Just(1), 2usize..300, Just(4096), Just(usize::MAX),].boxed()
}

fn byte_limit() -> BoxedStrategy<usize> {
    prop_oneof![
        Just(0),
        1usize..400,
        400usize..8_000,
        Just(64 * 1024),
        Just(usize::MAX),
    ]
    .boxed()
}

prop_compose! {
    fn limits_unboxed()(
        message in char_limit(),
        string in char_limit(),
        items in prop_oneof![0usize..20, Just(256), Just(usize::MAX)],
        depth in prop_oneof![Just(0usize), 1usize..20, Just(64)],
        bytes in byte_limit(),
    ) -> Limits {
        Limits::DEFAULT
            .with_max_message_chars(message)
            .with_max_string_chars(string)
            .with_max_items(items)
            .with_max_depth(depth)
            .with_max_envelope_bytes(bytes)
    }
}

prop_compose! {
    fn policy_unboxed()(
        switches in prop::array::uniform7(any::<bool>()),
        max_suggestions in prop_oneof![Just(0usize), 1usize..20, Just(usize::MAX)],
        marker in prop_oneof![Just("[REDACTED]".to_owned()), short_text()],
        internal in prop_oneof![Just("Internal error".to_owned()), short_text()],
        limits in limits(),
    ) -> Policy {
        let [verbose, suggestions, unrecoverable, details, redact, mask, _] = switches;
        Policy::DEFAULT
            .with_verbose(verbose)
            .with_suggestions(suggestions)
            .with_suggestions_when_unrecoverable(unrecoverable)
            .with_max_suggestions(max_suggestions)
            .with_details(details)
            .with_redaction(redact)
            .with_redaction_marker(marker)
            .with_internal_masking(mask)
            .with_internal_message(internal)
            .with_limits(limits)
    }
}

/// The context's strings and time.
#[derive(Clone, Debug)]
struct Ctx {
    tool: Option<String>,
    operation: Option<String>,
    request_id: Option<String>,
    server_version: Option<String>,
    time: Option<SystemTime>,
}

fn system_time() -> BoxedStrategy<SystemTime> {
    prop_oneof![
        (0u64..4_000_000_000).prop_map(|s| UNIX_EPOCH + Duration::from_secs(s)),
        any::<u64>().prop_map(|s| UNIX_EPOCH
            .checked_add(Duration::from_secs(s))
            .unwrap_or(UNIX_EPOCH)),
        any::<u64>().prop_map(|s| UNIX_EPOCH
            .checked_sub(Duration::from_secs(s))
            .unwrap_or(UNIX_EPOCH)),
    ]
    .boxed()
}

prop_compose! {
    fn ctx_unboxed()(
        tool in prop::option::of(text()),
        operation in prop::option::of(short_text()),
        request_id in prop::option::of(short_text()),
        server_version in prop::option::of(short_text()),
        time in prop::option::of(system_time()),
    ) -> Ctx {
        Ctx { tool, operation, request_id, server_version, time }
    }
}

fn envelope<'a>(error: &'a dyn ToolError, ctx: &'a Ctx, policy: &'a Policy) -> Envelope<'a> {
    let mut context = Context::new();
    if let Some(tool) = &ctx.tool {
        context = context.with_tool(tool);
    }
    if let Some(operation) = &ctx.operation {
        context = context.with_operation(operation);
    }
    if let Some(request_id) = &ctx.request_id {
        context = context.with_request_id(request_id);
    }
    if let Some(version) = &ctx.server_version {
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

// ---------------------------------------------------------------------------------
// Checks on rendered output
// ---------------------------------------------------------------------------------

type Check = Result<(), TestCaseError>;

fn json_value(text: &str) -> Result<Value, TestCaseError> {
    serde_json::from_str(text).map_err(|error| {
        let start: String = text.chars().take(300).collect();
        TestCaseError::fail(format!("not one JSON value ({error}): {start}"))
    })
}

fn check_native(value: &Value, error: &dyn ToolError, policy: &Policy) -> Check {
    let problems: Vec<String> = NATIVE_SCHEMA
        .iter_errors(value)
        .map(|e| e.to_string())
        .take(5)
        .collect();
    prop_assert!(problems.is_empty(), "schema violations {problems:?}");
    prop_assert_eq!(&value["code"], error.code());
    prop_assert_eq!(&value["kind"], error.kind().as_str());
    prop_assert_eq!(&value["recoverable"], error.recoverable());
    check_policy_bounds(value, "message", "suggestions", error, policy)?;
    if !policy.verbose {
        prop_assert!(value.get("debug").is_none(), "debug info without verbose");
    }
    if let Some(chain) = value
        .pointer("/debug/error_chain")
        .and_then(Value::as_array)
    {
        prop_assert!(chain.len() <= policy.limits.max_items.min(32));
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
fn check_policy_bounds(
    value: &Value,
    message_key: &str,
    suggestions_key: &str,
    error: &dyn ToolError,
    policy: &Policy,
) -> Check {
    let limits = &policy.limits;
    let message = value[message_key].as_str().unwrap_or_default();
    if message != error.code() {
        prop_assert!(
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
    let allowed = policy.include_suggestions
        && (policy.suggestions_when_unrecoverable || error.recoverable());
    let cap = if allowed {
        policy.max_suggestions.min(limits.max_items)
    } else {
        0
    };
    prop_assert!(suggestions <= cap, "{suggestions} suggestions, cap {cap}");
    for suggestion in value
        .get(suggestions_key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        check_string(suggestion, limits.max_string_chars, policy)?;
    }
    if let Some(details) = value.get("details") {
        prop_assert!(policy.include_details, "details shown though switched off");
        check_detail_limits(details, policy, 0)?;
    }
    Ok(())
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

fn check_string(value: &Value, max_chars: usize, policy: &Policy) -> Check {
    let text = value.as_str().unwrap_or_default();
    if text != policy.redaction_marker {
        prop_assert!(
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
    prop_assert!(
        depth <= limits.max_depth.saturating_add(1),
        "details nested {depth} deep, limit {}",
        limits.max_depth
    );
    match value {
        Value::String(_) => check_string(value, limits.max_string_chars, policy)?,
        Value::Array(items) => {
            prop_assert!(items.len() <= limits.max_items.saturating_add(1));
            for item in items {
                check_detail_limits(item, policy, depth + 1)?;
            }
        }
        Value::Object(entries) => {
            prop_assert!(entries.len() <= limits.max_items.saturating_add(1));
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

/// Which built-in profile, so the output's shape can be checked.
#[derive(Clone, Copy, Debug)]
enum Shape {
    Native,
    JsonRpc,
    JsonRpcBare,
    JsonRpcProblem,
    Response,
    Mcp,
    McpStructured,
    McpProblem,
    Problem,
}

/// Checks one output's shape; returns whether `client::parse` must find a
/// structured envelope in it.
fn check_shape(shape: Shape, value: &Value, error: &dyn ToolError, policy: &Policy) -> Check {
    match shape {
        Shape::Native => check_native(value, error, policy)?,
        Shape::JsonRpc | Shape::JsonRpcBare | Shape::JsonRpcProblem => {
            let object = value
                .as_object()
                .ok_or_else(|| TestCaseError::fail("not an object"))?;
            prop_assert_eq!(&value["code"], error.jsonrpc_code());
            prop_assert!(value["message"].is_string());
            match shape {
                Shape::JsonRpcBare => prop_assert_eq!(object.len(), 2),
                Shape::JsonRpcProblem => {
                    prop_assert_eq!(object.len(), 3);
                    check_shape(Shape::Problem, &value["data"], error, policy)?;
                    prop_assert_eq!(&value["message"], &value["data"]["detail"]);
                }
                _ => {
                    prop_assert_eq!(object.len(), 3);
                    check_native(&value["data"], error, policy)?;
                    prop_assert_eq!(&value["message"], &value["data"]["message"]);
                }
            }
        }
        Shape::Response => {
            prop_assert_eq!(&value["jsonrpc"], "2.0");
            prop_assert_eq!(&value["id"], 7);
            check_shape(Shape::JsonRpc, &value["error"], error, policy)?;
        }
        Shape::Mcp | Shape::McpStructured | Shape::McpProblem => {
            prop_assert_eq!(&value["isError"], true);
            let content = value["content"]
                .as_array()
                .ok_or_else(|| TestCaseError::fail("content is not an array"))?;
            prop_assert_eq!(content.len(), 1);
            prop_assert_eq!(&content[0]["type"], "text");
            let text = content[0]["text"]
                .as_str()
                .ok_or_else(|| TestCaseError::fail("text is not a string"))?;
            let inner = json_value(text)?;
            let inner_shape = match shape {
                Shape::McpProblem => Shape::Problem,
                _ => Shape::Native,
            };
            check_shape(inner_shape, &inner, error, policy)?;
            match shape {
                Shape::McpStructured => {
                    check_native(&value["structuredContent"], error, policy)?;
                }
                _ => prop_assert!(value.get("structuredContent").is_none()),
            }
        }
        Shape::Problem => {
            prop_assert!(value["type"].is_string());
            prop_assert!(value["title"].is_string());
            prop_assert_eq!(&value["status"], error.http_status());
            prop_assert!(value["detail"].is_string());
            prop_assert_eq!(&value["code"], error.code());
            prop_assert_eq!(&value["kind"], error.kind().as_str());
            check_policy_bounds(value, "detail", "suggestions", error, policy)?;
        }
    }
    Ok(())
}

/// Renders through `profile` compact, pretty and appended to a buffer, and checks
/// each output: one JSON value, in the profile's shape, within the size limit
/// unless it is the fallback rendering (which is as small as rendering gets), and
/// read back by the client parser.
fn check_profile<P: Profile>(envelope: &Envelope<'_>, profile: &P, shape: Shape) -> Check {
    let error = envelope.error();
    let policy = envelope.policy();
    let max_bytes = policy.limits.max_envelope_bytes;
    let fallback = envelope.with_reduction(Reduction::Fallback);
    for pretty in [false, true] {
        let text = if pretty {
            envelope.render_pretty(profile)
        } else {
            envelope.render(profile)
        };
        let value = json_value(&text)?;
        prop_assert!(!value.is_null(), "rendering gave up: null");
        if text.len() > max_bytes {
            // Over the limit only when even the fallback does not fit.
            let smallest = if pretty {
                fallback.render_pretty(profile)
            } else {
                fallback.render(profile)
            };
            prop_assert_eq!(
                &text,
                &smallest,
                "over {} bytes yet not the fallback",
                max_bytes
            );
        }
        check_shape(shape, &value, error, policy).map_err(|failure| {
            let start: String = text.chars().take(600).collect();
            TestCaseError::fail(format!("{failure} in {shape:?} output {start}"))
        })?;
        if !pretty {
            check_parse_back(&text, shape, error)?;
        }
    }
    // The size limit applies to what is appended, not to what the buffer held.
    let prefix = b"[\"already here\",";
    let mut out = prefix.to_vec();
    envelope.render_into(profile, &mut out);
    prop_assert!(out.starts_with(prefix));
    let alone = envelope.render(profile);
    prop_assert_eq!(&out[prefix.len()..], alone.as_bytes());
    Ok(())
}

/// The client reads every structured profile back to the same code and kind.
fn check_parse_back(text: &str, shape: Shape, error: &dyn ToolError) -> Check {
    let parsed = client::parse(text);
    if matches!(shape, Shape::JsonRpcBare) {
        // No `data`: nothing structured to read.
        prop_assert!(matches!(parsed, Parsed::Legacy(_)));
        return Ok(());
    }
    if text.len() > MAX_PARSE_BYTES {
        prop_assert_eq!(parsed, Parsed::Legacy(text.to_owned()));
        return Ok(());
    }
    let envelope = parsed
        .envelope()
        .ok_or_else(|| TestCaseError::fail(format!("{shape:?} output read as legacy text")))?;
    prop_assert_eq!(envelope.code.as_str(), error.code());
    prop_assert_eq!(envelope.kind, error.kind());
    prop_assert_eq!(envelope.recoverable, error.recoverable());
    if matches!(shape, Shape::Native) {
        let direct: tool_error::OwnedEnvelope =
            serde_json::from_str(text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(envelope, &direct);
    }
    Ok(())
}

fn check_every_profile(envelope: &Envelope<'_>) -> Check {
    check_profile(envelope, &Native, Shape::Native)?;
    check_profile(envelope, &JsonRpc::new(), Shape::JsonRpc)?;
    check_profile(envelope, &JsonRpc::bare(), Shape::JsonRpcBare)?;
    check_profile(
        envelope,
        &JsonRpc::with_data(Problem::new()),
        Shape::JsonRpcProblem,
    )?;
    check_profile(
        envelope,
        &JsonRpcResponse::new(RequestId::Number(7), JsonRpc::new()),
        Shape::Response,
    )?;
    check_profile(envelope, &McpToolResult::new(), Shape::Mcp)?;
    check_profile(
        envelope,
        &McpToolResult::new().structured(true),
        Shape::McpStructured,
    )?;
    check_profile(
        envelope,
        &McpToolResult::with_profile(Problem::new()),
        Shape::McpProblem,
    )?;
    check_profile(envelope, &Problem::new(), Shape::Problem)?;
    check_profile(
        envelope,
        &Problem::with_type_base("https://errors.example.com/"),
        Shape::Problem,
    )?;
    Ok(())
}

// ---------------------------------------------------------------------------------
// Rendering properties
// ---------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(128))]

    /// Any error, context and policy: one valid JSON value per profile, in the
    /// profile's shape, within the limits, read back by the client.
    #[test]
    fn every_profile_renders_valid_bounded_json(
        error in any_error(),
        ctx in ctx(),
        policy in policy(),
    ) {
        let envelope = envelope(error.as_tool_error(), &ctx, &policy);
        check_every_profile(&envelope)?;
    }

    /// Under the default policy nothing generated is large enough to reach the
    /// fallback: every output fits in `max_envelope_bytes`.
    #[test]
    fn default_policy_always_fits(error in any_error(), ctx in ctx()) {
        let ctx = Ctx { tool: ctx.tool.map(|t| t.chars().take(100).collect()), ..ctx };
        let envelope = envelope(error.as_tool_error(), &ctx, &Policy::DEFAULT);
        for text in [
            envelope.to_json(),
            envelope.render_pretty(&Native),
            envelope.render(&McpToolResult::new().structured(true)),
            envelope.render(&JsonRpcResponse::new(RequestId::Number(1), JsonRpc::new())),
            envelope.render(&Problem::new()),
        ] {
            prop_assert!(text.len() <= Limits::DEFAULT.max_envelope_bytes, "{} bytes", text.len());
            json_value(&text)?;
        }
    }

    /// Codes a hand-written impl may return that the schema refuses still render
    /// valid JSON (the schema check is the derive's job, not the renderer's).
    #[test]
    fn any_code_renders_valid_json(code in text(), policy in policy()) {
        let code: &'static str = Box::leak(code.into_boxed_str());
        let error = Generated {
            code,
            kind: Kind::Validation,
            recoverable: true,
            category: None,
            domain: None,
            message: "m".into(),
            message_is_public: false,
            details: Details::Fields(vec![]),
            suggestions: vec![],
            retry_after: None,
            chain: None,
            jsonrpc_code: 1,
            http_status: 400,
        };
        let envelope = Envelope::new(&error).with_policy(&policy);
        json_value(&envelope.to_json())?;
        json_value(&envelope.render(&McpToolResult::new().structured(true)))?;
        json_value(&envelope.render(&Problem::with_type_base("urn:x:")))?;
    }
}

/// serde_json writes NaN and infinities as `null`; so does the envelope, and the
/// output stays valid.
#[test]
fn non_finite_floats_render_as_null() {
    for float in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let error = Generated {
            code: "FLOAT",
            kind: Kind::Validation,
            recoverable: true,
            category: None,
            domain: None,
            message: "m".into(),
            message_is_public: false,
            details: Details::Fields(vec![("x".into(), DetailValue::Float(float), false)]),
            suggestions: vec![],
            retry_after: None,
            chain: None,
            jsonrpc_code: 1,
            http_status: 400,
        };
        let value: Value = serde_json::from_str(&Envelope::new(&error).to_json()).unwrap();
        assert_eq!(value["details"]["x"], Value::Null, "{float}");
    }
}

/// The envelope keeps its promise even for values nested far deeper than the
/// limit: they are cut at `max_depth` with the mark.
#[test]
fn very_deep_details_are_cut_at_the_depth_limit() {
    let error = Derived::Payload {
        body: deep_value(2_000, Value::from("bottom")),
    };
    let text = Envelope::new(&error).to_json();
    let value: Value = serde_json::from_str(&text).unwrap();
    let mut node = &value["details"];
    let mut depth = 0;
    while let Some(next) = node.get(0).or_else(|| node.get("d")) {
        node = next;
        depth += 1;
    }
    assert_eq!(depth, Limits::DEFAULT.max_depth);
    assert_eq!(node, MARK);
}

/// A detail whose serialisation fails costs the details, not the rendering.
#[test]
fn failing_details_reduce_rather_than_fail() {
    let error = Generated {
        code: "FAILING",
        kind: Kind::Conflict,
        recoverable: true,
        category: None,
        domain: None,
        message: "m".into(),
        message_is_public: false,
        details: Details::Fields(vec![
            ("ok".into(), DetailValue::Json(Value::from(1)), false),
            ("bad".into(), DetailValue::Failing, false),
        ]),
        suggestions: vec!["s".into()],
        retry_after: None,
        chain: None,
        jsonrpc_code: 1,
        http_status: 409,
    };
    let value: Value = serde_json::from_str(&Envelope::new(&error).to_json()).unwrap();
    assert!(value.get("details").is_none());
    assert_eq!(value["truncated"], true);
    assert_eq!(value["suggestions"][0], "s");
}

/// When even the fallback is larger than `max_envelope_bytes` (context strings and
/// the code are kept, cut only to the string limit), the fallback is what comes out:
/// valid, marked `truncated`, and as small as rendering gets.
#[test]
fn the_fallback_is_the_floor_of_the_size_limit() {
    let error = std::io::Error::other("x".repeat(10_000));
    let tool = "t".repeat(1_000);
    let policy = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_envelope_bytes(10));
    let envelope = Envelope::new(&error)
        .with_context(Context::new().with_tool(&tool))
        .with_policy(&policy);
    let text = envelope.to_json();
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["message"], "INTERNAL_ERROR");
    assert_eq!(value["truncated"], true);
    assert_eq!(value["tool"].as_str().unwrap().len(), 1_000);
    assert_eq!(
        text,
        envelope.with_reduction(Reduction::Fallback).to_json(),
        "the fallback rendering"
    );
}

// ---------------------------------------------------------------------------------
// Secrets
// ---------------------------------------------------------------------------------

/// A random token: 24 alphanumeric characters, so a substring match is meaningful.
fn secret() -> BoxedStrategy<String> {
    "[A-Za-z0-9]{24}"
        .prop_map(|token| format!("sk{token}"))
        .boxed()
}

/// Every string in `value`, recursing into strings that are themselves JSON (the
/// text content of an MCP result).
fn strings(value: &Value, out: &mut Vec<String>) {
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

/// Secrets that must stay hidden, by what reveals them.
#[derive(Debug, Default)]
struct Secrets {
    /// Values of fields marked `redact`: revealed only when `redact` is off.
    redacted: Vec<String>,
    /// Messages of `Internal` errors: revealed by `verbose` or by turning masking off.
    internal_message: Vec<String>,
    /// Deeper causes of an error: revealed only by `verbose` (debug info).
    chain_only: Vec<String>,
}

impl Secrets {
    /// The secrets this policy must hide.
    fn hidden_under(&self, policy: &Policy) -> Vec<&str> {
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

/// Errors holding the secrets in every place the library is responsible for.
#[derive(Debug)]
struct SecretErrors {
    errors: Vec<Box<dyn ToolError>>,
    secrets: Secrets,
}

prop_compose! {
    fn secret_errors_unboxed()(
        s in prop::array::uniform12(secret()),
        user in small_text(),
        other in small_text(),
        public in any::<bool>(),
        kind in kind(),
    ) -> SecretErrors {
        let [password, token, inner_secret, inner_message, storage_message, storage_cause,
            connect_password, dsn, written_redacted, written_message, written_cause, io] = s;
        let errors: Vec<Box<dyn ToolError>> = vec![
            Box::new(Derived::Login { user: user.clone(), password: password.clone(), token: token.clone() }),
            Box::new(Derived::Nested(Inner::Broken {
                detail: format!("{inner_message} {other}"),
                secret: inner_secret.clone(),
                attempt: 3,
            })),
            Box::new(Derived::Storage(Cause {
                text: storage_message.clone(),
                next: Some(Box::new(Cause { text: storage_cause.clone(), next: None })),
            })),
            Box::new(ConnectFailed { host: user, password: connect_password.clone(), dsn: Some(dsn.clone()) }),
            Box::new(Generated {
                code: "WRITTEN",
                kind: Kind::Internal,
                recoverable: false,
                category: None,
                domain: None,
                message: format!("{written_message}{other}"),
                message_is_public: false,
                details: Details::Fields(vec![
                    ("visible".into(), DetailValue::Json(Value::from(other.clone())), false),
                    ("secret".into(), DetailValue::Json(Value::from(written_redacted.clone())), true),
                    ("nested".into(), DetailValue::Json(serde_json::json!({"deep": [written_redacted.clone()]})), true),
                    ("collected".into(), DetailValue::Collected(written_redacted.clone()), true),
                ]),
                suggestions: vec![other.clone()],
                retry_after: None,
                chain: Cause::chain(&[written_message.clone(), written_cause.clone()]),
                jsonrpc_code: -32603,
                http_status: 500,
            }),
            // A hand-written redacted detail on an error of any kind, public message or not.
            Box::new(Generated {
                code: "ANY_KIND",
                kind,
                recoverable: true,
                category: None,
                domain: None,
                message: other.clone(),
                message_is_public: public,
                details: Details::Fields(vec![("token".into(), DetailValue::Json(Value::from(written_redacted.clone())), true)]),
                suggestions: vec![],
                retry_after: None,
                chain: None,
                jsonrpc_code: 1,
                http_status: 400,
            }),
            Box::new(std::io::Error::other(io.clone())),
            Box::new(Box::<dyn StdError + Send + Sync>::from(io.clone())),
        ];
        SecretErrors {
            errors,
            secrets: Secrets {
                redacted: vec![password, token, inner_secret, connect_password, dsn, written_redacted],
                internal_message: vec![inner_message, storage_message, written_message, io],
                chain_only: vec![storage_cause, written_cause],
            },
        }
    }
}

/// Every rendering of `envelope`: each profile compact and pretty.
fn renderings(envelope: &Envelope<'_>) -> Vec<String> {
    let mut out = Vec::new();
    macro_rules! both {
        ($profile:expr) => {{
            let profile = $profile;
            out.push(envelope.render(&profile));
            out.push(envelope.render_pretty(&profile));
        }};
    }
    both!(Native);
    both!(JsonRpc::new());
    both!(JsonRpc::bare());
    both!(JsonRpcResponse::new(RequestId::String("r"), JsonRpc::new()));
    both!(McpToolResult::new());
    both!(McpToolResult::new().structured(true));
    both!(McpToolResult::with_profile(Problem::new()));
    both!(Problem::new());
    out
}

/// Fails if any rendering, its parsed strings, or the client's reading of it holds
/// one of `hidden` (or its first 12 characters, in case a limit cut it).
fn assert_hidden(envelope: &Envelope<'_>, hidden: &[&str]) -> Check {
    for text in renderings(envelope) {
        let value = json_value(&text)?;
        let mut found = Vec::new();
        strings(&value, &mut found);
        let parsed = format!("{:?}", client::parse(&text));
        for secret in hidden {
            let fragment = &secret[..12];
            prop_assert!(!text.contains(fragment), "{secret} leaked into {text}");
            prop_assert!(
                !parsed.contains(fragment),
                "{secret} leaked into the client's reading"
            );
            prop_assert!(
                !found.iter().any(|s| s.contains(fragment)),
                "{secret} leaked into a nested string of {text}"
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(32))]

    /// Redacted fields and internal messages never reach any profile's output, nor
    /// the error chain, nor the client's reading of it, unless the policy reveals
    /// them; whatever the other knobs and limits.
    #[test]
    fn secrets_stay_hidden_under_any_policy(
        case in secret_errors(),
        policy in policy(),
        ctx in ctx(),
    ) {
        let hidden = case.secrets.hidden_under(&policy);
        for error in &case.errors {
            let envelope = envelope(error.as_ref(), &ctx, &policy);
            assert_hidden(&envelope, &hidden)?;
        }
    }

    /// The default policy hides every secret.
    #[test]
    fn the_default_policy_hides_every_secret(case in secret_errors()) {
        let secrets = &case.secrets;
        let all: Vec<&str> = secrets
            .redacted
            .iter()
            .chain(&secrets.internal_message)
            .chain(&secrets.chain_only)
            .map(String::as_str)
            .collect();
        prop_assert_eq!(case.secrets.hidden_under(&Policy::DEFAULT).len(), all.len());
        for error in &case.errors {
            assert_hidden(&Envelope::new(error.as_ref()), &all)?;
        }
    }

    /// The other direction: each explicit switch reveals exactly its class of
    /// secret, so the checks above are not vacuous.
    #[test]
    fn explicit_switches_reveal_their_secrets(case in secret_errors()) {
        let secrets = &case.secrets;
        let everything = |policy: &Policy| -> String {
            case.errors
                .iter()
                .map(|error| Envelope::new(error.as_ref()).with_policy(policy).to_json())
                .collect()
        };

        let unredacted = everything(&Policy::DEFAULT.with_redaction(false));
        for secret in &secrets.redacted {
            prop_assert!(unredacted.contains(secret.as_str()), "redact off, yet {secret} is missing");
        }
        for secret in secrets.internal_message.iter().chain(&secrets.chain_only) {
            prop_assert!(!unredacted.contains(secret.as_str()));
        }

        let unmasked = everything(&Policy::DEFAULT.with_internal_masking(false));
        for secret in &secrets.internal_message {
            prop_assert!(unmasked.contains(secret.as_str()), "masking off, yet {secret} is missing");
        }
        for secret in secrets.redacted.iter().chain(&secrets.chain_only) {
            prop_assert!(!unmasked.contains(secret.as_str()));
        }

        let verbose = everything(&Policy::DEFAULT.with_verbose(true));
        for secret in secrets.internal_message.iter().chain(&secrets.chain_only) {
            prop_assert!(verbose.contains(secret.as_str()), "verbose, yet {secret} is missing");
        }
        for secret in &secrets.redacted {
            prop_assert!(!verbose.contains(secret.as_str()), "verbose does not unredact");
        }
    }

    /// Secrets full of characters JSON escapes are hidden too (checked on the
    /// parsed strings, since the raw text holds them escaped).
    #[test]
    fn escaped_secrets_stay_hidden(
        secret in "[\"\\\\\\x00-\\x1f\u{7f}\u{2028}é漢🦀a-z]{16,24}",
        policy in policy(),
    ) {
        let error = ConnectFailed { host: "db".into(), password: secret.clone(), dsn: None };
        let envelope = Envelope::new(&error).with_policy(&policy);
        for text in renderings(&envelope) {
            let value = json_value(&text)?;
            let mut found = Vec::new();
            strings(&value, &mut found);
            let leaked = found.iter().any(|s| s.contains(secret.as_str()));
            prop_assert!(!(policy.redact && leaked), "{secret:?} leaked into {text}");
        }
        let revealing = Policy::DEFAULT.with_redaction(false);
        let value = json_value(&Envelope::new(&error).with_policy(&revealing).to_json())?;
        prop_assert_eq!(&value["details"]["password"], secret.as_str());
    }
}

// ---------------------------------------------------------------------------------
// Secrets through the integrations
// ---------------------------------------------------------------------------------

/// Every field of every `tool_error` event emitted while `f` runs on this thread.
fn logged(f: impl FnOnce()) -> Vec<String> {
    use std::sync::{Arc, Mutex};
    use tracing_subscriber::layer::{Context as LayerContext, SubscriberExt};

    struct Fields<'a>(&'a mut Vec<String>);
    impl tracing::field::Visit for Fields<'_> {
        fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn fmt::Debug) {
            self.0.push(format!("{}={value:?}", field.name()));
        }
        fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
            self.0.push(format!("{}={value}", field.name()));
        }
    }

    #[derive(Clone, Default)]
    struct Capture(Arc<Mutex<Vec<String>>>);
    impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Capture {
        fn on_event(&self, event: &tracing::Event<'_>, _: LayerContext<'_, S>) {
            let mut fields = Vec::new();
            event.record(&mut Fields(&mut fields));
            self.0
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend(fields);
        }
    }

    let capture = Capture::default();
    let subscriber = tracing_subscriber::Registry::default().with(capture.clone());
    tracing::subscriber::with_default(subscriber, f);
    capture.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// What each integration hands to its framework, as text: the rmcp tool result and
/// error data, the jsonrpsee error object and the axum problem+json body.
fn integration_outputs(error: &dyn ToolError, policy: &Policy) -> Vec<String> {
    let context = Context::new().with_tool("tool");
    let mcp = tool_error::rmcp::McpOptions::new()
        .with_policy(policy.clone())
        .with_structured_content(true)
        .without_clock();
    let result = tool_error::rmcp::to_call_tool_result(error, &context, &mcp);
    let data = tool_error::rmcp::to_error_data(error, &context, &mcp);
    let jsonrpc = tool_error::jsonrpsee::JsonRpcOptions::new().with_policy(policy.clone());
    let object = tool_error::jsonrpsee::to_error_object(error, &context, &jsonrpc);
    let http = tool_error::axum::HttpOptions::new().with_policy(policy.clone());
    let response = tool_error::axum::problem_response(error, &context, &http);
    let body = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime")
        .block_on(async {
            use axum_core::extract::FromRequest;
            let request = http::Request::new(response.into_body());
            String::from_request(request, &()).await
        })
        .unwrap_or_default();
    vec![
        serde_json::to_string(&result).unwrap_or_default(),
        serde_json::to_string(&data).unwrap_or_default(),
        serde_json::to_string(&object).unwrap_or_default(),
        body,
    ]
}

proptest! {
    #![proptest_config(config(16))]

    /// What the rmcp, jsonrpsee and axum integrations hand over hides what the policy
    /// hides; their log events (the tracing integration) never hold a redacted
    /// value. Logs do hold internal messages and causes: they are the server's own
    /// record, and `masked` says the caller did not see them.
    #[test]
    fn integrations_keep_secrets(case in secret_errors(), policy in policy()) {
        let hidden = case.secrets.hidden_under(&policy);
        let redacted: Vec<&str> = if policy.redact {
            case.secrets.redacted.iter().map(String::as_str).collect()
        } else {
            Vec::new()
        };
        for error in &case.errors {
            let mut outputs = Vec::new();
            let events = logged(|| outputs = integration_outputs(error.as_ref(), &policy));
            prop_assert!(!events.is_empty(), "the integrations log by default");
            for text in &outputs {
                for secret in &hidden {
                    prop_assert!(!text.contains(&secret[..12]), "{secret} leaked into {text}");
                }
            }
            for field in &events {
                for secret in &redacted {
                    prop_assert!(!field.contains(&secret[..12]), "{secret} logged: {field}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// The client parser
// ---------------------------------------------------------------------------------

/// Keys and values that steer `parse` down each of its paths.
fn envelope_like_json() -> BoxedStrategy<Value> {
    let key = prop::sample::select(vec![
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
    ])
    .prop_map(str::to_owned);
    let leaf = prop_oneof![
        json_leaf(),
        prop::sample::select(vec![
            "VALIDATION",
            "NOT_FOUND",
            "CONFLICT",
            "PERMISSION",
            "TRANSIENT",
            "INTERNAL",
            "2.0",
            "text",
            "about:blank",
        ])
        .prop_map(Value::from),
        prop_oneof![
            Just(-1e300),
            Just(1e300),
            Just(-0.0),
            Just(1.5),
            Just(18446744073709551615.0)
        ]
        .prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
    ];
    leaf.prop_recursive(6, 64, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner.clone()), 0..8)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
            // JSON inside a string, as MCP text content carries it.
            inner.prop_map(|value| Value::from(value.to_string())),
        ]
    })
    .boxed()
}

/// A rendered envelope, through a random profile.
fn rendered() -> BoxedStrategy<String> {
    (any_error(), policy(), 0usize..6)
        .prop_map(|(error, policy, profile)| {
            let envelope = Envelope::new(error.as_tool_error()).with_policy(&policy);
            match profile {
                0 => envelope.to_json(),
                1 => envelope.render(&JsonRpc::new()),
                2 => envelope.render(&JsonRpcResponse::new(RequestId::Null, JsonRpc::new())),
                3 => envelope.render(&McpToolResult::new().structured(true)),
                4 => envelope.render(&McpToolResult::new()),
                _ => envelope.render_pretty(&Problem::new()),
            }
        })
        .boxed()
}

/// One edit of a text: replace, insert, delete or duplicate a range of characters.
#[derive(Clone, Debug)]
enum Mutation {
    Replace(usize, char),
    Insert(usize, String),
    Delete(usize, usize),
    Duplicate(usize, usize),
}

fn mutation() -> BoxedStrategy<Mutation> {
    let structural = prop::sample::select(vec![
        "{",
        "}",
        "[",
        "]",
        "\"",
        "\\",
        ",",
        ":",
        "\\u0000",
        "\\ud800",
        "1e999",
        "-",
        "null",
        "{\"kind\":\"INTERNAL\",\"code\":\"X\"",
        "[[[[[[[[[[",
    ])
    .prop_map(str::to_owned);
    prop_oneof![
        (any::<usize>(), any::<char>()).prop_map(|(at, c)| Mutation::Replace(at, c)),
        (any::<usize>(), prop_oneof![structural, text()])
            .prop_map(|(at, s)| Mutation::Insert(at, s)),
        (any::<usize>(), 0usize..64).prop_map(|(at, n)| Mutation::Delete(at, n)),
        (any::<usize>(), 0usize..256).prop_map(|(at, n)| Mutation::Duplicate(at, n)),
    ]
    .boxed()
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for mutation in mutations {
        let len = chars.len();
        let at = |i: &usize| if len == 0 { 0 } else { i % (len + 1) };
        match mutation {
            Mutation::Replace(i, c) => {
                if len > 0 {
                    chars[i % len] = *c;
                }
            }
            Mutation::Insert(i, s) => {
                let at = at(i);
                chars.splice(at..at, s.chars());
            }
            Mutation::Delete(i, n) => {
                let at = at(i);
                let end = (at + n).min(len);
                chars.drain(at..end);
            }
            Mutation::Duplicate(i, n) => {
                let at = at(i);
                let end = (at + n).min(len);
                let copy: Vec<char> = chars[at..end].to_vec();
                chars.splice(end..end, copy);
            }
        }
    }
    chars.into_iter().collect()
}

/// What must hold for any input: no panic (the call returns), legacy text is the
/// input unchanged, a structured reading serialises and decides an action, and
/// `parse` agrees with `parse_value` on the same JSON.
fn check_parse(text: &str) -> Check {
    let parsed = client::parse(text);
    let _ = parsed.next_action();
    match &parsed {
        Parsed::Legacy(legacy) => prop_assert_eq!(legacy, text),
        Parsed::Structured(envelope) => {
            prop_assert!(text.len() <= MAX_PARSE_BYTES);
            serde_json::to_string(envelope).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let _ = envelope.retry_after();
        }
    }
    if text.len() <= MAX_PARSE_BYTES
        && let Ok(value) = serde_json::from_str::<Value>(text)
    {
        let by_value = client::parse_value(&value);
        prop_assert_eq!(by_value.envelope(), parsed.envelope());
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn parse_never_panics_on_any_string(text in any::<String>()) {
        check_parse(&text)?;
    }

    #[test]
    fn parse_never_panics_on_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        check_parse(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn parse_never_panics_on_envelope_like_json(value in envelope_like_json()) {
        check_parse(&value.to_string())?;
        // Wrapped as MCP text and as JSON-RPC data, several levels deep.
        let mut wrapped = value;
        for level in 0..6 {
            wrapped = if level % 2 == 0 {
                serde_json::json!({"content": [{"type": "text", "text": wrapped.to_string()}], "isError": true})
            } else {
                serde_json::json!({"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "m", "data": wrapped}})
            };
            check_parse(&wrapped.to_string())?;
        }
    }

    #[test]
    fn parse_never_panics_on_mutated_envelopes(
        text in rendered(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        check_parse(&text)?;
        check_parse(&mutate(&text, &mutations))?;
    }
}

#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    let inputs = [
        "[".repeat(100_000),
        "{\"a\":".repeat(100_000),
        format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000)),
        // Deep JSON inside MCP text content, escaped once.
        serde_json::json!({"content": [{"type": "text", "text": "[".repeat(100_000)}]}).to_string(),
        // Deep JSON as a JSON-RPC error's data.
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"error":{{"code":1,"message":"m","data":{}}}}}"#,
            "[".repeat(100_000)
        ),
    ];
    for input in inputs {
        assert!(matches!(client::parse(&input), Parsed::Legacy(_)));
    }
}

#[test]
fn wrappers_are_opened_to_a_bounded_depth() {
    let native = r#"{"code":"DEEP","kind":"CONFLICT","message":"m","recoverable":true}"#;
    let mut text = native.to_owned();
    let mut opened = Vec::new();
    for _ in 0..8 {
        opened.push(client::parse(&text).envelope().is_some());
        text = serde_json::json!({"content": [{"type": "text", "text": text}]}).to_string();
    }
    // The nesting real servers produce (MCP text around a JSON-RPC response around
    // its error's data) is opened; past a few levels parsing stops.
    assert!(opened[..4].iter().all(|&ok| ok), "{opened:?}");
    assert!(!opened[7], "{opened:?}");
}

#[test]
fn inputs_over_the_parse_limit_are_legacy() {
    let native = r#"{"code":"BIG","kind":"CONFLICT","message":"m","recoverable":true}"#;
    let at_limit = format!("{native}{}", " ".repeat(MAX_PARSE_BYTES - native.len()));
    assert_eq!(at_limit.len(), MAX_PARSE_BYTES);
    assert!(client::parse(&at_limit).envelope().is_some());
    let over = format!("{at_limit} ");
    assert_eq!(client::parse(&over), Parsed::Legacy(over.clone()));
}

// ---------------------------------------------------------------------------------
// Regressions found by these tests and the fuzz targets
// ---------------------------------------------------------------------------------

/// A `Display` that writes, then fails although the formatter did not. std's
/// contract forbids it (`to_string` panics on it), but foreign types do it.
#[derive(Debug)]
struct FailingDisplay;

impl fmt::Display for FailingDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("partial")?;
        Err(fmt::Error)
    }
}

impl StdError for FailingDisplay {}

static FAILING: FailingDisplay = FailingDisplay;

/// A detail that collects a failing `Display` as its string.
struct CollectsFailing;

impl Serialize for CollectsFailing {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&FailingDisplay)
    }
}

/// Where the failing `Display` sits.
#[derive(Clone, Copy, Debug)]
enum FailsIn {
    Message,
    Suggestion,
    Chain,
    Detail,
}

#[derive(Debug)]
struct FailingDisplayError(FailsIn);

impl fmt::Display for FailingDisplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            FailsIn::Message => FailingDisplay.fmt(f),
            _ => f.write_str("fine"),
        }
    }
}

impl ToolError for FailingDisplayError {
    fn code(&self) -> &'static str {
        "FAILING_DISPLAY"
    }
    fn kind(&self) -> Kind {
        Kind::Validation
    }
    fn details(&self, details: &mut DetailWriter<'_>) {
        if let FailsIn::Detail = self.0 {
            details.field("collected", &CollectsFailing);
        }
    }
    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        if let FailsIn::Suggestion = self.0 {
            suggestions.push(&FailingDisplay);
        }
    }
    fn source_error(&self) -> Option<&(dyn StdError + 'static)> {
        match self.0 {
            FailsIn::Chain => Some(&FAILING),
            _ => None,
        }
    }
}

/// REGRESSION (runtime, fixed): a `Display` that returns `Err` on its own makes
/// serde_json's `collect_str` panic ("there should be an error"), so rendering a
/// message, a suggestion, a cause in the error chain or a collected detail panics.
#[test]
fn a_failing_display_does_not_panic() {
    let verbose = Policy::DEFAULT.with_verbose(true);
    let mut panicked = Vec::new();
    for place in [
        FailsIn::Message,
        FailsIn::Suggestion,
        FailsIn::Chain,
        FailsIn::Detail,
    ] {
        let error = FailingDisplayError(place);
        let rendered = std::panic::catch_unwind(|| {
            let envelope = Envelope::new(&error).with_policy(&verbose);
            (envelope.to_json(), envelope.render(&Problem::new()))
        });
        match rendered {
            Ok((native, problem)) => {
                json_value(&native).unwrap();
                json_value(&problem).unwrap();
            }
            Err(_) => panicked.push(place),
        }
    }
    assert!(panicked.is_empty(), "rendering panicked for {panicked:?}");
}

/// A `Display` that ignores the errors of a full budget and keeps writing: the
/// output is still cut at the limit.
#[derive(Debug)]
struct Chatty;

impl fmt::Display for Chatty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..100_000 {
            let _ = f.write_str("blah ");
        }
        Ok(())
    }
}

impl ToolError for Chatty {
    fn code(&self) -> &'static str {
        "CHATTY"
    }
    fn kind(&self) -> Kind {
        Kind::Validation
    }
    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        suggestions.push(&Chatty);
    }
}

#[test]
fn a_display_that_ignores_the_budget_is_still_cut() {
    let text = Envelope::new(&Chatty).to_json();
    let value = json_value(&text).unwrap();
    let limit = Limits::DEFAULT.max_message_chars + chars(MARK);
    assert_eq!(chars(value["message"].as_str().unwrap()), limit);
    assert_eq!(chars(value["suggestions"][0].as_str().unwrap()), limit);
}

// Boxed strategies keep proptest's value trees off the (debug-mode) stack.
fn generated() -> BoxedStrategy<Generated> {
    generated_unboxed().boxed()
}
fn limits() -> BoxedStrategy<Limits> {
    limits_unboxed().boxed()
}
fn policy() -> BoxedStrategy<Policy> {
    policy_unboxed().boxed()
}
fn ctx() -> BoxedStrategy<Ctx> {
    ctx_unboxed().boxed()
}
fn secret_errors() -> BoxedStrategy<SecretErrors> {
    secret_errors_unboxed().boxed()
}

/// One detail field, for the regressions below.
fn with_detail(value: DetailValue) -> Generated {
    Generated {
        code: "ONE_DETAIL",
        kind: Kind::Validation,
        recoverable: true,
        category: None,
        domain: None,
        message: "m".into(),
        message_is_public: false,
        details: Details::Fields(vec![("x".into(), value, false)]),
        suggestions: vec![],
        retry_after: None,
        chain: None,
        jsonrpc_code: 1,
        http_status: 400,
    }
}

/// REGRESSION (runtime, fixed): with `max_items = 0` and any detail, the details map
/// is opened with length `Some(0)`, which serde_json closes at once, and the
/// truncation mark is then written after it: the compact output is invalid JSON
/// (`"details":{},"…[truncated]":1}}`) and the pretty output underflows its indent
/// (a panic in debug builds; in release builds, an attempt to write `usize::MAX`
/// indents that ends in an allocation failure).
#[test]
fn zero_max_items_keeps_details_valid() {
    let error = with_detail(DetailValue::Json(Value::from(1)));
    let policy = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_items(0));
    let envelope = Envelope::new(&error).with_policy(&policy);
    let value = json_value(&envelope.to_json()).unwrap();
    assert_eq!(value["details"], serde_json::json!({ MARK: 1 }));
    // Only where the failure is a catchable panic: a release build would try to
    // allocate without bound.
    if cfg!(debug_assertions) {
        let pretty = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            envelope.render_pretty(&Native)
        }));
        json_value(&pretty.expect("pretty rendering must not panic")).unwrap();
    }
}

/// REGRESSION (runtime, fixed): a byte string (`serialize_bytes`) is written as an
/// array even where `max_depth` turns every other collection into the mark, and is
/// cut at `max_items` without the mark.
#[test]
fn byte_strings_respect_the_limits() {
    let error = with_detail(DetailValue::Bytes(vec![1, 2, 3]));
    let flat = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_depth(0));
    let value = json_value(&Envelope::new(&error).with_policy(&flat).to_json()).unwrap();
    assert_eq!(value["details"]["x"], MARK);
    let short = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_items(2));
    let value = json_value(&Envelope::new(&error).with_policy(&short).to_json()).unwrap();
    assert_eq!(value["details"]["x"], serde_json::json!([1, 2, MARK]));
}
