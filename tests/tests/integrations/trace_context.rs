//! The feature `opentelemetry`: the trace context a client writes into a tool
//! call's `params._meta` (SEP-414) is the parent of the call's span, and the span
//! it would otherwise have had is linked; without a propagator, without `_meta`
//! or with a malformed `traceparent`, the span is what it always was.

use opentelemetry::trace::{SpanId, TraceId};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SpanData;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolRequestParams, RequestMetaObject};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};
use tool_error::ToolError;
use tracing::Instrument as _;

use super::otel::{Capture, attribute};

#[derive(Debug, thiserror::Error, ToolError)]
#[error("note '{note_id}' not found")]
#[tool_error(kind = not_found)]
struct NoteMissing {
    note_id: String,
}

#[derive(Clone)]
struct Notes {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Notes {
    #[tool(description = "Read a note")]
    fn get_note(&self) -> Result<String, NoteMissing> {
        Err(NoteMissing {
            note_id: "n7".into(),
        })
    }
}

#[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router))]
impl ServerHandler for Notes {}

const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const CLIENT_SPAN: &str = "00f067aa0ba902b7";

/// A `get_note` call whose `_meta` holds `meta`.
fn call_with(meta: Value) -> CallToolRequestParams {
    let Value::Object(meta) = meta else {
        panic!("meta is an object")
    };
    let mut call = CallToolRequestParams::new("get_note");
    call.meta = Some(RequestMetaObject::from(meta));
    call
}

/// Serves `Notes` in-process inside a span of the test's (`server task`), makes
/// `calls`, and returns every span that ended meanwhile.
async fn spans_of(capture: &Capture, calls: Vec<CallToolRequestParams>) -> Vec<SpanData> {
    use rmcp::ServiceExt as _;
    let before = capture.spans().len();
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let task = tracing::info_span!("server task");
    let server = tokio::spawn(
        async move {
            let notes = Notes {
                tool_router: Notes::tool_router(),
            };
            let running = notes.serve(server_io).await.expect("server starts");
            let _ = running.waiting().await;
        }
        .instrument(task),
    );
    let client = ().serve(client_io).await.expect("client connects");
    for call in calls {
        let result = client.call_tool(call).await.expect("a tool result");
        assert_eq!(result.is_error, Some(true));
    }
    client.cancel().await.unwrap();
    server.await.unwrap();
    capture.spans().split_off(before)
}

fn calls(spans: &[SpanData]) -> Vec<&SpanData> {
    spans
        .iter()
        .filter(|span| span.name == "tools/call get_note")
        .collect()
}

/// rmcp's span of the server's side of the connection (`serve_inner`), the one
/// inside the server task's span: the ambient parent of every call.
fn connection(spans: &[SpanData]) -> &SpanData {
    let task = spans
        .iter()
        .find(|span| span.name == "server task")
        .expect("the server task's span");
    spans
        .iter()
        .find(|span| span.parent_span_id == task.span_context.span_id())
        .expect("rmcp's span of the connection")
}

#[tokio::test]
async fn the_callers_trace_context_parents_the_call_and_links_the_connection() {
    // The current-thread runtime runs the server's task on this thread too.
    let capture = Capture::start();
    let traceparent = format!("00-{TRACE}-{CLIENT_SPAN}-01");
    let given = || json!({ "traceparent": traceparent, "tracestate": "rojo=00f067aa0ba902b7" });

    // No propagator installed (the global default reads nothing): as without `_meta`.
    let spans = spans_of(&capture, vec![call_with(given())]).await;
    let connection_span = connection(&spans).span_context.clone();
    let [call] = calls(&spans)[..] else {
        panic!("one call span")
    };
    assert_eq!(call.span_context.trace_id(), connection_span.trace_id());
    assert_eq!(call.parent_span_id, connection_span.span_id());
    assert!(call.links.is_empty(), "{:?}", call.links);

    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    let spans = spans_of(
        &capture,
        vec![
            call_with(given()),
            call_with(json!({ "traceparent": "00-not-a-trace-01" })),
            CallToolRequestParams::new("get_note"),
        ],
    )
    .await;
    let connection_span = connection(&spans).span_context.clone();
    let [adopted, malformed, plain] = calls(&spans)[..] else {
        panic!("three call spans")
    };

    // In the caller's trace, under the caller's span; the connection is a link.
    assert_eq!(
        adopted.span_context.trace_id(),
        TraceId::from_hex(TRACE).unwrap()
    );
    assert_eq!(
        adopted.parent_span_id,
        SpanId::from_hex(CLIENT_SPAN).unwrap()
    );
    assert_eq!(
        adopted.span_context.trace_state().header(),
        "rojo=00f067aa0ba902b7"
    );
    let linked: Vec<_> = adopted
        .links
        .iter()
        .map(|link| link.span_context.clone())
        .collect();
    assert_eq!(linked, std::slice::from_ref(&connection_span));
    assert_eq!(
        attribute(adopted, "error.type").as_deref(),
        Some("tool_error")
    );

    // A malformed value and no `_meta` at all: the connection's child, no link.
    for span in [malformed, plain] {
        assert_eq!(span.span_context.trace_id(), connection_span.trace_id());
        assert_eq!(span.parent_span_id, connection_span.span_id());
        assert!(span.links.is_empty());
    }
}

#[tokio::test]
async fn a_call_over_stdio_says_its_transport_is_a_pipe() {
    let capture = Capture::start();
    let spans = spans_of(&capture, vec![CallToolRequestParams::new("get_note")]).await;
    let [call] = calls(&spans)[..] else {
        panic!("one call span")
    };
    assert_eq!(
        attribute(call, "network.transport").as_deref(),
        Some("pipe")
    );
    assert_eq!(attribute(call, "network.protocol.name"), None);
    assert_eq!(attribute(call, "mcp.session.id"), None);
}
