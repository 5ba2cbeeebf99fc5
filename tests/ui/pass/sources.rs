#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Every shape of source thiserror accepts, and a backtrace field.

use std::backtrace::Backtrace;
use std::error::Error;
use std::fmt;

use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = internal)]
enum StorageError {
    #[error("boxed")]
    Boxed(#[source] Box<dyn Error + Send + Sync>),
    #[error("boxed, maybe")]
    MaybeBoxed {
        #[source]
        cause: Option<Box<dyn Error + Send + Sync + 'static>>,
    },
    #[error("io")]
    Io {
        #[from]
        source: std::io::Error,
    },
    #[error("io, maybe")]
    MaybeIo { source: Option<std::io::Error> },
}

/// thiserror needs a nightly compiler for `Backtrace` fields, so this one is written
/// by hand.
#[derive(Debug, ToolError)]
#[tool_error(kind = internal)]
struct Crashed {
    source: std::fmt::Error,
    trace: Backtrace,
}

impl fmt::Display for Crashed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("crashed")
    }
}

pub(crate) fn run() {
    let error = StorageError::Boxed("disk on fire".into());
    assert_eq!(
        error.source_error().map(ToString::to_string).as_deref(),
        Some("disk on fire")
    );
    let error = StorageError::MaybeBoxed { cause: None };
    assert!(error.source_error().is_none());
    let error = StorageError::from(std::io::Error::other("io"));
    assert_eq!(
        error.source_error().map(ToString::to_string).as_deref(),
        Some("io")
    );
    assert!(error.backtrace().is_none());
    let error = StorageError::MaybeIo {
        source: Some(std::io::Error::other("late")),
    };
    assert!(error.source_error().is_some());
    assert!(error.backtrace().is_none());
    let error = Crashed {
        source: std::fmt::Error,
        trace: Backtrace::disabled(),
    };
    assert!(error.backtrace().is_some());
    assert!(error.source_error().is_some());
    assert!(
        !tool_error::Envelope::new(&error)
            .to_json()
            .contains("trace")
    );
}
