//! Hardening: whatever an error carries and whatever the policy says, rendering
//! produces exactly one valid JSON value of bounded size in the profile's shape,
//! secrets stay hidden unless the policy explicitly reveals them, and the client
//! parser reads anything without panicking.
//!
//! These are property tests with a small default case count so the suite stays fast.
//! Run them long with, e.g.:
//!
//! ```sh
//! PROPTEST_CASES=100000 cargo test --release -p tool-error-tests --test runtime hardening
//! ```
//!
//! The arbitrary error, context and policy (`model`) and the checks on every
//! rendering and client reading (`checks`) are the fuzz targets' own, included from
//! `fuzz/src/` by path (at the crate root, in `main.rs`): proptest draws the bytes
//! they are decoded from here, libFuzzer or the seeded runner there. See
//! `fuzz/README.md`.

use std::error::Error as StdError;
use std::fmt;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::{Serialize, Serializer};
use serde_json::Value;
use tool_error::client::{self, MAX_PARSE_BYTES, Parsed};
use tool_error::{
    Context, DetailWriter, Envelope, JsonRpc, Kind, Limits, McpToolResult, Native, Policy, Problem,
    RequestId, SuggestionWriter, ToolError, envelope::Reduction, profile::JsonRpcResponse,
};

use crate::bytes::Bytes;
use crate::checks;
use crate::model::{
    self, Case, Cause, ConnectFailed, Ctx, Derived, DetailValue, Details, Generated, Inner,
    Secrets, deep_value,
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

type Check = Result<(), TestCaseError>;

/// A shared check's failure as proptest's.
fn prop(check: checks::Check) -> Check {
    check.map_err(TestCaseError::fail)
}

fn json_value(text: &str) -> Result<Value, TestCaseError> {
    checks::json_value(text).map_err(TestCaseError::fail)
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

// ---------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------

/// Bytes for the decoders in `model`, as the fuzz runner draws them: mostly short,
/// sometimes up to 4 KiB.
fn data() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        5 => prop::collection::vec(any::<u8>(), 0..=64),
        2 => prop::collection::vec(any::<u8>(), 0..=512),
        1 => prop::collection::vec(any::<u8>(), 0..=4096),
    ]
    .boxed()
}

/// What `decode` makes of any bytes. Boxed: it keeps proptest's value trees off the
/// (debug-mode) stack.
fn decoded<T: fmt::Debug + 'static>(decode: fn(&mut Bytes<'_>) -> T) -> BoxedStrategy<T> {
    data()
        .prop_map(move |data| decode(&mut Bytes::new(&data)))
        .boxed()
}

/// Any error, with the secrets planted in it.
fn case() -> BoxedStrategy<Case> {
    decoded(model::case)
}

fn policy() -> BoxedStrategy<Policy> {
    decoded(model::policy)
}

fn ctx() -> BoxedStrategy<Ctx> {
    decoded(model::ctx)
}

/// Strings that stress JSON escaping, truncation and size limits.
fn text() -> BoxedStrategy<String> {
    decoded(model::text)
}

