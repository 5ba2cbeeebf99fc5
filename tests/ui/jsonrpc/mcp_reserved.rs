use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, jsonrpc = -32050)]
struct QuotaExceeded;

fn main() {}
