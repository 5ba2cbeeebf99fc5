use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission)]
struct QuotaExceeded {
    #[tool_error(message = "used {used}", recoverable)]
    used: u64,
}

fn main() {}
