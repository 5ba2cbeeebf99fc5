use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = not_found)]
enum MenuError {
    #[error("no such dish")]
    CaféFermé,
}

fn main() {}