/// Bounded strings that still need escaping, for errors whose secrets must fit.
fn small_text() -> BoxedStrategy<String> {
    "[\\x00-\\x1f\"\\\\a-z é漢🦀]{0,40}".boxed()
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

fn kind() -> impl Strategy<Value = Kind> {
    prop::sample::select(Kind::ALL.to_vec())
}

// ---------------------------------------------------------------------------------
// Rendering properties
// ---------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(128))]

    /// Any error, context and policy: one valid JSON value per profile, in the
    /// profile's shape, within the limits, read back by the client, and free of the
    /// secrets the policy hides.
    #[test]
    fn every_profile_renders_valid_bounded_json(
        case in case(),
        ctx in ctx(),
        policy in policy(),
    ) {
        prop(checks::check_case(&case, &ctx, &policy))?;
    }

    /// A custom profile built from the public surface alone (`reporting_cuts`,
    /// `is_reduced`, the views' `write_entry`) renders what `Native` renders, byte for
    /// byte, `truncated` mark included, for any error, context and policy: cuts and
    /// size reductions too.
    #[test]
    fn a_custom_profile_marks_cuts_as_native_does(
        case in case(),
        ctx in ctx(),
        policy in policy(),
    ) {
        let server = ctx.server();
        let envelope = model::envelope(case.error.as_ref(), &ctx, &server, &policy);
        prop_assert_eq!(envelope.render(&Mirror), envelope.to_json());
    }

    /// Under the default policy nothing generated is large enough to reach the
    /// fallback: every output fits in `max_envelope_bytes`.
    #[test]
    fn default_policy_always_fits(case in case(), ctx in ctx()) {
        // The fallback keeps context strings (cut only to the string limit), so long
        // ones could push even it over the size limit: short here.
        let short = |text: Option<String>| text.map(|t| t.chars().take(100).collect());
        let ctx = Ctx {
            tool: short(ctx.tool),
            operation: short(ctx.operation),
            request_id: short(ctx.request_id),
            server_version: short(ctx.server_version),
            ..ctx
        };
        let server = ctx.server();
        let envelope = model::envelope(case.error.as_ref(), &ctx, &server, &Policy::DEFAULT);
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
            no_effect: false,
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
            no_effect: false,
            chain: None,
            jsonrpc_code: 1,
            http_status: 400,
        };
        let value: Value = serde_json::from_str(&Envelope::new(&error).to_json()).unwrap();
        assert_eq!(value["details"]["x"], Value::Null, "{float}");
    }
}

/// A detail that is pre-rendered JSON (`serde_json::value::RawValue`) is written
/// whole: cutting its text to the string limit would break the output.
#[test]
fn raw_json_details_are_written_whole() {
    #[derive(Debug, thiserror::Error, ToolError)]
    #[error("bad document")]
    #[tool_error(kind = validation)]
    struct BadDocument {
        document: Box<serde_json::value::RawValue>,
    }

    let raw = r#"{"title":"a title longer than the limit","tags":["x","y"]}"#;
    let error = BadDocument {
        document: serde_json::value::RawValue::from_string(raw.to_owned()).unwrap(),
    };
    let policy = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_string_chars(8));
    let envelope = Envelope::new(&error).with_policy(&policy);
    for text in [envelope.to_json(), envelope.render_pretty(&Native)] {
        let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(value["details"]["document"], json_value(raw).unwrap());
    }
    assert_eq!(
        envelope.to_value(&Native)["details"]["document"],
        json_value(raw).unwrap()
    );
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
        no_effect: false,
        chain: None,
        jsonrpc_code: 1,
        http_status: 409,
    };
    let value: Value = serde_json::from_str(&Envelope::new(&error).to_json()).unwrap();
    assert!(value.get("details").is_none());
    assert_eq!(value["truncated"], true);
    assert_eq!(value["suggestions"][0], "s");
}

/// When no reduction brings an envelope within `max_envelope_bytes` (context strings
/// and the code are kept, cut only to the string limit), the smallest rendering
/// comes out, the least reduced of equals: valid, and marked `truncated` only when
/// it dropped something.
#[test]
fn when_nothing_fits_the_smallest_rendering_comes_out() {
    let tool = "t".repeat(1_000);
    let policy = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_envelope_bytes(10));
    let context = Context::new().with_tool(&tool);

    // A long message: the fallback, which writes the code in its place, is the
    // smallest.
    let error = Generated {
        code: "E",
        kind: Kind::Validation,
        recoverable: true,
        category: None,
        domain: None,
        message: "x".repeat(10_000),
        message_is_public: true,
        details: Details::Fields(Vec::new()),
        suggestions: Vec::new(),
        retry_after: None,
        no_effect: false,
        chain: None,
        jsonrpc_code: 1,
        http_status: 400,
    };
    let envelope = Envelope::new(&error)
        .with_context(context)
        .with_policy(&policy);
    let text = envelope.to_json();
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["message"], "E");
    assert_eq!(value["truncated"], true);
    assert_eq!(value["tool"].as_str().unwrap().len(), 1_000);
    assert_eq!(
        text,
        envelope.with_reduction(Reduction::Fallback).to_json(),
        "the fallback rendering"
    );

    // A masked internal error: its message ("Internal error") is as long as its
    // code, so no reduction makes it smaller and it comes out whole.
    let error = std::io::Error::other("x".repeat(10_000));
    let envelope = Envelope::new(&error)
        .with_context(context)
        .with_policy(&policy);
    let value: Value = serde_json::from_str(&envelope.to_json()).unwrap();
    assert_eq!(value["message"], "Internal error");
    assert!(value.get("truncated").is_none(), "{value}");
    assert_eq!(value["tool"].as_str().unwrap().len(), 1_000);
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
                no_effect: false,
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
                no_effect: false,
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

