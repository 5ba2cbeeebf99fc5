//! What a server pays per failed call: the object its framework sends, built by
//! tool-error's integration against the same object built by hand, measured
//! interleaved (see `support/rounds.rs`).
//!
//! | integration | object | ours | (a) by hand with `json!` | (b) by hand with a borrowed serde struct |
//! | --- | --- | --- | --- | --- |
//! | rmcp | `CallToolResult`: text content + `structuredContent` | `rmcp::to_call_tool_result` | rmcp's `CallToolResult::structured_error(value)`: the `Value` as text, then moved into `structuredContent` | serialised to text and to a `Value` |
//! | jsonrpsee | `ErrorObjectOwned` with the envelope as `data` | `jsonrpsee::to_error_object` | `ErrorObjectOwned::owned(code, message, Some(value))` | the same with the struct |
//! | axum | problem+json `Response` (status, content type, body) | `axum::problem_response` | the `Value` serialised to bytes | the struct serialised to bytes |
//!
//! Every side formats the message, the interpolated suggestion and the timestamp
//! on every call; the outputs are checked equal before anything is timed.
//!
//! Two phases: first with no `tracing` subscriber at all (nobody listens, so
//! logging should cost nothing), then with a `tracing_subscriber::fmt` subscriber
//! writing to `io::sink()` installed globally, for the cost of the log event. The
//! hand-written sides log nothing in either phase.
//!
//! `cargo bench -p tool-error-tests --bench conversions` (`ROUNDS=n` to change the
//! 201 rounds; without `--bench`, as under `cargo test --benches`, one quick round;
//! `PHASE=1` or `PHASE=2` for one phase, `ONLY=text` for the functions whose name
//! contains `text`).
//!
//! It builds with the workspace's release profile (thin LTO, one codegen unit). For
//! cargo's default release profile, where tool-error's code is not inlined into the
//! benchmark's, add `CARGO_PROFILE_BENCH_LTO=false CARGO_PROFILE_BENCH_CODEGEN_UNITS=16`
//! (and a `CARGO_TARGET_DIR` of its own, so the two builds do not replace each other).

use std::hint::black_box;
use std::time::SystemTime;

use axum_core::body::Body;
use axum_core::response::Response;
use http::StatusCode;
use http::header::{CONTENT_TYPE, HeaderValue};
use jsonrpsee_types::ErrorObjectOwned;
use rmcp::model::{CallToolResult, ContentBlock};
use serde::Serialize;
use tool_error::rmcp::McpOptions;
use tool_error::{ClientContext, Context, Options};

// Only part of the shared fixture is used here.
#[path = "support/rounds.rs"]
mod rounds;
#[allow(dead_code)]
mod support;

use rounds::{Candidate, Ratio, Settings};
use support::{
    CODE, Collect, Fixture, JSONRPC_CODE, MediaError, Message, TOOL, Typos, WireDetails,
    native_value, native_wire,
};

/// The problem+json media type.
const PROBLEM: &str = "application/problem+json";

/// What the three integrations convert with: the fixture's clock, the whole context
/// shown to the client (`ClientContext::ALL`: the tool, the timestamp and the domain,
/// as the hand-written baselines write them), the defaults otherwise (logging on),
/// and `structuredContent` on for every tool.
fn options(fixture: &Fixture) -> Options {
    Options::new()
        .with_clock(fixture.clock)
        .with_client_context(ClientContext::ALL)
        .with_mcp(McpOptions::new().with_structured_content(true))
}

fn context(options: &Options) -> Context<'_> {
    options.context().with_tool(TOOL)
}

// --- rmcp -------------------------------------------------------------------
//
// Each side is a function of its own (`inline(never)`), so a profile can tell them
// apart.

#[inline(never)]
fn rmcp_ours(error: &MediaError, options: &Options) -> CallToolResult {
    tool_error::rmcp::to_call_tool_result(error, &context(options), options)
}

#[inline(never)]
fn rmcp_json_macro(fixture: &Fixture) -> CallToolResult {
    let (ids, total) = fixture.parts();
    CallToolResult::structured_error(native_value(ids, total, fixture.clock.0))
}

