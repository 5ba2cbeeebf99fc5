//! The `tracing` feature: one structured event per rendered error, with every field
//! Gem-Flux's log entry needs, and the log policy the integrations log under.

use serde_json::json;
use tool_error::Policy;
use tool_error::tracing::{Level, Levels, record, record_at};
use tool_error::{Envelope, Kind, Options, ToolError};
use tool_error_tests::logs::capture;
use tool_error_tests::{clock_at, parse_json};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux", legacy_jsonrpc)]
enum GemFluxError {
    #[error("Gapfilling failed for {model_id} in {media_id}")]
    #[tool_error(kind = conflict, category = "infeasibility_error", jsonrpc = -32002)]
    GapfillInfeasible {
        model_id: String,
        media_id: String,
        target_growth: f64,
    },

    #[error("solver crashed")]
    #[tool_error(kind = internal, category = "library_error", jsonrpc = -32003)]
    Solver(#[source] std::io::Error),

    #[error("Media '{media_id}' not found")]
    #[tool_error(kind = not_found, category = "not_found_error", jsonrpc = -32001)]
    MediaNotFound {
        media_id: String,
        #[tool_error(redact)]
        owner_token: String,
    },
}

fn gapfill() -> GemFluxError {
    GemFluxError::GapfillInfeasible {
        model_id: "model_xyz".into(),
        media_id: "media_abc".into(),
        target_growth: 0.01,
    }
}

#[test]
fn one_event_with_the_structured_fields() {
    let error = gapfill();
    let options = Options::new().with_clock(clock_at("2025-10-27T15:15:22Z"));
    let context = options
        .context()
        .with_tool("gapfill_model")
        .with_request_id("req_1")
        .with_session_id("session_123");
    let envelope = Envelope::new(&error).with_context(context);
    let events = capture(|| record(&envelope));
    assert_eq!(events.len(), 1);
    let event = &events[0];
    assert_eq!(event.target, "tool_error");
    assert_eq!(
        event.level,
        Level::INFO,
        "conflicts are the caller's to resolve"
    );
    assert_eq!(
        event.field("message"),
        Some("Gapfilling failed for model_xyz in media_abc")
    );
    assert_eq!(event.field("error.type"), Some("GAPFILL_INFEASIBLE"));
    assert_eq!(event.field("kind"), Some("CONFLICT"));
    assert_eq!(event.field("recoverable"), Some("true"));
    assert_eq!(event.field("category"), Some("infeasibility_error"));
    assert_eq!(event.field("domain"), Some("gem-flux"));
    assert_eq!(event.field("rpc.response.status_code"), Some("-32002"));
    assert_eq!(event.field("http.response.status_code"), Some("409"));
    assert_eq!(event.field("gen_ai.tool.name"), Some("gapfill_model"));
    assert_eq!(event.field("jsonrpc.request.id"), Some("req_1"));
    assert_eq!(event.field("session_id"), Some("session_123"));
    assert_eq!(event.field("timestamp"), Some("2025-10-27T15:15:22Z"));
    assert_eq!(event.field("masked"), Some("false"));
    assert_eq!(event.field("operation"), None);
    assert_eq!(event.field("retry_after"), None);
    assert_eq!(event.field("exception.message"), None);
    let details = parse_json(event.field("details").unwrap());
    assert_eq!(
        details,
        json!({ "model_id": "model_xyz", "media_id": "media_abc", "target_growth": 0.01 })
    );
}

/// Gem-Flux's log entry, rebuilt from the captured fields alone.
#[test]
fn enough_for_gem_fluxs_log_entry() {
    let error = gapfill();
    let options = Options::new().with_clock(clock_at("2025-10-27T15:15:22Z"));
    let context = options
        .context()
        .with_tool("gapfill_model")
        .with_session_id("session_123");
    let envelope = Envelope::new(&error).with_context(context);
    let levels = Levels::uniform(Level::ERROR);
    let events = capture(|| record_at(&envelope, levels.level(envelope.kind())));
    let event = &events[0];
    let field = |name: &str| event.field(name).unwrap().to_owned();
    let entry = json!({
        "timestamp": field("timestamp"),
        "level": event.level.to_string(),
        "tool_name": field("gen_ai.tool.name"),
        "error_type": field("category"),
        "jsonrpc_error_code": field("rpc.response.status_code").parse::<i64>().unwrap(),
        "error_code": field("error.type"),
        "message": field("message"),
        "details": parse_json(&field("details")),
        "session_id": field("session_id"),
    });
    // Gem-Flux's error handling specification, "Error Logging", "Error Log Entry"
    // (its `stack_trace` is a placeholder there; this error has no cause).
    assert_eq!(
        entry,
        json!({
            "timestamp": "2025-10-27T15:15:22Z",
            "level": "ERROR",
            "tool_name": "gapfill_model",
            "error_type": "infeasibility_error",
            "jsonrpc_error_code": -32002,
            "error_code": "GAPFILL_INFEASIBLE",
            "message": "Gapfilling failed for model_xyz in media_abc",
            "details": { "model_id": "model_xyz", "media_id": "media_abc", "target_growth": 0.01 },
            "session_id": "session_123"
        })
    );
}

#[test]
fn levels_follow_the_kind() {
    assert_eq!(Levels::DEFAULT.level(Kind::Validation), Level::INFO);
    assert_eq!(Levels::DEFAULT.level(Kind::NotFound), Level::INFO);
    assert_eq!(Levels::DEFAULT.level(Kind::Permission), Level::WARN);
    assert_eq!(Levels::DEFAULT.level(Kind::Transient), Level::WARN);
    assert_eq!(Levels::DEFAULT.level(Kind::Internal), Level::ERROR);
    let custom = Levels::DEFAULT.with(Kind::NotFound, Level::DEBUG);
    assert_eq!(custom.level(Kind::NotFound), Level::DEBUG);
    assert_eq!(custom.level(Kind::Conflict), Level::INFO);

    let error = GemFluxError::Solver(std::io::Error::other("glpk: numerical_error"));
    let envelope = Envelope::new(&error);
    let events = capture(|| record(&envelope));
    assert_eq!(events[0].level, Level::ERROR);
}

#[test]
fn internal_messages_reach_logs_only_under_a_verbose_policy() {
    let error = GemFluxError::Solver(std::io::Error::other("glpk: numerical_error"));
    let envelope = Envelope::new(&error);
    // Logs follow the policy like every other output: masked by default...
    assert_eq!(envelope.message().to_string(), "Internal error");
    let events = capture(|| record(&envelope));
    let event = &events[0];
    assert_eq!(event.field("masked"), Some("true"));
    assert_eq!(event.field("message"), Some("Internal error"));
    assert_eq!(event.field("exception.message"), None);
    assert_eq!(event.field("rpc.response.status_code"), Some("-32003"));
    assert_eq!(event.field("gen_ai.tool.name"), None);

    // ...and the operator who wants the real text logs under a verbose policy.
    let verbose = Policy::DEFAULT.with_verbose(true);
    let events = capture(|| record(&envelope.with_policy(&verbose)));
    let event = &events[0];
    assert_eq!(event.field("masked"), Some("false"));
    assert_eq!(event.field("message"), Some("solver crashed"));
    assert_eq!(
        event.field("exception.message"),
        Some("glpk: numerical_error")
    );
}

#[test]
fn redacted_details_stay_redacted_in_logs() {
    let error = GemFluxError::MediaNotFound {
        media_id: "m1".into(),
        owner_token: "sk-live-123".into(),
    };
    let envelope = Envelope::new(&error);
    let events = capture(|| record(&envelope));
    let details = events[0].field("details").unwrap();
    assert!(!details.contains("sk-live-123"), "{details}");
    assert!(details.contains("[REDACTED]"), "{details}");
}

/// Events about errors (the integrations may also warn about their setup).
fn error_events(
    events: Vec<tool_error_tests::logs::Captured>,
) -> Vec<tool_error_tests::logs::Captured> {
    events
        .into_iter()
        .filter(|event| event.field("error.type").is_some())
        .collect()
}

#[test]
fn integrations_log_each_error_once_unless_told_not_to() {
    use rmcp::handler::server::tool::IntoCallToolResult;
    use tool_error::Options;
    use tool_error::rmcp::to_call_tool_result;

    let events = error_events(capture(|| {
        let _ = gapfill().into_call_tool_result();
    }));
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].field("error.type"), Some("GAPFILL_INFEASIBLE"));

    let quiet = Options::new().with_logging(false);
    let events = error_events(capture(|| {
        let _ = to_call_tool_result(&gapfill(), &quiet.context(), &quiet);
    }));
    assert!(events.is_empty());

    let events = error_events(capture(|| {
        let _ = jsonrpsee_types::ErrorObjectOwned::from(gapfill());
        let _ = axum_core::response::IntoResponse::into_response(gapfill());
    }));
    assert_eq!(events.len(), 2);
}

