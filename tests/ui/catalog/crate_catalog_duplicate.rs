use tool_error::ToolError;

mod billing {
    #[derive(Debug, thiserror::Error, tool_error::ToolError)]
    #[tool_error(kind = not_found)]
    pub enum AccountError {
        #[error("no account")]
        Missing,
    }
}

mod shipping {
    #[derive(Debug, thiserror::Error, tool_error::ToolError)]
    #[tool_error(kind = not_found)]
    pub enum AccountError {
        #[error("no shipping account")]
        #[tool_error(code = "MISSING")]
        NoAccount,
    }
}

// Two types of one name: the message names them with their modules.
tool_error::crate_catalog!(pub static CODES = [billing::AccountError, shipping::AccountError]);

fn main() {
    let _ = billing::AccountError::Missing.code();
}
