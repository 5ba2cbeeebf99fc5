//! Integration and UI tests for tool-error; the tests live in `tests/`.
//!
//! This library holds the helpers several test files share, so each exists once: a
//! fixed clock, and reading rendered output back as JSON.

use rmcp::model::CallToolResult;
use serde_json::Value;
use tool_error::{Envelope, FixedClock, ToolError};

/// The time tests render at when the time itself is not what they check.
pub const TIMESTAMP: &str = "2025-10-27T14:35:22Z";

/// A clock stopped at [`TIMESTAMP`].
#[track_caller]
pub fn clock() -> FixedClock {
    clock_at(TIMESTAMP)
}

/// A clock stopped at `rfc3339`, for a test whose expected output fixes its own time
/// (a seed's example, say).
///
/// # Panics
///
/// If `rfc3339` is not an RFC 3339 timestamp.
#[track_caller]
pub fn clock_at(rfc3339: &str) -> FixedClock {
    FixedClock::from_rfc3339(rfc3339)
        .unwrap_or_else(|error| panic!("not an RFC 3339 timestamp ({error}): {rfc3339}"))
}

/// `text` as JSON: rendered output, a seed's example, a response body.
///
/// # Panics
///
/// If `text` is not one JSON value; the message shows the text.
#[track_caller]
pub fn parse_json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|error| panic!("invalid JSON ({error}): {text}"))
}

/// The native envelope of `error`, under the default policy and an empty context.
///
/// # Panics
///
/// If the rendering is not one JSON value.
#[track_caller]
pub fn native(error: &dyn ToolError) -> Value {
    parse_json(&Envelope::new(error).to_json())
}

/// The text of an MCP tool result: its first content block, which must be text.
///
/// # Panics
///
/// If the result has no content, or the first block is not text.
#[track_caller]
pub fn mcp_text(result: &CallToolResult) -> &str {
    let block = result.content.first().expect("the result has content");
    &block.as_text().expect("text content").text
}

/// The envelope an MCP tool result carries as its text, parsed.
///
/// # Panics
///
/// As [`mcp_text`], and if the text is not one JSON value.
#[track_caller]
pub fn mcp_envelope(result: &CallToolResult) -> Value {
    parse_json(mcp_text(result))
}
