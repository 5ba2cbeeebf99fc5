use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = catastrophe)]
struct QuotaExceeded;

fn main() {}
