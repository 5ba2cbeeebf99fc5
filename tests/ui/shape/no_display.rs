use tool_error::ToolError;

#[derive(Debug, ToolError)]
#[tool_error(kind = permission)]
struct QuotaExceeded;

fn main() {}
