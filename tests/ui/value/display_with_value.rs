use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("upstream refused")]
#[tool_error(kind = transient)]
struct UpstreamRefused {
    #[tool_error(display = true)]
    status: u16,
}

fn main() {}
