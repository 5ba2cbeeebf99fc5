//! The HTTP surface: three routes, the fallbacks, and nothing else.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use tool_error::axum::{Json, Path, Query};
use tracing::Instrument;

use super::errors::LibraryError;
use super::store::{Document, Library, NewDocument, SearchResults};

/// `GET /search`'s parameters.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchParams {
    q: String,
    /// Any non-negative integer here; the library checks its own range.
    limit: Option<u64>,
}

/// The API's router over `library`.
pub fn router(library: Arc<Library>) -> Router {
    Router::new()
        .route("/docs/{id}", get(get_document))
        .route("/docs", axum::routing::post(add_document))
        .route("/search", get(search))
        // After the routes: the 405 fallback applies to the routes added before it.
        .fallback(tool_error::axum::not_found)
        .method_not_allowed_fallback(tool_error::axum::method_not_allowed)
        .layer(middleware::from_fn(in_request_span))
        // Handler errors know the request's method, so a transient one says
        // whether repeating the request is safe.
        .layer(middleware::from_fn(tool_error::axum::request_scope))
        .with_state(library)
}

/// Runs the request in a span naming its method and path, so each error's log
/// event says which request it answered.
async fn in_request_span(request: Request, next: Next) -> Response {
    let span = tracing::info_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
    );
    next.run(request).instrument(span).await
}

async fn get_document(
    State(library): State<Arc<Library>>,
    Path(id): Path<String>,
) -> Result<Json<Document>, LibraryError> {
    Ok(Json(library.get(&id)?))
}

async fn add_document(
    State(library): State<Arc<Library>>,
    Json(new): Json<NewDocument>,
) -> Result<impl IntoResponse, LibraryError> {
    let document = library.add(new)?;
    let location = format!("/docs/{}", document.id);
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(document),
    ))
}

async fn search(
    State(library): State<Arc<Library>>,
    Query(params): Query<SearchParams>,
) -> Result<Json<SearchResults>, LibraryError> {
    Ok(Json(library.search(&params.q, params.limit)?))
}
