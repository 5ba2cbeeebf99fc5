//! Error contracts for servers that LLM agents call.
//!
//! An agent that gets an error must decide: retry, fix its input, work around the
//! resource, ask a human, or give up. tool-error makes that contract declarative and
//! checked at compile time. Annotate an error enum, and every variant gets a stable
//! code, a decision [`Kind`], retry hints, structured details, suggestions, a place
//! in a static [`Catalog`], and renderings in the wire formats agents read.
//!
//! ```
//! use tool_error::{Context, Envelope, McpToolResult, ToolError};
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
//! let envelope = Envelope::new(&error).with_context(Context::new().with_tool("run_fba"));
//! let result = envelope.to_value(&McpToolResult::new());
//! assert_eq!(result["isError"], true);
//! ```
//!
//! # Pieces
//!
//! The root holds what a server writes; each module holds the rest of its concept.
//!
//! - [`ToolError`]: the trait, derived or written by hand; object safe. A
//!   hand-written impl writes through [`DetailWriter`] ([`Detail`]) and
//!   [`SuggestionWriter`] ([`SuggestionSource`]), and gives a [`RetryAfter`].
//! - [`Kind`] ([`kind`]), [`Channel`]: the decision class and the MCP channel.
//! - [`Context`], [`ClientContext`], [`RequestId`]: what is known of the call that
//!   failed, and which of it the client is shown.
//! - [`Policy`], [`Limits`]: what may be shown, and how much.
//! - [`Envelope`] ([`envelope`]): error + context + policy, the data every profile
//!   renders.
//! - [`Profile`] ([`profile`]): [`Native`], [`JsonRpc`], [`McpToolResult`],
//!   [`Problem`], [`JsonRpcResponse`](profile::JsonRpcResponse), and the trait for
//!   custom formats.
//! - [`Options`]: the server's settings, installed once: the client and log
//!   policies, the [`clock`], the server version, and what each integration needs.
//! - [`client`]: an agent's side: parse an error text back and pick the
//!   [`NextAction`](client::NextAction).
//! - [`Catalog`], [`StaticCatalog`], [`CrateCatalog`], [`Entry`] ([`catalog`]),
//!   [`assert_unique_codes!`] and [`crate_catalog!`]: the static code catalog and its
//!   compile-time uniqueness check. The lock file and the generated code reference
//!   that keep it stable in CI are the `tool-error-lock` crate's, a dev-dependency.
//! - [`args`]: typed arguments deserialised with each bad field named, as one
//!   `VALIDATION` error.
//! - [`NextCall`] ([`next_call`]): tool calls an error suggests, and the check of
//!   them against the tools a server serves.
//! - [`AnyError`]: any error a handler meets (`anyhow`, boxed), rendered with the
//!   contract it carries.
//! - Integrations, each a module behind the feature of the same name: `rmcp` (MCP
//!   servers), `jsonrpsee`, `axum` (problem+json responses), `tracing` (one event
//!   per error), `utoipa` (OpenAPI responses, an example per code); with
//!   `schemars`, [`client::ParsedEnvelope`] has a JSON Schema.
//! - `migrating` (with the `rmcp` feature): moving an existing server to tool-error
//!   step by step.
//!
//! # Attribute reference
//!
//! `#[derive(ToolError)]` (the default `derive` feature) is configured with
//! `#[tool_error(...)]` attributes on the type, its variants and their fields. Every
//! key, where it goes, what it changes in the output and what the compiler checks is
//! documented on the derive's own page, [`derive@ToolError`]; its table
//! [keys at a glance](derive@ToolError#keys-at-a-glance) lists every key with where it
//! may be written, its value and what it does.
//!
//! Every misuse is a compile error naming the key and what to write instead.
//!
//! # Security
//!
//! tool-error sits on the error path of servers that face untrusted input. What
//! holds:
//!
//! - **No panics.** Rendering returns for any error, detail value, string, context,
//!   policy and limits, through every profile, compact, pretty, appended to a buffer or
//!   as a value; `client::parse` returns for any text; the derive answers any item and
//!   any attribute contents with code or a compile error. The runtime and the derive
//!   deny `unwrap`, `expect` and `panic!` (clippy). A detail whose `Serialize` fails, or
//!   a `Display` that returns an error, costs that part, not the response.
//! - **Panics in your code.** If the error's own `Display`, `Serialize` or `ToolError`
//!   methods panic inside `render`, `render_into`, `render_pretty`, `to_json` or
//!   `to_value`, the panic is caught and treated like a value that failed: the envelope
//!   is rendered again with less of the error, down to the fallback, whose message
//!   is the code and which formats nothing of the error's. The panic hook still reports
//!   the panic. With `panic = "abort"` nothing can be caught. The views (`message()`,
//!   `details()`, `wire()`...), and whatever formats through them, do not catch.
//! - **Valid JSON.** Every output parses as exactly one JSON value (checked by parsing
//!   it back with serde_json); the native envelope validates against [`Native::SCHEMA`],
//!   also inside JSON-RPC `data` and MCP content; NaN and infinities render as `null`;
//!   the client reads every structured profile back to the same code, kind and
//!   recoverability.
//! - **Redaction.** Fields marked `redact` render as [`Policy::redaction_marker`] in
//!   `details`, and tracing events never hold them; only `Policy::redact = false`
//!   reveals them (`verbose` does not). The derive refuses at compile time a `redact`
//!   field interpolated into `message`, `suggest` or `#[error(...)]`, including `{:?}`
//!   of `self`, and a `redact` field sent by a `next_call`.
//! - **Next calls are advice.** A server cannot make an agent run anything: a next call
//!   names a tool and arguments, and says `read_only` when, by the server's account, it
//!   only reads. The next-call check ([`next_call::match_tools`], `rmcp::check_next_calls`)
//!   makes that account agree with the server's own tool annotations: a `read_only`
//!   call passes only if its tool declares `readOnlyHint: true` and not
//!   `destructiveHint: true`, so a server that runs the check never marks a call to an
//!   unannotated or destructive tool `read_only`. It cannot make the annotations true,
//!   and an agent cannot tell whether a server ran it: the client
//!   (`unattended_calls()`) takes the `read_only` flag as sent. An agent should run a
//!   call without asking only when it is `read_only` and the server is trusted, and
//!   hand its arguments (which may echo the failed request) to the tool as data, never
//!   read them as instructions. A call the limits would cut is left out whole, so no
//!   call is ever sent changed.
//! - **Masking.** The message of an `Internal` error (foreign errors such as
//!   `std::io::Error` included) is replaced by [`Policy::internal_message`], and its
//!   cause chain is not sent; `verbose` reveals both, `mask_internal = false` or a
//!   variant's own `message = "..."` reveals the message. This holds in every profile,
//!   in what the rmcp, jsonrpsee and axum integrations hand over, and in the client's
//!   reading of the output.
//! - **Bounded sizes.** [`Limits::DEFAULT`]: message 4,096 characters, any other string
//!   4,096, arrays and objects 256 items, detail nesting 16 levels, the whole rendering
//!   65,536 bytes. Cut strings end with `…[truncated]`; dropped items and levels leave
//!   the same mark. Whatever `max_depth` says, `Limits::UNLIMITED` included, detail
//!   values stop at [`Limits::DEPTH_CEILING`] (100) levels, `Some` and newtype wrappers
//!   counted, so rendering cannot overflow the stack and its output stays within
//!   serde_json's 128-level read limit. Over the size limit, details go first, then
//!   suggestions, then the message is cut to 256 characters, then only the code
//!   remains; the code, context strings (cut to the string limit) and the profile's own
//!   fields always stay, so a very small `max_envelope_bytes` can be exceeded: then
//!   the smallest of these renderings is sent, the least cut of equals. The native
//!   envelope says `"truncated": true` whenever anything was cut: any string (the
//!   message alone included), collection or level, suggestions past the item limit,
//!   or a reduction step. Policy choices (the
//!   switches, `max_suggestions`, masking, redaction) are not cuts. Problem details
//!   have no such member; the mark in the text is all.
//! - **Client parser.** At most 1 MiB is parsed as JSON ([`client::MAX_PARSE_BYTES`]);
//!   larger input is legacy text. serde_json bounds nesting at 128 levels, and wrappers
//!   (MCP text around JSON-RPC data around ...) are opened at most four deep.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// The no-panic guarantee: nothing in the library may unwrap, expect or panic.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The derive names this crate `::tool_error`; so do the unit tests that derive.
#[cfg(all(test, feature = "derive"))]
extern crate self as tool_error;

