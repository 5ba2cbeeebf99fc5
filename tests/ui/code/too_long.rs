use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(
    kind = permission,
    code = "QUOTA_EXCEEDED_FOR_THE_CURRENT_BILLING_PERIOD_OF_THIS_ORGANISATION"
)]
struct QuotaExceeded;

fn main() {}
