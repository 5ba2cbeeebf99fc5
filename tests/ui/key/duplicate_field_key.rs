use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission)]
struct QuotaExceeded {
    #[tool_error(rename = "used")]
    #[tool_error(rename = "consumed")]
    usage: u64,
}

fn main() {}
