use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("moved")]
#[tool_error(kind = not_found, http = 302)]
struct Moved;

fn main() {}
