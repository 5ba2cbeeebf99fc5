use tool_error::ToolError;

mod support {
    pub mod errors {
        #[allow(unused_imports)]
        pub use tool_error::*;
    }
}

// A misspelt path is one error, on the path, not one per generated item.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(crate = "crate::support::eror", kind = permission)]
struct QuotaExceeded {
    used: u64,
}

fn main() {}
