#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! `assert_unique_codes!` accepts types whose codes differ, nested ones included.

use tool_error::{ToolError, assert_unique_codes};

#[derive(Debug, thiserror::Error, ToolError)]
#[error("user missing")]
#[tool_error(kind = not_found)]
struct UserMissing;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum OrderError {
    #[error("order missing")]
    OrderMissing,
    #[error(transparent)]
    #[tool_error(transparent)]
    User(UserMissing),
}

#[derive(Debug, thiserror::Error, ToolError)]
#[error("billing down")]
#[tool_error(kind = transient)]
struct BillingDown;

assert_unique_codes!(OrderError, BillingDown);
assert_unique_codes!(UserMissing, BillingDown,);

pub(crate) fn run() {}
