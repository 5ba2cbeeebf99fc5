#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Borrowed fields: details, templates and retry hints work through a lifetime.

use tool_error::{Envelope, ToolError};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum ParseError<'a> {
    #[error("unexpected token {token:?}")]
    #[tool_error(suggest = "Remove '{token}' from {input}")]
    Unexpected { token: &'a str, input: &'a str },
    #[error("busy")]
    #[tool_error(kind = transient)]
    Busy {
        #[tool_error(retry_after)]
        wait: &'a u64,
    },
}

pub(crate) fn run() {
    let input = String::from("1 + x");
    let error = ParseError::Unexpected {
        token: &input[4..],
        input: &input,
    };
    let json = Envelope::new(&error).to_json();
    assert!(
        json.contains(r#""message":"unexpected token \"x\"""#),
        "{json}"
    );
    assert!(
        json.contains(r#""suggestions":["Remove 'x' from 1 + x"]"#),
        "{json}"
    );

    let wait = 2;
    let error = ParseError::Busy { wait: &wait };
    assert_eq!(error.code(), "BUSY");
    assert_eq!(error.retry_after(), Some(std::time::Duration::from_secs(2)));
}
