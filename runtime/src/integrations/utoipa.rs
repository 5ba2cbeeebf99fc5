//! OpenAPI documentation with [utoipa](https://docs.rs/utoipa): every code an
//! operation can answer, under its HTTP status, as `application/problem+json`.
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
//! An example is the body a client receives, as far as the catalog knows it without
//! an error value: `type`, `title`, `status`, `code`, `kind`, `recoverable` and
//! `category` as sent; `detail` the `message = "..."` template, or the masked text
//! for an internal error without one; `details` one key per field, the value a
//! placeholder (`"{id}"`) or the redaction marker; `suggestions` and the
//! arguments of `next_calls` as their templates are written, placeholders in braces;
//! arguments the caller supplies listed in `caller_supplies`. No example holds a
//! value of an error, so none holds a redacted value or a masked message.
//!
//! The examples follow the [`Options`] installed when the document is built (their
//! [`Policy`](crate::Policy): masking, redaction, which suggestions are shown; with
//! the `axum` feature, the problem profile's type base, which changes `type` and
//! `title`), the defaults when none are. What only run time knows is left out and
//! said in the example's description: the message of a variant without a `message`
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

use core::marker::PhantomData;
use std::borrow::Cow;
use std::collections::BTreeMap;

use ::utoipa::openapi::response::{Response, ResponseBuilder};
use ::utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, ObjectBuilder, Schema, SchemaFormat, SchemaType, Type,
};
use ::utoipa::openapi::{ContentBuilder, Header, Ref, RefOr, example::ExampleBuilder};
use ::utoipa::{IntoResponses, PartialSchema, ToSchema};
use serde_json::{Map, Value, json};

use crate::next_call::{ArgumentValue, CallSpec};
use crate::profile::{error_status, reason_phrase};
use crate::{AnyError, Catalog, Entry, Kind, Options, Problem, StaticCatalog};

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
    let shown = Shown::new(options);
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
            let response = response(status, &entries, &shown);
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

/// The schema of what the [`Problem`] profile writes ([`Problem::SCHEMA`]), as the
/// OpenAPI component `Problem` that the responses refer to.
impl PartialSchema for Problem {
    fn schema() -> RefOr<Schema> {
        RefOr::T(problem_schema())
    }
}

/// Registered with `#[openapi(components(schemas(tool_error::Problem)))]` (or
/// `Components::schema_from`).
impl ToSchema for Problem {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed(COMPONENT)
    }
}

/// What the options show of a problem body.
struct Shown<'a> {
    policy: &'a crate::Policy,
    problem: Cow<'a, Problem>,
}

impl<'a> Shown<'a> {
    fn new(options: &'a Options) -> Self {
        #[cfg(feature = "axum")]
        let problem = Cow::Borrowed(options.http().problem());
        #[cfg(not(feature = "axum"))]
        let problem = Cow::Owned(Problem::new());
        Shown {
            policy: options.policy(),
            problem,
        }
    }

    /// Whether suggestions (and with them next calls) are shown for `entry`.
    fn suggestions(&self, entry: &Entry) -> bool {
        self.policy.include_suggestions
            && (self.policy.suggestions_when_unrecoverable || entry.recoverable)
    }

    /// Whether the message of `entry` is replaced by the policy's fixed text.
    fn masked(&self, entry: &Entry) -> bool {
        entry.kind == Kind::Internal
            && self.policy.mask_internal
            && !self.policy.verbose
            && entry.message.is_none()
    }
}

