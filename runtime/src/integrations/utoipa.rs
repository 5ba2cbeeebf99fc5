//! OpenAPI documentation with [utoipa](https://docs.rs/utoipa) 6 (and
//! utoipa-axum 0.3): every code an operation can answer, under its HTTP status, as
//! `application/problem+json`.
//!
//! # Derived types
//!
//! With the `utoipa` feature, every `#[derive(ToolError)]` type implements
//! `utoipa::IntoResponses`, so `#[utoipa::path(responses(OrderError))]` documents
//! it: one response per HTTP status its codes use, each with the content type
//! `application/problem+json`, the schema [`Problem`] (a `$ref` to the component
//! `#/components/schemas/Problem`, registered with `components(schemas(tool_error::Problem))`)
//! and one example per code, keyed by the code. A `transparent` variant contributes
//! the codes of the type it wraps.
//!
//! ```
//! use tool_error::ToolError;
//! use utoipa::IntoResponses;
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! enum OrderError {
//!     /// The order id is unknown.
//!     #[error("order {id} not found")]
//!     #[tool_error(kind = not_found, message = "order {id} not found",
//!                  suggest = "List orders with list_orders",
//!                  next_call(tool = "list_orders", args(customer = _), read_only))]
//!     NotFound { id: u64 },
//!     /// The payment provider failed.
//!     #[error("provider said: {reply}")]
//!     #[tool_error(kind = internal)]
//!     Provider { reply: String },
//! }
//!
//! let responses = serde_json::to_value(OrderError::responses()).unwrap();
//! let content = &responses["404"]["content"]["application/problem+json"];
//! assert_eq!(content["schema"]["$ref"], "#/components/schemas/Problem");
//! assert_eq!(
//!     content["examples"]["NOT_FOUND"]["value"],
//!     serde_json::json!({
//!         "type": "about:blank", "title": "Not Found", "status": 404,
//!         "detail": "order {id} not found",
//!         "code": "NOT_FOUND", "kind": "NOT_FOUND", "recoverable": true,
//!         "details": {"id": "{id}"},
//!         "suggestions": ["List orders with list_orders"],
//!         "next_calls": [{"tool": "list_orders", "arguments": {},
//!                         "caller_supplies": ["customer"], "read_only": true}]
//!     })
//! );
//! // An internal error's message is masked, in the example as on the wire.
//! let internal = &responses["500"]["content"]["application/problem+json"]["examples"]["PROVIDER"];
//! assert_eq!(internal["value"]["detail"], "Internal error");
//! ```
//!
//! # What an example shows
//!
//! An example is the body a client receives, rendered by the [`Problem`] profile
//! from a stand-in for an error of that code, under the installed [`Options`]:
//! `type`, `title`, `status`, `code`, `kind`, `recoverable` and `category` as sent;
//! `detail` the `message = "..."` template, the masked text for an internal error
//! without one, or else the code's description (the real message is the error's
//! own, known at run time); `details` one key per field, the value a placeholder
//! (`"{id}"`) or the redaction marker; `suggestions` and the arguments of
//! `next_calls` as their templates are written, placeholders in braces; arguments
//! the caller supplies listed in `caller_supplies`. No example holds a value of an
//! error, so none holds a redacted value or a masked message.
//!
//! The examples follow the [`Options`] installed when the document is built (their
//! [`Policy`](crate::Policy): masking, redaction, how many suggestions are shown;
//! with the `axum` feature, the problem profile's type base, which changes `type`
//! and `title`), the defaults when none are. What only run time knows is said in
//! the example's description: the message of a variant without a `message`
//! template (its `Display`), a `#[tool_error(details)]` value, suggestions added at
//! run time, `retry_after`; and for every code, `instance`, `tool`, `timestamp` and
//! `retry`, which come from the request when the options show them.
//!
//! # More than one type
//!
//! utoipa keeps one response per status: listing two types whose statuses overlap
//! (a handler's error and the axum integration's
//! [`Rejection`](crate::axum::Rejection)) would let the second replace the first.
//! [`Merged`] lists the codes of several types together, and an
//! [`AnyError`](crate::AnyError), whose codes are known only at run time, is the
//! `default` response:
//!
//! ```text
//! #[utoipa::path(get, path = "/orders/{id}",
//!     responses((status = 200, body = Order),
//!               tool_error::utoipa::Merged<(OrderError, tool_error::axum::Rejection)>))]
//! ```
//!
//! [`responses`] does the same for any list of catalogs, under explicit options.

use core::fmt;
use core::marker::PhantomData;
use std::borrow::Cow;
use std::collections::BTreeMap;

use ::utoipa::openapi::example::{Example, ExampleBuilder};
use ::utoipa::openapi::response::{Response, ResponseBuilder};
use ::utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use ::utoipa::openapi::{ContentBuilder, Header, Ref, RefOr};
use ::utoipa::{IntoResponses, PartialSchema, ToSchema};
use serde_json::Value;

use crate::__private::Fields;
use crate::next_call::{ArgumentValue, CallSpec, NextCallWriter};
use crate::profile::{error_status, reason_phrase};
use crate::writers::Detail;
use crate::{
    AnyError, Catalog, DetailWriter, Entry, Envelope, Kind, NextCall, Options, Problem,
    StaticCatalog, SuggestionWriter, ToolError,
};

/// The media type of every response.
const PROBLEM_JSON: &str = "application/problem+json";

/// The name of [`Problem`]'s schema among the document's components.
const COMPONENT: &str = "Problem";

/// The responses of every code in `catalogs` (transparent variants replaced by the
/// codes they wrap), one per HTTP status, keyed by the status, with the examples
/// `options` shows. A code listed twice is documented once, as first found.
///
/// What the derived `IntoResponses` impls and [`Merged`] return, under the installed
/// options; call it to document under other ones, or to combine catalogs in code.
///
/// ```
/// use tool_error::{Options, Policy, StaticCatalog, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("quota used up")]
/// #[tool_error(kind = permission, suggest = "Ask for a larger quota")]
/// struct QuotaExceeded;
///
/// let terse = Options::new().with_policy(Policy::DEFAULT.with_suggestions(false));
/// let responses = tool_error::utoipa::responses(&[QuotaExceeded::CATALOG], &terse);
/// let value = serde_json::to_value(&responses).unwrap();
/// let example = &value["403"]["content"]["application/problem+json"]["examples"]["QUOTA_EXCEEDED"];
/// assert_eq!(example["value"]["code"], "QUOTA_EXCEEDED");
/// assert!(example["value"].get("suggestions").is_none());
/// ```
pub fn responses(
    catalogs: &[&'static Catalog],
    options: &Options,
) -> BTreeMap<String, RefOr<Response>> {
    let problem = problem_profile(options);
    let mut by_status: BTreeMap<u16, Vec<&'static Entry>> = BTreeMap::new();
    let mut codes: Vec<&'static str> = Vec::new();
    for catalog in catalogs {
        for (_, entry) in catalog.leaves() {
            if codes.contains(&entry.code) {
                continue;
            }
            codes.push(entry.code);
            by_status
                .entry(error_status(entry.http_status))
                .or_default()
                .push(entry);
        }
    }
    by_status
        .into_iter()
        .map(|(status, entries)| {
            let response = response(status, &entries, options, &problem);
            (status.to_string(), RefOr::T(response))
        })
        .collect()
}

/// The responses of several derived types together, for
/// `#[utoipa::path(responses(...))]`: `Merged<(OrderError, Rejection)>` lists the
/// codes of both, a status both use once with the codes of each (listing the two
/// types one after the other would keep only the second's response for that
/// status). Tuples of one to eight types.
///
/// ```
/// use tool_error::ToolError;
/// use tool_error::utoipa::Merged;
/// use utoipa::IntoResponses;
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("no such order")]
/// #[tool_error(kind = not_found)]
/// struct OrderMissing;
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("no such customer")]
/// #[tool_error(kind = not_found)]
/// struct CustomerMissing;
///
/// let responses = serde_json::to_value(Merged::<(OrderMissing, CustomerMissing)>::responses()).unwrap();
/// let examples = &responses["404"]["content"]["application/problem+json"]["examples"];
/// assert!(examples["ORDER_MISSING"].is_object() && examples["CUSTOMER_MISSING"].is_object());
/// ```
pub struct Merged<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> core::fmt::Debug for Merged<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Merged")
    }
}

