use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission code = "QUOTA_EXCEEDED")]
struct QuotaExceeded;

fn main() {}
