//! The `metrics` feature: one count per converted error, labelled by code, kind,
//! tool and channel, seen by a real recorder, the process's: this test reads the
//! counts of its own tools and routes.

use std::sync::OnceLock;

use axum::routing::get;
use metrics_util::debugging::{DebugValue, DebuggingRecorder, Snapshotter};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;
use tool_error::ToolError;
use tool_error::rmcp::Parameters;
use tool_error_tests::{serve_in_process, tool_call};
use tower::ServiceExt as _;

#[derive(Debug, thiserror::Error, ToolError)]
enum NoteError {
    #[error("note '{note_id}' not found")]
    #[tool_error(kind = not_found)]
    NoteNotFound {
        note_id: String,
        #[tool_error(redact)]
        owner_token: String,
    },

    #[error("note store unavailable")]
    #[tool_error(kind = transient, channel = protocol)]
    StoreDown,

    #[error("disk failed: {0}")]
    #[tool_error(kind = internal)]
    Disk(String),
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct NoteId {
    note_id: String,
}

#[derive(Clone)]
struct Notes {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Notes {
    #[tool(description = "Fetch a note")]
    fn get_note(&self, Parameters(args): Parameters<NoteId>) -> Result<String, NoteError> {
        match args.note_id.as_str() {
            "n1" => Ok("milk".into()),
            other => Err(NoteError::NoteNotFound {
                note_id: other.to_owned(),
                owner_token: "tok-SECRET-1".into(),
            }),
        }
    }

    #[tool(description = "Check the store")]
    fn check_store(&self) -> Result<String, NoteError> {
        Err(NoteError::StoreDown)
    }

