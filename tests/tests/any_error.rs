//! `AnyError`: handlers returning `anyhow` or boxed errors render the first derived
//! error in the chain with its own code, in every integration; anything else is a
//! masked internal error whose cause reaches the log only. Its own test binary,
//! because it installs process-wide options.

use std::sync::Once;

use anyhow::Context as _;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::CallToolResponse;
use serde_json::Value;
use tool_error::{AnyError, Kind, Options, ToolError};
use tool_error_tests::logs::capture;
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

fn install() {
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

fn missing() -> LibraryError {
    LibraryError::DocumentMissing { id: "d7".into() }
}

/// What a handler returning `anyhow::Result` produces: a derived error under two
/// layers of context.
fn anyhow_handler() -> anyhow::Result<String> {
    let found: Result<String, LibraryError> = Err(missing());
    let text = found.context("loading d7").context("rendering the page")?;
    Ok(text)
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
