//! The request every handler error of a scoped router belongs to.

use std::cell::RefCell;
use std::sync::Arc;
use std::thread::LocalKey;

use ::axum::extract::{MatchedPath, Request};
use ::axum::middleware::Next;
use ::axum_core::response::Response;
use ::http::Method;

use crate::integrations::call_scope::{self, Scoped, Slot};

/// What the middleware records of a request.
pub(super) struct RequestScope {
    pub(super) method: Method,
    /// The route that matched (`/docs/{id}`), not the path: the operation an error
    /// is logged and counted under.
    pub(super) route: Option<String>,
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<RequestScope>>> = const { RefCell::new(None) };
}

impl Slot for RequestScope {
    fn slot() -> &'static LocalKey<RefCell<Option<Arc<Self>>>> {
        &CURRENT
    }
}

/// The request being handled on this thread, if a [`request_scope`] runs it.
pub(super) fn current() -> Option<Arc<RequestScope>> {
    call_scope::current()
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
pub async fn request_scope(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|matched| matched.as_str().to_owned());
    let scope = Arc::new(RequestScope {
        method: request.method().clone(),
        route,
    });
    Scoped::new(scope, next.run(request)).await
}
