use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("login failed")]
#[tool_error(kind = permission, message = "login failed for token {token}")]
struct LoginFailed {
    #[tool_error(redact)]
    token: String,
}

fn main() {}
