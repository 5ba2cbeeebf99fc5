use tool_error::{ToolError, assert_unique_codes};

#[derive(Debug, thiserror::Error, ToolError)]
#[error("user missing")]
#[tool_error(kind = not_found, code = "USER_MISSING")]
struct UserMissing;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum AccountError {
    #[error(transparent)]
    #[tool_error(transparent)]
    User(UserMissing),
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum AdminError {
    #[error("user missing")]
    UserMissing,
}

assert_unique_codes!(AccountError, AdminError);

fn main() {}