macro_rules! merged {
    ($($name:ident)+) => {
        impl<$($name: StaticCatalog),+> IntoResponses for Merged<($($name,)+)> {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                responses(&[$($name::CATALOG),+], Options::installed())
            }
        }
    };
}

merged!(A);
merged!(A B);
merged!(A B C);
merged!(A B C D);
merged!(A B C D E);
merged!(A B C D E F);
merged!(A B C D E F G);
merged!(A B C D E F G H);

/// An [`AnyError`] can hold any error, so its codes and statuses are known only at
/// run time: it is documented as the `default` response, a problem+json body
/// without examples.
impl IntoResponses for AnyError {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let content = ContentBuilder::new()
            .schema(Some(Ref::from_schema_name(COMPONENT)))
            .build();
        let response = ResponseBuilder::new()
            .description(
                "Any other error the handler meets: its code, status and body are known only \
                 at run time.",
            )
            .content(PROBLEM_JSON, content)
            .build();
        BTreeMap::from([("default".to_owned(), RefOr::T(response))])
    }
}

/// The schema of what the [`Problem`] profile writes, [`Problem::SCHEMA`] itself, as
/// the OpenAPI component `Problem` that the responses refer to.
impl PartialSchema for Problem {
    fn schema() -> RefOr<Schema> {
        problem_schema().unwrap_or_else(|| RefOr::T(Schema::default()))
    }
}

