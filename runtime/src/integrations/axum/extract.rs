//! `Json`, `Query` and `Path`: axum's extractors of the same names, deserialising
//! with [`args`](crate::args) so a bad field is named, and rejecting with
//! [`Rejection`].

use core::fmt;
use std::borrow::Cow;

use ::axum::body::Bytes;
use ::axum::extract::RawPathParams;
use ::axum_core::body::Body;
use ::axum_core::extract::{FromRequest, FromRequestParts, Request};
use ::axum_core::response::{IntoResponse, Response};
use ::http::header::{CONTENT_TYPE, HeaderValue};
use ::http::request::Parts;
use ::http::{HeaderMap, StatusCode};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::Rejection;
use crate::args::{self, ArgumentError, ViolationKind};

/// A JSON request or response body: axum's `Json`, with its rejections as
/// problem+json.
///
/// As an extractor it asks for `Content-Type: application/json` (or any
/// `application/*+json`) and deserialises the body with
/// [`args::from_slice`](crate::args::from_slice); a failure is a [`Rejection`]:
/// `UNSUPPORTED_MEDIA_TYPE` (415), `BODY_TOO_LARGE` (413), or `INVALID_ARGUMENTS`
/// (400) whose violation names the bad field's path, what was expected and what was
/// given (the whole body, with path `""`, when it is not JSON). As a response it is
/// `200 OK` with the value as `application/json`.
///
/// ```
/// use serde::{Deserialize, Serialize};
/// use tool_error::axum::Json;
///
/// #[derive(Deserialize, Serialize)]
/// struct NewDoc { title: String }
///
/// async fn add_doc(Json(doc): Json<NewDoc>) -> Json<NewDoc> {
///     Json(doc)
/// }
/// let _: axum::Router = axum::Router::new().route("/docs", axum::routing::post(add_doc));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Json<T>(pub T);

/// The media type `Json` reads and writes.
const JSON: &str = "application/json";

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = Rejection;

    async fn from_request(request: Request, state: &S) -> Result<Self, Rejection> {
        require_json(request.headers())?;
        let body = Bytes::from_request(request, state)
            .await
            .map_err(Rejection::from_body)?;
        Ok(Json(args::from_slice(&body)?))
    }
}

/// A JSON `Content-Type` ([`is_json`]), else the rejection naming the one given.
fn require_json(headers: &HeaderMap) -> Result<(), Rejection> {
    let given = headers
        .get(CONTENT_TYPE)
        .map(|value| String::from_utf8_lossy(value.as_bytes()));
    if given.as_deref().is_some_and(is_json) {
        return Ok(());
    }
    Err(Rejection::UnsupportedMediaType {
        expected: JSON,
        actual: given.map(Cow::into_owned),
    })
}

/// `application/json` or `application/<anything>+json`, parameters ignored.
fn is_json(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    essence.split_once('/').is_some_and(|(kind, subtype)| {
        kind.eq_ignore_ascii_case("application")
            && (subtype.eq_ignore_ascii_case("json")
                || subtype.to_ascii_lowercase().ends_with("+json"))
    })
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        match serde_json::to_vec(&self.0) {
            Ok(body) => {
                let mut response = Response::new(Body::from(body));
                *response.status_mut() = StatusCode::OK;
                response
                    .headers_mut()
                    .insert(CONTENT_TYPE, HeaderValue::from_static(JSON));
                response
            }
            // A value that cannot be JSON (a map with non-string keys...) is the
            // server's bug: a masked 500, the reason in the log.
            Err(error) => super::respond(&error),
        }
    }
}

/// Query parameters: axum's `Query`, with its rejections as problem+json.
///
/// The query string is decoded as `application/x-www-form-urlencoded` and
/// deserialised with [`args::from_pairs`](crate::args::from_pairs): a parameter is
/// read as a number, boolean or enum variant when its field asks for one. A missing
/// or bad parameter is an `INVALID_ARGUMENTS` [`Rejection`] (400) naming it.
///
/// ```
/// use serde::Deserialize;
/// use tool_error::axum::Query;
///
/// #[derive(Deserialize)]
/// struct Search { q: String, limit: Option<u8> }
///
/// async fn search(Query(search): Query<Search>) -> String {
///     format!("{} (at most {})", search.q, search.limit.unwrap_or(10))
/// }
/// let _: axum::Router = axum::Router::new().route("/search", axum::routing::get(search));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = Rejection;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        let pairs = form_urlencoded::parse(query.as_bytes());
        Ok(Query(args::from_pairs(pairs)?))
    }
}

/// Path parameters: axum's `Path`, with its rejections as problem+json.
///
/// A struct or map takes the parameters by name, a tuple by position, a single
/// value (`Path<String>`, `Path<u64>`) the route's only parameter; a value is read
/// as a number, boolean or enum variant when its field asks for one
/// ([`args::from_pairs`](crate::args::from_pairs)). A bad parameter is an
/// `INVALID_ARGUMENTS` [`Rejection`] (400) naming it.
///
/// ```
/// use tool_error::axum::Path;
///
/// async fn get_doc(Path(id): Path<u32>) -> String {
///     format!("document {id}")
/// }
/// let _: axum::Router = axum::Router::new().route("/docs/{id}", axum::routing::get(get_doc));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Path<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = Rejection;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Rejection> {
        let params = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(Rejection::from_path_params)?;
        match args::from_pairs(&params) {
            Ok(value) => Ok(Path(value)),
            // Too many or too few parameters for `T` is the route's doing, not the
            // client's (axum's `Path` answers 500 too).
            Err(error)
                if error.violations().iter().any(|violation| {
                    violation.kind() == ViolationKind::WrongLength && violation.field().is_empty()
                }) =>
            {
                Err(Rejection::Server(Box::new(RouteMismatch(error))))
            }
            Err(error) => Err(error.into()),
        }
    }
}

/// A route whose parameters do not fit the handler's `Path` type.
#[derive(Debug)]
struct RouteMismatch(ArgumentError);

impl fmt::Display for RouteMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the route's path parameters do not fit the handler's `Path` type: {}",
            self.0
        )
    }
}

impl std::error::Error for RouteMismatch {}
