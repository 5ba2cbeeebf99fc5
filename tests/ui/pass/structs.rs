#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Unit, tuple and named structs: one code each, named after the struct.

use tool_error::{Envelope, ToolError};

#[derive(Debug, thiserror::Error, ToolError)]
#[error("server is shutting down")]
#[tool_error(kind = transient)]
struct ShuttingDown;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("no model {0}")]
#[tool_error(kind = not_found, suggest = "List models to find {0}")]
struct NoModel(#[tool_error(rename = "model_id")] String, u32);

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded: {used} of {limit}")]
#[tool_error(kind = permission, domain = "billing")]
struct QuotaExceeded {
    used: u64,
    limit: u64,
}

pub(crate) fn run() {
    assert_eq!(ShuttingDown.code(), "SHUTTING_DOWN");
    assert_eq!(
        Envelope::new(&ShuttingDown).to_json(),
        r#"{"code":"SHUTTING_DOWN","kind":"TRANSIENT","message":"server is shutting down","recoverable":true}"#
    );
    let error = NoModel("m1".into(), 3);
    assert_eq!(
        Envelope::new(&error).to_json(),
        r#"{"code":"NO_MODEL","kind":"NOT_FOUND","message":"no model m1","recoverable":true,"details":{"model_id":"m1"},"suggestions":["List models to find m1"]}"#
    );
    let error = QuotaExceeded {
        used: 12,
        limit: 10,
    };
    assert_eq!(
        Envelope::new(&error).to_json(),
        r#"{"code":"QUOTA_EXCEEDED","kind":"PERMISSION","message":"quota exceeded: 12 of 10","recoverable":false,"domain":"billing","details":{"used":12,"limit":10}}"#
    );
}
