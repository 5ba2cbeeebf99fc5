use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, code = "quota_exceeded")]
struct QuotaExceeded;

fn main() {}
