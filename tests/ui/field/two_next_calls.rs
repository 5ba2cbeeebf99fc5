use tool_error::ToolError;
use tool_error::next_call::Call;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("model does not grow")]
#[tool_error(kind = conflict)]
struct Infeasible {
    #[tool_error(next_calls)]
    first: Vec<Call>,
    #[tool_error(next_calls)]
    second: Option<Call>,
}

fn main() {}
