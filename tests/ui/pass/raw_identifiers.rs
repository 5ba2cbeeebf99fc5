#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Raw identifiers as variant and field names.

use tool_error::{Envelope, ToolError};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum Keyword {
    #[error("bad type")]
    #[tool_error(suggest = "Change {type}")]
    r#Type { r#type: String },
}

pub(crate) fn run() {
    let error = Keyword::Type { r#type: "x".into() };
    assert_eq!(error.code(), "TYPE");
    let json = Envelope::new(&error).to_json();
    assert!(json.contains(r#""details":{"type":"x"}"#), "{json}");
    assert!(json.contains(r#""suggestions":["Change x"]"#), "{json}");
}
