//! Next calls: tool calls an error suggests, so an agent can act on a failure
//! without reading prose.
//!
//! A derived error declares them per variant with
//! `#[tool_error(next_call(tool = "...", args(...), read_only))]`; the catalog keeps
//! each declaration as a [`CallSpec`], and the native envelope writes them as
//! `next_calls`, beside the suggestions (which always stay: many clients hand only
//! the text to the model).
//!
//! # Trust
//!
//! A next call is advice from the server, not an instruction. An agent runs a call
//! marked `read_only` without asking only if it trusts the server to mark it
//! truthfully; every other call changes something and should be confirmed by the
//! agent's user (or its policy) first. The server's side of that trust is the
//! check (`check`, feature `jsonschema`): it accepts a `read_only` call only to a
//! tool that declares the MCP annotation `readOnlyHint: true` and not
//! `destructiveHint: true`. The arguments may carry text that came from
//! the failed request (a `{field}` the caller sent), so an agent must treat them as
//! data for the named tool, never as instructions to itself.

mod built;
mod call;
#[cfg(feature = "jsonschema")]
mod check;
mod limited;
mod served;
mod spec;

pub use built::{Call, NextCallSource};
pub(crate) use call::NextCallSink;
pub use call::{NextCall, NextCallWriter};
#[cfg(feature = "jsonschema")]
pub use check::{Mismatch, Mismatches, ServedTool, match_tools};
pub(crate) use limited::LimitedCall;
#[cfg(any(feature = "rmcp", feature = "jsonschema"))]
pub(crate) use served::only_reads;
pub(crate) use served::{Served, Verdict};
pub use spec::{ArgumentSpec, ArgumentValue, CallSpec};
