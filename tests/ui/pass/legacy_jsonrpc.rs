#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! The legacy opt-in: explicit codes in -32019..=-32000 accepted; a variant without
//! a code of its own keeps its kind's default, whatever its category.

use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(legacy_jsonrpc, kind = validation)]
enum MigratedError {
    #[error("bad input")]
    #[tool_error(category = "validation_error", jsonrpc = -32000)]
    Validation,
    #[error("infeasible")]
    #[tool_error(kind = conflict, category = "infeasibility_error")]
    Infeasible,
    #[error("path not allowed")]
    #[tool_error(kind = permission, jsonrpc = -32019)]
    PathNotAllowed,
}

pub(crate) fn run() {
    assert_eq!(MigratedError::Validation.jsonrpc_code(), -32000);
    // No code of its own: the kind's default, not a code for its category.
    assert_eq!(MigratedError::Infeasible.jsonrpc_code(), -31409);
    assert_eq!(MigratedError::PathNotAllowed.jsonrpc_code(), -32019);
}
