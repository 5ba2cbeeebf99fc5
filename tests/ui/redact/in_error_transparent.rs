use tool_error::ToolError;

// `#[error(transparent)]` displays the field, so it cannot be redacted.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = permission)]
enum AuthError {
    #[error(transparent)]
    LoginFailed(#[tool_error(redact, rename = "cause")] std::io::Error),
}

fn main() {}