/// Fails if any rendering, its parsed strings, or the client's reading of it holds
/// one of `hidden` (or its first 12 characters, in case a limit cut it).
fn assert_hidden(envelope: &Envelope<'_>, hidden: &[&str]) -> Check {
    for text in checks::renderings(envelope) {
        let value = json_value(&text)?;
        prop(checks::check_hidden(&text, &value, hidden))?;
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
        let server = ctx.server();
        for error in &case.errors {
            let envelope = model::envelope(error.as_ref(), &ctx, &server, &policy);
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
        for text in checks::renderings(&envelope) {
            let value = json_value(&text)?;
            let mut found = Vec::new();
            checks::strings(&value, &mut found);
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

/// Every field of every event emitted while `f` runs on this thread, as `name=value`.
fn logged(f: impl FnOnce()) -> Vec<String> {
    tool_error_tests::logs::capture(f)
        .into_iter()
        .flat_map(|event| event.fields)
        .map(|(name, value)| format!("{name}={value}"))
        .collect()
}

/// What each integration hands to its framework, as text: the rmcp tool result and
/// error data, the jsonrpsee error object and the axum problem+json body.
fn integration_outputs(error: &dyn ToolError, policy: &Policy) -> Vec<String> {
    let context = Context::new().with_tool("tool");
    let options = tool_error::Options::new()
        .with_policy(policy.clone())
        .with_mcp(tool_error::rmcp::McpOptions::new().with_structured_content(true))
        .without_clock();
    let result = tool_error::rmcp::to_call_tool_result(error, &context, &options);
    let data = tool_error::rmcp::to_error_data(error, &context, &options);
    let object = tool_error::jsonrpsee::to_error_object(error, &context, &options);
    let response = tool_error::axum::problem_response(error, &context, &options);
    let body = tool_error_tests::body_text(response);
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
    decoded(model::rendered)
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

/// What must hold for any input: no panic (the call returns), and what
/// `checks::check_parse` says.
fn check_parse(text: &str) -> Check {
    prop(checks::check_parse(text))
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
        no_effect: false,
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

// ---------------------------------------------------------------------------------
// Deep nesting
// ---------------------------------------------------------------------------------

/// How each level of a [`Nested`] value is nested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Nesting {
    Array,
    Map,
    Struct,
    Tuple,
    TupleStruct,
    NewtypeVariant,
    TupleVariant,
    StructVariant,
    /// `Some(..)`: no level in the JSON, one level of recursion.
    Some,
    /// A newtype struct: no level in the JSON, one level of recursion.
    Newtype,
    /// Each of the above in turn.
    Mixed,
}

impl Nesting {
    const ALL: [Nesting; 11] = [
        Nesting::Array,
        Nesting::Map,
        Nesting::Struct,
        Nesting::Tuple,
        Nesting::TupleStruct,
        Nesting::NewtypeVariant,
        Nesting::TupleVariant,
        Nesting::StructVariant,
        Nesting::Some,
        Nesting::Newtype,
        Nesting::Mixed,
    ];
}

/// A value `levels` deep that exists only while it is serialised: each level
/// serialises the next. A `serde_json::Value` that deep could not be used here: its
/// drop (and its clone, and its `Debug`) recurse once per level too.
#[derive(Clone, Copy, Debug)]
struct Nested {
    levels: usize,
    nesting: Nesting,
}

impl Serialize for Nested {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{
            SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
            SerializeTupleStruct, SerializeTupleVariant,
        };
        let Some(below) = self.levels.checked_sub(1) else {
            return serializer.serialize_str("bottom");
        };
        let inner = Nested {
            levels: below,
            nesting: self.nesting,
        };
        let nesting = match self.nesting {
            Nesting::Mixed => Nesting::ALL[self.levels % (Nesting::ALL.len() - 1)],
            nesting => nesting,
        };
        match nesting {
            Nesting::Array => {
                let mut seq = serializer.serialize_seq(Some(1))?;
                seq.serialize_element(&inner)?;
                seq.end()
            }
            Nesting::Map => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("d", &inner)?;
                map.end()
            }
            Nesting::Struct => {
                let mut fields = serializer.serialize_struct("Nested", 1)?;
                fields.serialize_field("d", &inner)?;
                fields.end()
            }
            Nesting::Tuple => {
                let mut tuple = serializer.serialize_tuple(1)?;
                tuple.serialize_element(&inner)?;
                tuple.end()
            }
            Nesting::TupleStruct => {
                let mut tuple = serializer.serialize_tuple_struct("Nested", 1)?;
                tuple.serialize_field(&inner)?;
                tuple.end()
            }
            Nesting::NewtypeVariant => {
                serializer.serialize_newtype_variant("Nested", 0, "d", &inner)
            }
            Nesting::TupleVariant => {
                let mut tuple = serializer.serialize_tuple_variant("Nested", 0, "d", 1)?;
                tuple.serialize_field(&inner)?;
                tuple.end()
            }
            Nesting::StructVariant => {
                let mut fields = serializer.serialize_struct_variant("Nested", 0, "d", 1)?;
                fields.serialize_field("d", &inner)?;
                fields.end()
            }
            Nesting::Some => serializer.serialize_some(&inner),
            Nesting::Newtype => serializer.serialize_newtype_struct("Nested", &inner),
            Nesting::Mixed => unreachable!("resolved above"),
        }
    }
}

/// An error whose details hold a [`Nested`] value, as a field or as the whole
/// details.
#[derive(Debug)]
struct DeepError {
    value: Nested,
    whole: bool,
}

impl fmt::Display for DeepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("deep")
    }
}

impl ToolError for DeepError {
    fn code(&self) -> &'static str {
        "DEEP"
    }
    fn kind(&self) -> Kind {
        Kind::Validation
    }
    fn details(&self, details: &mut DetailWriter<'_>) {
        if self.whole {
            details.whole(&self.value);
        } else {
            details.field("deep", &self.value);
        }
    }
}

