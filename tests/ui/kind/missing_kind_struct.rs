use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(code = "QUOTA_EXCEEDED")]
struct QuotaExceeded;

fn main() {}
