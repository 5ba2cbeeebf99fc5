//! Marker traits the generated code bounds a field or type by, each with a
//! diagnostic that says what is wrong with it and what to write instead, so a
//! misused field is one clear error at the field rather than several about the
//! generated code.

use core::fmt;

use serde::{Serialize, Serializer};

use crate::ToolError;
use crate::catalog::{Catalog, StaticCatalog};
use crate::template::Arg;
use crate::writers::Detail;

/// What a `transparent` field's type must be, as one trait so that a type that is
/// not a derived tool error is reported once, on the field, with one message.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be wrapped with `transparent`: it is not a derived tool error",
    label = "not a `ToolError` with a `StaticCatalog`",
    note = "add `#[derive(tool_error::ToolError)]` to `{Self}` (or implement `ToolError` and `StaticCatalog` for it), or drop `transparent` and keep the value in a `#[source]` field"
)]
pub trait Transparent {
    /// The wrapped type's catalog.
    const INNER: &'static Catalog;
    /// The wrapped value as the error that decides everything.
    const DELEGATE: for<'a> fn(&'a Self) -> &'a dyn ToolError;
}

// Not recommended: a type that lacks both traits is then one error, about
// `Transparent`, instead of one per missing trait.
#[diagnostic::do_not_recommend]
impl<T: ToolError + StaticCatalog> Transparent for T {
    const INNER: &'static Catalog = T::CATALOG;
    const DELEGATE: for<'a> fn(&'a Self) -> &'a dyn ToolError = |inner| inner;
}

/// One detail field's value as generated code hands it over: the field as a trait
/// object, or `None` for an `Option` field that is `None` (no entry).
pub type DetailValue<'a> = Option<&'a dyn Detail>;

/// A borrowed detail field, handed over by a method call, `.__detail_value()` (or
/// `.__optional_value()` for an `Option` field), whose bound explains a field that
/// cannot be a detail.
#[derive(Debug)]
pub struct DetailProbe<'a, T: ?Sized>(pub &'a T);

/// Any `Serialize` field, as its trait object.
pub trait AnyDetail<'a, T> {
    /// The field's value.
    fn __detail_value(self) -> DetailValue<'a>
    where
        // On the method, not the impl: a field that is not `Serialize` is then
        // reported with `Detail`'s own message, at the field.
        T: Detail;
}

impl<'a, T: 'a> AnyDetail<'a, T> for DetailProbe<'a, T> {
    fn __detail_value(self) -> DetailValue<'a>
    where
        T: Detail,
    {
        Some(self.0)
    }
}

/// An `Option` field of any `Serialize` type, absent when `None`.
pub trait AnyOptionalDetail<'a, T> {
    /// The field's value, absent when `None`.
    fn __optional_value(self) -> DetailValue<'a>
    where
        T: Detail;
}

impl<'a, T: 'a> AnyOptionalDetail<'a, T> for DetailProbe<'a, Option<T>> {
    fn __optional_value(self) -> DetailValue<'a>
    where
        T: Detail,
    {
        self.0.as_ref().map(|value| value as &dyn Detail)
    }
}

/// A field whose detail is its `Display` text (`#[tool_error(display)]`): anything
/// `Display`. Its own trait so the error for a field that is not says what to
/// write instead.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `display` detail: it does not implement `Display`",
    label = "not `Display`",
    note = "remove `display` to serialise the field with serde, or implement `std::fmt::Display` for `{Self}`"
)]
pub trait DisplayDetail: fmt::Display {}

impl<T: fmt::Display + ?Sized> DisplayDetail for T {}

/// A `display` detail: the field's `Display` text, written as a JSON string under
/// the limits like any other text; nothing for an `Option` field that is `None`.
#[allow(missing_debug_implementations)] // a borrowed field, never shown
pub struct Shown<'a>(Option<&'a dyn DisplayDetail>);

impl Shown<'_> {
    /// The detail value generated code hands over.
    pub fn __value(&self) -> DetailValue<'_> {
        self.0.is_some().then_some(self as &dyn Detail)
    }
}

impl Serialize for Shown<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(value) => serializer.collect_str(value),
            None => serializer.serialize_none(),
        }
    }
}

/// A `display` detail field.
pub fn shown(value: &dyn DisplayDetail) -> Shown<'_> {
    Shown(Some(value))
}

/// An `Option` field of any `Display` type as a `display` detail, absent when
/// `None`: a method, like [`AnyOptionalDetail`], so a type that is not `Display`
/// is reported at the field.
pub trait AnyOptionalShown<'a, T> {
    /// The field's `Display` text, absent when `None`.
    fn __optional_shown(self) -> Shown<'a>
    where
        T: DisplayDetail;
}

impl<'a, T: 'a> AnyOptionalShown<'a, T> for DetailProbe<'a, Option<T>> {
    fn __optional_shown(self) -> Shown<'a>
    where
        T: DisplayDetail,
    {
        Shown(self.0.as_ref().map(|value| value as &dyn DisplayDetail))
    }
}

/// A field a template shows with `{field}`: anything `Display`. Its own trait so the
/// error for a field that is not says how to show it instead.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be shown with `{{field}}` in a template: it does not implement `Display`",
    label = "not `Display`",
    note = "write the placeholder as `{{field:?}}` to show its `Debug` form, or implement `Display` for `{Self}`"
)]
pub trait TemplateDisplay: fmt::Display {}

impl<T: fmt::Display + ?Sized> TemplateDisplay for T {}

/// A field a next call sends as a JSON value (`args(name = field)`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be sent as a `next_call` argument: it does not implement `serde::Serialize`",
    label = "not `Serialize`",
    note = "send its text instead with a string template, `name = \"{{field}}\"`, or implement `serde::Serialize` for `{Self}`"
)]
pub trait CallValue {
    /// The field as a detail value.
    fn as_detail(&self) -> &dyn Detail;
}

impl<T: Serialize> CallValue for T {
    fn as_detail(&self) -> &dyn Detail {
        self
    }
}

/// The argument slot of a `{field}` placeholder.
pub fn display_arg<'a>(value: &'a dyn TemplateDisplay) -> Arg<'a> {
    Arg::Display(value)
}

/// The message of a derived type: its `Display`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `Display`, which `ToolError` uses as its default message",
    label = "`{Self}` needs a `Display` impl",
    note = "derive `thiserror::Error` and give the type (or each variant) a message with `#[error(\"...\")]`, or implement `std::fmt::Display` by hand"
)]
pub trait ErrorDisplay {}

impl<T: fmt::Display + ?Sized> ErrorDisplay for T {}

/// The debug output of a derived type: its `Debug`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `Debug`, which `ToolError` requires",
    label = "`{Self}` needs a `Debug` impl",
    note = "add `#[derive(Debug)]` to `{Self}`"
)]
pub trait ErrorDebug {}

impl<T: fmt::Debug + ?Sized> ErrorDebug for T {}

/// Fails to compile, with one clear message each, unless `T` is `Display` and
/// `Debug`; the derive calls it for types without generic parameters.
pub const fn assert_display_debug<T: ErrorDisplay + ErrorDebug + ?Sized>() {}
