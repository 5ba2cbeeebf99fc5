use std::fmt;

use tool_error::ToolError;

#[derive(ToolError)]
#[tool_error(kind = permission)]
struct QuotaExceeded;

impl fmt::Display for QuotaExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("quota exceeded")
    }
}

fn main() {}
