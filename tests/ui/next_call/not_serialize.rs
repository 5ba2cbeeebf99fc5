use tool_error::ToolError;

#[derive(Debug)]
struct Handle(u32);

#[derive(Debug, thiserror::Error, ToolError)]
#[error("handle expired")]
#[tool_error(kind = not_found, next_call(tool = "reopen", args(handle)))]
struct HandleExpired {
    #[tool_error(skip)]
    handle: Handle,
}

fn main() {}
