use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("bad request")]
#[tool_error(kind = validation)]
struct BadRequest {
    #[tool_error(suggestions)]
    fixes: Vec<String>,
    #[tool_error(suggestions)]
    more_fixes: Vec<String>,
}

fn main() {}
