use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(rename_all = "camelCase", kind = validation)]
enum RequestError {
    #[error("bad request")]
    #[tool_error(code = "bad-request", http = 200, jsonrpc = -32050)]
    Bad {
        #[tool_error(retry_after)]
        reason: String,
    },
    #[error("too big")]
    #[tool_error(kind = huge, suggest = "Send less than {limit} bytes")]
    TooBig,
}

fn main() {}
