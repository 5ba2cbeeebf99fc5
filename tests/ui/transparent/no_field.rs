use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = internal)]
enum SessionError {
    #[error("media")]
    #[tool_error(transparent)]
    Media,
}

fn main() {}
