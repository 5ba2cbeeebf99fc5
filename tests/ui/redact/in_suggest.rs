use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("login failed")]
#[tool_error(kind = permission, suggest = "Retry with a token other than {token:?}")]
struct LoginFailed {
    #[tool_error(redact)]
    token: String,
}

fn main() {}
