//! What axum's routing and this module's extractors turn down, as one error type.

use core::fmt;
use std::error::Error as StdError;

use ::axum::extract::rejection::{BytesRejection, FailedToBufferBody, RawPathParamsRejection};
use ::axum_core::response::{IntoResponse, Response};
use ::http::Method;

use crate::args::{ArgumentError, Violation, ViolationKind};
use crate::integrations::axum_catalog::{REJECTION_CATALOG, REJECTION_ENTRIES};
use crate::{Catalog, DetailWriter, Entry, Kind, StaticCatalog, SuggestionWriter, ToolError};

/// A request turned down before its handler ran: no route, a method the route does
/// not take, a body that is not JSON or does not fit the handler's type.
///
/// Each case is a [`ToolError`] with its own code, kind and status, so it renders as
/// problem+json under the installed [`Options`](crate::Options) and is logged once,
/// like the handlers' own errors:
///
/// | variant | code | kind | status |
/// | --- | --- | --- | --- |
/// | [`RouteNotFound`](Self::RouteNotFound) | `ROUTE_NOT_FOUND` | `NOT_FOUND` | 404 |
/// | [`MethodNotAllowed`](Self::MethodNotAllowed) | `METHOD_NOT_ALLOWED` | `VALIDATION` | 405 (axum adds `Allow`) |
/// | [`UnsupportedMediaType`](Self::UnsupportedMediaType) | `UNSUPPORTED_MEDIA_TYPE` | `VALIDATION` | 415 |
/// | [`BodyTooLarge`](Self::BodyTooLarge) | `BODY_TOO_LARGE` | `VALIDATION` | 413 |
/// | [`BodyUnreadable`](Self::BodyUnreadable) | `BODY_UNREADABLE` | `VALIDATION` | 400 |
/// | [`InvalidArguments`](Self::InvalidArguments) | `INVALID_ARGUMENTS` ([`ArgumentError`]) | `VALIDATION` | 400 |
/// | [`Server`](Self::Server) | `INTERNAL_ERROR`, masked | `INTERNAL` | 500 |
///
/// A body that is not JSON, a field of the wrong type and a missing field are all
/// `INVALID_ARGUMENTS`, with one [`Violation`] naming the field's path (empty for
/// the body as a whole), what was expected and what was given, the same error an
/// MCP tool's arguments get. Its status is 400 whatever the violation, so the code
/// has one status on every route and in every catalog (axum's own `Json` answers 422
/// for a body that parses but does not fit).
///
/// ```
/// use tool_error::ToolError;
/// use tool_error::axum::Rejection;
///
/// let rejection = Rejection::RouteNotFound {
///     method: http::Method::GET,
///     path: "/nope".into(),
/// };
/// assert_eq!(rejection.code(), "ROUTE_NOT_FOUND");
/// assert_eq!(rejection.http_status(), 404);
/// assert_eq!(rejection.to_string(), "no route for GET /nope");
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum Rejection {
    /// No route matches the path (the router's fallback).
    RouteNotFound {
        /// The request's method.
        method: Method,
        /// The request's path.
        path: String,
    },
    /// A route matches the path, but not the method (the routes' fallback).
    MethodNotAllowed {
        /// The request's method.
        method: Method,
        /// The request's path.
        path: String,
    },
    /// The body's `Content-Type` is not the one the extractor reads.
    UnsupportedMediaType {
        /// The media type the extractor reads, e.g. `application/json`.
        expected: &'static str,
        /// The request's `Content-Type`, if it had one.
        actual: Option<String>,
    },
    /// The body is larger than the server's limit (axum's `DefaultBodyLimit`,
    /// 2 MB unless changed).
    BodyTooLarge,
    /// The body could not be read (the connection broke, a malformed chunk...).
    BodyUnreadable(Box<dyn StdError + Send + Sync>),
    /// The body, query or path parameters do not fit the handler's type.
    InvalidArguments(ArgumentError),
    /// The server is set up wrongly (e.g. `Path` on a route without parameters):
    /// a masked internal error, its text kept for the log.
    Server(Box<dyn StdError + Send + Sync>),
}

impl Rejection {
    /// The error that decides everything for the wrapping variants.
    fn inner(&self) -> Option<&dyn ToolError> {
        match self {
            Rejection::InvalidArguments(error) => Some(error),
            Rejection::Server(error) => Some(error),
            _ => None,
        }
    }

