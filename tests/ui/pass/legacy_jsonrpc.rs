#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! The legacy opt-in: -32019..=-32000 accepted, defaults from the `legacy` table.

use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(legacy_jsonrpc, kind = validation)]
enum GemFluxError {
    #[error("bad input")]
    #[tool_error(category = "validation_error")]
    Validation,
    #[error("infeasible")]
    #[tool_error(kind = conflict, category = "infeasibility_error")]
    Infeasible,
    #[error("database down")]
    #[tool_error(kind = internal, category = "database_error")]
    Database,
    #[error("path not allowed")]
    #[tool_error(kind = permission, jsonrpc = -32019)]
    PathNotAllowed,
}

pub(crate) fn run() {
    assert_eq!(GemFluxError::Validation.jsonrpc_code(), -32000);
    assert_eq!(GemFluxError::Infeasible.jsonrpc_code(), -32002);
    assert_eq!(GemFluxError::Database.jsonrpc_code(), -32004);
    assert_eq!(GemFluxError::PathNotAllowed.jsonrpc_code(), -32019);
}
