#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Type parameters get exactly the bounds their fields' roles need.

use std::fmt::Display;
use std::time::Duration;

use tool_error::{Envelope, Kind, StaticCatalog, ToolError};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum LookupError<Id, Wait> {
    /// `Id` is interpolated and a detail: `Display + Serialize`.
    #[error("no item {id}")]
    #[tool_error(kind = not_found, suggest = "Check {id}")]
    Missing { id: Id },
    /// `Wait` is only a retry hint: `RetryAfter`.
    #[error("busy")]
    #[tool_error(kind = transient)]
    Busy {
        #[tool_error(retry_after)]
        wait: Wait,
    },
}

/// A wrapper generic over the wrapped error.
#[derive(Debug, thiserror::Error, ToolError)]
#[error(transparent)]
#[tool_error(transparent)]
struct Wrapped<E: ToolError + StaticCatalog + std::error::Error + 'static>(E);

fn show<T: Display>(value: T) -> String {
    value.to_string()
}

pub(crate) fn run() {
    let missing: LookupError<u32, Duration> = LookupError::Missing { id: 7 };
    assert_eq!(missing.code(), "MISSING");
    assert_eq!(missing.kind(), Kind::NotFound);
    let json = Envelope::new(&missing).to_json();
    assert!(json.contains(r#""details":{"id":7}"#), "{json}");
    assert!(json.contains(r#""suggestions":["Check 7"]"#), "{json}");

    let busy: LookupError<String, u64> = LookupError::Busy { wait: 3 };
    assert_eq!(busy.retry_after(), Some(Duration::from_secs(3)));

    let wrapped = Wrapped(busy);
    assert_eq!(wrapped.code(), "BUSY");
    assert_eq!(show(&wrapped), "busy");
    let codes: Vec<_> = <Wrapped<LookupError<u8, u8>>>::CATALOG.codes().collect();
    assert_eq!(codes, ["MISSING", "BUSY"]);
}
