use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation, code = "REQUEST_ERROR", suggest = "Check the request")]
enum RequestError {
    #[error("bad request")]
    Bad,
}

fn main() {}
