use tool_error::{Envelope, ToolError};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux")]
pub enum SessionError {
    /// The model id is not in this session.
    #[error("Model '{model_id}' not found in current session")]
    #[tool_error(
        kind = not_found,
        suggest = "Use build_model tool to create a new model",
        suggest = "Check '{model_id}' spelling",
    )]
    ModelNotFound {
        model_id: String,
        available_models: Vec<String>,
    },

    #[error("rate limited")]
    #[tool_error(kind = transient)]
    RateLimited {
        #[tool_error(retry_after)]
        wait: std::time::Duration,
    },

    #[error("storage failed")]
    #[tool_error(kind = internal)]
    Storage(#[source] std::io::Error),

    #[error(transparent)]
    #[tool_error(transparent)]
    Media(#[from] MediaError),
}

#[derive(Debug, thiserror::Error, ToolError)]
#[error("media {0} missing")]
#[tool_error(kind = not_found, code = "MEDIA_NOT_FOUND")]
pub struct MediaError(#[tool_error(rename = "media_id")] String);

#[test]
fn smoke() {
    let e = SessionError::ModelNotFound {
        model_id: "m1".into(),
        available_models: vec!["a".into()],
    };
    println!("{}", Envelope::new(&e).to_json());
    let e = SessionError::Media(MediaError("x".into()));
    println!("{}", Envelope::new(&e).to_json());
    let e = SessionError::Storage(std::io::Error::other("disk"));
    println!("{}", Envelope::new(&e).to_json());
    let e = SessionError::RateLimited {
        wait: std::time::Duration::from_millis(1500),
    };
    println!("{}", Envelope::new(&e).to_json());
    assert_eq!(e.code(), "RATE_LIMITED");
}
