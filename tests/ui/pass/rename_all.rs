#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Every `rename_all` rule, and lowercase explicit codes under the lowercase rules.

use tool_error::ToolError;

macro_rules! rule {
    ($name:ident, $rule:literal) => {
        #[derive(Debug, thiserror::Error, ToolError)]
        #[tool_error(rename_all = $rule, kind = validation)]
        enum $name {
            #[error("x")]
            ModelNotFound,
            #[error("x")]
            Io2Failed,
        }
    };
}

rule!(Screaming, "SCREAMING_SNAKE_CASE");
rule!(Snake, "snake_case");
rule!(Upper, "UPPERCASE");
rule!(Lower, "lowercase");

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(rename_all = "snake_case", kind = validation)]
enum Mixed {
    #[error("x")]
    #[tool_error(code = "invalid_params")]
    Invalid,
    #[error("x")]
    #[tool_error(code = "RATE_LIMITED")]
    Limited,
}

pub(crate) fn run() {
    assert_eq!(Screaming::ModelNotFound.code(), "MODEL_NOT_FOUND");
    assert_eq!(Screaming::Io2Failed.code(), "IO2_FAILED");
    assert_eq!(Snake::ModelNotFound.code(), "model_not_found");
    assert_eq!(Snake::Io2Failed.code(), "io2_failed");
    assert_eq!(Upper::ModelNotFound.code(), "MODELNOTFOUND");
    assert_eq!(Lower::ModelNotFound.code(), "modelnotfound");
    assert_eq!(Lower::Io2Failed.code(), "io2failed");
    assert_eq!(Mixed::Invalid.code(), "invalid_params");
    assert_eq!(Mixed::Limited.code(), "RATE_LIMITED");
}
