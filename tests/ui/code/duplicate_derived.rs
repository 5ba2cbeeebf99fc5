use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = internal)]
enum UpstreamError {
    #[error("upstream answered with an error")]
    HttpError,
    #[error("upstream answered with an HTTP error")]
    HTTPError,
}

fn main() {}
