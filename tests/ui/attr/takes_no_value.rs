use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(legacy_jsonrpc = true, kind = validation)]
enum RequestError {
    #[error("bad request")]
    #[tool_error(transparent = "yes")]
    Bad(#[tool_error(skip(always))] String),
}

fn main() {}
