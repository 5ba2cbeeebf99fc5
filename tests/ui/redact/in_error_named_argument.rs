use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("login failed for {shown}", shown = .token)]
#[tool_error(kind = permission)]
struct LoginFailed {
    #[tool_error(redact)]
    token: String,
}

fn main() {}
