//! Which MCP channel an error travels on.

use core::fmt;

use serde::{Deserialize, Serialize};

/// Where an error goes when it leaves an MCP tool call.
///
/// The MCP specification (2026-07-28) says errors that originate in a tool SHOULD be
/// returned as a `CallToolResult` with `isError: true`, so the model can read them and
/// react; unknown tools, malformed requests and server failures are JSON-RPC errors.
/// Every variant defaults to [`Result`](Channel::Result); mark system failures that the
/// model cannot act on with `#[tool_error(channel = protocol)]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// A tool result with `isError: true`: the model sees the envelope.
    #[default]
    Result,
    /// A JSON-RPC error response: the client library sees `code`, `message` and `data`.
    Protocol,
}

impl Channel {
    /// `result` or `protocol`, as written in the attribute and the catalog.
    pub const fn as_str(self) -> &'static str {
        match self {
            Channel::Result => "result",
            Channel::Protocol => "protocol",
        }
    }
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
