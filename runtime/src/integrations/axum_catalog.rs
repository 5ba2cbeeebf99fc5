//! The catalog of the axum integration's [`Rejection`](crate::axum::Rejection).
//!
//! Compiled with or without the `axum` feature: every crate catalog lists these codes
//! among its built-in ones, and a lock or reference that changed with the enabled
//! features would differ between `cargo test -p a` and `cargo test --workspace`.
//! Only the type that sends them is gated.

use crate::args::ArgumentError;
use crate::catalog::FieldInfo;
use crate::{Catalog, Entry, Kind, StaticCatalog};

/// `Rejection`'s catalog. Its module path is the type's public one.
pub(crate) static REJECTION_CATALOG: Catalog =
    Catalog::new("Rejection", "tool_error::axum", &REJECTION_ENTRIES)
        .with_doc("A request axum's routing or an extractor turned down before its handler ran.");

/// One entry per variant, in declaration order (`Rejection::own_entry`).
pub(crate) const REJECTION_ENTRIES: [Entry; 7] = [
    Entry::new("RouteNotFound", "ROUTE_NOT_FOUND", Kind::NotFound)
        .with_fields(&[FieldInfo::new("method"), FieldInfo::new("path")])
        .with_suggestions(&["Check the method and path against the API's routes"])
        .with_doc("No route matches the request's path."),
    Entry::new("MethodNotAllowed", "METHOD_NOT_ALLOWED", Kind::Validation)
        .with_http_status(405)
        .with_fields(&[FieldInfo::new("method"), FieldInfo::new("path")])
        .with_suggestions(&["Use one of the methods the response's Allow header lists"])
        .with_doc("The path exists but does not accept the request's method."),
    Entry::new(
        "UnsupportedMediaType",
        "UNSUPPORTED_MEDIA_TYPE",
        Kind::Validation,
    )
    .with_http_status(415)
    .with_fields(&[FieldInfo::new("expected"), FieldInfo::new("actual")])
    .with_doc("The request body's Content-Type is not one the endpoint reads."),
    Entry::new("BodyTooLarge", "BODY_TOO_LARGE", Kind::Validation)
        .with_http_status(413)
        .with_suggestions(&["Send a smaller body"])
        .with_doc("The request body is larger than the server accepts."),
    Entry::new("BodyUnreadable", "BODY_UNREADABLE", Kind::Validation)
        .with_suggestions(&["Send the request again with its complete body"])
        .with_doc("The request body could not be read."),
    Entry::transparent(
        "InvalidArguments",
        <ArgumentError as StaticCatalog>::CATALOG,
    ),
    Entry::transparent("Server", &crate::integrations::foreign::FOREIGN_CATALOG),
];
