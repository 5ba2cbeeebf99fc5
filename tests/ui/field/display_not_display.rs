use tool_error::ToolError;

#[derive(Debug)]
struct Connection;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("upstream refused")]
#[tool_error(kind = transient)]
struct UpstreamRefused {
    #[tool_error(display)]
    connection: Connection,
    #[tool_error(display)]
    retried: Option<Connection>,
}

fn main() {}
