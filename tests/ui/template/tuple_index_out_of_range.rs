use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("model missing")]
#[tool_error(kind = not_found, message = "Model '{1}' not found")]
struct ModelNotFound(String);

fn main() {}
