use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum GatewayError {
    #[error("not allowed")]
    #[tool_error(kind = forbidden)]
    Forbidden,
    #[error("try later")]
    #[tool_error(kind = transiant)]
    Busy,
}

fn main() {}
