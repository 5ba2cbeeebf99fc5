//! The server's wire format: its `ErrorResponse` as the [`ErrorResult`] profile, and
//! [`reply`], which sends an error on its channel as a [`Reply`].

use serde::ser::SerializeMap;
use serde_json::Value;
use tool_error::{
    Channel, Envelope, JsonRpc, McpToolResult, Profile, RequestId, ToolError,
    profile::JsonRpcResponse,
};

/// The server's `ErrorResponse`: `{"error": true, "code", "message", "details"?}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ErrorResult;

impl Profile for ErrorResult {
    fn serialize_envelope<S: serde::Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("error", &true)?;
        map.serialize_entry("code", envelope.code())?;
        map.serialize_entry("message", &envelope.message())?;
        let details = envelope.details();
        if !details.is_empty() {
            map.serialize_entry("details", &details)?;
        }
        map.end()
    }
}

/// What one tool call sends back.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// The tool's result.
    Success(Value),
    /// An MCP tool result with `isError: true` and an [`ErrorResult`] as its text.
    ToolError(Value),
    /// A JSON-RPC error response.
    ProtocolError(Value),
}

impl Reply {
    /// The JSON sent.
    pub fn value(&self) -> &Value {
        match self {
            Reply::Success(value) | Reply::ToolError(value) | Reply::ProtocolError(value) => value,
        }
    }

    /// For a tool error, its text parsed back (what the server's tests unmarshal).
    pub fn error_response(&self) -> Option<Value> {
        match self {
            Reply::ToolError(result) => {
                let text = result["content"][0]["text"].as_str()?;
                serde_json::from_str(text).ok()
            }
            _ => None,
        }
    }
}

/// Sends `error` on its channel: a tool result for what the caller can fix, a
/// JSON-RPC error (with the native envelope as `data`) for system failures.
pub fn reply(error: &dyn ToolError, id: RequestId<'_>) -> Reply {
    let envelope = Envelope::new(error);
    match error.channel() {
        Channel::Result => {
            Reply::ToolError(envelope.to_value(&McpToolResult::with_profile(ErrorResult)))
        }
        Channel::Protocol => {
            Reply::ProtocolError(envelope.to_value(&JsonRpcResponse::new(id, JsonRpc::new())))
        }
    }
}