/// [`Problem::SCHEMA`] read as utoipa's schema, less the keywords only a standalone
/// JSON Schema document has. utoipa reads a schema that says nothing of its type
/// (`details`, any value) only with an explicit `"type": null`, which it writes
/// back as no `type` at all. `None` only if the published schema stopped reading
/// as one, which a test rules out.
fn problem_schema() -> Option<RefOr<Schema>> {
    let mut schema: Value = serde_json::from_str(Problem::SCHEMA).ok()?;
    let object = schema.as_object_mut()?;
    object.remove("$schema");
    object.remove("$id");
    if let Some(Value::Object(properties)) = object.get_mut("properties") {
        for property in properties.values_mut().filter_map(Value::as_object_mut) {
            property.entry("type").or_insert(Value::Null);
        }
    }
    serde_json::from_value(schema).ok()
}

/// Registered with `#[openapi(components(schemas(tool_error::Problem)))]` (or
/// `Components::schema_from`).
impl ToSchema for Problem {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed(COMPONENT)
    }
}

/// The problem profile the options send bodies with: the axum integration's, with
/// its type base, when there is one.
fn problem_profile(options: &Options) -> Cow<'_, Problem> {
    #[cfg(feature = "axum")]
    return Cow::Borrowed(&options.http().problem);
    #[cfg(not(feature = "axum"))]
    {
        let _ = options;
        Cow::Owned(Problem::new())
    }
}

/// One status's response: its codes' examples, and `Retry-After` when one of them
/// can carry a retry hint.
fn response(
    status: u16,
    entries: &[&'static Entry],
    options: &Options,
    problem: &Problem,
) -> Response {
    let codes: Vec<&str> = entries.iter().map(|entry| entry.code).collect();
    let examples = entries
        .iter()
        .map(|entry| (entry.code, example(entry, options, problem)));
    let content = ContentBuilder::new()
        .schema(Some(Ref::from_schema_name(COMPONENT)))
        .examples_from_iter(examples)
        .build();
    let mut response = ResponseBuilder::new()
        .description(format!("{}: {}", reason_phrase(status), codes.join(", ")))
        .content(PROBLEM_JSON, content);
    if entries.iter().any(|entry| entry.retry_after) {
        let seconds = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(0));
        let mut header = Header::new(seconds);
        header.description = Some(
            "Seconds to wait before retrying, rounded up; sent when the error has a retry hint."
                .to_owned(),
        );
        response = response.header("Retry-After", header);
    }
    response.build()
}

