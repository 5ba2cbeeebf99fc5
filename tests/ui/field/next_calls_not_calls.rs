use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("model does not grow")]
#[tool_error(kind = conflict)]
struct Infeasible {
    #[tool_error(next_calls)]
    next: Vec<String>,
}

fn main() {}
