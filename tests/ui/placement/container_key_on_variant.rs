use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum RequestError {
    #[error("bad request")]
    #[tool_error(domain = "billing", rename_all = "snake_case")]
    Bad,
}

fn main() {}
