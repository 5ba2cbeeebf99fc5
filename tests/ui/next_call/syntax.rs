use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
enum LookupError {
    #[error("not in parentheses")]
    #[tool_error(kind = not_found, next_call = "get_model")]
    NotInParentheses,

    #[error("unknown key")]
    #[tool_error(kind = not_found, next_call(tool = "get_model", confirm))]
    UnknownKey,

    #[error("duplicates")]
    #[tool_error(
        kind = not_found,
        next_call(tool = "a", tool = "b", args(x = 1), args(y = 2), read_only, read_only)
    )]
    Duplicates,

    #[error("args without parentheses")]
    #[tool_error(kind = not_found, next_call(tool = "get_model", args = "x"))]
    ArgsWithoutParentheses,

    #[error("bad argument names")]
    #[tool_error(kind = not_found, next_call(tool = "get_model", args(a::b = 1, c(2))))]
    BadArgumentNames,

    #[error("bad values")]
    #[tool_error(kind = not_found, next_call(tool = "get_model", args(list = [1], neg = -"x")))]
    BadValues,

    #[error("tool not a string")]
    #[tool_error(kind = not_found, next_call(tool = get_model))]
    ToolNotAString,
}

fn main() {}
