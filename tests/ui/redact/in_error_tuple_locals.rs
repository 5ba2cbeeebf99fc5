use tool_error::ToolError;

// thiserror binds a tuple field to the local `_0`: a placeholder or an argument that
// names the local shows the field, as `.0` does, whatever follows it.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = permission)]
enum AuthError {
    #[error("login failed for {_0}")]
    Placeholder(#[tool_error(redact, rename = "token")] String),
    #[error("login failed for {}", _0)]
    Local(#[tool_error(redact, rename = "token")] String),
    #[error("token of {} characters", .0.len())]
    Method(#[tool_error(redact, rename = "token")] String),
    #[error("pair starting {}", .0.1)]
    Nested(#[tool_error(redact, rename = "pair")] (String, String)),
}

fn main() {}