    #[tool(description = "Save the notes")]
    fn save_notes(&self) -> Result<String, NoteError> {
        Err(NoteError::Disk("/var/SECRET-2 is full".into()))
    }
}

#[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router))]
impl ServerHandler for Notes {}

fn snapshotter() -> &'static Snapshotter {
    static SNAPSHOTTER: OnceLock<Snapshotter> = OnceLock::new();
    SNAPSHOTTER.get_or_init(|| {
        let recorder = DebuggingRecorder::new();
        let snapshotter = recorder.snapshotter();
        recorder
            .install()
            .expect("the only recorder of this process");
        snapshotter
    })
}

/// A counter's labels, as recorded.
type Labels = Vec<(String, String)>;

/// What was recorded since the last snapshot: each metric's key and value (a
/// snapshot hands over counts and values once, so a test takes one).
type Recorded = Vec<(metrics_util::CompositeKey, DebugValue)>;

fn recorded() -> Recorded {
    snapshotter()
        .snapshot()
        .into_vec()
        .into_iter()
        .map(|(key, _, _, value)| (key, value))
        .collect()
}

/// Every counter recorded: its name, its labels, its count.
fn counters(recorded: &Recorded) -> Vec<(String, Labels, u64)> {
    recorded
        .iter()
        .filter_map(|(key, value)| {
            let DebugValue::Counter(count) = *value else {
                return None;
            };
            let key = key.key();
            let labels = key
                .labels()
                .map(|label| (label.key().to_owned(), label.value().to_owned()))
                .collect();
            Some((key.name().to_owned(), labels, count))
        })
        .collect()
}

/// Every histogram named `name` recorded so far: its labels (sorted by key) and
/// how many values it holds, each a duration in seconds (checked: finite, not
/// negative, under a minute).
fn histograms(recorded: &Recorded, name: &str) -> Vec<(Labels, usize)> {
    recorded
        .iter()
        .filter_map(|(key, value)| {
            let DebugValue::Histogram(values) = value else {
                return None;
            };
            let key = key.key();
            if key.name() != name {
                return None;
            }
            for value in values {
                let seconds = value.into_inner();
                assert!((0.0..60.0).contains(&seconds), "{seconds} s");
            }
            let mut labels: Labels = key
                .labels()
                .map(|label| (label.key().to_owned(), label.value().to_owned()))
                .collect();
            labels.sort();
            Some((labels, values.len()))
        })
        .collect()
}

fn labels(pairs: &[(&str, &str)]) -> Labels {
    pairs
        .iter()
        .map(|(key, value)| (key.to_string(), value.to_string()))
        .collect()
}

#[tokio::test]
async fn every_converted_error_counts_once_with_bounded_labels() {
    snapshotter();

    // An MCP server: two failures, a success, bad arguments, a protocol error and a
    // masked internal error.
    let (client, server_task) = serve_in_process(Notes {
        tool_router: Notes::tool_router(),
    })
    .await;
    let negotiated = client
        .peer_info()
        .expect("initialised")
        .protocol_version
        .clone();
    for note_id in ["n7", "n8", "n1"] {
        let call = tool_call("get_note", json!({ "note_id": note_id }));
        client.call_tool(call).await.unwrap();
    }
    client
        .call_tool(tool_call("get_note", json!({})))
        .await
        .unwrap();
    let down = client.call_tool(tool_call("check_store", json!({}))).await;
    assert!(down.is_err());
    client
        .call_tool(tool_call("save_notes", json!({})))
        .await
        .unwrap();
    client.cancel().await.unwrap();
    server_task.await.unwrap();

    // An HTTP API: the route, not the path, is the label.
    let app = axum::Router::new()
        .route(
            "/notes/{id}",
            get(|| async { Err::<String, _>(NoteError::StoreDown) }),
        )
        .layer(axum::middleware::from_fn(tool_error::axum::request_scope));
    let request = http::Request::get("/notes/n42")
        .body(axum::body::Body::empty())
        .unwrap();
    app.oneshot(request).await.unwrap();

    let recorded = recorded();
    let durations = histograms(&recorded, tool_error::metrics::OPERATION_DURATION);
    let mut seen = counters(&recorded);
    seen.sort();
    let errors = |code: &str, tool: &str, kind: &str, channel: &str| {
        (
            tool_error::metrics::ERRORS.to_owned(),
            labels(&[
                ("code", code),
                ("kind", kind),
                ("tool", tool),
                ("channel", channel),
            ]),
        )
    };
    let mut expected = vec![
        (
            errors("NOTE_NOT_FOUND", "get_note", "NOT_FOUND", "result"),
            2,
        ),
        (
            errors("INVALID_ARGUMENTS", "get_note", "VALIDATION", "result"),
            1,
        ),
        (
            errors("STORE_DOWN", "check_store", "TRANSIENT", "protocol"),
            1,
        ),
        (errors("DISK", "save_notes", "INTERNAL", "result"), 1),
        (
            errors("STORE_DOWN", "/notes/{id}", "TRANSIENT", "protocol"),
            1,
        ),
    ];
    expected.sort();
    // What this test's tools and route counted: the other tests of the binary
    // may convert errors of their own.
    let ours = ["get_note", "check_store", "save_notes", "/notes/{id}"];
    let seen: Vec<_> = seen
        .into_iter()
        .filter(|(_, labels, _)| {
            labels
                .iter()
                .any(|(key, value)| key == "tool" && ours.contains(&value.as_str()))
        })
        .map(|(name, labels, count)| ((name, labels), count))
        .collect();
    // Exactly these: the successful call counted nothing, and no error twice.
    assert_eq!(seen, expected);

    // Every call through the router, success or failure, is one observation of
    // the conventions' duration histogram, in seconds; a failed one says how.
    let mut durations: Vec<(Labels, usize)> = durations
        .into_iter()
        .filter(|(labels, _)| {
            labels
                .iter()
                .any(|(key, value)| key == "gen_ai.tool.name" && ours.contains(&value.as_str()))
        })
        .collect();
    durations.sort();
    let call = |tool: &str, error_type: Option<&str>| {
        let mut labels = labels(&[
            ("mcp.method.name", "tools/call"),
            ("gen_ai.operation.name", "execute_tool"),
            ("gen_ai.tool.name", tool),
            ("mcp.protocol.version", negotiated.as_str()),
        ]);
        if let Some(error_type) = error_type {
            labels.push(("error.type".to_owned(), error_type.to_owned()));
        }
        labels.sort();
        labels
    };
    let mut expected = vec![
        (call("get_note", None), 1),
        // Two notes not found and one call with bad arguments.
        (call("get_note", Some("tool_error")), 3),
        (call("check_store", Some("-31503")), 1),
        (call("save_notes", Some("tool_error")), 1),
    ];
    expected.sort();
    assert_eq!(durations, expected);

    // Neither the redacted value nor the masked message is a label.
    for ((_, labels), _) in &seen {
        for (_, value) in labels {
            assert!(!value.contains("SECRET"), "{value}");
        }
    }
}
