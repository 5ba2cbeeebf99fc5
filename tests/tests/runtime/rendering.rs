//! The runtime on its own terms: every profile's exact JSON for representative errors,
//! the policy knobs, size limits, client-side parsing and the next-action table.
//!
//! Expected values are written by hand from the documented formats (README, the
//! `Native` key table, JSON-RPC 2.0, MCP `CallToolResult`, RFC 9457).

use std::fmt;
use std::time::Duration;

use serde_json::{Value, json};
use tool_error::client::{self, NextAction, Parsed};
use tool_error::{
    Context, DetailWriter, Envelope, JsonRpc, Kind, Limits, McpToolResult, Native, Options, Policy,
    Problem, Profile, RequestId, SuggestionWriter, ToolError, clock::FixedClock,
    profile::JsonRpcResponse,
};
use tool_error_tests::{TIMESTAMP, clock, native, native_with, parse_json};

/// A hand-written contract, as a person would write one without the derive.
#[derive(Debug)]
struct QuotaExceeded {
    used: u64,
    limit: u64,
    api_key: String,
}

impl fmt::Display for QuotaExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "quota exceeded: {} of {}", self.used, self.limit)
    }
}

impl ToolError for QuotaExceeded {
    fn code(&self) -> &'static str {
        "QUOTA_EXCEEDED"
    }
    fn kind(&self) -> Kind {
        Kind::Permission
    }
    fn details(&self, details: &mut DetailWriter<'_>) {
        details
            .field("used", &self.used)
            .field("limit", &self.limit)
            .redacted("api_key", &self.api_key);
    }
    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        suggestions
            .push(&"Ask an administrator to raise the quota")
            .push(&format_args!("Stay under {} calls", self.limit))
            .push(&"Retry tomorrow");
    }
}

/// A derived contract with Gem-Flux's legacy codes.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(domain = "gem-flux", legacy_jsonrpc)]
enum GemFluxError {
    /// The model id is not in this session.
    #[error("Model '{model_id}' not found in current session")]
    #[tool_error(
        jsonrpc = -32001,
        kind = not_found,
        category = "not_found_error",
        suggest = "Use build_model tool to create a new model",
        suggest = "Check model_id spelling",
    )]
    ModelNotFound {
        model_id: String,
        available_models: Vec<String>,
    },

    /// Gapfilling found no solution.
    #[error("Gapfilling could not find solution to enable growth in specified media")]
    #[tool_error(kind = conflict, category = "infeasibility_error", jsonrpc = -32002)]
    GapfillInfeasible { target_growth: f64 },

    #[error("timed out")]
    #[tool_error(kind = transient, category = "timeout_error", jsonrpc = -32005)]
    Timeout {
        #[tool_error(retry_after)]
        retry_after: Duration,
    },

    #[error("solver crashed: {0}")]
    #[tool_error(kind = internal, category = "library_error", jsonrpc = -32003)]
    Solver(#[source] std::io::Error),
}

fn model_not_found() -> GemFluxError {
    GemFluxError::ModelNotFound {
        model_id: "model_xyz".into(),
        available_models: vec!["model_a".into(), "model_b.gf".into()],
    }
}

#[test]
fn native_profile_pins_every_key_in_order() {
    let options = Options::new().with_clock(clock());
    let error = model_not_found();
    let context = options
        .context()
        .with_tool("run_fba")
        .with_operation("optimize")
        .with_request_id("req_1");
    let text = Envelope::new(&error).with_context(context).to_json();
    assert_eq!(
        text,
        concat!(
            r#"{"code":"MODEL_NOT_FOUND","kind":"NOT_FOUND","#,
            r#""message":"Model 'model_xyz' not found in current session","recoverable":true,"#,
            r#""category":"not_found_error","domain":"gem-flux","#,
            r#""details":{"model_id":"model_xyz","available_models":["model_a","model_b.gf"]},"#,
            r#""suggestions":["Use build_model tool to create a new model","Check model_id spelling"],"#,
            r#""tool":"run_fba","operation":"optimize","request_id":"req_1","timestamp":"2025-10-27T14:35:22Z"}"#
        )
    );
}

#[test]
fn native_output_validates_against_the_published_schema_and_reads_back() {
    let schema = parse_json(tool_error::Native::SCHEMA);
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let server = Options::new()
        .with_server_version("1.2.3")
        .with_clock(clock());
    let quota = QuotaExceeded {
        used: 12,
        limit: 10,
        api_key: "sk-live-123".into(),
    };
    let timeout = GemFluxError::Timeout {
        retry_after: Duration::from_millis(2500),
    };
    let solver = GemFluxError::Solver(std::io::Error::other("segfault"));
    let verbose = Policy::DEFAULT.with_verbose(true);
    let errors: [(&dyn ToolError, &Policy); 4] = [
        (&model_not_found(), &Policy::DEFAULT),
        (&quota, &Policy::DEFAULT),
        (&timeout, &Policy::DEFAULT),
        (&solver, &verbose),
    ];
    for (error, policy) in errors {
        let envelope = Envelope::new(error)
            .with_context(server.context().with_tool("t"))
            .with_policy(policy);
        let value = parse_json(&envelope.to_json());
        let problems: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| e.to_string())
            .collect();
        assert!(
            problems.is_empty(),
            "{value} violates the schema: {problems:?}"
        );
        let owned: tool_error::client::ParsedEnvelope =
            serde_json::from_value(value.clone()).expect("reads back");
        assert_eq!(owned.code, error.code());
        assert_eq!(
            serde_json::to_value(&owned).expect("serialises"),
            value,
            "round trip"
        );
    }
}