/// How many JSON levels (arrays and objects) lead from `value` to its deepest leaf,
/// and that leaf. Iterative, and only ever given values serde_json could read.
fn nesting_of(value: &Value) -> (usize, &Value) {
    let mut node = value;
    let mut levels = 0;
    loop {
        let next = match node {
            Value::Array(items) => items.first(),
            Value::Object(entries) => entries.values().next(),
            _ => None,
        };
        match next {
            Some(next) => {
                node = next;
                levels += 1;
            }
            None => return (levels, node),
        }
    }
}

/// Runs `f` on a thread with a 1 MiB stack (half a default thread's; rendering at
/// the depth ceiling needs about a third of it in a debug build), and fails if it
/// overflows (which aborts the whole test process) or panics.
fn on_a_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no panic");
}

/// However deep a detail value is and whatever `max_depth` says, rendering stops at
/// `Limits::DEPTH_CEILING`: no stack overflow, even on a small stack, and every
/// profile's output stays within serde_json's default nesting limit, so it reads
/// back. Before the ceiling, `Limits::UNLIMITED` recursed once per level of the value
/// and overflowed the stack, and so did values nested through `Some` or newtypes
/// under any limits, since those did not count as levels.
#[test]
fn deep_details_never_overflow_the_stack() {
    on_a_small_stack(|| {
        let depths = [
            usize::MAX,
            1_000_000,
            Limits::DEPTH_CEILING + 1,
            Limits::DEFAULT.max_depth,
        ];
        for nesting in Nesting::ALL {
            for whole in [false, true] {
                for max_depth in depths {
                    let error = DeepError {
                        value: Nested {
                            levels: 100_000,
                            nesting,
                        },
                        whole,
                    };
                    let policy =
                        Policy::DEFAULT.with_limits(Limits::UNLIMITED.with_max_depth(max_depth));
                    let envelope = Envelope::new(&error).with_policy(&policy);
                    for shape in checks::Shape::ALL {
                        for pretty in [false, true] {
                            let text = checks::render(&envelope, shape, pretty);
                            let value = json_value(&text)
                                .unwrap_or_else(|e| panic!("{nesting:?} {shape:?}: {e:?}"));
                            assert!(!value.is_null(), "{nesting:?} {shape:?}");
                            if !pretty && shape != checks::Shape::JsonRpcBare {
                                let parsed = client::parse(&text);
                                assert!(parsed.envelope().is_some(), "{nesting:?} {shape:?}");
                            }
                        }
                    }
                    let value = json_value(&envelope.to_json()).unwrap();
                    let details = if whole {
                        &value["details"]
                    } else {
                        &value["details"]["deep"]
                    };
                    let (levels, leaf) = nesting_of(details);
                    assert_eq!(leaf, MARK, "{nesting:?}");
                    assert_eq!(value["truncated"], true, "{nesting:?}");
                    // Wrappers (`Some`, newtypes) count toward the ceiling without
                    // adding a JSON level.
                    match nesting {
                        Nesting::Some | Nesting::Newtype => assert_eq!(levels, 0),
                        Nesting::Mixed => {
                            assert!(levels <= max_depth.min(Limits::DEPTH_CEILING))
                        }
                        _ => {
                            assert_eq!(levels, max_depth.min(Limits::DEPTH_CEILING), "{nesting:?}")
                        }
                    }
                    let as_value =
                        envelope.to_value(&JsonRpcResponse::new(RequestId::Null, JsonRpc::new()));
                    assert_eq!(as_value["error"]["data"]["truncated"], true);
                }
            }
        }
    });
}

