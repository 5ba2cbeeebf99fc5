use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum RequestError {
    #[error("bad request")]
    #[tool_error(http = "400", jsonrpc = -32602i32)]
    Bad,
    #[error("too big")]
    #[tool_error(http = 413.0)]
    TooBig,
}

fn main() {}