/// The example of one code: the body the problem profile writes for its stand-in,
/// with what only run time knows said in the description.
fn example(entry: &'static Entry, options: &Options, problem: &Problem) -> Example {
    let stand_in = StandIn(entry);
    let envelope = Envelope::new(&stand_in).with_policy(options.policy());
    let mut notes: Vec<&str> = Vec::new();
    if entry.message.is_none() && !envelope.is_masked() {
        notes.push("`detail` is the error's message, known at run time; shown here, the code's description.");
    }
    if entry.retry_after {
        notes.push("`retry_after` (and `Retry-After`) come from the error, at run time.");
    }
    if entry.details_field && options.policy().include_details {
        notes.push("`details` is a value of the error, known at run time.");
    }
    if entry.dynamic_suggestions && envelope.shows_suggestions() {
        notes.push("More suggestions are added at run time.");
    }
    if entry.dynamic_next_calls && envelope.shows_suggestions() {
        notes.push("More next calls are built at run time.");
    }
    let mut example = ExampleBuilder::new()
        .summary(match entry.summary() {
            "" => entry.code,
            summary => summary,
        })
        .value(Some(envelope.to_value(problem)));
    if !notes.is_empty() {
        example = example.description(notes.join(" "));
    }
    example.build()
}

/// An error of one catalog entry, holding no value: its message is the `message`
/// template as written (else the code's description), each detail a placeholder
/// naming its field, its suggestions and next calls as declared.
#[derive(Debug)]
struct StandIn(&'static Entry);

impl fmt::Display for StandIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entry = self.0;
        // The description whole (its first paragraph), not the summary's first
        // line, which may stop mid-sentence.
        let description = entry.description();
        match entry.message {
            Some(message) => f.write_str(message),
            None if !description.is_empty() => f.write_str(&description),
            None => f.write_str(entry.code),
        }
    }
}

impl ToolError for StandIn {
    fn code(&self) -> &'static str {
        self.0.code
    }
    fn kind(&self) -> Kind {
        self.0.kind
    }
    fn recoverable(&self) -> bool {
        self.0.recoverable
    }
    fn category(&self) -> Option<&'static str> {
        self.0.category
    }
    fn message_is_public(&self) -> bool {
        self.0.message.is_some()
    }
    fn details(&self, details: &mut DetailWriter<'_>) {
        if self.0.details_field {
            return;
        }
        for field in self.0.fields {
            let placeholder = format!("{{{}}}", field.name);
            match field.redact {
                true => details.redacted(field.name, &placeholder),
                false => details.field(field.name, &placeholder),
            };
        }
    }
    fn suggestions(&self, suggestions: &mut SuggestionWriter<'_>) {
        for template in self.0.suggestions {
            suggestions.push_str(template);
        }
    }
    fn next_calls(&self, calls: &mut NextCallWriter<'_>) {
        // Each field a declared call sends, at its index, is its placeholder; with
        // no slots, a text's placeholders stay as written.
        let mut placeholders: Vec<String> = Vec::new();
        for argument in self.0.next_calls.iter().flat_map(CallSpec::arguments) {
            if let ArgumentValue::Field { field, index, .. } = argument.value() {
                if placeholders.len() <= index {
                    placeholders.resize(index + 1, String::new());
                }
                placeholders[index] = format!("{{{field}}}");
            }
        }
        let values: Vec<&dyn Detail> = placeholders.iter().map(|p| p as &dyn Detail).collect();
        let fields = Fields::new(&[], &[]).with_call_values(&values);
        for spec in self.0.next_calls {
            calls.push(&NextCall::declared(spec, &[], &fields));
        }
    }
    fn http_status(&self) -> u16 {
        self.0.http_status
    }
    fn entry(&self) -> Option<&'static Entry> {
        Some(self.0)
    }
}

/// Implements `IntoResponses` for a derived type: its catalog's responses under the
/// installed options.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_utoipa {
    ([$($generics:tt)*] [$($ty:tt)*] [$($where:tt)*]) => {
        #[automatically_derived]
        impl $($generics)* $crate::__private::utoipa::IntoResponses for $($ty)* $($where)* {
            fn responses() -> $crate::__private::utoipa::Responses {
                $crate::__private::utoipa::responses(
                    <Self as $crate::__private::StaticCatalog>::CATALOG,
                )
            }
        }
    };
}

#[cfg(feature = "axum")]
crate::__tool_error_utoipa! { [] [crate::axum::Rejection] [] }

#[cfg(test)]
mod tests;
