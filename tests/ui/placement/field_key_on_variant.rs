use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum RequestError {
    #[error("bad request")]
    #[tool_error(code = "BAD_REQUEST", skip)]
    Bad { reason: String },
}

fn main() {}
