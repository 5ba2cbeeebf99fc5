use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, http = -403)]
struct QuotaExceeded;

fn main() {}
