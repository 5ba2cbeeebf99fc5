use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(rename_all = "kebab-case", kind = validation)]
enum RequestError {
    #[error("bad request")]
    BadRequest,
}

fn main() {}
