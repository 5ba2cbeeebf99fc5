use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error = "permission"]
#[tool_error(kind = permission)]
struct QuotaExceeded;

fn main() {}