/// One status's response: its codes' examples, and `Retry-After` when one of them
/// can carry a retry hint.
fn response(status: u16, entries: &[&'static Entry], shown: &Shown<'_>) -> Response {
    let codes: Vec<&str> = entries.iter().map(|entry| entry.code).collect();
    let examples = entries
        .iter()
        .map(|entry| (entry.code, example(entry, shown)));
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

/// The example of one code.
fn example(entry: &Entry, shown: &Shown<'_>) -> ::utoipa::openapi::example::Example {
    let (type_uri, title) = shown.problem.type_and_title(entry);
    let mut body = Map::new();
    let mut notes: Vec<&str> = Vec::new();
    body.insert("type".into(), Value::from(type_uri));
    body.insert("title".into(), Value::from(title));
    body.insert(
        "status".into(),
        Value::from(error_status(entry.http_status)),
    );
    match entry.message {
        _ if shown.masked(entry) => {
            let masked = &*shown.policy.internal_message;
            body.insert("detail".into(), Value::from(masked));
        }
        Some(template) => {
            body.insert("detail".into(), Value::from(template));
        }
        None => notes.push("`detail` is the error's message, known at run time."),
    }
    body.insert("code".into(), Value::from(entry.code));
    body.insert("kind".into(), Value::from(entry.kind.as_str()));
    body.insert("recoverable".into(), Value::from(entry.recoverable));
    if let Some(category) = entry.category {
        body.insert("category".into(), Value::from(category));
    }
    if entry.retry_after {
        notes.push("`retry_after` (and `Retry-After`) come from the error, at run time.");
    }
    if shown.policy.include_details && !entry.fields.is_empty() {
        if entry.details_field {
            notes.push("`details` is a value of the error, known at run time.");
        } else {
            let details: Map<String, Value> = entry
                .fields
                .iter()
                .map(|field| {
                    let value = match field.redact && shown.policy.redact {
                        true => Value::from(&*shown.policy.redaction_marker),
                        false => Value::from(format!("{{{}}}", field.name)),
                    };
                    (field.name.to_owned(), value)
                })
                .collect();
            body.insert("details".into(), Value::Object(details));
        }
    }
    if shown.suggestions(entry) {
        let suggestions: Vec<Value> = entry
            .suggestions
            .iter()
            .take(shown.policy.max_suggestions)
            .map(|template| Value::from(*template))
            .collect();
        if !suggestions.is_empty() {
            body.insert("suggestions".into(), Value::Array(suggestions));
        }
        if entry.dynamic_suggestions {
            notes.push("More suggestions are added at run time.");
        }
        let calls: Vec<Value> = entry
            .next_calls
            .iter()
            .take(shown.policy.limits.max_items)
            .map(next_call)
            .collect();
        if !calls.is_empty() {
            body.insert("next_calls".into(), Value::Array(calls));
        }
    }
    let mut example = ExampleBuilder::new()
        .summary(match entry.summary() {
            "" => entry.code,
            summary => summary,
        })
        .value(Some(Value::Object(body)));
    if !notes.is_empty() {
        example = example.description(notes.join(" "));
    }
    example.build()
}

/// A declared next call as the body shows it: text arguments as written, a field
/// argument as its placeholder, literals as they are.
fn next_call(spec: &CallSpec) -> Value {
    let mut arguments = Map::new();
    let mut supplied = Vec::new();
    for argument in spec.arguments {
        let value = match argument.value {
            ArgumentValue::Text(template) => Value::from(template),
            ArgumentValue::Field { field, .. } => Value::from(format!("{{{field}}}")),
            ArgumentValue::Integer(value) => Value::from(value),
            ArgumentValue::Number(value) => Value::from(value),
            ArgumentValue::Boolean(value) => Value::from(value),
            ArgumentValue::CallerSupplies => {
                supplied.push(Value::from(argument.name));
                continue;
            }
        };
        arguments.insert(argument.name.to_owned(), value);
    }
    let mut call = json!({ "tool": spec.tool, "arguments": arguments });
    if let Some(call) = call.as_object_mut() {
        if !supplied.is_empty() {
            call.insert("caller_supplies".into(), Value::Array(supplied));
        }
        call.insert("read_only".into(), Value::from(spec.read_only));
    }
    call
}

/// [`Problem::SCHEMA`] built with utoipa's types (which do not read JSON Schema
/// text); a test compares the two.
fn problem_schema() -> Schema {
    let text = |description: &str| {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(description))
    };
    let strings = || ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::String));
    let next_call = ObjectBuilder::new()
        .schema_type(Type::Object)
        .required("tool")
        .required("arguments")
        .required("read_only")
        .property("tool", text("The tool to call."))
        .property(
            "arguments",
            ObjectBuilder::new()
                .schema_type(Type::Object)
                .description(Some(
                    "Arguments for the call, as the tool's inputSchema expects them.",
                )),
        )
        .property(
            "caller_supplies",
            strings().description(Some(
                "Arguments the tool needs that the caller adds itself.",
            )),
        )
        .property(
            "read_only",
            ObjectBuilder::new()
                .schema_type(Type::Boolean)
                .description(Some(
                    "Whether the call only reads; otherwise confirm it before running it.",
                )),
        )
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    let required = [
        "type",
        "title",
        "status",
        "detail",
        "code",
        "kind",
        "recoverable",
    ];
    let mut schema = ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some("tool-error problem"))
        .description(Some(
            "An error as RFC 9457 problem details (application/problem+json), with \
             tool-error's members as extensions.",
        ));
    for name in required {
        schema = schema.required(name);
    }
    schema
        .property(
            "type",
            text(
                "The problem type: the code's documentation URL when it declares one, else \
                 the code after the server's type base, else about:blank.",
            )
            .format(Some(SchemaFormat::Custom("uri-reference".to_owned()))),
        )
        .property(
            "title",
            text(
                "With a type URI, the code's description when it has one; else the HTTP \
                 reason phrase.",
            ),
        )
        .property(
            "status",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(100))
                .maximum(Some(599))
                .description(Some("The HTTP status.")),
        )
        .property(
            "detail",
            text(
                "Human-readable explanation of this occurrence; a fixed text for masked \
                 internal errors.",
            ),
        )
        .property(
            "instance",
            text("The request id, when the server shows it."),
        )
        .property(
            "code",
            text("Stable machine identifier, e.g. MODEL_NOT_FOUND.")
                .pattern(Some("^[A-Za-z][A-Za-z0-9_]*$"))
                .max_length(Some(63)),
        )
        .property(
            "kind",
            text("The decision class: what the caller should do.")
                .enum_values(Some(Kind::ALL.iter().map(|kind| kind.as_str()))),
        )
        .property(
            "recoverable",
            ObjectBuilder::new()
                .schema_type(Type::Boolean)
                .description(Some(
                    "Whether the operation may succeed if retried, possibly with changed input.",
                )),
        )
        .property(
            "retry",
            text(
                "For an error that invites a retry: whether repeating the request unchanged \
                 is safe (safe), or it may have taken effect and must be checked first \
                 (check_first).",
            )
            .enum_values(Some(["safe", "check_first"])),
        )
        .property("category", text("Finer, free-form label beside the kind."))
        .property(
            "retry_after",
            ObjectBuilder::new()
                .schema_type(Type::Number)
                .minimum(Some(0))
                .description(Some(
                    "Seconds to wait before retrying; the Retry-After header has them rounded up.",
                )),
        )
        .property(
            "details",
            ObjectBuilder::new()
                .schema_type(SchemaType::AnyValue)
                .description(Some("Structured context for recovery; usually an object.")),
        )
        .property(
            "suggestions",
            strings().description(Some("Recovery steps, most useful first.")),
        )
        .property(
            "next_calls",
            ArrayBuilder::new().items(next_call).description(Some(
                "Tool calls that may fix the error, most useful first. Advice from the \
                 server: run one without asking only when read_only is true and the server \
                 is trusted.",
            )),
        )
        .property(
            "tool",
            text("The tool or operation that failed, when the server shows it."),
        )
        .property(
            "timestamp",
            text("When the error was rendered, when the server shows it.").format(Some(
                SchemaFormat::KnownFormat(::utoipa::openapi::schema::KnownFormat::DateTime),
            )),
        )
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .build()
        .into()
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
mod tests {
    use super::*;

