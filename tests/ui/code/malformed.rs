use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum RequestError {
    #[error("a")]
    #[tool_error(code = "MODEL-NOT-FOUND")]
    Dashes,
    #[error("b")]
    #[tool_error(code = "1ST_FAILURE")]
    LeadingDigit,
    #[error("c")]
    #[tool_error(code = "TRAILING_")]
    TrailingUnderscore,
    #[error("d")]
    #[tool_error(code = "_LEADING")]
    LeadingUnderscore,
    #[error("e")]
    #[tool_error(code = "MODEL NOT FOUND")]
    Spaces,
}

fn main() {}
