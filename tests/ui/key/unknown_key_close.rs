use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, sugest = "Ask for a higher quota")]
struct QuotaExceeded;

fn main() {}