    /// The component is the published schema, less the keywords that only a
    /// standalone JSON Schema document has.
    #[test]
    fn the_component_is_the_published_schema() {
        let mut published: Value = serde_json::from_str(Problem::SCHEMA).unwrap();
        let object = published.as_object_mut().unwrap();
        object.remove("$schema");
        object.remove("$id");
        let component = serde_json::to_value(<Problem as PartialSchema>::schema()).unwrap();
        assert_eq!(component, published);
    }

    /// A status outside 400–599 is documented as the 500 it is sent as: the
    /// response it is listed under, and its example's `status` and `title`.
    #[test]
    fn statuses_outside_the_error_range_are_sent_as_500() {
        static ODD: Catalog = Catalog::new(
            "Odd",
            module_path!(),
            &[
                Entry::new("Busy", "BUSY", Kind::Transient).with_http_status(429),
                Entry::new("Fine", "FINE", Kind::Validation).with_http_status(200),
                Entry::new("Beyond", "BEYOND", Kind::Validation).with_http_status(600),
            ],
        );
        let value = serde_json::to_value(responses(&[&ODD], &Options::new())).unwrap();
        let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["429", "500"]);
        for code in ["FINE", "BEYOND"] {
            let example =
                &value["500"]["content"]["application/problem+json"]["examples"][code]["value"];
            assert_eq!(example["status"], 500, "{code}");
            assert_eq!(example["title"], "Internal Server Error", "{code}");
        }
    }

    #[test]
    fn any_error_is_the_default_response() {
        let responses = serde_json::to_value(<AnyError as IntoResponses>::responses()).unwrap();
        let content = &responses["default"]["content"][PROBLEM_JSON];
        assert_eq!(content["schema"]["$ref"], "#/components/schemas/Problem");
        assert!(content.get("examples").is_none());
    }
}
