//! A derived error converted outside `tool_error::rmcp::Router` still converts, and
//! the first such conversion in the process logs one warning saying what is missing.
//! Nothing else in this binary converts an error outside a router, so this test's
//! conversion is the first.

use rmcp::handler::server::tool::IntoCallToolResult;
use tool_error::ToolError;
use tool_error_tests::logs::{Captured, capture};
use tracing::Level;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("media store unavailable")]
#[tool_error(kind = transient)]
struct StoreDown;

fn warnings(events: &[Captured]) -> Vec<&Captured> {
    events
        .iter()
        .filter(|event| event.level == Level::WARN && event.field("error.type").is_none())
        .collect()
}

#[test]
fn the_first_unscoped_conversion_warns_once() {
    let first = capture(|| {
        let _ = StoreDown.into_call_tool_result();
    });
    let warned = warnings(&first);
    assert_eq!(warned.len(), 1, "{first:?}");
    assert_eq!(warned[0].target, "tool_error");
    let text = warned[0].field("message").unwrap();
    assert!(text.contains("tool_error::rmcp::Router"), "{text}");
    // The error itself is still converted and logged.
    assert!(
        first
            .iter()
            .any(|event| event.field("error.type") == Some("STORE_DOWN"))
    );

    let second = capture(|| {
        let _ = StoreDown.into_call_tool_result();
    });
    assert!(warnings(&second).is_empty(), "{second:?}");
}
