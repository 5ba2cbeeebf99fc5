use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "", category = " ", kind = validation)]
enum RequestError {
    #[error("bad request")]
    #[tool_error(message = "")]
    Bad {
        #[tool_error(rename = "")]
        reason: String,
    },
}

fn main() {}
