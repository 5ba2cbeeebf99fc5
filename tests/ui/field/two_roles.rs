use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("rate limited")]
#[tool_error(kind = transient)]
struct RateLimited {
    #[tool_error(retry_after, suggestions)]
    wait: u64,
}

fn main() {}
