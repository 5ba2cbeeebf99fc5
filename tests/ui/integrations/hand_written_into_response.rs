use axum_core::response::{IntoResponse, Response};
use tool_error::ToolError;

// With the `axum` feature the derive implements `IntoResponse`; a hand-written impl
// needs `#[tool_error(integrations = false)]` on the type.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded")]
#[tool_error(kind = permission)]
struct QuotaExceeded;

impl IntoResponse for QuotaExceeded {
    fn into_response(self) -> Response {
        Response::new(Default::default())
    }
}

fn main() {}
