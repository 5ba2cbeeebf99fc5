//! `AnyError`: handlers returning `anyhow` or boxed errors render the first derived
//! error in the chain with its own code, in every integration; anything else is a
//! masked internal error whose cause reaches the log only. Its own test binary,
//! because it installs process-wide options.

mod failures;
mod reports;

use std::sync::Once;

use anyhow::Context as _;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::CallToolResponse;
use serde_json::Value;
use tool_error::{AnyError, Kind, Options, ToolError};
use tool_error_tests::logs::{Captured, capture};
use tool_error_tests::{body_text, parse_json};

#[derive(Debug, thiserror::Error, ToolError)]
pub enum LibraryError {
    #[error("document '{id}' not found")]
    #[tool_error(kind = not_found, suggest = "List documents with GET /docs")]
    DocumentMissing { id: String },

    #[error("too many requests")]
    #[tool_error(kind = transient)]
    Busy {
        #[tool_error(retry_after)]
        wait: std::time::Duration,
    },
}

/// Only declares a catalog: listed, never found in a chain.
#[derive(Debug)]
pub struct CatalogOnly;

static CATALOG_ONLY: tool_error::Catalog = tool_error::Catalog::new(
    "CatalogOnly",
    module_path!(),
    &[tool_error::Entry::new(
        "Only",
        "CATALOG_ONLY",
        Kind::Conflict,
    )],
);

impl tool_error::StaticCatalog for CatalogOnly {
    const CATALOG: &'static tool_error::Catalog = &CATALOG_ONLY;
}

tool_error::crate_catalog!(pub static ERROR_CODES = [LibraryError, CatalogOnly], name = "library");

pub(crate) fn install() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        Options::new()
            .with_catalog(&ERROR_CODES)
            .install()
            .expect("the only install in this binary");
    });
}

fn busy() -> LibraryError {
    LibraryError::Busy {
        wait: std::time::Duration::from_secs(30),
    }
}

pub(crate) fn missing() -> LibraryError {
    LibraryError::DocumentMissing { id: "d7".into() }
}

/// What a handler returning `anyhow::Result` produces: a derived error under two
/// layers of context.
fn anyhow_handler() -> anyhow::Result<String> {
    let found: Result<String, LibraryError> = Err(missing());
    let text = found.context("loading d7").context("rendering the page")?;
    Ok(text)
}

/// The log event of `code` when `error` is sent as a JSON-RPC error object.
fn logged(error: AnyError, code: &str) -> Captured {
    let events = capture(|| {
        let _ = jsonrpsee_types::ErrorObjectOwned::from(error);
    });
    events
        .iter()
        .find(|event| event.field("error.type") == Some(code))
        .cloned()
        .unwrap_or_else(|| panic!("no {code} event in {events:?}"))
}

#[test]
fn an_anyhow_chain_renders_the_derived_error_it_wraps() {
    install();
    let error: AnyError = anyhow_handler().unwrap_err().into();
    assert_eq!(error.code(), "DOCUMENT_MISSING");
    assert_eq!(error.kind(), Kind::NotFound);
    let envelope = tool_error_tests::native(&error);
    assert_eq!(envelope["message"], "document 'd7' not found");
    assert_eq!(envelope["details"]["id"], "d7");
    assert_eq!(envelope["suggestions"][0], "List documents with GET /docs");
}

#[test]
fn question_mark_converts_any_error_type() {
    install();
    fn handler() -> Result<(), AnyError> {
        Err(busy())?;
        Ok(())
    }
    let error = handler().unwrap_err();
    assert_eq!(error.code(), "BUSY");
    assert_eq!(
        error.retry_after(),
        Some(std::time::Duration::from_secs(30))
    );

    fn boxed() -> Result<(), AnyError> {
        let error: Box<dyn std::error::Error + Send + Sync> = Box::new(missing());
        Err(error)?
    }
    assert_eq!(boxed().unwrap_err().code(), "DOCUMENT_MISSING");

    fn text() -> Result<(), AnyError> {
        Err("plain text")?
    }
    assert_eq!(text().unwrap_err().code(), "INTERNAL_ERROR");
}

