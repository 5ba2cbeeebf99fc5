//! The `tracing` feature: one structured event per rendered error, with every field
//! seed 000's log entry needs.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use serde_json::json;
use tool_error::Policy;
use tool_error::tracing::{Level, Levels, record, record_at};
use tool_error::{Context, Envelope, Kind, ToolError};
use tool_error_tests::{clock_at, parse_json};
use tracing::field::{Field, Visit};
use tracing_subscriber::layer::{Context as LayerContext, SubscriberExt};
use tracing_subscriber::{Layer, Registry};

/// One captured event: level, target and every field as text.
#[derive(Debug, Clone)]
struct Captured {
    level: Level,
    target: String,
    fields: BTreeMap<String, String>,
}

impl Captured {
    fn field(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }
}

struct Fields<'a>(&'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }
}

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<Captured>>>);

impl<S: tracing::Subscriber> Layer<S> for Capture {
    fn on_event(&self, event: &tracing::Event<'_>, _: LayerContext<'_, S>) {
        let mut fields = BTreeMap::new();
        event.record(&mut Fields(&mut fields));
        self.0.lock().unwrap().push(Captured {
            level: *event.metadata().level(),
            target: event.metadata().target().to_owned(),
            fields,
        });
    }
}

/// Runs `f` with a subscriber that captures every event on this thread.
fn capture(f: impl FnOnce()) -> Vec<Captured> {
    let capture = Capture::default();
    let subscriber = Registry::default().with(capture.clone());
    tracing::subscriber::with_default(subscriber, f);
    capture.0.lock().unwrap().clone()
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux", legacy_jsonrpc)]
enum GemFluxError {
    #[error("Gapfilling failed for {model_id} in {media_id}")]
    #[tool_error(kind = conflict, category = "infeasibility_error")]
    GapfillInfeasible {
        model_id: String,
        media_id: String,
        target_growth: f64,
    },

    #[error("solver crashed")]
    #[tool_error(kind = internal, category = "library_error")]
    Solver(#[source] std::io::Error),

    #[error("Media '{media_id}' not found")]
    #[tool_error(kind = not_found, category = "not_found_error")]
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
    let clock = clock_at("2025-10-27T15:15:22Z");
    let context = Context::new()
        .with_tool("gapfill_model")
        .with_request_id("req_1")
        .with_session_id("session_123")
        .with_clock(&clock);
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
    assert_eq!(event.field("code"), Some("GAPFILL_INFEASIBLE"));
    assert_eq!(event.field("kind"), Some("CONFLICT"));
    assert_eq!(event.field("recoverable"), Some("true"));
    assert_eq!(event.field("category"), Some("infeasibility_error"));
    assert_eq!(event.field("domain"), Some("gem-flux"));
    assert_eq!(event.field("jsonrpc_code"), Some("-32002"));
    assert_eq!(event.field("http_status"), Some("409"));
    assert_eq!(event.field("tool"), Some("gapfill_model"));
    assert_eq!(event.field("request_id"), Some("req_1"));
    assert_eq!(event.field("session_id"), Some("session_123"));
    assert_eq!(event.field("timestamp"), Some("2025-10-27T15:15:22Z"));
    assert_eq!(event.field("masked"), Some("false"));
    assert_eq!(event.field("operation"), None);
    assert_eq!(event.field("retry_after"), None);
    assert_eq!(event.field("source"), None);
    let details = parse_json(event.field("details").unwrap());
    assert_eq!(
        details,
        json!({ "model_id": "model_xyz", "media_id": "media_abc", "target_growth": 0.01 })
    );
}

/// Seed 000's log entry, rebuilt from the captured fields alone.
#[test]
fn enough_for_seed_000s_log_entry() {
    let error = gapfill();
    let clock = clock_at("2025-10-27T15:15:22Z");
    let context = Context::new()
        .with_tool("gapfill_model")
        .with_session_id("session_123")
        .with_clock(&clock);
    let envelope = Envelope::new(&error).with_context(context);
    let levels = Levels::uniform(Level::ERROR);
    let events = capture(|| record_at(&envelope, levels.level(envelope.kind())));
    let event = &events[0];
    let field = |name: &str| event.field(name).unwrap().to_owned();
    let entry = json!({
        "timestamp": field("timestamp"),
        "level": event.level.to_string(),
        "tool_name": field("tool"),
        "error_type": field("category"),
        "jsonrpc_error_code": field("jsonrpc_code").parse::<i64>().unwrap(),
        "error_code": field("code"),
        "message": field("message"),
        "details": parse_json(&field("details")),
        "session_id": field("session_id"),
    });
    // Seed 000, "Error Log Entry" (its `stack_trace` is a placeholder there; this
    // error has no cause).
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
    assert_eq!(event.field("source"), None);
    assert_eq!(event.field("jsonrpc_code"), Some("-32003"));
    assert_eq!(event.field("tool"), None);

    // ...and the operator who wants the real text logs under a verbose policy.
    let verbose = Policy::DEFAULT.with_verbose(true);
    let events = capture(|| record(&envelope.with_policy(&verbose)));
    let event = &events[0];
    assert_eq!(event.field("masked"), Some("false"));
    assert_eq!(event.field("message"), Some("solver crashed"));
    assert_eq!(event.field("source"), Some("glpk: numerical_error"));
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

#[test]
fn integrations_log_each_error_once_unless_told_not_to() {
    use rmcp::handler::server::tool::IntoCallToolResult;
    use tool_error::rmcp::{McpOptions, to_call_tool_result};

    let events = capture(|| {
        let _ = gapfill().into_call_tool_result();
    });
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].field("code"), Some("GAPFILL_INFEASIBLE"));

    let quiet = McpOptions::new().with_logging(false);
    let events = capture(|| {
        let _ = to_call_tool_result(&gapfill(), &quiet.context(), &quiet);
    });
    assert!(events.is_empty());

    let events = capture(|| {
        let _ = jsonrpsee_types::ErrorObjectOwned::from(gapfill());
        let _ = axum_core::response::IntoResponse::into_response(gapfill());
    });
    assert_eq!(events.len(), 2);
}
