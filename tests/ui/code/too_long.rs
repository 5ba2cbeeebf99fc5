use tool_error::ToolError;

// 64 characters: one over the limit (`pass/code_limits.rs` has one of exactly 63).
#[derive(Debug, thiserror::Error, ToolError)]
#[error("model missing")]
#[tool_error(
    kind = not_found,
    code = "MODEL_NOT_FOUND_IN_THE_CURRENT_SESSION_AFTER_THE_LAST_SYNC_ROUND"
)]
struct ModelMissing;

fn main() {}
