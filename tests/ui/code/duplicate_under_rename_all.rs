use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(rename_all = "lowercase", kind = validation)]
enum RequestError {
    #[error("bad request")]
    BadRequest,
    #[error("bad request")]
    #[tool_error(code = "badrequest")]
    Malformed,
}

fn main() {}
