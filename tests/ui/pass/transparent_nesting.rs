#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Three levels of `transparent`: the innermost error decides everything.

use tool_error::{Kind, StaticCatalog, ToolError, assert_unique_codes};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = transient, domain = "disk")]
enum DiskError {
    #[error("disk busy")]
    #[tool_error(suggest = "Wait for the disk")]
    Busy {
        #[tool_error(retry_after)]
        seconds: u32,
    },
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = internal)]
enum StoreError {
    #[error(transparent)]
    #[tool_error(transparent)]
    Disk(#[from] DiskError),
    #[error("store corrupt")]
    Corrupt,
}

#[derive(Debug, thiserror::Error, ToolError)]
#[error(transparent)]
#[tool_error(transparent)]
struct ServiceError(#[from] StoreError);

assert_unique_codes!(ServiceError);

pub(crate) fn run() {
    let error = ServiceError::from(StoreError::from(DiskError::Busy { seconds: 4 }));
    assert_eq!(error.code(), "BUSY");
    assert_eq!(error.kind(), Kind::Transient);
    assert_eq!(error.domain(), Some("disk"));
    assert_eq!(error.retry_after(), Some(std::time::Duration::from_secs(4)));
    let codes: Vec<_> = ServiceError::CATALOG.codes().collect();
    assert_eq!(codes, ["BUSY", "CORRUPT"]);
    assert_eq!(ServiceError(StoreError::Corrupt).code(), "CORRUPT");
}
