use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation, skip)]
enum RequestError {
    #[error("bad request")]
    Bad,
}

fn main() {}
