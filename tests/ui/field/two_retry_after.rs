use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("rate limited")]
#[tool_error(kind = transient)]
struct RateLimited {
    #[tool_error(retry_after)]
    wait: std::time::Duration,
    #[tool_error(retry_after)]
    wait_seconds: u64,
}

fn main() {}
