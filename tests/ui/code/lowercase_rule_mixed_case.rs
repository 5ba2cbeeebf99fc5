use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(rename_all = "snake_case", kind = validation)]
enum RequestError {
    #[error("bad request")]
    #[tool_error(code = "Bad_Request")]
    Bad,
}

fn main() {}
