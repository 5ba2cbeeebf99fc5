//! HTTP APIs built with [axum](https://docs.rs/axum): every error a client gets,
//! the handlers' own and the framework's, as an RFC 9457 `application/problem+json`
//! response with a code, a kind and details.
//!
//! # Handler errors
//!
//! With the `axum` feature, every `#[derive(ToolError)]` type implements
//! `axum_core::response::IntoResponse`: the status is the error's
//! [`http_status`](crate::ToolError::http_status), the body the [`Problem`] profile's
//! document, and a `Retry-After` header (whole seconds, rounded up) is added when the
//! error has a retry hint. A handler returns `Result<Json<T>, MyError>` and uses `?`;
//! [`AnyError`](crate::AnyError) converts the same way.
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
//! # Framework errors
//!
//! axum answers an unknown route, a wrong method or a bad body itself, in plain
//! text. Two fallbacks and three extractors make those problem+json too, each a
//! [`Rejection`] with its own code:
//!
//! ```
//! use axum::Router;
//! use axum::routing::get;
//! use tool_error::axum::{Json, Path, Query};
//! # #[derive(serde::Deserialize, serde::Serialize)] struct Doc { title: String }
//! # #[derive(serde::Deserialize)] struct Search { q: String }
//! # async fn get_doc(Path(id): Path<String>) -> Json<Doc> { Json(Doc { title: id }) }
//! # async fn add_doc(Json(doc): Json<Doc>) -> Json<Doc> { Json(doc) }
//! # async fn search(Query(search): Query<Search>) -> Json<Vec<String>> { Json(vec![search.q]) }
//!
//! let app: Router = Router::new()
//!     .route("/docs/{id}", get(get_doc))
//!     .route("/docs", axum::routing::post(add_doc))
//!     .route("/search", get(search))
//!     // After the routes: the 405 fallback applies to the routes added before it.
//!     .fallback(tool_error::axum::not_found)
//!     .method_not_allowed_fallback(tool_error::axum::method_not_allowed);
//! ```
//!
//! | request | code | status |
//! | --- | --- | --- |
//! | no route matches ([`not_found`]) | `ROUTE_NOT_FOUND` | 404 |
//! | the route does not take the method ([`method_not_allowed`]) | `METHOD_NOT_ALLOWED` | 405, with axum's `Allow` header |
//! | a [`Json`] body without `Content-Type: application/json` | `UNSUPPORTED_MEDIA_TYPE` | 415 |
//! | a [`Json`] body over axum's body limit | `BODY_TOO_LARGE` | 413 |
//! | a [`Json`] body that is not JSON | `INVALID_ARGUMENTS`, violation `syntax` at `""` | 400 |
//! | a field of the wrong type, a missing field, a bad [`Query`] or [`Path`] parameter | `INVALID_ARGUMENTS`, violation `wrong_type`, `missing`, `invalid_value`... at the field's path | 400 |
//!
//! A field violation reads like this (`POST /docs` with `{"title": 5}`):
//!
//! ```json
//! {"type": "about:blank", "title": "Bad Request", "status": 400,
//!  "detail": "'title' has the wrong type",
//!  "code": "INVALID_ARGUMENTS", "kind": "VALIDATION", "recoverable": true,
//!  "details": {"violations": [{"field": "title", "violation": "wrong_type",
//!                              "expected": "a string", "actual": "number"}]}}
//! ```
//!
//! Every field violation is 400, like the same [`ArgumentError`](crate::args::ArgumentError)
//! from an MCP tool; axum's own `Json` answers 422 for a body that parses but does
//! not fit. Errors your handlers find in a valid body use the same type through
//! [`ArgumentError::from_violations`](crate::args::ArgumentError::from_violations).
//!
//! # Rate limits: 429 and `Retry-After`
//!
//! A `transient` error answers 503 by default; give it `http = 429` and a
//! `retry_after` field, and the response is `429 Too Many Requests` with a
//! `Retry-After` header (seconds, rounded up) and `retry_after` in the body:
//!
//! ```
//! use std::time::Duration;
//! use axum_core::response::IntoResponse;
//! use tool_error::ToolError;
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("at most {limit} searches per minute")]
//! #[tool_error(kind = transient, http = 429, suggest = "Wait for the time Retry-After gives")]
//! struct SearchRateLimited {
//!     limit: u32,
//!     #[tool_error(retry_after)]
//!     wait: Duration,
//! }
//!
//! let response = SearchRateLimited { limit: 5, wait: Duration::from_millis(7_200) }.into_response();
//! assert_eq!(response.status(), 429);
//! assert_eq!(response.headers()["retry-after"], "8");
//! ```
//!
//! # Options
//!
//! The policy, clock and logging come from the installed [`Options`]; the problem
//! `type` base from its [`HttpOptions`] part. [`problem_response`] converts with
//! explicit options and context (e.g. to add the request id as `instance`). Each
//! error, rejections included, is logged once under the log policy, so the log of a
//! masked 500 has the real message and its cause.

mod extract;
mod fallback;
mod rejection;
mod scope;

pub use extract::{Json, Path, Query};
pub use fallback::{method_not_allowed, not_found};
pub use rejection::Rejection;
pub use scope::request_scope;

use ::axum_core::body::Body;
use ::axum_core::response::Response;
use ::http::StatusCode;
use ::http::header::{CONTENT_TYPE, HeaderValue, RETRY_AFTER};

use crate::integrations::call_scope::{self, Slot};
use crate::{Context, Options, Problem, Profile, ToolError};

/// The HTTP part of the [`Options`]: set it with
/// [`Options::with_http`](crate::Options::with_http).
///
/// The default problem profile has `type` `about:blank`.
#[derive(Clone, Debug, Default)]
pub struct HttpOptions {
    /// The problem profile responses are written with.
    pub(crate) problem: Problem,
}

/// The settings of options that set none.
static DEFAULT: HttpOptions = HttpOptions::new();

impl Options {
    /// What only HTTP APIs built with axum need.
    #[cfg_attr(docsrs, doc(cfg(feature = "axum")))]
    #[must_use]
    pub fn with_http(self, http: HttpOptions) -> Self {
        self.with_part(http)
    }

    /// The HTTP settings.
    pub(crate) fn http(&self) -> &HttpOptions {
        self.part().unwrap_or(&DEFAULT)
    }
}

impl HttpOptions {
    /// The defaults listed on the type.
    pub const fn new() -> Self {
        HttpOptions {
            problem: Problem::new(),
        }
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
    let envelope = options.logged_envelope(error, context);
    let problem = &options.http().problem;
    let status =
        StatusCode::from_u16(envelope.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    // The bytes as serde_json wrote them: a body need not be checked as a `String`.
    let mut body = Vec::with_capacity(crate::envelope::TEXT_ROOM);
    envelope.render_into(problem, &mut body);
    let mut response = Response::new(Body::from(body));
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

/// The conversion the derived `IntoResponse` impls run, with the installed options
/// and what [`request_scope`] knows of the request.
pub(crate) fn respond(error: &dyn ToolError) -> Response {
    let options = Options::installed();
    scope::RequestScope::with_current(|request| {
        let mut context = options.context();
        if let Some(request) = request {
            call_scope::record(&request.span, error);
            context = context.with_idempotent(request.method.is_idempotent());
            if let Some(route) = &request.route {
                context = context.with_operation(route);
            }
        }
        problem_response(error, &context, options)
    })
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
