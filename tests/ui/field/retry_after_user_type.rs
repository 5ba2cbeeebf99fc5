use tool_error::ToolError;

// A type of one's own works once it implements `RetryAfter`; this one does not.
#[derive(Debug)]
struct Backoff {
    seconds: u64,
}

#[derive(Debug, thiserror::Error, ToolError)]
#[error("rate limited")]
#[tool_error(kind = transient)]
struct RateLimited {
    #[tool_error(retry_after)]
    wait: Backoff,
}

fn main() {}
