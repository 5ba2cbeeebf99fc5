//! Error reports (`anyhow::Error`, `eyre::Report`) held by an
//! [`AnyError`](crate::AnyError) as they are: a report's own conversion into a
//! `Box<dyn Error>` boxes a wrapper of its own, whose downcast and `source()` both
//! skip the error the report was made from, so a coded error inside would be lost.

use core::ops::Deref;
use std::error::Error as StdError;

use crate::ToolError;

/// What an `AnyError` holds: a boxed error, or an error report kept whole.
pub(crate) trait Held: ToolError + Send + Sync {
    /// The outermost error, where the cause chain starts.
    fn outermost(&self) -> &(dyn StdError + 'static);
    /// The error as a box.
    fn into_boxed(self: Box<Self>) -> Box<dyn StdError + Send + Sync + 'static>;
}

impl<T> Held for T
where
    T: Deref<Target = dyn StdError + Send + Sync + 'static>
        + Into<Box<dyn StdError + Send + Sync + 'static>>
        + ToolError
        + Send
        + Sync,
{
    fn outermost(&self) -> &(dyn StdError + 'static) {
        &**self
    }

    fn into_boxed(self: Box<Self>) -> Box<dyn StdError + Send + Sync + 'static> {
        (*self).into()
    }
}

/// The report in `slot`, taken out of it, when it is one an enabled feature reads;
/// otherwise `None`, with the slot untouched.
#[cfg_attr(
    not(any(feature = "anyhow", feature = "eyre")),
    allow(unused_variables)
)]
pub(crate) fn take<E: 'static>(slot: &mut Option<E>) -> Option<Box<dyn Held>> {
    #[cfg(feature = "anyhow")]
    if let Some(report) = take_as::<anyhow::Error>(slot) {
        return Some(Box::new(report));
    }
    #[cfg(feature = "eyre")]
    if let Some(report) = take_as::<eyre::Report>(slot) {
        return Some(Box::new(report));
    }
    None
}

/// The value in `slot` as a `T`, when it is one.
#[cfg(any(feature = "anyhow", feature = "eyre"))]
fn take_as<T: 'static>(slot: &mut dyn core::any::Any) -> Option<T> {
    slot.downcast_mut::<Option<T>>()?.take()
}

/// The feature that would read `E`, when `E` is a report and that feature is off.
/// Recognised by the type's name, the one thing known of it without the crate that
/// defines it.
pub(crate) fn unread_feature<E>() -> Option<&'static str> {
    match core::any::type_name::<E>() {
        "anyhow::Error" if cfg!(not(feature = "anyhow")) => Some("anyhow"),
        "eyre::Report" if cfg!(not(feature = "eyre")) => Some("eyre"),
        _ => None,
    }
}

/// A report outside a contract renders as the error it dereferences to: a foreign
/// one, `INTERNAL_ERROR`.
#[cfg(any(feature = "anyhow", feature = "eyre"))]
mod outside_a_contract {
    use core::fmt;
    use std::backtrace::Backtrace;
    use std::error::Error as StdError;
    use std::time::Duration;

    use crate::error::forward_tool_error;
    use crate::next_call::NextCallWriter;
    use crate::{Catalog, Channel, DetailWriter, Entry, Kind, SuggestionWriter, ToolError};

    #[cfg(feature = "anyhow")]
    impl ToolError for anyhow::Error {
        forward_tool_error!(self => (**self));
    }

    #[cfg(feature = "eyre")]
    impl ToolError for eyre::Report {
        forward_tool_error!(self => (**self));
    }
}

#[cfg(test)]
mod tests {
    use super::unread_feature;

    #[test]
    fn a_report_whose_feature_is_off_is_named_with_the_feature() {
        let anyhow = cfg!(not(feature = "anyhow")).then_some("anyhow");
        assert_eq!(unread_feature::<anyhow::Error>(), anyhow);
        let eyre = cfg!(not(feature = "eyre")).then_some("eyre");
        assert_eq!(unread_feature::<eyre::Report>(), eyre);
        assert_eq!(unread_feature::<std::io::Error>(), None);
    }
}
