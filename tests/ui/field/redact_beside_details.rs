use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("bad request")]
#[tool_error(kind = validation)]
struct BadRequest {
    #[tool_error(details)]
    problems: Vec<String>,
    #[tool_error(redact)]
    token: String,
}

fn main() {}
