use tool_error::{ToolError, assert_unique_codes};

#[derive(Debug, thiserror::Error, ToolError)]
#[error("user missing")]
#[tool_error(kind = not_found, code = "MISSING")]
struct UserMissing;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum OrderError {
    #[error("order missing")]
    #[tool_error(code = "MISSING")]
    OrderMissing,
}

assert_unique_codes!(UserMissing, OrderError);

fn main() {}
