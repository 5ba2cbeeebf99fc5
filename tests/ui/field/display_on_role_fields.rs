use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = transient)]
enum UpstreamError {
    #[error("storage failed")]
    Storage {
        #[source]
        #[tool_error(display)]
        io: std::io::Error,
    },

    #[error("busy")]
    Busy {
        #[tool_error(retry_after, display)]
        wait: std::time::Duration,
    },
}

fn main() {}
