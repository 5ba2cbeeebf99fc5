//! A coded error keeps its code however an error report was made of it: every way
//! into an `anyhow::Error` or an `eyre::Report`, a boxed error, and a derived error
//! held as an uncoded error's source.

use std::error::Error as StdError;

use anyhow::Context as _;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::CallToolResponse;
use tool_error::{AnyError, Kind, ToolError};

use super::{LibraryError, install, missing};

fn question_mark() -> anyhow::Result<()> {
    Err(missing())?;
    Ok(())
}

fn into() -> anyhow::Result<()> {
    Err(missing().into())
}

fn bail() -> anyhow::Result<()> {
    anyhow::bail!(missing())
}

fn api_call() -> anyhow::Result<()> {
    Err(anyhow::Error::new(missing())).context("fetching issue PROJ-1")
}

/// Every way a service layer makes an `anyhow::Error` of a coded error.
fn anyhow_reports() -> Vec<(&'static str, anyhow::Error)> {
    vec![
        ("?", question_mark().unwrap_err()),
        (".into()", into().unwrap_err()),
        ("anyhow!", anyhow::anyhow!(missing())),
        ("bail!", bail().unwrap_err()),
        ("Error::new", anyhow::Error::new(missing())),
        (
            ".context on a Result",
            Err::<(), _>(missing()).context("loading d7").unwrap_err(),
        ),
        (
            ".context on a report, twice",
            api_call()
                .context("handling get_issue")
                .context("in the handler")
                .unwrap_err(),
        ),
    ]
}

#[test]
fn a_coded_error_keeps_its_code_through_every_anyhow_path() {
    install();
    for (path, report) in anyhow_reports() {
        let error = AnyError::from(report);
        assert_eq!(error.code(), "DOCUMENT_MISSING", "{path}");
        assert_eq!(error.kind(), Kind::NotFound, "{path}");
        let envelope = tool_error_tests::native(&error);
        assert_eq!(envelope["message"], "document 'd7' not found", "{path}");
    }
}

/// What a handler returning `Result<T, AnyError>` sends when its `anyhow` service
/// layer returned a coded error without any context: the whole contract.
#[test]
fn a_handler_sends_the_contract_of_a_coded_error_in_a_report() {
    install();
    fn handler() -> Result<String, AnyError> {
        into()?;
        Ok(String::new())
    }
    let result = match Err::<(), _>(handler().unwrap_err()).into_call_tool_result() {
        Ok(CallToolResponse::Complete(result)) => result,
        other => panic!("a tool result: {other:?}"),
    };
    assert_eq!(
        tool_error_tests::mcp_text(&result),
        r#"{"code":"DOCUMENT_MISSING","kind":"NOT_FOUND","message":"document 'd7' not found","recoverable":true,"details":{"id":"d7"},"suggestions":["List documents with GET /docs"]}"#
    );
}

fn eyre_question_mark() -> eyre::Result<()> {
    Err(missing())?;
    Ok(())
}

#[test]
fn a_coded_error_keeps_its_code_through_every_eyre_path() {
    install();
    let reports = [
        ("?", eyre_question_mark().unwrap_err()),
        ("eyre!", eyre::eyre!(missing())),
        (".wrap_err, twice", {
            use eyre::WrapErr as _;
            Err::<(), _>(missing())
                .wrap_err("loading d7")
                .wrap_err("in the handler")
                .unwrap_err()
        }),
    ];
    for (path, report) in reports {
        let error = AnyError::from(report);
        assert_eq!(error.code(), "DOCUMENT_MISSING", "{path}");
        assert_eq!(error.kind(), Kind::NotFound, "{path}");
    }
}

#[test]
fn a_coded_error_keeps_its_code_in_a_boxed_error_and_as_an_uncoded_errors_source() {
    install();
    fn boxed() -> Result<(), Box<dyn StdError + Send + Sync>> {
        Err(missing())?;
        Ok(())
    }
    assert_eq!(
        AnyError::from(boxed().unwrap_err()).code(),
        "DOCUMENT_MISSING"
    );

    #[derive(Debug, thiserror::Error)]
    #[error("the index could not be read")]
    struct IndexUnreadable(#[source] LibraryError);
    let error = AnyError::from(IndexUnreadable(missing()));
    assert_eq!(error.code(), "DOCUMENT_MISSING");
    let in_a_report = AnyError::from(anyhow::Error::new(IndexUnreadable(missing())));
    assert_eq!(in_a_report.code(), "DOCUMENT_MISSING");
}

#[test]
fn a_report_keeps_every_layer_for_the_log_and_comes_back_whole() {
    install();
    let error = AnyError::from(api_call().context("in the handler").unwrap_err());
    assert_eq!(error.to_string(), "in the handler");
    let causes: Vec<String> = std::iter::successors(error.source_error(), |&cause| cause.source())
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        causes,
        [
            "in the handler",
            "fetching issue PROJ-1",
            "document 'd7' not found"
        ]
    );
    let boxed = error.into_inner();
    assert_eq!(boxed.to_string(), "in the handler");
}
