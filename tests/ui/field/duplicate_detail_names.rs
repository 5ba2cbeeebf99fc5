use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("bad request")]
#[tool_error(kind = validation)]
struct BadRequest {
    id: String,
    #[tool_error(rename = "id")]
    request_id: String,
}

fn main() {}
