#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! `crate = "..."`: the runtime reached through a re-export, by a path from the
//! crate's root (this case is the module `crate_path` of the cases' binary).

mod support {
    pub use ::tool_error as errors;
}

use support::errors::ToolError;

#[derive(Debug, thiserror::Error, support::errors::ToolError)]
#[error("quota exceeded")]
#[tool_error(crate = "crate::crate_path::support::errors", kind = permission)]
struct QuotaExceeded;

#[derive(Debug, thiserror::Error, support::errors::ToolError)]
#[tool_error(crate = "crate::crate_path::support::errors", kind = internal)]
enum Wrapper {
    #[error(transparent)]
    #[tool_error(transparent)]
    Quota(QuotaExceeded),
}

pub(crate) fn run() {
    assert_eq!(QuotaExceeded.code(), "QUOTA_EXCEEDED");
    assert_eq!(Wrapper::Quota(QuotaExceeded).code(), "QUOTA_EXCEEDED");
}
