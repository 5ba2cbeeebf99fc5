use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(crate = "not a path", kind = permission)]
struct QuotaExceeded;

fn main() {}
