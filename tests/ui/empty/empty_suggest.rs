use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, suggest = "Ask for more quota", suggest = "")]
struct QuotaExceeded;

fn main() {}
