use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(crate = tool_error, rename_all = snake_case, domain = 7, kind = validation)]
enum RequestError {
    #[error("bad request")]
    #[tool_error(category = true, message = bad_request, suggest = 3)]
    Bad {
        #[tool_error(rename = 1)]
        field: String,
    },
}

fn main() {}
