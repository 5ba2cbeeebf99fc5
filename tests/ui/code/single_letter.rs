use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, code = "Q")]
struct QuotaExceeded;

fn main() {}
