use tool_error::ToolError;

#[derive(Debug, thiserror::Error, ToolError)]
enum LookupError {
    #[error("model {model_id} not found")]
    #[tool_error(kind = not_found, next_call(tool = "get_model", args(model_id = model, name = "{nmae}")))]
    Misspelt { model_id: String, name: String },

    #[error("token rejected")]
    #[tool_error(kind = permission, next_call(tool = "refresh", args(token)))]
    Redacted {
        #[tool_error(redact)]
        token: String,
    },

    #[error("tuple {0}")]
    #[tool_error(kind = not_found, next_call(tool = "get_model", args(model_id = id)))]
    Tuple(String),
}

fn main() {}
