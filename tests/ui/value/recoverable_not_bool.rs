use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum RequestError {
    #[error("bad request")]
    #[tool_error(recoverable = "no")]
    Bad,
    #[error("too big")]
    #[tool_error(recoverable(false))]
    TooBig,
}

fn main() {}