    /// The variant's entry: the catalog lists them in declaration order.
    fn own_entry(&self) -> &'static Entry {
        let index = match self {
            Rejection::RouteNotFound { .. } => 0,
            Rejection::MethodNotAllowed { .. } => 1,
            Rejection::UnsupportedMediaType { .. } => 2,
            Rejection::BodyTooLarge => 3,
            Rejection::BodyUnreadable(_) => 4,
            Rejection::InvalidArguments(_) => 5,
            Rejection::Server(_) => 6,
        };
        &REJECTION_ENTRIES[index]
    }

    /// A body that could not be buffered.
    pub(super) fn from_body(rejection: BytesRejection) -> Self {
        match rejection {
            BytesRejection::FailedToBufferBody(FailedToBufferBody::LengthLimitError(_)) => {
                Rejection::BodyTooLarge
            }
            other => Rejection::BodyUnreadable(Box::new(other)),
        }
    }

    /// Path parameters axum could not hand over.
    pub(super) fn from_path_params(rejection: RawPathParamsRejection) -> Self {
        match rejection {
            // The client's doing: a parameter that is not UTF-8 once decoded. axum
            // names the parameter only in its text.
            RawPathParamsRejection::InvalidUtf8InPathParam(error) => {
                Rejection::InvalidArguments(ArgumentError::new(
                    Violation::new(
                        ViolationKind::InvalidValue,
                        "",
                        "UTF-8 text once percent-decoded",
                        "invalid UTF-8",
                    )
                    .with_message(error.to_string()),
                ))
            }
            other => Rejection::Server(Box::new(other)),
        }
    }
}

impl From<ArgumentError> for Rejection {
    fn from(error: ArgumentError) -> Self {
        Rejection::InvalidArguments(error)
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::RouteNotFound { method, path } => write!(f, "no route for {method} {path}"),
            Rejection::MethodNotAllowed { method, path } => {
                write!(f, "{path} does not accept {method}")
            }
            Rejection::UnsupportedMediaType { expected, actual } => {
                let actual = actual.as_deref().unwrap_or("no Content-Type");
                write!(
                    f,
                    "expected a body with Content-Type {expected}, got {actual}"
                )
            }
            Rejection::BodyTooLarge => f.write_str("the request body is larger than allowed"),
            Rejection::BodyUnreadable(_) => f.write_str("the request body could not be read"),
            Rejection::InvalidArguments(error) => error.fmt(f),
            Rejection::Server(error) => error.fmt(f),
        }
    }
}

impl ToolError for Rejection {
    fn code(&self) -> &'static str {
        match self.inner() {
            Some(inner) => inner.code(),
            None => self.own_entry().code(),
        }
    }

    fn kind(&self) -> Kind {
        match self.inner() {
            Some(inner) => inner.kind(),
            None => self.own_entry().kind(),
        }
    }

    fn http_status(&self) -> u16 {
        match self.inner() {
            Some(inner) => inner.http_status(),
            None => self.own_entry().http_status(),
        }
    }

    fn fmt_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.inner() {
            Some(inner) => inner.fmt_message(f),
            None => fmt::Display::fmt(self, f),
        }
    }

    fn message_is_public(&self) -> bool {
        // Our own messages only say what the request did; a wrapped error decides.
        self.inner().is_none_or(|inner| inner.message_is_public())
    }

    fn details(&self, details: &mut DetailWriter<'_>) {
        match self {
            Rejection::RouteNotFound { method, path }
            | Rejection::MethodNotAllowed { method, path } => {
                details
                    .field("method", &method.as_str())
                    .field("path", path);
            }
            Rejection::UnsupportedMediaType { expected, actual } => {
                details.field("expected", expected).field("actual", actual);
            }
            Rejection::BodyTooLarge | Rejection::BodyUnreadable(_) => {}
            Rejection::InvalidArguments(error) => error.details(details),
            Rejection::Server(error) => error.details(details),
        }
    }

    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        match self {
            Rejection::UnsupportedMediaType { expected, .. } => {
                suggestions.push(&format_args!(
                    "Send the body with the header Content-Type: {expected}"
                ));
            }
            Rejection::InvalidArguments(error) => error.suggestions(suggestions),
            Rejection::Server(error) => error.suggestions(suggestions),
            other => {
                for suggestion in other.own_entry().suggestions() {
                    suggestions.push_str(suggestion);
                }
            }
        }
    }

    fn catalog(&self) -> Option<&'static Catalog> {
        Some(&REJECTION_CATALOG)
    }

    fn entry(&self) -> Option<&'static Entry> {
        match self.inner() {
            Some(inner) => inner.entry(),
            None => Some(self.own_entry()),
        }
    }

    fn source_error(&self) -> Option<&(dyn StdError + 'static)> {
        match self {
            Rejection::BodyUnreadable(error) => Some(&**error),
            Rejection::Server(error) => error.source(),
            _ => None,
        }
    }
}

impl StaticCatalog for Rejection {
    const CATALOG: &'static Catalog = &REJECTION_CATALOG;
}

impl IntoResponse for Rejection {
    fn into_response(self) -> Response {
        super::respond(&self)
    }
}
