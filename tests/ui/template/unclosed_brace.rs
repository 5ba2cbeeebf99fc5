use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("model missing")]
#[tool_error(kind = not_found, message = "Model '{model_id' not found")]
struct ModelNotFound {
    model_id: String,
}

fn main() {}