#[inline(never)]
fn rmcp_serde_struct(fixture: &Fixture) -> CallToolResult {
    let (ids, total) = fixture.parts();
    let wire = native_wire(ids, total, fixture.clock.0);
    let text = serde_json::to_string(&wire).unwrap_or_default();
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.structured_content = serde_json::to_value(&wire).ok();
    result
}

// --- jsonrpsee --------------------------------------------------------------

#[inline(never)]
fn jsonrpsee_ours(error: &MediaError, options: &Options) -> ErrorObjectOwned {
    tool_error::jsonrpsee::to_error_object(error, &context(options), options)
}

#[inline(never)]
fn jsonrpsee_json_macro(fixture: &Fixture) -> ErrorObjectOwned {
    let (ids, total) = fixture.parts();
    let message = format!("{total} compound IDs not found in ModelSEED database");
    let data = native_value(ids, total, fixture.clock.0);
    ErrorObjectOwned::owned(JSONRPC_CODE, message, Some(data))
}

#[inline(never)]
fn jsonrpsee_serde_struct(fixture: &Fixture) -> ErrorObjectOwned {
    let (ids, total) = fixture.parts();
    let message = Message(total).to_string();
    let data = native_wire(ids, total, fixture.clock.0);
    ErrorObjectOwned::owned(JSONRPC_CODE, message, Some(data))
}

// --- axum -------------------------------------------------------------------

#[inline(never)]
fn axum_ours(error: &MediaError, options: &Options) -> Response {
    tool_error::axum::problem_response(error, &context(options), options)
}

/// A problem+json response around `body`, as the integration builds it.
fn problem_response(status: StatusCode, body: Vec<u8>) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(PROBLEM));
    response
}

#[inline(never)]
fn axum_json_macro(fixture: &Fixture) -> Response {
    let (ids, total) = fixture.parts();
    let value = serde_json::json!({
        "type": "about:blank",
        "title": "Bad Request",
        "status": 400,
        "detail": format!("{total} compound IDs not found in ModelSEED database"),
        "code": CODE,
        "kind": "VALIDATION",
        "recoverable": true,
        "details": { "invalid_ids": ids, "total_invalid": total },
        "suggestions": [
            "Use search_compounds tool to find correct compound IDs",
            format!("Check the {total} invalid IDs for typos"),
            "Use get_compound_name to validate individual IDs",
        ],
        "tool": TOOL,
        "timestamp": humantime::format_rfc3339_seconds(fixture.clock.0).to_string(),
    });
    let body = serde_json::to_vec(&value).unwrap_or_default();
    problem_response(StatusCode::BAD_REQUEST, body)
}

#[derive(Serialize)]
struct ProblemWire<'a> {
    #[serde(rename = "type")]
    type_uri: &'a str,
    title: &'a str,
    status: u16,
    detail: Collect<Message>,
    code: &'a str,
    kind: &'a str,
    recoverable: bool,
    details: WireDetails<'a>,
    suggestions: (&'a str, Collect<Typos>, &'a str),
    tool: &'a str,
    timestamp: Collect<humantime::Rfc3339Timestamp>,
}

fn problem_wire(ids: &[String], total: usize, now: SystemTime) -> ProblemWire<'_> {
    ProblemWire {
        type_uri: "about:blank",
        title: "Bad Request",
        status: 400,
        detail: Collect(Message(total)),
        code: CODE,
        kind: "VALIDATION",
        recoverable: true,
        details: WireDetails {
            invalid_ids: ids,
            total_invalid: total,
        },
        suggestions: (
            "Use search_compounds tool to find correct compound IDs",
            Collect(Typos(total)),
            "Use get_compound_name to validate individual IDs",
        ),
        tool: TOOL,
        timestamp: Collect(humantime::format_rfc3339_seconds(now)),
    }
}

#[inline(never)]
fn axum_serde_struct(fixture: &Fixture) -> Response {
    let (ids, total) = fixture.parts();
    let mut body = Vec::with_capacity(256);
    let _ = serde_json::to_writer(&mut body, &problem_wire(ids, total, fixture.clock.0));
    problem_response(StatusCode::BAD_REQUEST, body)
}