#[test]
fn gem_flux_legacy_codes_come_from_category_then_kind() {
    assert_eq!(model_not_found().jsonrpc_code(), -32001);
    assert_eq!(
        GemFluxError::GapfillInfeasible {
            target_growth: 0.01
        }
        .jsonrpc_code(),
        -32002
    );
    assert_eq!(
        GemFluxError::Timeout {
            retry_after: Duration::ZERO
        }
        .jsonrpc_code(),
        -32005
    );
    assert_eq!(
        GemFluxError::Solver(std::io::Error::other("x")).jsonrpc_code(),
        -32003
    );
}

#[test]
fn jsonrpc_error_object_and_response() {
    let error = GemFluxError::GapfillInfeasible {
        target_growth: 0.01,
    };
    let envelope = Envelope::new(&error);
    assert_eq!(
        parse_json(&envelope.render(&JsonRpc::bare())),
        json!({"code": -32002, "message": "Gapfilling could not find solution to enable growth in specified media"})
    );
    assert_eq!(
        parse_json(&envelope.render(&JsonRpcResponse::new(
            RequestId::String("abc"),
            JsonRpc::new()
        ))),
        json!({
            "jsonrpc": "2.0",
            "id": "abc",
            "error": {
                "code": -32002,
                "message": "Gapfilling could not find solution to enable growth in specified media",
                "data": {
                    "code": "GAPFILL_INFEASIBLE",
                    "kind": "CONFLICT",
                    "message": "Gapfilling could not find solution to enable growth in specified media",
                    "recoverable": true,
                    "category": "infeasibility_error",
                    "domain": "gem-flux",
                    "details": {"target_growth": 0.01}
                }
            }
        })
    );
    assert_eq!(
        parse_json(&envelope.render(&JsonRpcResponse::new(RequestId::Null, JsonRpc::bare())))["id"],
        Value::Null
    );
}

#[test]
fn mcp_tool_result_holds_the_envelope_as_text_and_optionally_structured() {
    let quota = QuotaExceeded {
        used: 12,
        limit: 10,
        api_key: "sk-live-123".into(),
    };
    let envelope = Envelope::new(&quota);
    let expected_envelope = json!({
        "code": "QUOTA_EXCEEDED",
        "kind": "PERMISSION",
        "message": "quota exceeded: 12 of 10",
        "recoverable": false,
        "details": {"used": 12, "limit": 10, "api_key": "[REDACTED]"},
        "suggestions": ["Ask an administrator to raise the quota", "Stay under 10 calls", "Retry tomorrow"]
    });

    let plain = parse_json(&envelope.render(&McpToolResult::new()));
    assert_eq!(plain["isError"], true);
    assert!(plain.get("structuredContent").is_none());
    let content = plain["content"].as_array().expect("content array");
    assert_eq!(content.len(), 1);
    assert_eq!(content[0]["type"], "text");
    assert_eq!(
        parse_json(content[0]["text"].as_str().expect("text")),
        expected_envelope
    );

    let structured = parse_json(&envelope.render(&McpToolResult::new().structured(true)));
    assert_eq!(structured["structuredContent"], expected_envelope);
    assert_eq!(
        parse_json(structured["content"][0]["text"].as_str().expect("text")),
        expected_envelope
    );
}

#[test]
fn problem_details_follow_rfc_9457() {
    let options = Options::new().with_clock(clock());
    let error = model_not_found();
    let context = options
        .context()
        .with_tool("run_fba")
        .with_request_id("req_9");
    let envelope = Envelope::new(&error).with_context(context);
    assert_eq!(Problem::new().content_type(), "application/problem+json");
    assert_eq!(
        parse_json(&envelope.render(&Problem::new())),
        json!({
            "type": "about:blank",
            "title": "Not Found",
            "status": 404,
            "detail": "Model 'model_xyz' not found in current session",
            "instance": "req_9",
            "code": "MODEL_NOT_FOUND",
            "kind": "NOT_FOUND",
            "recoverable": true,
            "category": "not_found_error",
            "details": {"model_id": "model_xyz", "available_models": ["model_a", "model_b.gf"]},
            "suggestions": ["Use build_model tool to create a new model", "Check model_id spelling"],
            "tool": "run_fba",
            "timestamp": TIMESTAMP
        })
    );
    // With a type base, the type names the code and the title is its catalog description.
    let typed =
        parse_json(&envelope.render(&Problem::with_type_base("https://errors.example.com/")));
    assert_eq!(typed["type"], "https://errors.example.com/MODEL_NOT_FOUND");
    assert_eq!(typed["title"], "The model id is not in this session.");
}