pub mod args;
pub mod catalog;
mod channel;
pub mod client;
pub mod clock;
mod context;
pub mod envelope;
mod error;
mod integrations;
pub mod kind;
mod limit;
mod writers;
// Its examples use the lock crate too, so the tests package, which depends on
// both, runs them as doc tests (`tests/src/lib.rs`).
#[cfg(feature = "rmcp")]
#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
#[cfg_attr(not(doctest), doc = include_str!("migrating.md"))]
pub mod migrating {}
pub mod next_call;

mod options;
mod policy;
pub mod profile;
mod template;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

pub use catalog::{Catalog, CrateCatalog, Entry, StaticCatalog};
pub use channel::Channel;
pub use context::{ClientContext, Context, RequestId};
pub use envelope::Envelope;
pub use error::ToolError;
pub use integrations::any_error::AnyError;
#[cfg(feature = "axum")]
pub use integrations::axum;
#[cfg(feature = "jsonrpsee")]
pub use integrations::jsonrpsee;
#[cfg(feature = "metrics")]
pub use integrations::metrics;
#[cfg(feature = "rmcp")]
pub use integrations::rmcp;
#[cfg(feature = "tracing")]
pub use integrations::tracing;
#[cfg(feature = "utoipa")]
pub use integrations::utoipa;
pub use kind::Kind;
pub use next_call::NextCall;
pub use options::Options;
pub use policy::{Limits, Policy};
pub use profile::{JsonRpc, McpToolResult, Native, Problem, Profile};
pub use writers::{Detail, DetailWriter, RetryAfter, SuggestionSource, SuggestionWriter};

#[cfg(feature = "derive")]
// The derive's reference, in files of one page: the overview, the key table (written
// from the derive's key declarations, see the file), then the keys by place.
#[doc = include_str!("derive.md")]
#[doc = include_str!("derive/keys.md")]
#[doc = include_str!("derive/type-keys.md")]
#[doc = include_str!("derive/variant-keys.md")]
#[doc = include_str!("derive/fields-templates-checks.md")]
pub use tool_error_macros::ToolError;
