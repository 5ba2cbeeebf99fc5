#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Types declared through `macro_rules!` wrappers: the tokens the derive sees carry
//! the spans (and hygiene) of another macro, and the generated code must still
//! resolve its own bindings.

use std::time::Duration;

use tool_error::{Envelope, StaticCatalog, ToolError};

/// The whole body passed as tokens.
macro_rules! error_enum {
    ($name:ident { $($body:tt)* }) => {
        #[derive(Debug, thiserror::Error, ToolError)]
        #[tool_error(kind = validation)]
        pub enum $name { $($body)* }
    };
}

error_enum!(ModelError {
    #[error("model {model_id} missing")]
    #[tool_error(kind = not_found, message = "Model {model_id} not found", suggest = "Check {model_id:?}")]
    Missing {
        model_id: String,
        #[tool_error(retry_after)]
        wait: u64,
        #[tool_error(suggestions)]
        hints: Vec<String>,
        #[source]
        cause: std::io::Error,
    },
    #[error("{0}")]
    #[tool_error(transparent)]
    Store(StoreError),
});

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = transient)]
pub enum StoreError {
    #[error("store busy")]
    Busy,
}

/// Templates, codes, field types and the doc passed as fragments.
macro_rules! error_struct {
    ($name:ident, $doc:expr, $code:literal, $message:literal, $suggest:literal, $field:ident: $ty:ty, $wait:ty) => {
        #[doc = $doc]
        #[derive(Debug, thiserror::Error, ToolError)]
        #[error("failed")]
        #[tool_error(kind = transient, code = $code, message = $message, suggest = $suggest)]
        pub struct $name {
            $field: $ty,
            #[tool_error(retry_after)]
            wait: $wait,
        }
    };
}

error_struct!(
    QuotaExceeded,
    concat!("Quota ", "exceeded."),
    "QUOTA_EXCEEDED",
    "Quota of {limit} reached",
    "Wait, or ask for more than {limit:?}",
    limit: u32,
    Option<Duration>
);

pub(crate) fn run() {
    let missing = ModelError::Missing {
        model_id: "m1".into(),
        wait: 3,
        hints: vec!["Call list_models".into()],
        cause: std::io::Error::other("disk"),
    };
    let json = Envelope::new(&missing).to_json();
    assert_eq!(
        json,
        r#"{"code":"MISSING","kind":"NOT_FOUND","message":"Model m1 not found","recoverable":true,"retry_after":3,"details":{"model_id":"m1"},"suggestions":["Check \"m1\"","Call list_models"]}"#
    );
    assert_eq!(
        missing.source_error().map(|cause| cause.to_string()),
        Some("disk".into())
    );
    let store = ModelError::Store(StoreError::Busy);
    assert_eq!(
        (store.code(), store.source_error().is_none()),
        ("BUSY", true)
    );

    let quota = QuotaExceeded {
        limit: 5,
        wait: Some(Duration::from_secs(7)),
    };
    assert_eq!(quota.code(), "QUOTA_EXCEEDED");
    assert_eq!(quota.retry_after(), Some(Duration::from_secs(7)));
    let json = Envelope::new(&quota).to_json();
    assert_eq!(
        json,
        r#"{"code":"QUOTA_EXCEEDED","kind":"TRANSIENT","message":"Quota of 5 reached","recoverable":true,"retry_after":7,"details":{"limit":5},"suggestions":["Wait, or ask for more than 5"]}"#
    );
    assert_eq!(QuotaExceeded::CATALOG.entries()[0].doc(), "Quota exceeded.");
}
