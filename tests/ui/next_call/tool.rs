use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
enum LookupError {
    #[error("no tool")]
    #[tool_error(kind = not_found, next_call(args(model_id = "m1")))]
    NoTool,

    #[error("tool with a space")]
    #[tool_error(kind = not_found, next_call(tool = "get model"))]
    BadToolName,

    #[error("same argument twice")]
    #[tool_error(kind = not_found, next_call(tool = "get_model", args(model_id = "a", model_id = "b")))]
    Twice,
}

fn main() {}
