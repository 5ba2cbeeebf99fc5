use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum LookupError {
    #[error("user missing")]
    #[tool_error(code = "USER_MISSING")]
    #[tool_error(code = "USER_NOT_FOUND")]
    UserMissing,
}

fn main() {}