#[test]
fn internal_messages_are_masked_unless_verbose() {
    let error = GemFluxError::Solver(std::io::Error::other("password=hunter2"));
    let masked = native(&error);
    assert_eq!(masked["message"], "Internal error");
    assert!(masked.get("debug").is_none());
    assert!(!masked.to_string().contains("hunter2"));

    let custom = Policy::DEFAULT.with_internal_message("Something went wrong on our side");
    assert_eq!(
        native_with(&error, &custom)["message"],
        "Something went wrong on our side"
    );

    let verbose = Policy::DEFAULT.with_verbose(true);
    let server = Options::new().with_server_version("0.3.6");
    let context = server.context();
    let shown = parse_json(
        &Envelope::new(&error)
            .with_context(context)
            .with_policy(&verbose)
            .to_json(),
    );
    assert_eq!(shown["message"], "solver crashed: password=hunter2");
    assert_eq!(
        shown["debug"],
        json!({"error_chain": ["password=hunter2"], "server_version": "0.3.6"})
    );

    // Foreign errors are internal too.
    let io = std::io::Error::other("/etc/shadow unreadable");
    let foreign = native(&io);
    assert_eq!(
        foreign,
        json!({"code": "INTERNAL_ERROR", "kind": "INTERNAL", "message": "Internal error", "recoverable": false})
    );
}

#[test]
fn suggestion_knobs() {
    let quota = QuotaExceeded {
        used: 1,
        limit: 2,
        api_key: String::new(),
    };
    let render = |policy: &Policy| native_with(&quota, policy);

    assert_eq!(
        render(&Policy::DEFAULT.with_max_suggestions(2))["suggestions"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    assert!(
        render(&Policy::DEFAULT.with_suggestions(false))
            .get("suggestions")
            .is_none()
    );
}

#[test]
fn redaction_and_details_knobs() {
    let quota = QuotaExceeded {
        used: 1,
        limit: 2,
        api_key: "sk-live-123".into(),
    };
    let default = Envelope::new(&quota).to_json();
    assert!(!default.contains("sk-live-123"));
    assert_eq!(parse_json(&default)["details"]["api_key"], "[REDACTED]");

    let marker = Policy::DEFAULT.with_redaction_marker("<redacted>");
    assert_eq!(
        native_with(&quota, &marker)["details"]["api_key"],
        "<redacted>"
    );

    let revealed = Policy::DEFAULT.with_redaction(false);
    assert_eq!(
        native_with(&quota, &revealed)["details"]["api_key"],
        "sk-live-123"
    );

    let hidden = Policy::DEFAULT.with_details(false);
    assert!(native_with(&quota, &hidden).get("details").is_none());
}

/// An error whose strings are hostile: quotes, control characters, huge values.
#[derive(Debug)]
struct Hostile(String);

impl fmt::Display for Hostile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl ToolError for Hostile {
    fn code(&self) -> &'static str {
        "HOSTILE"
    }
    fn kind(&self) -> Kind {
        Kind::Validation
    }
    fn details(&self, details: &mut DetailWriter<'_>) {
        details
            .field(&self.0, &self.0)
            .field("deep", &vec![vec![self.0.clone()]]);
    }
    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        suggestions.push(&self.0);
        // Plain text takes a faster path that must cut the same way.
        suggestions.push_str(&self.0);
    }
}

#[test]
fn hostile_strings_always_render_valid_json_through_every_profile() {
    let samples = [
        String::new(),
        "\"quoted\" \\ back\\slash".to_owned(),
        "\u{0}\u{1}\u{1f}\n\r\t\u{7f}".to_owned(),
        "\u{2028}\u{2029} é 漢字 🦀".to_owned(),
        "x".repeat(200_000),
        "}{][\",:".repeat(1000),
    ];
    for sample in samples {
        let error = Hostile(sample.clone());
        let envelope = Envelope::new(&error);
        for text in [
            envelope.to_json(),
            envelope.render(&JsonRpc::new()),
            envelope.render(&JsonRpcResponse::new(RequestId::Number(7), JsonRpc::new())),
            envelope.render(&McpToolResult::new().structured(true)),
            envelope.render(&Problem::new()),
            envelope.render_pretty(&Native),
        ] {
            let value = parse_json(&text);
            assert!(
                text.len() <= Limits::DEFAULT.max_envelope_bytes,
                "{} bytes",
                text.len()
            );
            if sample.len() < 100 && !text.contains("truncated") {
                assert!(
                    value
                        .to_string()
                        .contains(&serde_json::to_string(&sample).expect("json")[1..])
                );
            }
        }
    }
}

#[test]
fn limits_cut_strings_and_drop_parts_with_a_mark() {
    let error = Hostile("y".repeat(100));
    let short = Policy::DEFAULT.with_limits(
        Limits::DEFAULT
            .with_max_message_chars(10)
            .with_max_string_chars(5),
    );
    let value = native_with(&error, &short);
    assert_eq!(value["message"], "yyyyyyyyyy…[truncated]");
    assert_eq!(value["suggestions"][0], "yyyyy…[truncated]");
    assert_eq!(value["suggestions"][1], "yyyyy…[truncated]");
    assert_eq!(value["details"]["deep"], json!([["yyyyy…[truncated]"]]));
    // Keys are strings too: the hostile key is cut like any value.
    assert_eq!(value["details"]["yyyyy…[truncated]"], "yyyyy…[truncated]");

    // Too large as a whole: details go first, and the envelope says it was cut.
    let tight = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_envelope_bytes(300));
    let value = native_with(&error, &tight);
    assert!(value.get("details").is_none());
    assert_eq!(value["truncated"], true);
    assert_eq!(value["code"], "HOSTILE");
}