/// A foreign error whose `source()` is a derived error: found one level down.
#[derive(Debug, thiserror::Error)]
#[error("storage layer failed")]
struct Storage(#[source] LibraryError);

#[test]
fn the_chain_is_searched_through_sources() {
    install();
    let error = AnyError::from(Storage(missing()));
    assert_eq!(error.code(), "DOCUMENT_MISSING");
    assert!(ERROR_CODES.find_in_chain(&Storage(busy())).is_some());
    let unrelated = std::io::Error::other("disk");
    assert!(ERROR_CODES.find_in_chain(&unrelated).is_none());
}

fn checksum() -> AnyError {
    anyhow::anyhow!("checksum mismatch")
        .context("rendering document broken")
        .into()
}

#[test]
fn anything_else_is_masked_for_the_client_and_logged_with_its_cause() {
    install();
    type Convert = Box<dyn Fn() -> String>;
    let cases: [(&str, Convert); 3] = [
        (
            "rmcp",
            Box::new(|| match Err::<(), _>(checksum()).into_call_tool_result() {
                Ok(CallToolResponse::Complete(result)) => serde_json::to_string(&result).unwrap(),
                other => panic!("a tool result: {other:?}"),
            }),
        ),
        (
            "axum",
            Box::new(|| body_text(axum_core::response::IntoResponse::into_response(checksum()))),
        ),
        (
            "jsonrpsee",
            Box::new(|| {
                serde_json::to_string(&jsonrpsee_types::ErrorObjectOwned::from(checksum())).unwrap()
            }),
        ),
    ];
    for (integration, convert) in cases {
        let mut client = String::new();
        let events = capture(|| client = convert());
        assert!(!client.contains("checksum"), "{integration}: {client}");
        assert!(
            !client.contains("rendering document"),
            "{integration}: {client}"
        );
        assert!(client.contains("INTERNAL_ERROR"), "{integration}: {client}");
        let event = events
            .iter()
            .find(|event| event.field("error.type").is_some())
            .unwrap_or_else(|| panic!("{integration}: no error event in {events:?}"));
        assert_eq!(event.field("error.type"), Some("INTERNAL_ERROR"));
        assert_eq!(event.field("message"), Some("rendering document broken"));
        assert_eq!(event.field("exception.message"), Some("checksum mismatch"));
    }
}

#[test]
fn each_integration_keeps_the_found_code() {
    install();
    let rmcp =
        match Err::<(), AnyError>(anyhow_handler().unwrap_err().into()).into_call_tool_result() {
            Ok(CallToolResponse::Complete(result)) => tool_error_tests::mcp_envelope(&result),
            other => panic!("a tool result: {other:?}"),
        };
    assert_eq!(rmcp["code"], "DOCUMENT_MISSING");

    let response = axum_core::response::IntoResponse::into_response(AnyError::from(busy()));
    assert_eq!(response.status(), 503);
    assert_eq!(response.headers()["retry-after"], "30");
    let body = parse_json(&body_text(response));
    assert_eq!(body["code"], "BUSY");

    let object = jsonrpsee_types::ErrorObjectOwned::from(AnyError::from(missing()));
    assert_eq!(object.code(), -31404);
    let data: Value = parse_json(object.data().unwrap().get());
    assert_eq!(data["code"], "DOCUMENT_MISSING");
}

/// Listed in no catalog: found because the derive registered it.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("note '{id}' not found")]
#[tool_error(kind = not_found, suggest = "List the notes with list_notes")]
pub struct NoteMissing {
    id: String,
}

// A catalog of its own covers `NoteMissing` for the lock check; `AnyError` finds
// it either way.
tool_error::crate_catalog!(static NOTE_CODES = [NoteMissing], name = "notes");

/// Generic: it cannot register itself, so only a catalog finds it.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("slot {0} is taken")]
#[tool_error(kind = conflict)]
pub struct SlotTaken<T: std::fmt::Display + std::fmt::Debug>(T);

#[test]
fn a_derived_error_no_catalog_lists_keeps_its_code() {
    install();
    assert!(ERROR_CODES.find("NOTE_MISSING").is_none());
    let error: AnyError = anyhow::Error::new(NoteMissing { id: "n99".into() })
        .context("opening the note")
        .into();
    assert_eq!(error.code(), "NOTE_MISSING");
    assert_eq!(error.kind(), Kind::NotFound);
    let envelope = tool_error_tests::native(&error);
    assert_eq!(envelope["message"], "note 'n99' not found");
    assert_eq!(envelope["suggestions"][0], "List the notes with list_notes");

    // A type from another crate of the program registers itself as well.
    let foreign_crate = tool_error_examples::exa::errors::ExaError::DocumentNotFound {
        path: "/guide".into(),
        similar: None,
        did_you_mean: None,
    };
    let expected = foreign_crate.code();
    assert_eq!(AnyError::from(foreign_crate).code(), expected);

    // The documented limit: a generic type is found only through a catalog.
    assert_eq!(AnyError::from(SlotTaken(3)).code(), "INTERNAL_ERROR");
}

#[test]
fn the_outermost_coded_error_wins() {
    install();
    #[derive(Debug, thiserror::Error)]
    #[error("wrapped")]
    struct Wrapped(#[source] LibraryError);

    #[derive(Debug, thiserror::Error, ToolError)]
    #[error("import failed")]
    #[tool_error(kind = conflict)]
    struct ImportFailed(#[source] Wrapped);

    let error = AnyError::from(ImportFailed(Wrapped(missing())));
    assert_eq!(error.code(), "IMPORT_FAILED");
    let error = AnyError::from(Wrapped(missing()));
    assert_eq!(error.code(), "DOCUMENT_MISSING");
}

#[test]
fn the_log_keeps_every_context_layer_above_a_coded_error() {
    install();
    let event = logged(anyhow_handler().unwrap_err().into(), "DOCUMENT_MISSING");
    assert_eq!(event.field("message"), Some("document 'd7' not found"));
    assert_eq!(
        event.field("exception.message"),
        Some("rendering the page: loading d7: document 'd7' not found")
    );

    // Without context the chain is the coded error's own causes, as before.
    let event = logged(AnyError::from(missing()), "DOCUMENT_MISSING");
    assert_eq!(event.field("exception.message"), None);
}

fn bad_id() -> rmcp::ErrorData {
    rmcp::ErrorData::invalid_params("bad id a", Some(serde_json::json!({"id": "a"})))
}

#[test]
fn an_rmcp_error_data_passes_through_with_its_code_and_message() {
    install();
    fn handler() -> Result<(), AnyError> {
        Err(bad_id())?
    }

    // rmcp: the same protocol error, unchanged, and logged once.
    let mut response = None;
    let events = capture(|| response = Some(handler().into_call_tool_result()));
    match response.unwrap() {
        Err(data) => assert_eq!(data, bad_id()),
        Ok(other) => panic!("a protocol error, got {other:?}"),
    }
    let logged: Vec<_> = events
        .iter()
        .filter(|event| event.field("error.type").is_some())
        .collect();
    assert_eq!(logged.len(), 1, "{events:?}");
    assert_eq!(logged[0].field("error.type"), Some("INVALID_PARAMS"));
    assert_eq!(logged[0].field("message"), Some("bad id a"));

    // Under anyhow context too.
    let wrapped: AnyError = anyhow::Error::new(bad_id()).context("reading args").into();
    match Err::<(), _>(wrapped).into_call_tool_result() {
        Err(data) => assert_eq!(data, bad_id()),
        Ok(other) => panic!("a protocol error, got {other:?}"),
    }

    // jsonrpsee: an error object with the same code, message and data.
    let object = jsonrpsee_types::ErrorObjectOwned::from(handler().unwrap_err());
    assert_eq!(object.code(), -32602);
    assert_eq!(object.message(), "bad id a");
    assert_eq!(
        parse_json(object.data().unwrap().get()),
        serde_json::json!({"id": "a"})
    );

    // axum: a 400 problem whose detail is the message, the data as details.
    let response = axum_core::response::IntoResponse::into_response(handler().unwrap_err());
    assert_eq!(response.status(), 400);
    let body = parse_json(&body_text(response));
    assert_eq!(body["code"], "INVALID_PARAMS");
    assert_eq!(body["kind"], "VALIDATION");
    assert_eq!(body["detail"], "bad id a");
    assert_eq!(body["details"]["id"], "a");
}

#[test]
fn a_jsonrpsee_error_object_passes_through_with_its_code_and_message() {
    install();
    let original = jsonrpsee_types::ErrorObjectOwned::owned(-32601, "no method 'frob'", None::<()>);
    let object = jsonrpsee_types::ErrorObjectOwned::from(AnyError::from(original.clone()));
    assert_eq!(object, original);

    match Err::<(), _>(AnyError::from(original)).into_call_tool_result() {
        Err(data) => {
            assert_eq!(data.code.0, -32601);
            assert_eq!(data.message, "no method 'frob'");
        }
        Ok(other) => panic!("a protocol error, got {other:?}"),
    }
}

#[test]
fn an_internal_json_rpc_error_passed_through_is_masked_like_any_internal_error() {
    install();
    let secret = "index db at /var/lib/idx.db: password=hunter2 rejected";
    let data = serde_json::json!({"dsn": "postgres://admin:hunter2@db"});

    let internal = rmcp::ErrorData::internal_error(secret, Some(data.clone()));
    let sent = match Err::<(), _>(AnyError::from(internal)).into_call_tool_result() {
        Err(sent) => sent,
        Ok(other) => panic!("a protocol error, got {other:?}"),
    };
    assert_eq!(sent.code.0, -32603);
    assert_eq!(sent.message, "Internal error");
    assert_eq!(sent.data, None);

    let original = jsonrpsee_types::ErrorObjectOwned::owned(-32050, secret, Some(&data));
    let mut object = None;
    let events = capture(|| {
        object = Some(jsonrpsee_types::ErrorObjectOwned::from(AnyError::from(
            original,
        )))
    });
    let object = object.unwrap();
    assert_eq!(object.code(), -32050);
    assert_eq!(object.message(), "Internal error");
    assert!(object.data().is_none());
    // The operator still reads the real message.
    let event = events
        .iter()
        .find(|event| event.field("error.type") == Some("PROTOCOL_ERROR"))
        .unwrap_or_else(|| panic!("no error event in {events:?}"));
    assert_eq!(event.field("message"), Some(secret));
    assert_eq!(event.field("masked"), Some("true"));

    // Rendered anywhere else, the same.
    let error = AnyError::from(rmcp::ErrorData::internal_error(secret, Some(data)));
    assert_eq!(error.code(), "PROTOCOL_ERROR");
    let rendered = tool_error::Envelope::new(&error).to_json();
    assert!(!rendered.contains("hunter2"), "{rendered}");
}

/// Run in child processes, since the environment is read once per process:
/// `RUST_LIB_BACKTRACE=1` asks for a trace of each internal error, and
/// `RUST_BACKTRACE=1` alone (set in many containers for panics) does not.
#[test]
fn a_backtrace_is_captured_when_the_environment_asks() {
    const CHILD: &str = "TOOL_ERROR_TEST_BACKTRACE_CHILD";
    let Some(expected) = std::env::var_os(CHILD) else {
        for (variable, expected) in [("RUST_LIB_BACKTRACE", "trace"), ("RUST_BACKTRACE", "none")] {
            let output = std::process::Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "a_backtrace_is_captured_when_the_environment_asks",
                ])
                .env(CHILD, expected)
                .env_remove("RUST_LIB_BACKTRACE")
                .env_remove("RUST_BACKTRACE")
                .env(variable, "1")
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(
                output.status.success(),
                "{variable}: {stdout}{}",
                String::from_utf8_lossy(&output.stderr)
            );
            assert!(stdout.contains("1 passed"), "{variable}: {stdout}");
        }
        return;
    };
    install();
    let event = logged(
        AnyError::from(std::io::Error::other("disk on fire")),
        "INTERNAL_ERROR",
    );
    let trace = event.field("exception.stacktrace");
    if expected == "none" {
        assert_eq!(trace, None);
        return;
    }
    let trace = trace.expect("a backtrace");
    assert!(trace.contains("a_backtrace_is_captured"), "{trace}");

    // An expected refusal is not worth a trace.
    let event = logged(AnyError::from(missing()), "DOCUMENT_MISSING");
    assert_eq!(event.field("exception.stacktrace"), None);
}

/// Declared in this crate and listed by no `crate_catalog!` of it: agents can
/// receive its code through `AnyError`, so the lock check refuses to pass.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota reached")]
#[tool_error(kind = permission)]
pub enum QuotaError {
    #[error("quota reached")]
    #[tool_error(kind = permission)]
    QuotaReached,
}

#[test]
fn a_derived_type_no_catalog_lists_fails_the_lock_check() {
    let path = std::env::temp_dir().join(format!("unlisted-{}.lock", std::process::id()));
    let failure = tool_error_lock::check(&ERROR_CODES, &path, tool_error_lock::Mode::Force)
        .expect_err("unlisted types");
    let tool_error_lock::Failure::Unlisted(types) = &failure else {
        panic!("{failure:?}")
    };
    // Listed by `ERROR_CODES` (LibraryError) or by `NOTE_CODES` (NoteMissing): fine.
    // Generic (SlotTaken): not registered, not checked. The rest are reported, the
    // ones declared inside a test function too.
    assert_eq!(
        types,
        &[
            "`ImportFailed` (any_error): IMPORT_FAILED",
            "`QuotaError` (any_error): QUOTA_REACHED",
        ]
    );
    let message = failure.to_string();
    assert!(
        message.contains("no crate_catalog! of the crate lists them"),
        "{message}"
    );
    assert!(!path.exists(), "nothing is written");
}
