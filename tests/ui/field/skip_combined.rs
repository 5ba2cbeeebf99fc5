use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("bad request")]
#[tool_error(kind = validation)]
struct BadRequest {
    #[tool_error(skip, rename = "raw", redact)]
    raw: String,
}

fn main() {}
