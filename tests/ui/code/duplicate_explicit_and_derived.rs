use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum LookupError {
    #[error("user missing")]
    UserMissing,
    #[error("account missing")]
    #[tool_error(code = "USER_MISSING")]
    AccountMissing,
}

fn main() {}