// --- the check --------------------------------------------------------------

fn parse(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_default()
}

/// The text content and `structuredContent` of a result.
fn rmcp_parts(result: &CallToolResult) -> (String, Option<serde_json::Value>, Option<bool>) {
    let text = match result.content.as_slice() {
        [block] => block
            .as_text()
            .map(|text| text.text.clone())
            .unwrap_or_default(),
        _ => String::new(),
    };
    (text, result.structured_content.clone(), result.is_error)
}

/// The body of a response, collected.
fn body_bytes(response: Response) -> (StatusCode, Option<HeaderValue>, Vec<u8>) {
    let status = response.status();
    let content_type = response.headers().get(CONTENT_TYPE).cloned();
    let runtime = tokio::runtime::Builder::new_current_thread().build();
    let body = match runtime {
        Ok(runtime) => runtime
            .block_on(axum::body::to_bytes(response.into_body(), usize::MAX))
            .map(|bytes| bytes.to_vec())
            .unwrap_or_default(),
        Err(_) => Vec::new(),
    };
    (status, content_type, body)
}

/// Whether this build's `serde_json::Map` keeps keys in insertion order.
fn maps_keep_order() -> bool {
    let mut map = serde_json::Map::new();
    map.insert("b".to_owned(), serde_json::Value::Null);
    map.insert("a".to_owned(), serde_json::Value::Null);
    map.keys().next().is_some_and(|key| key == "b")
}

/// Panics unless both hand-written sides build the same object as ours: the same
/// text (byte for byte against the struct where maps keep their order, the same JSON
/// against `json!`), the same `structuredContent`, code, message, `data`, status,
/// headers and body.
fn check(fixture: &Fixture, options: &Options) {
    let error = &fixture.error;

    let (text, structured, is_error) = rmcp_parts(&rmcp_ours(error, options));
    assert!(parse(&text).is_object(), "{text}");
    assert_eq!(is_error, Some(true));
    assert_eq!(structured.as_ref(), Some(&parse(&text)));
    let (struct_text, struct_structured, struct_is_error) = rmcp_parts(&rmcp_serde_struct(fixture));
    // The text is written from the value, so its keys are in the envelope's order
    // where serde_json keeps maps in insertion order (`preserve_order`, on in the
    // workspace) and sorted where it does not (`bench/alone.sh conversions`).
    if maps_keep_order() {
        assert_eq!(text, struct_text);
    } else {
        assert_eq!(parse(&text), parse(&struct_text));
    }
    assert_eq!(structured, struct_structured);
    assert_eq!(is_error, struct_is_error);
    let (macro_text, macro_structured, macro_is_error) = rmcp_parts(&rmcp_json_macro(fixture));
    assert_eq!(parse(&text), parse(&macro_text));
    assert_eq!(structured, macro_structured);
    assert_eq!(is_error, macro_is_error);

    let object = jsonrpsee_ours(error, options);
    let data = object.data().map(|data| data.get().to_owned());
    assert!(data.as_deref().is_some_and(|data| parse(data).is_object()));
    for other in [
        jsonrpsee_serde_struct(fixture),
        jsonrpsee_json_macro(fixture),
    ] {
        assert_eq!(object.code(), other.code());
        assert_eq!(object.message(), other.message());
        let other_data = other.data().map(|data| data.get().to_owned());
        assert_eq!(data.as_deref().map(parse), other_data.as_deref().map(parse));
    }
    assert_eq!(
        data,
        jsonrpsee_serde_struct(fixture)
            .data()
            .map(|data| data.get().to_owned())
    );

    let (status, content_type, body) = body_bytes(axum_ours(error, options));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(content_type, Some(HeaderValue::from_static(PROBLEM)));
    let body = String::from_utf8(body).unwrap_or_default();
    assert!(parse(&body).is_object(), "{body}");
    let (struct_status, struct_type, struct_body) = body_bytes(axum_serde_struct(fixture));
    assert_eq!((status, &content_type), (struct_status, &struct_type));
    assert_eq!(body.as_bytes(), struct_body, "{body}");
    let (macro_status, macro_type, macro_body) = body_bytes(axum_json_macro(fixture));
    assert_eq!((status, &content_type), (macro_status, &macro_type));
    assert_eq!(
        parse(&body),
        parse(&String::from_utf8(macro_body).unwrap_or_default())
    );
}

