use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found, next_call(tool = "list_models"))]
enum LookupError {
    #[error("model missing")]
    ModelMissing,
}

fn main() {}
