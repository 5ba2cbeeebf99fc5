#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Without thiserror: any `Display + Debug` type can derive the contract, with
//! where-clauses of its own.

use std::fmt;

use tool_error::ToolError;

#[derive(Debug, ToolError)]
#[tool_error(kind = not_found, suggest = "Look for {name}")]
struct Missing<N>
where
    N: fmt::Display + fmt::Debug,
{
    #[tool_error(skip)]
    name: N,
}

impl<N: fmt::Display + fmt::Debug> fmt::Display for Missing<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is missing", self.name)
    }
}

pub(crate) fn run() {
    let error = Missing { name: 'x' };
    assert_eq!(error.code(), "MISSING");
    let as_dyn: &dyn ToolError = &error;
    assert_eq!(as_dyn.to_string(), "x is missing");
}