/// Within the ceiling, `max_depth` decides as before.
#[test]
fn max_depth_below_the_ceiling_cuts_where_it_says() {
    on_a_small_stack(|| {
        for max_depth in [0, 1, 16, Limits::DEPTH_CEILING - 1] {
            let error = DeepError {
                value: Nested {
                    levels: 100_000,
                    nesting: Nesting::Array,
                },
                whole: false,
            };
            let policy = Policy::DEFAULT.with_limits(Limits::UNLIMITED.with_max_depth(max_depth));
            let value = json_value(&Envelope::new(&error).with_policy(&policy).to_json()).unwrap();
            assert_eq!(
                nesting_of(&value["details"]["deep"]),
                (max_depth, &Value::from(MARK))
            );
        }
        // A value that fits is written whole, unmarked.
        let error = DeepError {
            value: Nested {
                levels: Limits::DEPTH_CEILING - 1,
                nesting: Nesting::Map,
            },
            whole: false,
        };
        let policy = Policy::DEFAULT.with_limits(Limits::UNLIMITED);
        let value = json_value(&Envelope::new(&error).with_policy(&policy).to_json()).unwrap();
        assert_eq!(
            nesting_of(&value["details"]["deep"]),
            (Limits::DEPTH_CEILING - 1, &Value::from("bottom"))
        );
        assert!(value.get("truncated").is_none());
    });
}

// ---------------------------------------------------------------------------------
// Panics in the error's own code
// ---------------------------------------------------------------------------------

/// Where the error's own code panics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PanicsIn {
    /// `Display` (the message).
    Message,
    /// The `Serialize` of a detail.
    Detail,
    /// A suggestion's `Display`.
    Suggestion,
    /// `ToolError::details` itself.
    DetailsMethod,
    /// `ToolError::code`, which even the fallback calls.
    Code,
}

#[derive(Debug)]
struct Panicking(PanicsIn);

/// A detail whose `Serialize` panics.
struct PanickingDetail;

impl Serialize for PanickingDetail {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        panic!("a detail's Serialize panicked")
    }
}

