use tool_error::ToolError;

#[derive(Debug)]
struct Connection;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("bad request")]
#[tool_error(kind = validation)]
struct BadRequest {
    connection: Connection,
}

fn main() {}
