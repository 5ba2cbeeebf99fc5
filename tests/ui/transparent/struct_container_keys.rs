use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("media {0} missing")]
#[tool_error(kind = not_found, code = "MEDIA_NOT_FOUND")]
struct MediaMissing(String);

// `crate` still applies to a transparent struct; the rest would have no effect.
#[derive(Debug, thiserror::Error, ToolError)]
#[error(transparent)]
#[tool_error(transparent, crate = "::tool_error", domain = "media", rename_all = "snake_case")]
struct Wrapper(MediaMissing);

fn main() {}
