use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, jsonrpc = -32200)]
struct QuotaExceeded;

fn main() {}
