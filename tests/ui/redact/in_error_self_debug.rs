use tool_error::ToolError;

// `{:?}` of `self` prints every field through the derived `Debug`, the redacted
// one included.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = permission)]
enum AuthError {
    #[error("login failed: {:?}", self)]
    LoginFailed {
        user: String,
        #[tool_error(redact)]
        password: String,
    },
}

fn main() {}
