use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, serde::rename = "quota")]
struct QuotaExceeded;

fn main() {}
