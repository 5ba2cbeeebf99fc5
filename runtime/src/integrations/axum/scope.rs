//! The request every handler error of a scoped router belongs to.

use std::cell::Cell;
use std::thread::LocalKey;

use ::axum::extract::{MatchedPath, Request};
use ::axum::middleware::Next;
use ::axum_core::response::Response;
use ::http::Method;

use tracing::Instrument;
use tracing::field::Empty;

use crate::integrations::call_scope::{Scoped, Slot};

/// What the middleware records of a request.
pub(super) struct RequestScope {
    pub(super) method: Method,
    /// The route that matched (`/docs/{id}`), not the path: the operation an error
    /// is logged and counted under.
    pub(super) route: Option<String>,
    /// The request's server span.
    pub(super) span: tracing::Span,
}

thread_local! {
    static CURRENT: Cell<Option<Box<RequestScope>>> = const { Cell::new(None) };
}

impl Slot for RequestScope {
    fn slot() -> &'static LocalKey<Cell<Option<Box<Self>>>> {
        &CURRENT
    }
}

/// Middleware that lets every error converted while a request is handled know
/// the request: its method decides whether the error's retry advice says repeating
/// the request unchanged is safe (`GET`, `HEAD`, `OPTIONS`, `TRACE`, `PUT` and
/// `DELETE` are idempotent, RFC 9110; `POST` and `PATCH` are not), and the route
/// that matched (`/docs/{id}`) is the operation the error is logged and counted
/// under. One line, after the routes:
///
/// ```
/// use axum::routing::post;
/// # async fn add_doc() -> &'static str { "" }
///
/// let app: axum::Router = axum::Router::new()
///     .route("/docs", post(add_doc))
///     .layer(axum::middleware::from_fn(tool_error::axum::request_scope));
/// ```
///
/// Without it a handler's transient error advises checking before any retry,
/// whatever the method, since nothing tells the conversion what the request did.
///
/// Each request also runs in a server span after OpenTelemetry's HTTP conventions
/// (`{method} {route}`, `http.request.method`, `http.route`,
/// `http.response.status_code`), marked an error (`error.type` the status,
/// `otel.status_code`) for a 5xx answer only, and carrying the contract of the
/// error it was answered with as `tool_error.code`, `tool_error.kind` and
/// `tool_error.recoverable`. A server that already opens such spans (tower-http's
/// `TraceLayer`) gets this one as a child.
pub async fn request_scope(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|matched| matched.as_str().to_owned());
    let method = request.method().clone();
    let span = request_span(&method, route.as_deref());
    let scope = RequestScope {
        method,
        route,
        span: span.clone(),
    };
    let response = Scoped::new(scope, next.run(request))
        .instrument(span.clone())
        .await;
    let status = response.status();
    span.record("http.response.status_code", status.as_u16());
    // HTTP's conventions: a server span is an error for a 5xx answer only; a 4xx
    // is the client's.
    if status.is_server_error() {
        span.record("error.type", status.as_str());
        span.record("otel.status_code", "error");
    }
    response
}

/// The request's server span, after OpenTelemetry's HTTP conventions: named
/// `{method} {route}`, with the method and the route; the status and the error's
/// contract are filled in when the answer is known.
fn request_span(method: &Method, route: Option<&str>) -> tracing::Span {
    let name = match route {
        Some(route) => format!("{method} {route}"),
        None => method.to_string(),
    };
    tracing::info_span!(
        target: "tool_error",
        "request",
        otel.name = name,
        otel.kind = "server",
        otel.status_code = Empty,
        http.request.method = method.as_str(),
        http.route = route,
        http.response.status_code = Empty,
        error.type = Empty,
        tool_error.code = Empty,
        tool_error.kind = Empty,
        tool_error.recoverable = Empty,
    )
}
