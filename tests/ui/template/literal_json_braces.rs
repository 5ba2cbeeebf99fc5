use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("model missing")]
#[tool_error(kind = not_found, suggest = "Pass a JSON object like {\"id\": 1}")]
struct ModelNotFound {
    model_id: String,
}

fn main() {}
