//! HTTP APIs built with [axum](https://docs.rs/axum): derived errors as RFC 9457
//! `application/problem+json` responses.
//!
//! With the `axum` feature, every `#[derive(ToolError)]` type implements
//! `axum_core::response::IntoResponse`: the status is the error's
//! [`http_status`](crate::ToolError::http_status), the body the [`Problem`] profile's
//! document, and a `Retry-After` header (whole seconds, rounded up) is added when the
//! error has a retry hint. A handler returns `Result<Json<T>, MyError>` and uses `?`.
//!
//! ```
//! use axum_core::response::IntoResponse;
//! use tool_error::ToolError;
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("Model '{model_id}' not found")]
//! #[tool_error(kind = not_found)]
//! struct ModelNotFound { model_id: String }
//!
//! let response = ModelNotFound { model_id: "m1".into() }.into_response();
//! assert_eq!(response.status(), 404);
//! assert_eq!(response.headers()["content-type"], "application/problem+json");
//! ```
//!
//! The policy, clock and logging come from the installed [`Options`]; the problem
//! `type` base from its [`HttpOptions`] part. [`problem_response`] converts with
//! explicit options and context (e.g. to add the request id as `instance`).

use ::axum_core::body::Body;
use ::axum_core::response::Response;
use ::http::StatusCode;
use ::http::header::{CONTENT_TYPE, HeaderValue, RETRY_AFTER};

use crate::{Context, Options, Problem, Profile, ToolError};

/// The HTTP part of the [`Options`]: set it with
/// [`Options::with_http`](crate::Options::with_http).
///
/// The default problem profile has `type` `about:blank`.
#[derive(Clone, Debug, Default)]
pub struct HttpOptions {
    problem: Problem,
}

impl HttpOptions {
    /// The defaults listed on the type.
    pub fn new() -> Self {
        HttpOptions::default()
    }

    /// The problem profile, e.g. `Problem::with_type_base("https://errors.example.com/")`.
    #[must_use]
    pub fn with_problem(mut self, problem: Problem) -> Self {
        self.problem = problem;
        self
    }
}

/// `error` as a problem+json response with its HTTP status (500 when the status is
/// not an error status) and `Retry-After` when it has a retry hint.
pub fn problem_response(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &Options,
) -> Response {
    let envelope = options.envelope(error, context);
    options.log(&envelope);
    let problem = &options.http().problem;
    let status = StatusCode::from_u16(error.http_status())
        .ok()
        .filter(|status| status.is_client_error() || status.is_server_error())
        .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = Response::new(Body::from(envelope.render(problem)));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static(problem.content_type()),
    );
    if let Some(wait) = envelope.retry_after() {
        let seconds = wait
            .as_secs()
            .saturating_add(u64::from(wait.subsec_nanos() > 0));
        headers.insert(RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

/// The conversion the derived `IntoResponse` impls run, with the installed options.
pub(crate) fn respond(error: &dyn ToolError) -> Response {
    let options = Options::installed();
    problem_response(error, &options.context(), options)
}

impl ::axum_core::response::IntoResponse for crate::AnyError {
    fn into_response(self) -> Response {
        respond(&self)
    }
}

/// Implements `IntoResponse` for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_axum {
    ([$($generics:tt)*] [$($ty:tt)*] [$($where:tt)*]) => {
        #[automatically_derived]
        impl $($generics)* $crate::__private::axum::IntoResponse for $($ty)* $($where)* {
            fn into_response(self) -> $crate::__private::axum::Response {
                $crate::__private::axum::respond(&self)
            }
        }
    };
}
