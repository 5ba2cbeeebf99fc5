use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission, redact)]
struct QuotaExceeded {
    token: String,
}

fn main() {}
