use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = permission)]
enum AuthError {
    #[error("login failed for {}", .0)]
    LoginFailed(#[tool_error(redact, rename = "token")] String),
}

fn main() {}
