use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum LookupError {
    #[error("model missing")]
    #[tool_error(message = "Model '{model_id}' not found")]
    ModelNotFound,
}

fn main() {}
