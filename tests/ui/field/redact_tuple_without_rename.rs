use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("login failed")]
#[tool_error(kind = permission)]
struct LoginFailed(#[tool_error(redact)] String);

fn main() {}
