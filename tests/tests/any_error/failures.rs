//! An error without a contract reads as what failed: a connection that failed or
//! an operation that timed out is transient and recoverable, with a fixed message
//! that names no address, host or path; anything else stays a masked
//! `INTERNAL_ERROR`. The source's own text reaches the log.

use std::io::{self, ErrorKind};
use std::time::Duration;

use anyhow::Context as _;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::CallToolResponse;
use tool_error::{AnyError, Kind, ToolError};
use tool_error_tests::logs::capture;

use super::install;

/// The text an rmcp tool result carries for `error`, and the log event's fields.
fn sent(error: AnyError) -> (String, Vec<tool_error_tests::logs::Captured>) {
    let mut text = String::new();
    let events = capture(|| {
        text = match Err::<(), _>(error).into_call_tool_result() {
            Ok(CallToolResponse::Complete(result)) => {
                tool_error_tests::mcp_text(&result).to_owned()
            }
            other => panic!("a tool result: {other:?}"),
        };
    });
    (text, events)
}

#[test]
fn a_refused_connection_is_transient_and_says_nothing_of_the_address() {
    install();
    let refused = io::Error::new(
        ErrorKind::ConnectionRefused,
        "connect to 10.1.2.3:5432 refused",
    );
    let (text, events) = sent(AnyError::from(refused));
    assert_eq!(
        text,
        r#"{"code":"CONNECTION_FAILED","kind":"TRANSIENT","message":"A service this tool depends on could not be reached","recoverable":true,"retry":"check_first"}"#
    );
    let event = events
        .iter()
        .find(|event| event.field("error.type").is_some())
        .expect("the log event");
    assert_eq!(event.field("error.type"), Some("CONNECTION_FAILED"));
    assert_eq!(event.field("http.response.status_code"), Some("502"));
    assert_eq!(
        event.field("exception.message"),
        Some("connect to 10.1.2.3:5432 refused")
    );
}

#[test]
fn every_kind_of_failed_connection_reads_as_one_code() {
    install();
    let kinds = [
        ErrorKind::ConnectionRefused,
        ErrorKind::ConnectionReset,
        ErrorKind::ConnectionAborted,
        ErrorKind::NotConnected,
        ErrorKind::HostUnreachable,
        ErrorKind::NetworkUnreachable,
        ErrorKind::BrokenPipe,
    ];
    for kind in kinds {
        let error = AnyError::from(io::Error::new(kind, "upstream"));
        assert_eq!(error.code(), "CONNECTION_FAILED", "{kind:?}");
        assert_eq!(error.http_status(), 502, "{kind:?}");
        assert_eq!(error.kind(), Kind::Transient, "{kind:?}");
        assert!(error.recoverable(), "{kind:?}");
    }
}

#[test]
fn a_timeout_under_two_contexts_is_transient_and_keeps_the_contexts_for_the_log() {
    install();
    let report = Err::<(), _>(io::Error::new(
        ErrorKind::TimedOut,
        "read from db.internal:5432",
    ))
    .context("querying /srv/data/orders.db")
    .context("listing orders")
    .unwrap_err();
    let (text, events) = sent(AnyError::from(report));
    assert_eq!(
        text,
        r#"{"code":"TIMED_OUT","kind":"TRANSIENT","message":"The operation timed out","recoverable":true,"retry":"check_first"}"#
    );
    let event = events
        .iter()
        .find(|event| event.field("error.type").is_some())
        .expect("the log event");
    let chain = event.field("exception.message").unwrap_or_default();
    for layer in ["listing orders", "/srv/data/orders.db", "db.internal:5432"] {
        assert!(chain.contains(layer), "{layer} in {chain}");
    }
}

#[test]
fn the_servers_own_files_and_opaque_errors_stay_masked_internal_errors() {
    install();
    let cases = [
        AnyError::from(io::Error::new(
            ErrorKind::NotFound,
            "/srv/notes/index: no such file",
        )),
        AnyError::from(io::Error::new(
            ErrorKind::PermissionDenied,
            "/srv/notes/index",
        )),
        AnyError::from(anyhow::anyhow!("checksum mismatch in /srv/notes/index")),
    ];
    for error in cases {
        let (text, _) = sent(error);
        assert!(text.starts_with(r#"{"code":"INTERNAL_ERROR","kind":"INTERNAL","message":"Internal error","recoverable":false"#), "{text}");
        assert!(!text.contains("/srv"), "{text}");
    }
}

#[derive(Debug, thiserror::Error, ToolError)]
#[error("the search index is offline")]
#[tool_error(kind = not_found)]
pub struct IndexOffline(#[source] io::Error);

tool_error::crate_catalog!(static FAILURE_CODES = [IndexOffline], name = "failures");

#[test]
fn a_coded_error_decides_over_the_failure_that_caused_it() {
    install();
    let refused = io::Error::new(ErrorKind::ConnectionRefused, "connect to 10.1.2.3:9200");
    let report = anyhow::Error::new(IndexOffline(refused)).context("searching");
    assert_eq!(AnyError::from(report).code(), "INDEX_OFFLINE");
}

/// A port nothing listens on: bound, then released.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

#[tokio::test]
async fn reqwest_failures_read_by_what_they_are() {
    install();
    let client = reqwest::Client::builder()
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap();

    let port = closed_port();
    let refused = client
        .get(format!("http://127.0.0.1:{port}/api/issues"))
        .send()
        .await
        .unwrap_err();
    let error = AnyError::from(anyhow::Error::new(refused).context("fetching issues"));
    let (text, _) = sent(error);
    assert!(
        text.starts_with(r#"{"code":"CONNECTION_FAILED","kind":"TRANSIENT""#),
        "{text}"
    );
    assert!(
        !text.contains("127.0.0.1") && !text.contains(&port.to_string()),
        "{text}"
    );

    // Accepts the connection and never answers.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = silent.local_addr().unwrap();
    let held = tokio::spawn(async move {
        let connection = silent.accept().await;
        tokio::time::sleep(Duration::from_secs(5)).await;
        drop(connection);
    });
    let timed_out = client
        .get(format!("http://{address}/api/issues"))
        .send()
        .await
        .unwrap_err();
    assert!(timed_out.is_timeout(), "{timed_out:?}");
    let (text, _) = sent(AnyError::from(timed_out));
    assert!(
        text.starts_with(r#"{"code":"TIMED_OUT","kind":"TRANSIENT""#),
        "{text}"
    );
    assert!(!text.contains("127.0.0.1"), "{text}");
    held.abort();
}

#[tokio::test]
async fn a_tokio_timeout_reads_as_timed_out() {
    install();
    let elapsed = tokio::time::timeout(Duration::from_millis(1), std::future::pending::<()>())
        .await
        .unwrap_err();
    let error = AnyError::from(anyhow::Error::new(elapsed).context("waiting for the index"));
    assert_eq!(error.code(), "TIMED_OUT");
    assert_eq!(error.kind(), Kind::Transient);
    assert_eq!(error.http_status(), 504);
}
