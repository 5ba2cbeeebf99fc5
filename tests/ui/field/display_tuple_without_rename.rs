use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("upstream answered {0}")]
#[tool_error(kind = transient)]
struct UpstreamStatus(#[tool_error(display)] u16);

fn main() {}
