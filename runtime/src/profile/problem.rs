//! RFC 9457 problem details.

use std::borrow::Cow;

use serde::Serializer;
use serde::ser::SerializeMap;

use crate::{Envelope, Profile};

/// RFC 9457 `application/problem+json`.
///
/// Standard members: `type` (the code's documentation URL when it declares one with
/// `docs = "..."`, else the code appended to the profile's base URI, else
/// `about:blank`), `title` (with a `type` URI, the first line of the code's catalog
/// description when it has one, since RFC 9457 ties the title to the type; else the
/// HTTP reason phrase), `status`, `detail` (the message), `instance` (the request id). The
/// envelope's other fields are extension members: `code`, `kind`, `recoverable`,
/// `retry`, `category`, `retry_after`, `details`, `suggestions`, `next_calls`, `tool`, `timestamp`.
///
/// ```
/// use tool_error::{Envelope, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("order {id} not found")]
/// #[tool_error(kind = not_found, suggest = "List orders with list_orders")]
/// struct OrderMissing {
///     id: u64,
/// }
///
/// let error = OrderMissing { id: 7 };
/// let problem = tool_error::Problem::with_type_base("https://errors.example.com/");
/// let document = Envelope::new(&error).to_value(&problem);
/// assert_eq!(document["type"], "https://errors.example.com/ORDER_MISSING");
/// assert_eq!(document["status"], 404);
/// assert_eq!(document["title"], "Not Found");
/// assert_eq!(document["detail"], "order 7 not found");
/// assert_eq!(document["kind"], "NOT_FOUND");
/// assert_eq!(tool_error::Profile::content_type(&problem), "application/problem+json");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    type_base: Option<Cow<'static, str>>,
}

impl Problem {
    /// The JSON Schema (draft 2020-12) of the documents this profile writes, also
    /// shipped as `schema/problem.schema.json` in the crate. With the `utoipa`
    /// feature, `Problem` is also the OpenAPI component of that schema.
    ///
    /// ```
    /// let schema: serde_json::Value = serde_json::from_str(tool_error::Problem::SCHEMA).unwrap();
    /// assert_eq!(
    ///     schema["required"],
    ///     serde_json::json!(["type", "title", "status", "detail", "code", "kind", "recoverable"])
    /// );
    /// ```
    pub const SCHEMA: &'static str = include_str!("../../schema/problem.schema.json");

    /// `type` is `about:blank`.
    pub const fn new() -> Self {
        Problem { type_base: None }
    }

    /// `type` is `base` followed by the code, e.g. `https://errors.example.com/` +
    /// `MODEL_NOT_FOUND`, for codes that declare no documentation URL of their own.
    pub fn with_type_base(base: impl Into<Cow<'static, str>>) -> Self {
        Problem {
            type_base: Some(base.into()),
        }
    }
}

impl Profile for Problem {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let status = envelope.http_status();
        let mut map = serializer.serialize_map(None)?;
        let docs_url = envelope.docs_url();
        match (docs_url, &self.type_base) {
            (Some(url), _) => map.serialize_entry("type", url)?,
            (None, Some(base)) => {
                map.serialize_entry("type", &format_args!("{base}{}", envelope.code()))?
            }
            (None, None) => map.serialize_entry("type", "about:blank")?,
        }
        let has_type = docs_url.is_some() || self.type_base.is_some();
        let summary = has_type
            .then(|| envelope.error().entry())
            .flatten()
            .map(|entry| entry.summary())
            .filter(|summary| !summary.is_empty());
        map.serialize_entry("title", summary.unwrap_or_else(|| reason_phrase(status)))?;
        map.serialize_entry("status", &status)?;
        map.serialize_entry("detail", &envelope.message())?;
        if let Some(request_id) = envelope.request_id() {
            // A URI reference, so always a string, whatever the id's JSON type.
            map.serialize_entry("instance", &format_args!("{request_id}"))?;
        }
        map.serialize_entry("code", envelope.code())?;
        map.serialize_entry("kind", &envelope.kind())?;
        map.serialize_entry("recoverable", &envelope.recoverable())?;
        // No `domain`: it is not one of the problem members.
        super::write_common(&mut map, envelope, None)?;
        if let Some(tool) = envelope.tool() {
            map.serialize_entry("tool", &tool)?;
        }
        if let Some(timestamp) = envelope.timestamp() {
            map.serialize_entry("timestamp", &timestamp)?;
        }
        map.end()
    }

    fn content_type(&self) -> &'static str {
        "application/problem+json"
    }
}

/// The status an error response carries: `status` when it is a 4xx or 5xx, else
/// 500 (a hand-written impl's 0 or 200 cannot answer an error). The problem body,
/// the axum response and the OpenAPI document all say this one.
pub(crate) const fn error_status(status: u16) -> u16 {
    match status {
        400..=599 => status,
        _ => 500,
    }
}

/// The reason phrase of an HTTP status (RFC 9110), `"Error"` for unknown ones.
pub(crate) const fn reason_phrase(status: u16) -> &'static str {
    match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        402 => "Payment Required",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        407 => "Proxy Authentication Required",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        411 => "Length Required",
        412 => "Precondition Failed",
        413 => "Content Too Large",
        414 => "URI Too Long",
        415 => "Unsupported Media Type",
        416 => "Range Not Satisfiable",
        417 => "Expectation Failed",
        421 => "Misdirected Request",
        422 => "Unprocessable Content",
        423 => "Locked",
        424 => "Failed Dependency",
        425 => "Too Early",
        426 => "Upgrade Required",
        428 => "Precondition Required",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        451 => "Unavailable For Legal Reasons",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        505 => "HTTP Version Not Supported",
        506 => "Variant Also Negotiates",
        507 => "Insufficient Storage",
        508 => "Loop Detected",
        510 => "Not Extended",
        511 => "Network Authentication Required",
        _ => "Error",
    }
}
