use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("model missing")]
#[tool_error(kind = not_found, suggest = "Pick one of {available}")]
struct ModelNotFound {
    available: Vec<String>,
}

fn main() {}
