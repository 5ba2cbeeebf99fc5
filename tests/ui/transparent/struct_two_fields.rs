use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("media {0} missing")]
#[tool_error(kind = not_found, code = "MEDIA_NOT_FOUND")]
struct MediaMissing(String);

#[derive(Debug, thiserror::Error, ToolError)]
#[error("media")]
#[tool_error(transparent)]
struct Wrapper {
    inner: MediaMissing,
    attempts: u32,
}

fn main() {}