/// A suggestion whose `Display` panics.
struct PanickingText;

impl fmt::Display for PanickingText {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        panic!("a suggestion's Display panicked")
    }
}

impl fmt::Display for Panicking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == PanicsIn::Message {
            panic!("the message's Display panicked");
        }
        f.write_str("the message")
    }
}

impl ToolError for Panicking {
    fn code(&self) -> &'static str {
        if self.0 == PanicsIn::Code {
            panic!("code() panicked");
        }
        "PANICKING"
    }
    fn kind(&self) -> Kind {
        Kind::Conflict
    }
    fn details(&self, details: &mut DetailWriter<'_>) {
        match self.0 {
            PanicsIn::DetailsMethod => panic!("details() panicked"),
            PanicsIn::Detail => {
                details.field("ok", &1).field("bad", &PanickingDetail);
            }
            _ => {
                details.field("ok", &1);
            }
        }
    }
    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        suggestions.push_str("fine");
        if self.0 == PanicsIn::Suggestion {
            suggestions.push(&PanickingText);
        }
    }
}

/// A panic in the error's `Display`, `Serialize` or `ToolError` methods is caught by
/// the rendering entry points and costs what a failing value costs: the reduction
/// steps up until the panicking code is no longer called. Every profile, compact,
/// pretty, appended, and as a value.
#[test]
fn panics_in_the_errors_own_code_are_caught() {
    let cases = [
        // (where, what the native envelope keeps: details, suggestions, message)
        (PanicsIn::Detail, false, true, "the message"),
        (PanicsIn::DetailsMethod, false, true, "the message"),
        (PanicsIn::Suggestion, false, false, "the message"),
        (PanicsIn::Message, false, false, "PANICKING"),
    ];
    for (place, details, suggestions, message) in cases {
        let error = Panicking(place);
        let envelope = Envelope::new(&error);
        let value = json_value(&envelope.to_json()).unwrap();
        assert_eq!(value["code"], "PANICKING", "{place:?}");
        assert_eq!(value["message"], message, "{place:?}");
        assert_eq!(
            value.get("details").is_some(),
            details,
            "{place:?}: {value}"
        );
        assert_eq!(
            value.get("suggestions").is_some(),
            suggestions,
            "{place:?}: {value}"
        );
        assert_eq!(value["truncated"], true, "{place:?}");
        for shape in checks::Shape::ALL {
            for pretty in [false, true] {
                let text = checks::render(&envelope, shape, pretty);
                let value = json_value(&text).unwrap();
                assert!(!value.is_null(), "{place:?} {shape:?}");
                prop(checks::check_shape(shape, &value, &error, &Policy::DEFAULT))
                    .unwrap_or_else(|e| panic!("{place:?} {shape:?}: {e}"));
            }
        }
        let mut out = b"[1,".to_vec();
        envelope.render_into(&Native, &mut out);
        assert_eq!(
            out,
            [b"[1,".as_slice(), envelope.to_json().as_bytes()].concat()
        );
        assert_eq!(envelope.to_value(&Native), value);
    }
}

/// A panic where even the fallback runs (here, a hand-written `code()`) leaves
/// nothing to render: the output is `null`, still one JSON value, and rendering
/// still returns.
#[test]
fn a_panic_the_fallback_cannot_avoid_renders_null() {
    let error = Panicking(PanicsIn::Code);
    let envelope = Envelope::new(&error);
    assert_eq!(envelope.to_json(), "null");
    assert_eq!(envelope.render_pretty(&Problem::new()), "null");
    assert_eq!(envelope.to_value(&JsonRpc::new()), Value::Null);
}

/// The views do not catch: a panic there reaches their caller (documented on
/// `Envelope::render_into`).
#[test]
fn the_views_do_not_catch_panics() {
    let error = Panicking(PanicsIn::Message);
    let envelope = Envelope::new(&error);
    let shown = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        envelope.message().to_string()
    }));
    assert!(shown.is_err());
}

