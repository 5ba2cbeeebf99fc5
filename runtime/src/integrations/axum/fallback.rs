//! The router's answers when no handler runs: no route, or no such method.

use ::http::{Method, Uri};

use super::Rejection;

/// The router's fallback: a request no route matches is `ROUTE_NOT_FOUND` (404)
/// problem+json.
///
/// ```
/// let app: axum::Router = axum::Router::new()
///     .route("/docs", axum::routing::get(|| async { "[]" }))
///     .fallback(tool_error::axum::not_found);
/// ```
pub async fn not_found(method: Method, uri: Uri) -> Rejection {
    Rejection::RouteNotFound {
        method,
        path: uri.path().to_owned(),
    }
}

/// The routes' fallback for a method they do not take: `METHOD_NOT_ALLOWED` (405)
/// problem+json; axum adds the `Allow` header listing the methods the route takes.
///
/// axum's `Router::method_not_allowed_fallback` applies to the routes added before
/// it, so call it after the last `route`:
///
/// ```
/// let app: axum::Router = axum::Router::new()
///     .route("/docs", axum::routing::get(|| async { "[]" }))
///     .fallback(tool_error::axum::not_found)
///     .method_not_allowed_fallback(tool_error::axum::method_not_allowed);
/// ```
pub async fn method_not_allowed(method: Method, uri: Uri) -> Rejection {
    Rejection::MethodNotAllowed {
        method,
        path: uri.path().to_owned(),
    }
}
