use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("model missing")]
#[tool_error(kind = not_found, suggest = "Check '{model}' spelling")]
struct ModelNotFound {
    model_id: String,
    session: u32,
}

fn main() {}