/// Every output an integration builds is cut down to the size limit as the envelope
/// itself is: the MCP text content and its `structuredContent` (the same rendering,
/// serialised once each), rmcp's `ErrorData::data`, the jsonrpsee error object's
/// `data` and the problem+json body.
#[test]
fn integrations_cut_their_outputs_to_the_size_limit() {
    #[derive(Debug, thiserror::Error, ToolError)]
    #[error("{count} ids are unknown")]
    #[tool_error(kind = validation, suggest = "Send the ids list_ids returns")]
    struct UnknownIds {
        ids: Vec<String>,
        count: usize,
    }

    let error = UnknownIds {
        ids: (0..40).map(|i| format!("id-{i:08}")).collect(),
        count: 40,
    };
    let limit = 300;
    let policy = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_envelope_bytes(limit));
    let options = tool_error::Options::new()
        .with_policy(policy.clone())
        .with_mcp(tool_error::rmcp::McpOptions::new().with_structured_content(true))
        .without_clock();
    let context = options.context().with_tool("lookup");
    // The client is not sent the tool name (the log event is).
    let expected = Envelope::new(&error).with_policy(&policy).to_value(&Native);
    assert!(expected.get("details").is_none(), "{expected}");
    assert_eq!(expected["truncated"], true);
    assert_eq!(expected["suggestions"][0], "Send the ids list_ids returns");

    let result = tool_error::rmcp::to_call_tool_result(&error, &context, &options);
    let text = match result.content.as_slice() {
        [block] => block.as_text().map(|text| text.text.clone()).unwrap(),
        other => panic!("{other:?}"),
    };
    assert!(text.len() <= limit, "{} bytes: {text}", text.len());
    assert_eq!(json_value(&text).unwrap(), expected);
    assert_eq!(result.structured_content.as_ref(), Some(&expected));

    let data = tool_error::rmcp::to_error_data(&error, &context, &options).data;
    assert_eq!(data.as_ref(), Some(&expected));

    let object = tool_error::jsonrpsee::to_error_object(&error, &context, &options);
    let raw = object.data().map(|data| data.get()).unwrap_or_default();
    assert!(raw.len() <= limit, "{} bytes: {raw}", raw.len());
    assert_eq!(json_value(raw).unwrap(), expected);
    assert_eq!(object.message(), "40 ids are unknown");

    let body = tool_error_tests::body_text(tool_error::axum::problem_response(
        &error, &context, &options,
    ));
    assert!(body.len() <= limit, "{} bytes: {body}", body.len());
    let body = json_value(&body).unwrap();
    assert!(body.get("details").is_none(), "{body}");
    assert_eq!(body["suggestions"], expected["suggestions"]);
}

/// The log event costs nothing when nobody listens at its level: no second envelope
/// is built and the clock is read once, for the response. With a subscriber that
/// listens, the event is built (reading the clock again) and emitted once.
#[test]
fn integrations_build_no_log_event_when_nobody_listens() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::{Layer, Registry};

    #[derive(Clone, Default)]
    struct CountingClock(Arc<AtomicUsize>);
    impl tool_error::clock::Clock for CountingClock {
        fn now(&self) -> std::time::SystemTime {
            self.0.fetch_add(1, Ordering::Relaxed);
            std::time::SystemTime::UNIX_EPOCH
        }
    }

    #[derive(Clone, Default)]
    struct CountEvents(Arc<AtomicUsize>);
    impl<S: tracing::Subscriber> Layer<S> for CountEvents {
        fn on_event(&self, _: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }

    #[derive(Debug, thiserror::Error, ToolError)]
    #[error("bad input")]
    #[tool_error(kind = validation)]
    struct BadInput;

    let clock = CountingClock::default();
    let options = tool_error::Options::new().with_clock(clock.clone());
    let convert = || {
        let context = options.context().with_tool("tool");
        drop(tool_error::rmcp::to_call_tool_result(
            &BadInput, &context, &options,
        ));
        drop(tool_error::jsonrpsee::to_error_object(
            &BadInput, &context, &options,
        ));
        drop(tool_error::axum::problem_response(
            &BadInput, &context, &options,
        ));
    };
    // (the subscriber's level, clock reads and events for three conversions): the
    // timestamp is the log event's alone, so the clock is read only for an event.
    let cases = [
        (None, 0, 0),
        (Some(tracing::level_filters::LevelFilter::WARN), 0, 0),
        (Some(tracing::level_filters::LevelFilter::INFO), 3, 3),
    ];
    for (level, reads, events) in cases {
        clock.0.store(0, Ordering::Relaxed);
        let counted = CountEvents::default();
        match level {
            None => tracing::subscriber::with_default(
                tracing::subscriber::NoSubscriber::default(),
                convert,
            ),
            Some(level) => tracing::subscriber::with_default(
                Registry::default().with(counted.clone().with_filter(level)),
                convert,
            ),
        }
        assert_eq!(clock.0.load(Ordering::Relaxed), reads, "{level:?}");
        assert_eq!(counted.0.load(Ordering::Relaxed), events, "{level:?}");
    }
}