/// One phase: every function, interleaved, then the times and ratios; `guarded`
/// when the guards apply (logging on, nobody listening).
fn phase(fixture: &Fixture, options: &Options, settings: &Settings, guarded: bool) {
    let error = &fixture.error;
    let f = fixture;
    let mut candidates = vec![
        Candidate::new("rmcp: ours", || {
            black_box(rmcp_ours(black_box(error), options));
        }),
        Candidate::new("rmcp: (a) json!", || {
            black_box(rmcp_json_macro(black_box(f)));
        }),
        Candidate::new("rmcp: (b) struct", || {
            black_box(rmcp_serde_struct(black_box(f)));
        }),
        Candidate::new("jsonrpsee: ours", || {
            black_box(jsonrpsee_ours(black_box(error), options));
        }),
        Candidate::new("jsonrpsee: (a) json!", || {
            black_box(jsonrpsee_json_macro(black_box(f)));
        }),
        Candidate::new("jsonrpsee: (b) struct", || {
            black_box(jsonrpsee_serde_struct(black_box(f)));
        }),
        Candidate::new("axum: ours", || {
            black_box(axum_ours(black_box(error), options));
        }),
        Candidate::new("axum: (a) json!", || {
            black_box(axum_json_macro(black_box(f)));
        }),
        Candidate::new("axum: (b) struct", || {
            black_box(axum_serde_struct(black_box(f)));
        }),
    ];
    rounds::run(&mut candidates, settings);
    rounds::print_times(&candidates, settings);
    let mut ratios = Vec::new();
    // rmcp, the main integration, is held to 0.95 of `json!`'s speed; the others to 0.8.
    for (name, against_json) in [
        ("rmcp", ">= 0.95"),
        ("jsonrpsee", ">= 0.8"),
        ("axum", ">= 0.8"),
    ] {
        let ours = leak(format!("{name}: ours"));
        ratios.push(Ratio {
            top: leak(format!("{name}: (a) json!")),
            bottom: ours,
            label: leak(format!("{name}: speed-up over (a) json!")),
            target: if guarded { against_json } else { "-" },
        });
        ratios.push(Ratio {
            top: ours,
            bottom: leak(format!("{name}: (b) struct")),
            label: leak(format!("{name}: time / (b) struct")),
            target: if guarded { "<= 2" } else { "-" },
        });
    }
    rounds::print_ratios(&candidates, &ratios);
}

/// A label that lives as long as the bench.
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

fn main() {
    let settings = Settings::from_args();
    let fixture = Fixture::new();
    fixture.check();
    let options = options(&fixture);
    check(&fixture, &options);

    // `PHASE=1` or `PHASE=2` runs one phase only (to profile it).
    let phase_wanted = std::env::var("PHASE").ok();
    let runs = |n: &str| phase_wanted.as_deref().is_none_or(|wanted| wanted == n);
    if runs("1") {
        println!("## Logging on, nobody listens (no tracing subscriber)\n");
        phase(&fixture, &options, &settings, true);
    }
    if !runs("2") {
        return;
    }

    // The event must be formatted: a validation error logs at INFO, which the fmt
    // subscriber's default filter lets through.
    let subscriber = tracing_subscriber::fmt()
        .with_writer(std::io::sink)
        .finish();
    if tracing::subscriber::set_global_default(subscriber).is_err() {
        eprintln!("a subscriber was already installed; the second phase is skipped");
        return;
    }
    assert!(tracing::enabled!(target: "tool_error", tracing::Level::INFO));
    println!("\n## Logging on, a tracing_subscriber::fmt subscriber writing to io::sink\n");
    phase(&fixture, &options, &settings, false);
}