/// A masked internal error with a cause, and a redacted field, through each
/// integration: the client sees neither the cause nor the secret; the log event has
/// the cause and the real message, never the secret.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("rendering {doc_id} failed")]
#[tool_error(kind = internal)]
struct RenderFailed {
    doc_id: String,
    #[tool_error(redact)]
    api_key: String,
    #[source]
    cause: std::io::Error,
}

fn render_failed() -> RenderFailed {
    RenderFailed {
        doc_id: "broken".into(),
        api_key: "sk-live-123".into(),
        cause: std::io::Error::other("checksum mismatch"),
    }
}

fn assert_log_sees_more_than_the_client(
    integration: &str,
    client: &str,
    events: Vec<tool_error_tests::logs::Captured>,
) {
    assert!(
        !client.contains("checksum mismatch"),
        "{integration} client: {client}"
    );
    assert!(
        !client.contains("rendering broken failed"),
        "{integration} client: {client}"
    );
    assert!(
        !client.contains("sk-live-123"),
        "{integration} client: {client}"
    );
    assert!(
        client.contains("Internal error"),
        "{integration} client: {client}"
    );
    let events = error_events(events);
    assert_eq!(events.len(), 1, "{integration}: {events:?}");
    let event = &events[0];
    assert_eq!(
        event.field("message"),
        Some("rendering broken failed"),
        "{integration}"
    );
    assert_eq!(
        event.field("exception.message"),
        Some("checksum mismatch"),
        "{integration}"
    );
    assert_eq!(event.field("masked"), Some("true"), "{integration}");
    assert_eq!(event.level, Level::ERROR, "{integration}");
    let everything = format!("{:?}", event.fields);
    assert!(
        !everything.contains("sk-live-123"),
        "{integration} log: {everything}"
    );
    assert!(
        everything.contains("[REDACTED]"),
        "{integration} log: {everything}"
    );
}

