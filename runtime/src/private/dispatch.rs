//! The trait methods of a derived type: each is one call into a function here, which
//! resolves the value to its catalog entry (or, for a `transparent` variant, to the
//! wrapped error) and reads the answer from the entry and the variant's fields.

use core::fmt;
use std::time::Duration;

use super::DetailValue;
use crate::catalog::{Catalog, Entry};
use crate::next_call::{NextCall, NextCallSource, NextCallWriter};
use crate::template::{self, Arg, Template};
use crate::writers::{Detail, DetailWriter, RetryAfter, SuggestionSource, SuggestionWriter};
use crate::{Channel, Kind, ToolError};
use core::fmt::{Formatter, Result as FmtResult};
use std::backtrace::Backtrace;
use std::error::Error;

/// Where a value's contract comes from.
#[derive(Clone, Copy, Debug)]
pub enum Resolved<'a> {
    /// The variant's own catalog entry.
    Entry(&'static Entry),
    /// A `transparent` variant: the wrapped error decides everything.
    Delegate(&'a dyn ToolError),
}

/// Borrowed views of one variant's fields, in the orders the catalog entry expects.
#[derive(Clone, Copy)]
#[allow(missing_debug_implementations)]
pub struct Fields<'a> {
    /// One per [`Entry::fields`]; absent for an `Option` field that is `None`.
    pub(crate) values: &'a [DetailValue<'a>],
    /// The template argument slots.
    pub(crate) args: &'a [Arg<'a>],
    /// The `#[tool_error(suggestions)]` field.
    pub(crate) suggestions: Option<&'a dyn SuggestionSource>,
    /// The `#[tool_error(next_calls)]` field.
    pub(crate) next_calls: Option<&'a dyn NextCallSource>,
    /// The `#[tool_error(retry_after)]` field's value.
    pub(crate) retry_after: Option<Duration>,
    /// The fields next calls send as values (`args(name = field)`), in the order of
    /// their `ArgumentValue::Field` indexes.
    pub(crate) call_values: &'a [&'a dyn Detail],
}

impl<'a> Fields<'a> {
    /// A variant without fields.
    pub const EMPTY: Fields<'static> = Fields::new(&[], &[]);

    /// Views of detail values and template arguments.
    pub const fn new(values: &'a [DetailValue<'a>], args: &'a [Arg<'a>]) -> Self {
        Fields {
            values,
            args,
            suggestions: None,
            next_calls: None,
            retry_after: None,
            call_values: &[],
        }
    }

    /// With the fields next calls send as values.
    #[must_use]
    pub const fn with_call_values(mut self, values: &'a [&'a dyn Detail]) -> Self {
        self.call_values = values;
        self
    }

    /// With the `#[tool_error(suggestions)]` field.
    #[must_use]
    pub const fn with_suggestions(mut self, source: &'a dyn SuggestionSource) -> Self {
        self.suggestions = Some(source);
        self
    }

    /// With the `#[tool_error(next_calls)]` field.
    #[must_use]
    pub const fn with_next_calls(mut self, source: &'a dyn NextCallSource) -> Self {
        self.next_calls = Some(source);
        self
    }

    /// With the `#[tool_error(retry_after)]` field's value.
    #[must_use]
    pub fn with_retry_after(mut self, value: &dyn RetryAfter) -> Self {
        self.retry_after = value.retry_after();
        self
    }
}

/// Implemented by the derive next to `ToolError`.
pub trait Variants: fmt::Display {
    /// The type's catalog.
    fn catalog(&self) -> &'static Catalog;
    /// The entry or delegate of this value.
    fn resolve(&self) -> Resolved<'_>;
    /// Calls `f` with the field views of this value's variant (never for delegates).
    fn fields(&self, f: &mut dyn FnMut(&Fields<'_>));
}

/// Turns a source field into `&dyn Error`, whether it is a concrete error or a boxed
/// trait object (which does not itself implement `Error`); called with method syntax
/// so auto-deref reaches the trait object.
pub trait AsDynError {
    /// The field as a trait object.
    fn as_dyn_error(&self) -> &(dyn Error + 'static);
}

impl<T: Error + 'static> AsDynError for T {
    fn as_dyn_error(&self) -> &(dyn Error + 'static) {
        self
    }
}

impl AsDynError for dyn Error + 'static {
    fn as_dyn_error(&self) -> &(dyn Error + 'static) {
        self
    }
}

impl AsDynError for dyn Error + Send + 'static {
    fn as_dyn_error(&self) -> &(dyn Error + 'static) {
        self
    }
}

impl AsDynError for dyn Error + Send + Sync + 'static {
    fn as_dyn_error(&self) -> &(dyn Error + 'static) {
        self
    }
}

/// `ToolError::source_error` of a `transparent` variant: the wrapped error's.
pub fn delegate_source<'a>(this: &'a dyn Variants) -> Option<&'a (dyn Error + 'static)> {
    match this.resolve() {
        Resolved::Delegate(inner) => inner.source_error(),
        Resolved::Entry(_) => None,
    }
}

/// `ToolError::backtrace` of a `transparent` variant: the wrapped error's.
pub fn delegate_backtrace(this: &dyn Variants) -> Option<&Backtrace> {
    match this.resolve() {
        Resolved::Delegate(inner) => inner.backtrace(),
        Resolved::Entry(_) => None,
    }
}

