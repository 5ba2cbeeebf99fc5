use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(legacy_jsonrpc, kind = validation)]
enum RequestError {
    #[error("legacy code, accepted with the opt-in")]
    #[tool_error(jsonrpc = -32000)]
    Legacy,
    #[error("reserved by MCP even with the opt-in")]
    #[tool_error(jsonrpc = -32099)]
    Reserved,
}

fn main() {}
