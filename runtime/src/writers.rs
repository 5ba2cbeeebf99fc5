//! Structured details and suggestions, written by an error straight into the output.

use core::fmt;
use std::time::Duration;

use serde::Serialize;

/// A value that can appear in an envelope's `details`: anything `Serialize`.
///
/// This is the object-safe face of [`Serialize`], so one error can hand over fields
/// of many types without generic code per field; you never implement it yourself.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be rendered as a detail: it does not implement `serde::Serialize`",
    label = "not `Serialize`",
    note = "derive or implement `serde::Serialize` for `{Self}`, or mark the field `#[tool_error(skip)]`"
)]
pub trait Detail {
    #[doc(hidden)]
    fn as_erased(&self) -> &dyn erased_serde::Serialize;
}

impl<T: Serialize> Detail for T {
    fn as_erased(&self) -> &dyn erased_serde::Serialize {
        self
    }
}

impl fmt::Debug for dyn Detail + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Detail")
    }
}

/// Receives the detail fields of one error. Renderers implement it; errors call it
/// through [`DetailWriter`].
pub(crate) trait DetailSink {
    fn field(&mut self, name: &str, value: &dyn erased_serde::Serialize, redact: bool);
    fn whole(&mut self, value: &dyn erased_serde::Serialize);
}

/// Where [`ToolError::details`](crate::ToolError::details) writes its fields.
pub struct DetailWriter<'a> {
    sink: &'a mut dyn DetailSink,
}

impl<'a> DetailWriter<'a> {
    pub(crate) fn new(sink: &'a mut dyn DetailSink) -> Self {
        DetailWriter { sink }
    }

    /// Adds the field `name`.
    pub fn field(&mut self, name: &str, value: &dyn Detail) -> &mut Self {
        self.sink.field(name, value.as_erased(), false);
        self
    }

    /// Adds the field `name`, rendered as the policy's redaction marker unless the
    /// policy turns redaction off.
    pub fn redacted(&mut self, name: &str, value: &dyn Detail) -> &mut Self {
        self.sink.field(name, value.as_erased(), true);
        self
    }

    /// Uses `value` as the whole `details` object instead of adding fields; for
    /// errors that carry a ready-made details struct. Fields written before are kept
    /// only by renderers that can merge; built-in ones write either fields or this.
    pub fn whole(&mut self, value: &dyn Detail) -> &mut Self {
        self.sink.whole(value.as_erased());
        self
    }
}

impl fmt::Debug for DetailWriter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DetailWriter")
    }
}

/// Receives the suggestions of one error.
pub(crate) trait SuggestionSink {
    fn suggestion(&mut self, text: &dyn fmt::Display);

    /// A suggestion that is plain text, which a sink can copy rather than format.
    fn suggestion_str(&mut self, text: &str) {
        self.suggestion(&text);
    }
}

/// Where [`ToolError::suggestions`](crate::ToolError::suggestions) writes its suggestions.
pub struct SuggestionWriter<'a> {
    sink: &'a mut dyn SuggestionSink,
}

impl<'a> SuggestionWriter<'a> {
    pub(crate) fn new(sink: &'a mut dyn SuggestionSink) -> Self {
        SuggestionWriter { sink }
    }

    /// Adds a suggestion, formatted with `Display` straight into the output.
    pub fn push(&mut self, text: &dyn fmt::Display) -> &mut Self {
        self.sink.suggestion(text);
        self
    }

    /// Adds a suggestion that is plain text; the same as [`push`](Self::push).
    pub fn push_str(&mut self, text: &str) -> &mut Self {
        self.sink.suggestion_str(text);
        self
    }
}

impl fmt::Debug for SuggestionWriter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SuggestionWriter")
    }
}

/// A field whose items are appended to the suggestions at run time
/// (`#[tool_error(suggestions)]`): any collection whose items are `Display`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `suggestions` field: it is not a collection of `Display` items",
    label = "not a collection of suggestions",
    note = "use a collection whose references iterate over `Display` items, such as `Vec<String>` or `Option<String>`, or a reference to one written as a reference (`&'static [&'static str]`, not through an alias), or remove `suggestions`"
)]
pub trait SuggestionSource {
    /// Calls `each` for every item.
    fn each_suggestion(&self, each: &mut dyn FnMut(&dyn fmt::Display));
}

