#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! An enum whose every variant delegates, and an enum without variants: the
//! generated code must not warn.

use tool_error::{StaticCatalog, ToolError};

#[derive(Debug, thiserror::Error, ToolError)]
#[error("gone")]
#[tool_error(kind = not_found)]
struct Gone;

#[derive(Debug, thiserror::Error, ToolError)]
enum Delegating {
    #[error(transparent)]
    #[tool_error(transparent)]
    Gone(#[from] Gone),
    #[error(transparent)]
    #[tool_error(transparent)]
    Io(std::io::Error),
}

#[derive(Debug, thiserror::Error, ToolError)]
enum Never {}

pub(crate) fn run() {
    assert_eq!(Delegating::Gone(Gone).code(), "GONE");
    assert_eq!(
        Delegating::Io(std::io::Error::other("x")).code(),
        "INTERNAL_ERROR"
    );
    assert_eq!(Never::CATALOG.entries().len(), 0);
}
