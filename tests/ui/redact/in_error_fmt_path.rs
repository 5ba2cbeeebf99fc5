use std::fmt;

use tool_error::ToolError;

// `fmt = path` hands every field to the function, which may print any of them.
fn describe(user: &String, _token: &String, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "login failed for {user}")
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = permission)]
enum AuthError {
    #[error(fmt = describe)]
    LoginFailed {
        user: String,
        #[tool_error(redact)]
        token: String,
    },
}

fn main() {}
