use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(docs = "docs.example.com/errors/")]
enum LibraryError {
    #[error("missing")]
    #[tool_error(kind = not_found, docs = "see the wiki")]
    Missing,
}

fn main() {}
