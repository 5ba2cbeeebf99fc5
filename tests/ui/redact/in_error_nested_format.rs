use tool_error::ToolError;

// A string an argument formats captures the same locals.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("login failed: {}", format!("token {token}"))]
#[tool_error(kind = permission)]
struct LoginFailed {
    #[tool_error(redact)]
    token: String,
}

fn main() {}
