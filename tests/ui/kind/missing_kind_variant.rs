use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
enum LookupError {
    #[error("user missing")]
    #[tool_error(kind = not_found)]
    UserMissing,
    #[error("lookup timed out")]
    TimedOut,
}

fn main() {}