#[test]
fn each_integration_logs_the_cause_the_client_never_sees() {
    use rmcp::handler::server::tool::IntoCallToolResult;

    let mut client = String::new();
    let events = capture(|| {
        let response = render_failed().into_call_tool_result().unwrap();
        let rmcp::model::CallToolResponse::Complete(result) = response else {
            panic!("a complete result")
        };
        client = serde_json::to_string(&result).unwrap();
    });
    assert_log_sees_more_than_the_client("rmcp", &client, events);

    let events = capture(|| {
        let object = jsonrpsee_types::ErrorObjectOwned::from(render_failed());
        client = serde_json::to_string(&object).unwrap();
    });
    assert_log_sees_more_than_the_client("jsonrpsee", &client, events);

    let events = capture(|| {
        let response = axum_core::response::IntoResponse::into_response(render_failed());
        client = tool_error_tests::body_text(response);
    });
    assert_log_sees_more_than_the_client("axum", &client, events);
}

#[test]
fn the_log_policy_is_separate_and_can_reveal_redacted_values() {
    use tool_error::Options;
    use tool_error::rmcp::to_call_tool_result;

    // Logs under the client policy: as little as the client sees.
    let strict = Options::new().with_log_policy(Policy::DEFAULT);
    let events = error_events(capture(|| {
        let _ = to_call_tool_result(&render_failed(), &strict.context(), &strict);
    }));
    assert_eq!(events[0].field("message"), Some("Internal error"));
    assert_eq!(events[0].field("exception.message"), None);

    // Redacted values reach logs only when a log policy turns redaction off.
    let revealing =
        Options::new().with_log_policy(Policy::DEFAULT.with_verbose(true).with_redaction(false));
    let mut client = String::new();
    let events = error_events(capture(|| {
        let result = to_call_tool_result(&render_failed(), &revealing.context(), &revealing);
        client = serde_json::to_string(&result).unwrap();
    }));
    assert!(events[0].field("details").unwrap().contains("sk-live-123"));
    assert!(!client.contains("sk-live-123"), "{client}");
    assert!(!revealing.log_policy().redact);
    assert!(Options::new().log_policy().verbose);
    assert!(Options::new().log_policy().redact);
}
