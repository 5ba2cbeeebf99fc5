use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("no access to {}", .r#type)]
#[tool_error(kind = permission)]
struct Denied {
    #[tool_error(redact)]
    r#type: String,
}

fn main() {}
