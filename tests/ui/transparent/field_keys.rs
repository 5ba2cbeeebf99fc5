use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("media {0} missing")]
#[tool_error(kind = not_found, code = "MEDIA_NOT_FOUND")]
struct MediaMissing(String);

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = internal)]
enum SessionError {
    #[error(transparent)]
    #[tool_error(transparent)]
    Media(#[tool_error(rename = "media")] MediaMissing),
}

fn main() {}