/// An error with a short message, one detail and no suggestions.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[error("gone")]
#[tool_error(code = "ORDER_NOT_FOUND", kind = not_found)]
struct Terse {
    order: &'static str,
}

#[test]
fn when_nothing_fits_the_smallest_rendering_is_sent_and_says_only_what_it_dropped() {
    // The tool name alone is over the size limit, so no reduction fits. Dropping
    // the details makes the envelope smaller; nothing after that does (the message
    // is short, and the fallback would put the longer code in its place), so the
    // rendering without details is sent: the message kept, `truncated` for the
    // details.
    let tool = "t".repeat(200);
    let tight = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_envelope_bytes(64));
    let options = Options::new()
        .without_clock()
        .with_client_context(tool_error::ClientContext::ALL);
    let context = options.context().with_tool(&tool);
    let render = |policy: &Policy| {
        parse_json(
            &Envelope::new(&Terse { order: "o-1" })
                .with_context(context)
                .with_policy(policy)
                .to_json(),
        )
    };
    assert_eq!(
        render(&tight),
        json!({"code": "ORDER_NOT_FOUND", "kind": "NOT_FOUND", "message": "gone",
               "recoverable": true, "tool": tool, "truncated": true})
    );

    // With details hidden by the policy, no reduction removes anything: the
    // envelope is sent whole and does not say it was cut.
    assert_eq!(
        render(&tight.clone().with_details(false)),
        json!({"code": "ORDER_NOT_FOUND", "kind": "NOT_FOUND", "message": "gone",
               "recoverable": true, "tool": tool})
    );
}

/// A custom profile that cannot write an error without its retry hint, which the
/// fallback leaves out.
struct NeedsRetryHint;

impl Profile for NeedsRetryHint {
    fn serialize_envelope<S: serde::Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeMap};
        let Some(seconds) = envelope.retry_after_seconds() else {
            return Err(S::Error::custom("no retry hint"));
        };
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", envelope.code())?;
        map.serialize_entry("message", &envelope.message())?;
        map.serialize_entry("retry_after", &seconds)?;
        map.end()
    }
}

#[test]
fn when_even_the_fallback_fails_the_smallest_earlier_rendering_is_sent() {
    // Every rendering is over the 10-byte limit and the fallback fails, so the
    // smallest of the others is sent rather than `null`.
    let error = GemFluxError::Timeout {
        retry_after: Duration::from_secs(5),
    };
    let tight = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_envelope_bytes(10));
    let text = Envelope::new(&error)
        .with_policy(&tight)
        .render(&NeedsRetryHint);
    assert_eq!(
        parse_json(&text),
        json!({"code": "TIMEOUT", "message": "timed out", "retry_after": 5})
    );
}

/// A derived error whose details are of many types: strings, integers, a bool, a
/// float, a list of strings, `Option`s of them, and a redacted field.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[error("typed")]
#[tool_error(kind = validation)]
struct TypedDetails {
    name: String,
    label: &'static str,
    ids: Vec<String>,
    count: usize,
    delta: i32,
    ok: bool,
    ratio: f64,
    small: u8,
    note: Option<String>,
    missing: Option<u64>,
    tiny: Option<u8>,
    #[tool_error(redact)]
    token: String,
}

/// The same fields written by hand through `DetailWriter`.
#[derive(Debug)]
struct ErasedDetails<'a>(&'a TypedDetails);

impl fmt::Display for ErasedDetails<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("typed")
    }
}

impl ToolError for ErasedDetails<'_> {
    fn code(&self) -> &'static str {
        "TYPED_DETAILS"
    }
    fn kind(&self) -> Kind {
        Kind::Validation
    }
    fn details(&self, out: &mut DetailWriter<'_>) {
        let e = self.0;
        out.field("name", &e.name)
            .field("label", &e.label)
            .field("ids", &e.ids)
            .field("count", &e.count)
            .field("delta", &e.delta)
            .field("ok", &e.ok)
            .field("ratio", &e.ratio)
            .field("small", &e.small);
        if let Some(note) = &e.note {
            out.field("note", note);
        }
        if let Some(missing) = &e.missing {
            out.field("missing", missing);
        }
        if let Some(tiny) = &e.tiny {
            out.field("tiny", tiny);
        }
        out.redacted("token", &e.token);
    }
}

/// An error rendered under a policy, as text.
type Render = dyn Fn(&dyn ToolError, &Policy) -> String;

