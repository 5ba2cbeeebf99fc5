#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Descriptions written with macros reach the catalog, beside plain doc comments.

use tool_error::{StaticCatalog, ToolError};

#[doc = concat!("Errors of ", "the scheduler.")]
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = conflict)]
pub enum SchedulerError {
    /// Plain text.
    #[error("plain")]
    Plain,
    #[doc = "Written as an attribute."]
    #[error("attribute")]
    Attribute,
    /// First line,
    #[doc = concat!("then ", stringify!(a macro), ".")]
    #[error("mixed")]
    Mixed,
    #[doc = include_str!("doc_macros.md")]
    #[error("file")]
    File,
}

pub(crate) fn run() {
    let catalog = SchedulerError::CATALOG;
    assert_eq!(catalog.doc(), "Errors of the scheduler.");
    let docs: Vec<&str> = catalog.entries().iter().map(|entry| entry.doc()).collect();
    assert_eq!(
        docs,
        [
            "Plain text.",
            "Written as an attribute.",
            "First line,\nthen a macro.",
            "Read from a file beside the type.\n",
        ]
    );
    assert_eq!(
        catalog.entries()[3].summary(),
        "Read from a file beside the type."
    );
}
