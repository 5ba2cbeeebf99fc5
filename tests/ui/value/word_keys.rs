use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = 5, channel = -1)]
struct QuotaExceeded;

fn main() {}