#[test]
fn derived_details_render_as_the_same_values_written_by_hand_under_every_limit() {
    let error = TypedDetails {
        name: "a \"long\" name é".into(),
        label: "label",
        ids: vec![
            "cpd00001".into(),
            "cpd00002".into(),
            "cpd00003".into(),
            "cpd00004".into(),
        ],
        count: usize::MAX,
        delta: -7,
        ok: true,
        ratio: 0.25,
        small: 3,
        note: Some("noted".into()),
        missing: None,
        tiny: Some(1),
        token: "s3cret".into(),
    };
    let by_hand = ErasedDetails(&error);
    // Written out once from the field values: what both must show by default.
    assert_eq!(
        native(&error)["details"],
        json!({
            "name": "a \"long\" name é", "label": "label",
            "ids": ["cpd00001", "cpd00002", "cpd00003", "cpd00004"], "count": usize::MAX,
            "delta": -7, "ok": true, "ratio": 0.25, "small": 3, "note": "noted",
            "tiny": 1, "token": "[REDACTED]"
        })
    );
    let policies = [
        Policy::DEFAULT,
        Policy::DEFAULT.with_redaction(false),
        Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_string_chars(4)),
        Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_items(3)),
        Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_depth(1)),
        Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_depth(0)),
        Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_items(0)),
    ];
    let profiles: [&Render; 3] = [
        &|e, p| Envelope::new(e).with_policy(p).to_json(),
        &|e, p| Envelope::new(e).with_policy(p).render(&Problem::new()),
        &|e, p| {
            Envelope::new(e)
                .with_policy(p)
                .to_value(&Native)
                .to_string()
        },
    ];
    for policy in &policies {
        for render in profiles {
            assert_eq!(render(&error, policy), render(&by_hand, policy));
        }
    }
    // And the limits did cut the derived values.
    let short = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_string_chars(4));
    let details = &native_with(&error, &short)["details"];
    assert_eq!(details["name"], "a \"l…[truncated]");
    assert_eq!(details["ids"][0], "cpd0…[truncated]");
    // Three items: the first three fields, the first three ids, and the marks.
    let few = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_items(3));
    let details = &native_with(&error, &few)["details"];
    assert_eq!(
        details["ids"],
        json!(["cpd00001", "cpd00002", "cpd00003", "…[truncated]"])
    );
    assert_eq!(details["…[truncated]"], 8);
    // No nesting inside a detail: the list is the mark.
    let flat = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_depth(0));
    assert_eq!(native_with(&error, &flat)["details"]["ids"], "…[truncated]");
}

/// A detail that cannot be serialised as JSON (a map with non-string keys).
#[derive(Debug)]
struct BadDetail;

impl fmt::Display for BadDetail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bad detail")
    }
}

impl ToolError for BadDetail {
    fn code(&self) -> &'static str {
        "BAD_DETAIL"
    }
    fn kind(&self) -> Kind {
        Kind::Conflict
    }
    fn details(&self, details: &mut DetailWriter<'_>) {
        let map: std::collections::BTreeMap<Vec<u8>, u8> = [(vec![1u8], 1u8)].into();
        details.field("map", &map);
    }
}

#[test]
fn a_detail_that_fails_to_serialise_is_dropped_not_fatal() {
    let value = native(&BadDetail);
    assert_eq!(
        value,
        json!({"code": "BAD_DETAIL", "kind": "CONFLICT", "message": "bad detail", "recoverable": true, "truncated": true})
    );
}

#[test]
fn timestamps_are_clamped_never_panicking() {
    let early = FixedClock(std::time::UNIX_EPOCH - Duration::from_secs(10));
    let late = FixedClock(std::time::UNIX_EPOCH + Duration::from_secs(400_000_000_000));
    let error = model_not_found();
    let at = |clock: &FixedClock| {
        let options = Options::new().with_clock(*clock);
        parse_json(
            &Envelope::new(&error)
                .with_context(options.context())
                .to_json(),
        )["timestamp"]
            .clone()
    };
    assert_eq!(at(&early), "1970-01-01T00:00:00Z");
    assert_eq!(at(&late), "9999-12-31T23:59:59Z");
}

#[test]
fn retry_after_is_whole_seconds_when_possible() {
    let whole = GemFluxError::Timeout {
        retry_after: Duration::from_secs(30),
    };
    let fraction = GemFluxError::Timeout {
        retry_after: Duration::from_millis(1500),
    };
    assert_eq!(native(&whole)["retry_after"], json!(30));
    assert_eq!(native(&fraction)["retry_after"], json!(1.5));
}

#[test]
fn a_retry_hint_is_rounded_up_to_the_millisecond_so_no_wait_reads_as_none() {
    // As `Retry-After` is rounded up to the second: 500 µs is not 0.0, 1.0005 s not 1.0.
    for (wait, written) in [
        (Duration::from_micros(500), json!(0.001)),
        (Duration::from_micros(1_000_500), json!(1.001)),
        (Duration::from_millis(1_500), json!(1.5)),
        // Rounded up to a whole second: an integer, as a whole second always is.
        (Duration::from_nanos(1_999_999_900), json!(2)),
    ] {
        let error = GemFluxError::Timeout { retry_after: wait };
        assert_eq!(native(&error)["retry_after"], written, "{wait:?}");
    }
}