/// The integrations keep the promise too: a panic in the error's own code, while a
/// subscriber formats the log event or while the error object takes its message,
/// never escapes a conversion.
#[test]
fn integrations_survive_panics_in_the_errors_own_code() {
    let options = tool_error::Options::new().without_clock();
    for place in [PanicsIn::Message, PanicsIn::Detail, PanicsIn::Suggestion] {
        let error = Panicking(place);
        let context = options.context().with_tool("tool");
        let outputs = tool_error_tests::logs::capture(|| {
            let result = tool_error::rmcp::to_call_tool_result(&error, &context, &options);
            let data = tool_error::rmcp::to_error_data(&error, &context, &options);
            let object = tool_error::jsonrpsee::to_error_object(&error, &context, &options);
            let response = tool_error::axum::problem_response(&error, &context, &options);
            assert_eq!(result.is_error, Some(true), "{place:?}");
            assert!(!data.message.is_empty(), "{place:?}");
            assert_eq!(object.code(), data.code.0, "{place:?}");
            let body = tool_error_tests::body_text(response);
            json_value(&body).unwrap_or_else(|e| panic!("{place:?}: {e:?} {body}"));
        });
        drop(outputs);
    }
}

/// The native envelope written as a user's profile would write it, with nothing but
/// public API.
struct Mirror;

impl tool_error::Profile for Mirror {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let cut = std::cell::Cell::new(false);
        let envelope = envelope.reporting_cuts(&cut);
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", envelope.code())?;
        map.serialize_entry("kind", &envelope.kind())?;
        map.serialize_entry("message", &envelope.message())?;
        map.serialize_entry("recoverable", &envelope.recoverable())?;
        if let Some(retry) = envelope.retry() {
            map.serialize_entry("retry", &retry)?;
        }
        if let Some(category) = envelope.category() {
            map.serialize_entry("category", category)?;
        }
        if let Some(domain) = envelope.domain() {
            map.serialize_entry("domain", domain)?;
        }
        if let Some(seconds) = envelope.retry_after_seconds() {
            map.serialize_entry("retry_after", &seconds)?;
        }
        envelope.details().write_entry(&mut map, "details")?;
        envelope
            .suggestions()
            .write_entry(&mut map, "suggestions")?;
        let next_calls = envelope.next_calls();
        if !next_calls.is_empty() {
            map.serialize_entry("next_calls", &next_calls)?;
        }
        if let Some(url) = envelope.docs_url() {
            map.serialize_entry("docs", url)?;
        }
        if let Some(tool) = envelope.tool() {
            map.serialize_entry("tool", &tool)?;
        }
        if let Some(operation) = envelope.operation() {
            map.serialize_entry("operation", &operation)?;
        }
        if let Some(request_id) = envelope.request_id() {
            map.serialize_entry("request_id", &request_id)?;
        }
        if let Some(timestamp) = envelope.timestamp() {
            map.serialize_entry("timestamp", &timestamp)?;
        }
        if let Some(debug) = envelope.debug() {
            map.serialize_entry("debug", &debug)?;
        }
        if envelope.is_reduced() || cut.get() {
            map.serialize_entry("truncated", &true)?;
        }
        map.end()
    }
}
