#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Unit, tuple and struct variants in one enum.

use tool_error::{Envelope, ToolError};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum RequestError {
    #[error("empty request")]
    Empty,
    #[error("bad field {0}")]
    BadField(
        #[tool_error(rename = "field")] String,
        #[tool_error(skip)] usize,
    ),
    #[error("too big")]
    TooBig { size: usize, limit: usize },
}

pub(crate) fn run() {
    let json = |error: &RequestError| Envelope::new(error).to_json();
    assert_eq!(
        json(&RequestError::Empty),
        r#"{"code":"EMPTY","kind":"VALIDATION","message":"empty request","recoverable":true}"#
    );
    assert_eq!(
        json(&RequestError::BadField("name".into(), 2)),
        r#"{"code":"BAD_FIELD","kind":"VALIDATION","message":"bad field name","recoverable":true,"details":{"field":"name"}}"#
    );
    assert_eq!(
        json(&RequestError::TooBig { size: 9, limit: 4 }),
        r#"{"code":"TOO_BIG","kind":"VALIDATION","message":"too big","recoverable":true,"details":{"size":9,"limit":4}}"#
    );
}