#[test]
fn parse_reads_every_structured_shape_and_falls_back_to_legacy() {
    let error = GemFluxError::Timeout {
        retry_after: Duration::from_secs(30),
    };
    let envelope = Envelope::new(&error);
    let retry = NextAction::Retry {
        after: Some(Duration::from_secs(30)),
    };
    for text in [
        envelope.to_json(),
        envelope.render(&JsonRpc::new()),
        envelope.render(&JsonRpcResponse::new(RequestId::Number(1), JsonRpc::new())),
        envelope.render(&McpToolResult::new()),
        envelope.render(&McpToolResult::new().structured(true)),
        envelope.render(&Problem::new()),
    ] {
        let parsed = client::parse(&text);
        let owned = parsed
            .envelope()
            .unwrap_or_else(|| panic!("structured: {text}"));
        assert_eq!(owned.code, "TIMEOUT", "{text}");
        assert_eq!(owned.kind, Kind::Transient);
        assert_eq!(parsed.next_action(), retry, "{text}");
    }

    // A retry hint is read as a wait however long; a negative one is no hint.
    let hint = |seconds: &str| {
        let text = format!(
            r#"{{"code":"BUSY","kind":"TRANSIENT","message":"busy","recoverable":true,"retry_after":{seconds}}}"#
        );
        client::parse(&text)
            .envelope()
            .expect("structured")
            .retry_after()
    };
    assert_eq!(hint("1.5"), Some(Duration::from_millis(1500)));
    assert_eq!(hint("1e300"), Some(Duration::MAX));
    assert_eq!(hint("18446744073709551616"), Some(Duration::MAX));
    assert_eq!(hint("-1"), None);

    // Legacy texts: plain strings, JSON without a kind, JSON-RPC errors without data.
    for legacy in [
        "check conflicts: intermute 500: internal error",
        r#"{"error":"boom"}"#,
        r#"{"code":-32603,"message":"Internal error"}"#,
        "{\"type\":\"NOT_FOUND\"",
    ] {
        assert_eq!(client::parse(legacy), Parsed::Legacy(legacy.to_owned()));
        assert_eq!(client::parse(legacy).next_action(), NextAction::GiveUp);
    }

    // Oversized input is not parsed at all.
    let huge = format!(
        "{{\"type\":\"NOT_FOUND\",\"message\":\"{}\"}}",
        "x".repeat(client::MAX_PARSE_BYTES)
    );
    assert!(matches!(client::parse(&huge), Parsed::Legacy(_)));
}

#[test]
fn next_action_for_each_kind_on_the_server_side() {
    let cases: [(&dyn ToolError, NextAction); 4] = [
        (&model_not_found(), NextAction::WorkAround),
        (
            &GemFluxError::GapfillInfeasible { target_growth: 0.0 },
            NextAction::WorkAround,
        ),
        (
            &QuotaExceeded {
                used: 0,
                limit: 0,
                api_key: String::new(),
            },
            NextAction::Escalate,
        ),
        (
            &GemFluxError::Solver(std::io::Error::other("x")),
            NextAction::GiveUp,
        ),
    ];
    for (error, expected) in cases {
        assert_eq!(NextAction::for_error(error), expected, "{}", error.code());
    }
}

#[test]
fn boxed_and_shared_errors_render_like_the_inner_one() {
    let boxed: Box<dyn ToolError> = Box::new(model_not_found());
    let direct = Envelope::new(&model_not_found()).to_json();
    assert_eq!(Envelope::new(&boxed).to_json(), direct);
    let shared = std::sync::Arc::new(model_not_found());
    assert_eq!(Envelope::new(&shared).to_json(), direct);
    let any: Box<dyn std::error::Error + Send + Sync> = "opaque failure".into();
    assert_eq!(native(&any)["code"], "INTERNAL_ERROR");
}

#[test]
fn plain_text_suggestions_are_cut_by_characters_not_bytes() {
    // Five two-byte characters: ten bytes, within a five-character limit only when
    // counted as characters.
    let error = Hostile("ééééé".to_owned());
    let five = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_string_chars(5));
    let value = native_with(&error, &five);
    assert_eq!(value["suggestions"], json!(["ééééé", "ééééé"]));
    let four = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_string_chars(4));
    let value = native_with(&error, &four);
    assert_eq!(
        value["suggestions"],
        json!(["éééé…[truncated]", "éééé…[truncated]"])
    );
}

/// An error whose every part is chosen, to cut one part at a time.
#[derive(Debug, Default)]
struct Parts {
    message: &'static str,
    details: Vec<(&'static str, Value)>,
    suggestions: Vec<&'static str>,
}

impl fmt::Display for Parts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message)
    }
}

impl ToolError for Parts {
    fn code(&self) -> &'static str {
        "PARTS"
    }
    fn kind(&self) -> Kind {
        Kind::Validation
    }
    fn details(&self, details: &mut DetailWriter<'_>) {
        for (name, value) in &self.details {
            details.field(name, value);
        }
    }
    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        for suggestion in &self.suggestions {
            suggestions.push(suggestion);
        }
    }
}

/// Short parts that no limit below cuts unless it is aimed at them.
fn parts() -> Parts {
    Parts {
        message: "short",
        details: vec![("id", json!(7))],
        suggestions: vec!["hint"],
    }
}

