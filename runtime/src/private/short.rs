//! Short names for generated code, imported with one glob inside each derive's
//! `const _` block. Every name starts with `__`, so the glob never shadows a user's
//! type that the generated code mentions (field types, where-clauses). Short paths
//! matter: token count is most of what a large derived enum costs to compile.

use super::CallValue;
use super::{Arg, Catalog, Channel, Detail, DetailValue, Entry, FieldInfo, Fields, Kind};
use crate::next_call::{ArgumentSpec, ArgumentValue, CallSpec};

pub use super::BorrowedSuggestions as __BorrowedSuggestions;
pub use super::Transparent as __Transparent;
// A variant constructor and a non-generic function, so an argument coerces in
// place (no generic call); `Display` goes through a trait that explains itself.
pub use super::Arg::Debug as __Debug;
pub use super::display_arg as __display;
// A detail field is handed over as `__DetailProbe(field).__detail_value()`, an
// `Option` one with `__optional_value()`: the traits are imported for those methods.
pub use super::AnyDetail as __AnyDetail;
pub use super::AnyOptionalDetail as __AnyOptionalDetail;
pub use super::DetailProbe as __DetailProbe;
// A `display` detail field is handed over as `__shown(field).__value()`, an `Option`
// one as `__DetailProbe(field).__optional_shown().__value()`.
pub use super::AnyOptionalShown as __AnyOptionalShown;
pub use super::shown as __shown;

/// An entry with the parts most variants have, in one call (each call is a step
/// for the compiler's constant evaluator, so one call with every common part
/// beats one per part). The rarer parts wrap it: `__http(__entry(..), 404)`.
#[allow(clippy::too_many_arguments)]
pub const fn __entry(
    variant: &'static str,
    code: &'static str,
    kind: Kind,
    suggestions: &'static [&'static str],
    args: &'static [&'static str],
    fields: &'static [FieldInfo],
    doc: &'static str,
) -> Entry {
    let mut entry = Entry::new(variant, code, kind)
        .with_suggestions(suggestions)
        .with_fields(fields)
        .with_doc(doc);
    // The names of the slots the placeholders of its templates fill, in slot order.
    entry.args = args;
    entry
}

/// The entry of a `transparent` variant.
pub const fn __transparent(variant: &'static str, inner: &'static Catalog) -> Entry {
    Entry::transparent(variant, inner)
}

/// With a `docs = "..."` URL.
pub const fn __docs(entry: Entry, url: &'static str) -> Entry {
    entry.with_docs_url(url)
}

/// With a category.
pub const fn __category(entry: Entry, category: &'static str) -> Entry {
    entry.with_category(category)
}

/// With `recoverable` set explicitly.
pub const fn __recoverable(entry: Entry, recoverable: bool) -> Entry {
    entry.with_recoverable(recoverable)
}

/// With an explicit JSON-RPC code.
pub const fn __jsonrpc(entry: Entry, code: i32) -> Entry {
    entry.with_jsonrpc_code(code)
}

/// With an explicit HTTP status.
pub const fn __http(entry: Entry, status: u16) -> Entry {
    entry.with_http_status(status)
}

/// On the protocol channel.
pub const fn __protocol(entry: Entry) -> Entry {
    entry.with_channel(Channel::Protocol)
}

/// With a `message = "..."` template.
pub const fn __message(mut entry: Entry, message: &'static str) -> Entry {
    entry.message = Some(message);
    entry
}

/// With a `#[tool_error(suggestions)]` field.
pub const fn __dynamic_suggestions(mut entry: Entry) -> Entry {
    entry.dynamic_suggestions = true;
    entry
}

/// With a `#[tool_error(next_calls)]` field.
pub const fn __dynamic_next_calls(mut entry: Entry) -> Entry {
    entry.dynamic_next_calls = true;
    entry
}

/// With a `#[tool_error(details)]` field.
pub const fn __details_field(mut entry: Entry) -> Entry {
    entry.details_field = true;
    entry
}

/// With `next_call(...)` declarations.
pub const fn __next_calls(entry: Entry, calls: &'static [CallSpec]) -> Entry {
    entry.with_next_calls(calls)
}

/// A declared next call.
pub const fn __call(
    tool: &'static str,
    read_only: bool,
    arguments: &'static [ArgumentSpec],
) -> CallSpec {
    CallSpec {
        tool,
        read_only,
        arguments,
    }
}

/// `name = "text {field}"`.
pub const fn __text(name: &'static str, template: &'static str) -> ArgumentSpec {
    ArgumentSpec::new(name, ArgumentValue::Text(template))
}

/// `name = field`: the field at `index` of `Fields::call_values`, with a sample
/// of its type as JSON text (empty when the type has none).
pub const fn __field_arg(
    name: &'static str,
    field: &'static str,
    index: usize,
    sample: &'static str,
) -> ArgumentSpec {
    let sample = if sample.is_empty() {
        None
    } else {
        Some(sample)
    };
    ArgumentSpec::new(
        name,
        ArgumentValue::Field {
            field,
            index,
            sample,
        },
    )
}

/// `name = 5`.
pub const fn __int(name: &'static str, value: i64) -> ArgumentSpec {
    ArgumentSpec::new(name, ArgumentValue::Integer(value))
}

/// `name = 0.5`.
pub const fn __float(name: &'static str, value: f64) -> ArgumentSpec {
    ArgumentSpec::new(name, ArgumentValue::Number(value))
}

/// `name = true`.
pub const fn __bool(name: &'static str, value: bool) -> ArgumentSpec {
    ArgumentSpec::new(name, ArgumentValue::Boolean(value))
}

/// A field a next call sends as its value; its own function so that a field
/// that is not `Serialize` is reported as an argument that cannot be sent.
pub fn __call_value(value: &dyn CallValue) -> &dyn Detail {
    value.as_detail()
}

/// `name = _`.
pub const fn __caller(name: &'static str) -> ArgumentSpec {
    ArgumentSpec::new(name, ArgumentValue::CallerSupplies)
}

/// With a `#[tool_error(retry_after)]` field.
pub const fn __retry_after(entry: Entry) -> Entry {
    entry.with_retry_after()
}

/// `no_effect`.
pub const fn __no_effect(entry: Entry) -> Entry {
    entry.with_no_effect()
}

/// A detail field.
pub const fn __detail(name: &'static str) -> FieldInfo {
    FieldInfo::new(name)
}

/// A redacted detail field.
pub const fn __secret(name: &'static str) -> FieldInfo {
    FieldInfo::redacted(name)
}

/// `Fields::new`.
pub const fn __fields<'a>(values: &'a [DetailValue<'a>], args: &'a [Arg<'a>]) -> Fields<'a> {
    Fields::new(values, args)
}

/// `Kind::Validation`.
pub const __VALIDATION: Kind = Kind::Validation;
/// `Kind::NotFound`.
pub const __NOT_FOUND: Kind = Kind::NotFound;
/// `Kind::Conflict`.
pub const __CONFLICT: Kind = Kind::Conflict;
/// `Kind::Permission`.
pub const __PERMISSION: Kind = Kind::Permission;
/// `Kind::Transient`.
pub const __TRANSIENT: Kind = Kind::Transient;
/// `Kind::Internal`.
pub const __INTERNAL: Kind = Kind::Internal;
