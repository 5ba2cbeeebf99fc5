//! Error contracts for servers that LLM agents call.
//!
//! An agent that gets an error must decide: retry, fix its input, work around the
//! resource, ask a human, or give up. tool-error makes that contract declarative and
//! checked at compile time. Annotate an error enum, and every variant gets a stable
//! code, a decision [`Kind`], retry hints, structured details, suggestions, a place
//! in a static [`Catalog`], and renderings in the wire formats agents read.
//!
//! ```
//! use tool_error::{Context, Envelope, FixedClock, McpToolResult, ToolError};
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[tool_error(domain = "gem-flux")]
//! pub enum SessionError {
//!     /// The model id is not in this session.
//!     #[error("Model '{model_id}' not found in current session")]
//!     #[tool_error(
//!         kind = not_found,
//!         suggest = "Use build_model tool to create a new model",
//!         suggest = "Check model_id spelling",
//!     )]
//!     ModelNotFound { model_id: String, available_models: Vec<String> },
//!
//!     #[error("rate limited")]
//!     #[tool_error(kind = transient)]
//!     RateLimited {
//!         #[tool_error(retry_after)]
//!         wait: std::time::Duration,
//!     },
//! }
//!
//! let error = SessionError::ModelNotFound { model_id: "m1".into(), available_models: vec![] };
//! assert_eq!(error.code(), "MODEL_NOT_FOUND");
//! assert!(error.recoverable());
//!
//! let clock = FixedClock::from_rfc3339("2025-10-27T14:35:22Z").unwrap();
//! let envelope = Envelope::new(&error)
//!     .with_context(Context::new().with_tool("run_fba").with_clock(&clock));
//! let result = envelope.to_value(&McpToolResult::new());
//! assert_eq!(result["isError"], true);
//! ```
//!
//! # Pieces
//!
//! - [`ToolError`]: the trait, derived or written by hand; object safe.
//! - [`Kind`], [`Channel`]: the decision class and the MCP channel.
//! - [`Context`], [`Policy`]: where the error happened and what may be shown.
//! - [`Envelope`]: error + context + policy, the data every profile renders.
//! - [`profile`]: [`Native`], [`JsonRpc`], [`JsonRpcResponse`], [`McpToolResult`],
//!   [`Problem`], and the [`Profile`] trait for custom formats.
//! - [`client`]: parse an error text back and pick the [`NextAction`].
//! - [`Catalog`], [`assert_unique_codes!`], [`crate_catalog!`], [`lock`]: the static
//!   code catalog, its compile-time uniqueness check, and the lock file for CI.
//! - [`args`]: typed arguments deserialised with each bad field named, as one
//!   `VALIDATION` error.
//! - Integrations, each a module behind the feature of the same name: `rmcp` (MCP
//!   servers), `jsonrpsee`, `axum` (problem+json responses), `tracing` (one event
//!   per error); with `schemars`, [`OwnedEnvelope`] has a JSON Schema.
//!
//! # Attribute reference
//!
//! `#[derive(ToolError)]` (the default `derive` feature) is configured with
//! `#[tool_error(...)]` attributes on the type, its variants and their fields. Every
//! key, where it goes, what it changes in the output and what the compiler checks is
//! documented on the derive's own page: [`derive@ToolError`]. In short:
//!
//! | place | keys |
//! | --- | --- |
//! | the enum or struct | `crate`, `rename_all`, `domain`, `legacy_jsonrpc`, `integrations`; on an enum also the defaults `kind`, `category`, `channel`, and `docs` as a base URL |
//! | a variant (or a struct) | `code`, `kind`, `category`, `recoverable`, `message`, `suggest` (repeatable), `next_call` (repeatable), `jsonrpc`, `http`, `channel`, `transparent`, `docs` |
//! | a field | `skip`, `redact`, `rename`, `retry_after`, `suggestions`, `details` |
//!
//! Every misuse is a compile error naming the key and what to write instead.
//!
//! # Guarantees
//!
//! Rendering never panics and always produces one valid JSON value, whatever the
//! strings inside; fields marked `redact` and the messages of `Internal` errors stay
//! hidden unless the [`Policy`] explicitly turns on debugging; sizes are bounded by
//! [`Limits`].

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// The no-panic guarantee: nothing in the library may unwrap, expect or panic.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod any_error;
pub mod args;
mod catalog;
mod channel;
pub mod client;
mod context;
mod details;
pub mod envelope;
mod error;
mod integrations;
mod kind;
mod legacy;
mod limit;
#[cfg(feature = "rmcp")]
#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
#[doc = include_str!("migrating.md")]
pub mod migrating {}
pub mod next_call;

mod options;
mod policy;
pub mod profile;
mod template;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use any_error::AnyError;
pub use catalog::{BuiltinEntry, Catalog, CrateCatalog, Entry, FieldInfo, StaticCatalog, lock};
pub use channel::Channel;
pub use client::{NextAction, OwnedEnvelope, OwnedNextCall, Parsed};
pub use context::{Clock, Context, FixedClock, SystemClock};
pub use details::{Detail, DetailWriter, RetryAfter, SuggestionSource, SuggestionWriter};
pub use envelope::{Envelope, Reduction};
pub use error::ToolError;
#[cfg(feature = "axum")]
pub use integrations::axum;
#[cfg(feature = "jsonrpsee")]
pub use integrations::jsonrpsee;
#[cfg(feature = "rmcp")]
pub use integrations::rmcp;
#[cfg(feature = "tracing")]
pub use integrations::tracing;
pub use kind::{Kind, UnknownKind};
pub use next_call::{NextCall, NextCallWriter};
pub use options::Options;
pub use policy::{Limits, Policy};
pub use profile::{JsonRpc, JsonRpcResponse, McpToolResult, Native, Problem, Profile, RequestId};

// The README's examples compile and run as doc tests, with every integration they
// show turned on.
#[cfg(all(
    doctest,
    feature = "derive",
    feature = "rmcp",
    feature = "axum",
    feature = "jsonrpsee",
    feature = "jsonschema"
))]
#[doc = include_str!("../README.md")]
mod readme {}

#[cfg(feature = "derive")]
#[doc = include_str!("derive.md")]
pub use tool_error_macros::ToolError;