/// The native envelope inside every profile that carries one, compact and pretty,
/// and through `to_value`: the native profile itself, the JSON-RPC error's `data`,
/// the JSON-RPC response's `error.data`, the MCP result's text content and its
/// `structuredContent`.
fn natives(envelope: &Envelope<'_>) -> Vec<(&'static str, Value)> {
    let mcp = McpToolResult::new().structured(true);
    let response = JsonRpcResponse::new(RequestId::Number(1), JsonRpc::new());
    let mut found = vec![
        ("native", parse_json(&envelope.to_json())),
        (
            "native pretty",
            parse_json(&envelope.render_pretty(&Native)),
        ),
        ("native to_value", envelope.to_value(&Native)),
    ];
    found.push((
        "jsonrpc data",
        envelope.to_value(&JsonRpc::new())["data"].clone(),
    ));
    found.push((
        "jsonrpc response data",
        parse_json(&envelope.render(&response))["error"]["data"].clone(),
    ));
    let result = parse_json(&envelope.render_pretty(&mcp));
    found.push((
        "mcp text",
        parse_json(result["content"][0]["text"].as_str().expect("text content")),
    ));
    found.push(("mcp structuredContent", result["structuredContent"].clone()));
    found
}

/// Renders `error` under `policy` through every profile that carries the native
/// envelope, checks each says `truncated` exactly when `cut`, and returns the native
/// envelope.
fn check_truncated(error: &Parts, policy: &Policy, cut: bool) -> Value {
    let envelope = Envelope::new(error).with_policy(policy);
    let natives = natives(&envelope);
    for (profile, native) in &natives {
        assert_eq!(native["code"], "PARTS", "{profile}: {native}");
        assert_eq!(
            native.get("truncated"),
            cut.then_some(&Value::Bool(true)),
            "{profile}: {native}"
        );
    }
    natives[0].1.clone()
}

fn with_limits(limits: Limits) -> Policy {
    Policy::DEFAULT.with_limits(limits)
}

#[test]
fn truncated_is_absent_when_nothing_is_cut() {
    let value = check_truncated(&parts(), &Policy::DEFAULT, false);
    assert_eq!(value["message"], "short");
    // Exactly at every limit is not a cut.
    let exact = Parts {
        message: "12345",
        details: vec![("key", json!(["abcde", [1]]))],
        suggestions: vec!["hint5"],
    };
    let limits = Limits::DEFAULT
        .with_max_message_chars(5)
        .with_max_string_chars(5)
        .with_max_items(2)
        .with_max_depth(2);
    let value = check_truncated(&exact, &with_limits(limits), false);
    assert_eq!(value["details"], json!({"key": ["abcde", [1]]}));
    assert_eq!(value["suggestions"], json!(["hint5"]));

    // Masking and redaction replace text; they do not cut it.
    let error = GemFluxError::Solver(std::io::Error::other("the solver's own long message"));
    let value = native(&error);
    assert_eq!(value["message"], "Internal error");
    assert!(value.get("truncated").is_none());
    let quota = QuotaExceeded {
        used: 1,
        limit: 2,
        api_key: "a key far longer than the redaction marker".into(),
    };
    let value = native(&quota);
    assert_eq!(value["details"]["api_key"], "[REDACTED]");
    assert!(value.get("truncated").is_none());
}

#[test]
fn truncated_when_only_the_message_is_cut() {
    let error = Parts {
        message: "a message longer than the limit",
        ..parts()
    };
    let limits = Limits::DEFAULT.with_max_message_chars(9);
    let value = check_truncated(&error, &with_limits(limits), true);
    assert_eq!(value["message"], "a message…[truncated]");
    assert_eq!(value["details"], json!({"id": 7}));
    assert_eq!(value["suggestions"], json!(["hint"]));

    // The same for a masked message (the policy's text, cut like any message), and
    // for a message longer than the buffer short messages are formatted in.
    let masked = Policy::DEFAULT
        .with_internal_message("Internal error, contact support")
        .with_limits(Limits::DEFAULT.with_max_message_chars(14));
    let error = std::io::Error::other("disk full");
    let envelope = Envelope::new(&error).with_policy(&masked);
    let value = parse_json(&envelope.to_json());
    assert_eq!(value["message"], "Internal error…[truncated]");
    assert_eq!(value["truncated"], true);
    let long: &'static str = Box::leak("é".repeat(5_000).into_boxed_str());
    let error = Parts {
        message: long,
        ..parts()
    };
    let value = check_truncated(&error, &Policy::DEFAULT, true);
    assert!(
        value["message"]
            .as_str()
            .unwrap()
            .ends_with(Limits::TRUNCATION_MARK)
    );
}

