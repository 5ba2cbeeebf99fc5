use tool_error::{Envelope, McpToolResult, StaticCatalog, ToolError, assert_unique_codes};

#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permision)]
struct QuotaExceeded {
    used: u64,
}

assert_unique_codes!(QuotaExceeded);

fn render(error: &dyn ToolError) -> String {
    Envelope::new(error).render(&McpToolResult::new())
}

fn main() {
    let error = QuotaExceeded { used: 3 };
    let _ = (error.code(), error.kind(), error.recoverable(), error.retry_after());
    let _ = render(&error);
    let _ = QuotaExceeded::CATALOG.codes().count();
}
