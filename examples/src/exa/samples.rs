//! The sample document store and every error class in Exa's response format, for
//! the tour.

use std::io;

use serde_json::{Value, json};
use tool_error::{Envelope, Options};

use super::docs_tool::{DocsTool, Document};
use super::errors::ExaError;
use super::foreign::normalize;
use super::profile::{ExaResponse, Mode, policy};
use crate::Sample;

/// The store the tour and tests use.
pub fn sample_documents() -> Vec<(&'static str, Document)> {
    vec![
        ("guides/setup.md", Ok("# Setup\nInstall the server.".into())),
        ("api/search.mdx", Ok("# Search\nQuery the index.".into())),
        (
            "api/legacy.md",
            Err("invalid front matter at line 3".into()),
        ),
        ("reference/setup.md", Ok("# Setup reference".into())),
    ]
}

/// Every error class in Exa's response format, for the tour.
pub fn samples() -> Vec<Sample> {
    let clock = tool_error::clock::FixedClock::from_rfc3339("2025-10-27T14:35:22Z")
        .unwrap_or(tool_error::clock::FixedClock(std::time::UNIX_EPOCH));
    let documents = sample_documents();
    let mut tool = DocsTool::new(Mode::Development, clock, &documents);
    let mut samples = vec![
        sample(
            "DOC_NOT_FOUND with a similar path",
            tool.get_documentation(&json!({"path": "setup.md"})),
        ),
        sample(
            "INVALID_PARAM (path: 123)",
            tool.get_documentation(&json!({"path": 123})),
        ),
        sample(
            "DOC_LOAD_ERROR (not recoverable: no suggestions)",
            tool.get_documentation(&json!({"path": "api/legacy.md"})),
        ),
        sample(
            "SEARCH_ERROR",
            tool.search(&json!({"query": "\"unterminated"})),
        ),
    ];
    let io_error = io::Error::other("socket closed mid-read");
    let unknown = normalize(&io_error, None);
    let options = Options::new().with_clock(clock);
    let envelope = |error: &ExaError| {
        let context = options
            .context()
            .with_tool(DocsTool::NAME)
            .with_operation("getDocumentation");
        let policy = policy(Mode::Development);
        Envelope::new(error)
            .with_context(context)
            .with_policy(&policy)
            .to_value(&ExaResponse)
    };
    samples.push(sample(
        "UNKNOWN_ERROR (normalised io::Error)",
        envelope(&unknown),
    ));
    let mut unconfigured = DocsTool::new(Mode::Production, clock, &[]);
    unconfigured.configured = false;
    samples.push(sample(
        "CONFIG_ERROR in production (no details)",
        unconfigured.get_documentation(&json!({"path": "guides/setup.md"})),
    ));
    if let Some(alert) = unconfigured.handler.alerts.first() {
        samples.push(sample("CONFIG_ERROR alert log entry", alert.clone()));
    }
    if let Some(logged) = tool.handler.log.first() {
        samples.push(sample(
            "DOC_NOT_FOUND as logged (toJSON)",
            logged["error"].clone(),
        ));
    }
    samples
}

fn sample(title: &str, output: Value) -> Sample {
    Sample {
        system: "Exa",
        title: title.to_owned(),
        output,
    }
}