#[test]
fn truncated_when_only_a_detail_is_cut() {
    // A string value.
    let error = Parts {
        details: vec![("note", json!("a detail longer than the limit"))],
        ..parts()
    };
    let limits = Limits::DEFAULT.with_max_string_chars(8);
    let value = check_truncated(&error, &with_limits(limits), true);
    assert_eq!(value["details"]["note"], "a detail…[truncated]");
    assert_eq!(
        (&value["message"], &value["suggestions"]),
        (&json!("short"), &json!(["hint"]))
    );

    // A key.
    let error = Parts {
        details: vec![("a_key_longer_than_the_limit", json!(1))],
        ..parts()
    };
    let value = check_truncated(&error, &with_limits(limits), true);
    assert_eq!(value["details"], json!({"a_key_lo…[truncated]": 1}));

    // Items of an array, fields of the details.
    let error = Parts {
        details: vec![("ids", json!([1, 2, 3]))],
        ..parts()
    };
    let limits = Limits::DEFAULT.with_max_items(2);
    let value = check_truncated(&error, &with_limits(limits), true);
    assert_eq!(
        value["details"]["ids"],
        json!([1, 2, Limits::TRUNCATION_MARK])
    );
    let error = Parts {
        details: vec![("a", json!(1)), ("b", json!(2)), ("c", json!(3))],
        ..parts()
    };
    let value = check_truncated(&error, &with_limits(limits), true);
    assert_eq!(
        value["details"],
        json!({"a": 1, "b": 2, Limits::TRUNCATION_MARK: 1})
    );

    // A nesting level.
    let error = Parts {
        details: vec![("deep", json!([[[1]]]))],
        ..parts()
    };
    let limits = Limits::DEFAULT.with_max_depth(2);
    let value = check_truncated(&error, &with_limits(limits), true);
    assert_eq!(value["details"]["deep"], json!([[Limits::TRUNCATION_MARK]]));
}

#[test]
fn truncated_when_only_a_suggestion_is_cut() {
    // Its text.
    let error = Parts {
        suggestions: vec!["a suggestion longer than the limit"],
        ..parts()
    };
    let limits = Limits::DEFAULT.with_max_string_chars(12);
    let value = check_truncated(&error, &with_limits(limits), true);
    assert_eq!(value["suggestions"], json!(["a suggestion…[truncated]"]));
    assert_eq!(
        (&value["message"], &value["details"]),
        (&json!("short"), &json!({"id": 7}))
    );

    // Their number, by the item limit.
    let error = Parts {
        suggestions: vec!["one", "two", "three"],
        ..parts()
    };
    let limits = Limits::DEFAULT.with_max_items(2);
    let value = check_truncated(&error, &with_limits(limits), true);
    assert_eq!(value["suggestions"], json!(["one", "two"]));
    // All of them (a profile that asks first then leaves the key out).
    let error = Parts {
        details: vec![],
        ..error
    };
    let value = check_truncated(
        &error,
        &with_limits(Limits::DEFAULT.with_max_items(0)),
        true,
    );
    assert!(value.get("suggestions").is_none());

    // Their number by the policy's own cap is a choice, not a cut; so are the
    // switches that leave parts out.
    let fewer = Policy::DEFAULT.with_max_suggestions(2);
    let error = Parts {
        suggestions: vec!["one", "two", "three"],
        ..parts()
    };
    let value = check_truncated(&error, &fewer, false);
    assert_eq!(value["suggestions"], json!(["one", "two"]));
    let both = fewer.clone().with_limits(Limits::DEFAULT.with_max_items(2));
    check_truncated(&error, &both, false);
    let without = Policy::DEFAULT.with_suggestions(false).with_details(false);
    let value = check_truncated(&error, &without, false);
    assert!(value.get("suggestions").is_none() && value.get("details").is_none());
}

#[test]
fn truncated_when_only_a_context_string_or_a_cause_is_cut() {
    let error = parts();
    let limits = Limits::DEFAULT.with_max_string_chars(5);
    let policy = with_limits(limits);
    let envelope = Envelope::new(&error)
        .with_policy(&policy)
        .with_context(Context::new().with_tool("a_long_tool_name"));
    let value = parse_json(&envelope.to_json());
    assert_eq!(value["tool"], "a_lon…[truncated]");
    assert_eq!(value["truncated"], true);

    // The cause chain of a verbose policy: a cause's text, or causes past the item
    // limit.
    let error = GemFluxError::Solver(std::io::Error::other("the solver's own long message"));
    for limits in [
        Limits::DEFAULT.with_max_string_chars(10),
        Limits::DEFAULT.with_max_items(0),
    ] {
        let verbose = Policy::DEFAULT.with_verbose(true).with_limits(limits);
        let value = native_with(&error, &verbose);
        assert_eq!(value["truncated"], true, "{value}");
    }
    let verbose = Policy::DEFAULT.with_verbose(true);
    let value = native_with(&error, &verbose);
    assert_eq!(
        value["debug"]["error_chain"],
        json!(["the solver's own long message"])
    );
    assert!(value.get("truncated").is_none());
}

/// Problem details have no `truncated` member; the cut is still marked in the text.
#[test]
fn problem_details_mark_cuts_in_the_text_only() {
    let error = Parts {
        message: "a message longer than the limit",
        ..parts()
    };
    let policy = with_limits(Limits::DEFAULT.with_max_message_chars(9));
    let value = Envelope::new(&error)
        .with_policy(&policy)
        .to_value(&Problem::new());
    assert_eq!(value["detail"], "a message…[truncated]");
    assert!(value.get("truncated").is_none());
}
