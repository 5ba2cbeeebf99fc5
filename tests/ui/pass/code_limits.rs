#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! The shortest and longest codes accepted: two characters and 63.

use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum Limits {
    #[error("x")]
    #[tool_error(code = "MODEL_NOT_FOUND_IN_THE_CURRENT_SESSION_AFTER_THE_LAST_SYNC_ROUN")]
    Longest,
    #[error("x")]
    #[tool_error(code = "E1")]
    Shortest,
    #[error("x")]
    Ab,
}

pub(crate) fn run() {
    assert_eq!(Limits::Longest.code().len(), 63);
    assert_eq!(Limits::Shortest.code(), "E1");
    assert_eq!(Limits::Ab.code(), "AB");
}
