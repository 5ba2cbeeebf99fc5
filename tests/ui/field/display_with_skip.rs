use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("upstream refused")]
#[tool_error(kind = transient)]
struct UpstreamRefused {
    #[tool_error(skip, display)]
    status: u16,
}

fn main() {}
