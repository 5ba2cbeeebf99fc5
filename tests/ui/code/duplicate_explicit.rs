use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum LookupError {
    #[error("user missing")]
    #[tool_error(code = "MISSING")]
    UserMissing,
    #[error("order missing")]
    #[tool_error(code = "MISSING")]
    OrderMissing,
}

fn main() {}