/// The entry a `resolve` match arm picked. Inline: every trait method of a derived
/// type resolves through it, from the user's crate.
#[inline]
pub fn entry_at(catalog: &'static Catalog, index: usize) -> Resolved<'static> {
    match catalog.entries.get(index) {
        Some(entry) => Resolved::Entry(entry),
        // The derive numbers the arms from its own table; a miss cannot happen, and
        // if it did the error would still render, as a foreign one.
        None => Resolved::Delegate(&Unlisted),
    }
}

/// What [`entry_at`] resolves to if the index is past the table.
#[derive(Debug)]
struct Unlisted;

impl fmt::Display for Unlisted {
    fn fmt(&self, f: &mut Formatter<'_>) -> FmtResult {
        f.write_str("error missing from its catalog")
    }
}

impl ToolError for Unlisted {
    fn code(&self) -> &'static str {
        crate::integrations::foreign::FOREIGN_CODE
    }
    fn kind(&self) -> Kind {
        Kind::Internal
    }
}

macro_rules! by_entry {
    ($($name:ident -> $ty:ty = |$entry:ident| $value:expr;)*) => {$(
        #[doc = concat!("`ToolError::", stringify!($name), "` of a derived type.")]
        pub fn $name(this: &dyn Variants) -> $ty {
            match this.resolve() {
                Resolved::Entry($entry) => $value,
                Resolved::Delegate(inner) => inner.$name(),
            }
        }
    )*};
}

by_entry! {
    code -> &'static str = |entry| entry.code;
    kind -> Kind = |entry| entry.kind;
    recoverable -> bool = |entry| entry.recoverable;
    category -> Option<&'static str> = |entry| entry.category;
    jsonrpc_code -> i32 = |entry| entry.jsonrpc_code;
    http_status -> u16 = |entry| entry.http_status;
    channel -> Channel = |entry| entry.channel;
    message_is_public -> bool = |entry| entry.message.is_some();
    entry -> Option<&'static Entry> = |entry| Some(entry);
}

/// `ToolError::domain` of a derived type.
pub fn domain(this: &dyn Variants) -> Option<&'static str> {
    match this.resolve() {
        Resolved::Entry(_) => this.catalog().domain,
        Resolved::Delegate(inner) => inner.domain(),
    }
}

/// `ToolError::fmt_message` of a derived type.
pub fn fmt_message(this: &dyn Variants, f: &mut Formatter<'_>) -> FmtResult {
    match this.resolve() {
        Resolved::Delegate(inner) => inner.fmt_message(f),
        Resolved::Entry(Entry {
            message: Some(template),
            args: slots,
            ..
        }) => {
            let mut result = Ok(());
            this.fields(&mut |fields| {
                result = fmt::Display::fmt(&Template::new(template, slots, fields.args), f);
            });
            result
        }
        Resolved::Entry(_) => fmt::Display::fmt(this, f),
    }
}

/// `ToolError::details` of a derived type.
pub fn details(this: &dyn Variants, out: &mut DetailWriter<'_>) {
    match this.resolve() {
        Resolved::Delegate(inner) => inner.details(out),
        Resolved::Entry(entry) if entry.fields.is_empty() => {}
        Resolved::Entry(entry) => this.fields(&mut |fields| {
            if entry.details_field {
                if let Some(Some(value)) = fields.values.first() {
                    out.whole(*value);
                }
                return;
            }
            for (info, value) in entry.fields.iter().zip(fields.values) {
                // `None`: an `Option` field that is `None` has no entry.
                let Some(value) = value else { continue };
                if info.redact {
                    out.redacted(info.name, *value);
                } else {
                    out.field(info.name, *value);
                }
            }
        }),
    }
}

/// `ToolError::suggestions` of a derived type.
pub fn suggestions(this: &dyn Variants, out: &mut SuggestionWriter<'_>) {
    let entry = match this.resolve() {
        Resolved::Delegate(inner) => return inner.suggestions(out),
        Resolved::Entry(entry) => entry,
    };
    if entry.suggestions.is_empty() && !entry.dynamic_suggestions {
        return;
    }
    this.fields(&mut |fields| {
        for template in entry.suggestions {
            if template::is_plain(template) {
                out.push_str(template);
            } else {
                out.push(&Template::new(template, entry.args, fields.args));
            }
        }
        if let Some(source) = fields.suggestions {
            source.each_suggestion(&mut |text| {
                out.push(text);
            });
        }
    });
}

/// `ToolError::next_calls` of a derived type.
pub fn next_calls(this: &dyn Variants, out: &mut NextCallWriter<'_>) {
    let entry = match this.resolve() {
        Resolved::Delegate(inner) => return inner.next_calls(out),
        Resolved::Entry(entry) => entry,
    };
    if entry.next_calls.is_empty() && !entry.dynamic_next_calls {
        return;
    }
    this.fields(&mut |fields| {
        for spec in entry.next_calls {
            out.push(&NextCall::declared(spec, entry.args, fields));
        }
        if let Some(source) = fields.next_calls {
            source.each_call(&mut |call| {
                out.push(call);
            });
        }
    });
}

/// `ToolError::retry_after` of a derived type.
pub fn retry_after(this: &dyn Variants) -> Option<Duration> {
    match this.resolve() {
        Resolved::Delegate(inner) => inner.retry_after(),
        Resolved::Entry(entry) if entry.retry_after => {
            let mut found = None;
            this.fields(&mut |fields| found = fields.retry_after);
            found
        }
        Resolved::Entry(_) => None,
    }
}
