use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("storage failed")]
#[tool_error(kind = internal)]
struct StorageFailed {
    #[source]
    #[tool_error(rename = "cause")]
    io: std::io::Error,
}

fn main() {}
