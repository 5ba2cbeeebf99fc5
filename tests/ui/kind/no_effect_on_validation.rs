use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
enum SearchError {
    #[error("query is empty")]
    #[tool_error(kind = validation, no_effect)]
    EmptyQuery,

    #[error("too many searches")]
    #[tool_error(kind = transient, no_effect)]
    RateLimited,
}

fn main() {}
