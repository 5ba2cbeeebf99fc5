use tool_error::ToolError;

// A method called on `self` can read every field.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("login failed: {}", self.describe())]
#[tool_error(kind = permission)]
struct LoginFailed {
    user: String,
    #[tool_error(redact)]
    token: String,
}

impl LoginFailed {
    fn describe(&self) -> String {
        format!("{} with {}", self.user, self.token)
    }
}

fn main() {}
