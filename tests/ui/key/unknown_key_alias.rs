use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, help = "Ask for a higher quota", retryable = false)]
struct QuotaExceeded;

fn main() {}
