use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum RequestError {
    #[error("bad request")]
    B,
}

fn main() {}