// Not recommended: an error then names `SuggestionSource` and says which types work,
// instead of "`&'x u32` is not an iterator" from deep in this impl's bounds.
#[diagnostic::do_not_recommend]
impl<T: ?Sized> SuggestionSource for T
where
    for<'x> &'x T: IntoIterator,
    for<'x> <&'x T as IntoIterator>::Item: fmt::Display,
{
    fn each_suggestion(&self, each: &mut dyn FnMut(&dyn fmt::Display)) {
        for item in self {
            each(&item);
        }
    }
}

/// For generated code: a `#[tool_error(suggestions)]` field written as a reference
/// (`&'static [&'static str]`), whose items are those of the collection it points to.
#[doc(hidden)]
#[derive(Debug)]
pub struct BorrowedSuggestions<'a, T: ?Sized>(pub &'a T);

impl<T: SuggestionSource + ?Sized> SuggestionSource for BorrowedSuggestions<'_, T> {
    fn each_suggestion(&self, each: &mut dyn FnMut(&dyn fmt::Display)) {
        self.0.each_suggestion(each);
    }
}

/// A field usable as `#[tool_error(retry_after)]`: a [`Duration`], whole seconds as
/// an integer (negative means none; more seconds than a `u64` holds is
/// `u64::MAX` seconds, not none), or an `Option` of either. Implement it for a
/// type of your own to use that type as the retry hint.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a `retry_after` field: it does not implement `RetryAfter`",
    label = "not a retry delay",
    note = "use a `std::time::Duration`, an integer number of seconds, an `Option` of either, or a type that implements `tool_error::RetryAfter`"
)]
pub trait RetryAfter {
    /// The delay before retrying, if any.
    fn retry_after(&self) -> Option<Duration>;
}

impl RetryAfter for Duration {
    fn retry_after(&self) -> Option<Duration> {
        Some(*self)
    }
}

macro_rules! retry_after_seconds {
    ($($t:ty),*) => {$(
        impl RetryAfter for $t {
            fn retry_after(&self) -> Option<Duration> {
                // `0` has the type of `self`, so this also compiles (and is always
                // false) for the unsigned types. Too large saturates: a very long
                // wait is still a wait, never "retry now".
                #[allow(unused_comparisons)]
                if *self < 0 {
                    return None;
                }
                Some(Duration::from_secs(u64::try_from(*self).unwrap_or(u64::MAX)))
            }
        }
    )*};
}
retry_after_seconds!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

impl<T: RetryAfter> RetryAfter for Option<T> {
    fn retry_after(&self) -> Option<Duration> {
        self.as_ref().and_then(RetryAfter::retry_after)
    }
}

impl<T: RetryAfter + ?Sized> RetryAfter for &T {
    fn retry_after(&self) -> Option<Duration> {
        (**self).retry_after()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_conversions() {
        assert_eq!(30u32.retry_after(), Some(Duration::from_secs(30)));
        assert_eq!((-1i64).retry_after(), None);
        assert_eq!(i128::MIN.retry_after(), None);
        assert_eq!(0i8.retry_after(), Some(Duration::ZERO));
        assert_eq!(
            Some(Duration::from_millis(1500)).retry_after(),
            Some(Duration::from_millis(1500))
        );
        assert_eq!(None::<u64>.retry_after(), None);
    }

    #[test]
    fn retry_after_beyond_u64_seconds_saturates() {
        let longest = Some(Duration::from_secs(u64::MAX));
        assert_eq!(u128::MAX.retry_after(), longest);
        assert_eq!((u128::from(u64::MAX) + 1).retry_after(), longest);
        assert_eq!(i128::MAX.retry_after(), longest);
        assert_eq!(u64::MAX.retry_after(), longest);
        assert_eq!(
            usize::MAX.retry_after(),
            u64::try_from(usize::MAX).ok().map(Duration::from_secs)
        );
    }

    #[test]
    fn suggestion_source_walks_collections() {
        let mut seen = Vec::new();
        vec!["a".to_string(), "b".to_string()].each_suggestion(&mut |s| seen.push(s.to_string()));
        Some("c").each_suggestion(&mut |s| seen.push(s.to_string()));
        assert_eq!(seen, ["a", "b", "c"]);
    }
}
