use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("bad request")]
#[tool_error(kind = validation)]
struct BadRequest {
    #[tool_error(details)]
    request: Vec<String>,
    #[tool_error(details)]
    response: Vec<String>,
}

fn main() {}
