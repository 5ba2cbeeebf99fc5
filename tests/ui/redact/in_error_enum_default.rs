use tool_error::ToolError;

// A variant without its own `#[error]` takes the enum's.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("login failed for token {token}")]
#[tool_error(kind = permission)]
enum AuthError {
    LoginFailed {
        #[tool_error(redact)]
        token: String,
    },
    #[error("token expired")]
    Expired {
        #[tool_error(redact)]
        token: String,
    },
}

fn main() {}
