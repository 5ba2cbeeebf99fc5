//! Rendering an envelope through a profile, cut down with a stronger [`Reduction`]
//! until it fits.

use core::fmt;
use std::panic::{self, AssertUnwindSafe};

use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

use super::{Envelope, Reduction};
use crate::{Native, Profile};

impl Reduction {
    fn next(self) -> Option<Reduction> {
        match self {
            Reduction::None => Some(Reduction::Details),
            Reduction::Details => Some(Reduction::Suggestions),
            Reduction::Suggestions => Some(Reduction::Minimal),
            Reduction::Minimal => Some(Reduction::Fallback),
            Reduction::Fallback => None,
        }
    }
}

impl<'a> Envelope<'a> {
    /// Serialises through `profile`; for nesting one profile's output in another's.
    pub fn wire<'p, P: Profile + ?Sized>(
        &'p self,
        profile: &'p P,
    ) -> impl Serialize + fmt::Debug + use<'p, 'a, P> {
        Wire {
            profile,
            envelope: self,
        }
    }

    /// The native envelope as compact JSON; see [`render_into`](Self::render_into)
    /// for what is guaranteed.
    pub fn to_json(&self) -> String {
        self.render(&Native)
    }

    /// Renders through `profile` as compact JSON; see
    /// [`render_into`](Self::render_into) for what is guaranteed.
    pub fn render<P: Profile + ?Sized>(&self, profile: &P) -> String {
        let mut out = Vec::with_capacity(TEXT_ROOM);
        self.render_into(profile, &mut out);
        bytes_to_string(out)
    }

    /// Renders through `profile` as indented JSON, for people; see
    /// [`render_into`](Self::render_into) for what is guaranteed.
    pub fn render_pretty<P: Profile + ?Sized>(&self, profile: &P) -> String {
        let mut out = Vec::with_capacity(TEXT_ROOM);
        self.render_with(profile, &mut out, true);
        bytes_to_string(out)
    }

    /// Appends the compact JSON to `out`; with a reused buffer this allocates nothing
    /// for errors whose details and suggestions do not allocate.
    ///
    /// The output is always one valid JSON value: when the envelope is larger than
    /// [`Limits::max_envelope_bytes`](crate::Limits), or a value fails to
    /// serialise, it is rendered again with a stronger [`Reduction`]. When no
    /// reduction brings it within the limit (a context longer than the limit, say),
    /// the smallest rendering is kept, the least reduced of equals: a reduction
    /// that removes nothing is not taken, and a short message is not traded for a
    /// longer code.
    ///
    /// # Panics in the error's own code
    ///
    /// Rendering runs code of the error's: its `Display`, the `Serialize` of its
    /// details, its [`ToolError`](crate::ToolError) methods (and the profile's own
    /// code). If any of it panics, the panic is caught here and treated like a
    /// value that failed to serialise: what was written is discarded and the
    /// envelope is rendered again with a stronger [`Reduction`], down to
    /// [`Reduction::Fallback`], which formats and serialises nothing of the error's
    /// (it still asks for the code, kind and the other plain accessors). So a
    /// panicking detail costs the details, and a panicking message leaves the code
    /// in its place. If every attempt fails or panics, the fallback too (a
    /// hand-written `code` that panics, a custom profile that always fails), the
    /// output is `null`. The panic hook still runs first, so the panic is reported
    /// as usual (by default on standard error). Built with `panic = "abort"`, a panic cannot be caught
    /// and aborts the process, as anywhere else.
    ///
    /// Only the rendering entry points catch ([`render`](Self::render),
    /// [`render_into`](Self::render_into), [`render_pretty`](Self::render_pretty),
    /// [`to_json`](Self::to_json), [`to_value`](Self::to_value)). The views
    /// ([`message`](Self::message), [`details`](Self::details),
    /// [`suggestions`](Self::suggestions), [`wire`](Self::wire)) run the error's code
    /// where they are used, and a panic there propagates to their caller.
    pub fn render_into<P: Profile + ?Sized>(&self, profile: &P, out: &mut Vec<u8>) {
        self.render_with(profile, out, false);
    }

    /// Renders through `profile` into a `serde_json::Value`, cut down like the text
    /// (its compact JSON is what the size limit measures); see
    /// [`render_into`](Self::render_into) for what is guaranteed.
    pub fn to_value<P: Profile + ?Sized>(&self, profile: &P) -> serde_json::Value {
        self.render_value(profile).1
    }

    /// Rendered as raw JSON, for a framework object that embeds it as it is (a
    /// JSON-RPC error's `data`): serialised once, with the guarantees of
    /// [`render_into`](Self::render_into).
    pub(crate) fn render_raw<P: Profile + ?Sized>(&self, profile: &P) -> Box<RawValue> {
        let rendered = self.reduce(profile, |wire| {
            let raw = serde_json::value::to_raw_value(wire).ok()?;
            let len = raw.get().len();
            Some((raw, len))
        });
        match rendered {
            Some((raw, _)) => raw,
            // Every attempt failed: `null`, as `render` writes then.
            None => RawValue::NULL.to_owned(),
        }
    }

    /// The compact JSON text and, when `with_value`, the same JSON as a
    /// `serde_json::Value` (what an MCP tool result carries as text content and as
    /// `structuredContent`), with the guarantees of [`render_into`](Self::render_into).
    pub(crate) fn render_with_value<P: Profile + ?Sized>(
        &self,
        profile: &P,
        with_value: bool,
    ) -> (String, Option<serde_json::Value>) {
        if with_value {
            let (text, value) = self.render_value(profile);
            return (text, Some(value));
        }
        (self.render(profile), None)
    }

    /// The envelope serialised once into a `serde_json::Value`, and the compact
    /// JSON text written from that value: the two agree, cuts and reductions
    /// included, and the error's own code runs once per attempt. The text's keys are
    /// in the value's order: the envelope's with serde_json's `preserve_order`,
    /// sorted without it.
    fn render_value<P: Profile + ?Sized>(&self, profile: &P) -> (String, serde_json::Value) {
        let rendered = self.reduce(profile, |wire| {
            let value = super::value::to_value(wire).ok()?;
            let mut text = Vec::with_capacity(TEXT_ROOM);
            serde_json::to_writer(&mut text, &value).ok()?;
            let text = bytes_to_string(text);
            let len = text.len();
            Some(((text, value), len))
        });
        match rendered {
            Some((output, _)) => output,
            None => ("null".to_owned(), serde_json::Value::Null),
        }
    }

    fn render_with<P: Profile + ?Sized>(&self, profile: &P, out: &mut Vec<u8>, pretty: bool) {
        let start = out.len();
        let max_bytes = self.policy.limits.max_envelope_bytes;
        let rendered = self.reduce(profile, |wire| {
            // What a failed attempt left.
            out.truncate(start);
            let written = if pretty {
                serde_json::to_writer_pretty(&mut *out, wire)
            } else {
                serde_json::to_writer(&mut *out, wire)
            };
            written.ok()?;
            let len = out.len() - start;
            // An attempt over the limit is kept if no other fits and none is
            // smaller, so it is set aside from where the next attempt writes.
            let set_aside = (len > max_bytes).then(|| out.split_off(start));
            Some((set_aside, len))
        });
        match rendered {
            // It fits, and is where it was written.
            Some((None, _)) => {}
            Some((Some(set_aside), _)) => {
                out.truncate(start);
                out.extend_from_slice(&set_aside);
            }
            // Every attempt failed: only a broken custom profile gets here.
            None => {
                out.truncate(start);
                out.extend_from_slice(b"null");
            }
        }
    }

    /// The one place an output is cut down until it fits: `attempt` serialises the
    /// envelope's wire into an output of its own and returns it with its size in
    /// bytes of JSON, or `None` when a value failed to serialise. An attempt that
    /// fails or panics is discarded, and one larger than
    /// [`Limits::max_envelope_bytes`](crate::Limits) is held back, and the envelope
    /// is made again with a stronger [`Reduction`]. The first attempt that fits is
    /// kept; when none fits, the smallest (the least reduced of equals), so a
    /// reduction that removes nothing, or puts a longer code in place of a short
    /// message, is not taken. Returns what was kept and its reduction, or `None`
    /// when every attempt failed (the caller then writes `null`).
    pub(crate) fn reduce<P: Profile + ?Sized, T>(
        &self,
        profile: &P,
        mut attempt: impl FnMut(&Wire<'_, '_, P>) -> Option<(T, usize)>,
    ) -> Option<(T, Reduction)> {
        let max_bytes = self.policy.limits.max_envelope_bytes;
        let mut reduced = *self;
        let mut smallest: Option<(T, usize, Reduction)> = None;
        loop {
            // The concrete type: an opaque one might have a destructor, which would
            // hold the borrow of `reduced` past the reassignment below.
            let wire = Wire {
                profile,
                envelope: &reduced,
            };
            if let Some(Some((output, len))) = catching_panics(|| attempt(&wire)) {
                if len <= max_bytes {
                    return Some((output, reduced.reduction));
                }
                if smallest.as_ref().is_none_or(|(_, least, _)| len < *least) {
                    smallest = Some((output, len, reduced.reduction));
                }
            }
            match reduced.reduction.next() {
                Some(next) => reduced.reduction = next,
                None => return smallest.map(|(output, _, reduction)| (output, reduction)),
            }
        }
    }
}

/// The room every rendered text starts with: a tool error's envelope, with its
/// details, suggestions and context, is usually 300 to 600 bytes.
pub(crate) const TEXT_ROOM: usize = 512;

/// `f()`, or `None` when it panicked.
///
/// Unwind safety is asserted because nothing observes a half-done write: the
/// caller discards what was written, and the error, context and policy are only
/// ever read, so a panic in the error's code leaves them as that code left them,
/// exactly as any other read of them would find them.
fn catching_panics<T>(f: impl FnOnce() -> T) -> Option<T> {
    panic::catch_unwind(AssertUnwindSafe(f)).ok()
}

fn bytes_to_string(bytes: Vec<u8>) -> String {
    // serde_json only writes UTF-8; the lossy path exists so this can never panic.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// An envelope serialised through a profile: `Serialize`.
pub(crate) struct Wire<'p, 'a, P: ?Sized> {
    profile: &'p P,
    envelope: &'p Envelope<'a>,
}

impl<P: Profile + ?Sized> Serialize for Wire<'_, '_, P> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.profile.serialize_envelope(self.envelope, serializer)
    }
}

impl<P: ?Sized> fmt::Debug for Wire<'_, '_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Wire")
            .field("envelope", self.envelope)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use core::fmt;

    use crate::__private::short::{
        __AnyDetail, __DetailProbe, __VALIDATION, __detail, __display, __entry, __fields,
    };
    use crate::__private::{self as private, Catalog, Fields, Resolved, Variants};
    use crate::{DetailWriter, Envelope, Kind, SuggestionWriter, ToolError};

    /// What `#[derive(ToolError)]` generates for `#[error("inner {id}")]`,
    /// `suggest = "Try {id}", suggest = "List them"`, written out by hand so the
    /// test runs without the `derive` feature.
    #[derive(Debug)]
    struct Derived {
        id: u32,
    }

    static CATALOG: Catalog = private::catalog(
        "Derived",
        "tests",
        None,
        "",
        &[__entry(
            "Derived",
            "DERIVED",
            __VALIDATION,
            &["Try {id}", "List them"],
            &["id"],
            &[__detail("id")],
            "",
        )],
    );

    impl fmt::Display for Derived {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "inner {}", self.id)
        }
    }

    impl Variants for Derived {
        fn catalog(&self) -> &'static Catalog {
            &CATALOG
        }
        fn resolve(&self) -> Resolved<'_> {
            private::entry_at(&CATALOG, 0)
        }
        fn fields(&self, visit: &mut dyn FnMut(&Fields<'_>)) {
            visit(&__fields(
                &[__DetailProbe(&self.id).__detail_value()],
                &[__display(&self.id)],
            ));
        }
    }

    impl ToolError for Derived {
        fn code(&self) -> &'static str {
            private::code(self)
        }
        fn kind(&self) -> Kind {
            private::kind(self)
        }
        fn details(&self, out: &mut DetailWriter<'_>) {
            private::details(self, out);
        }
        fn suggestions(&self, out: &mut SuggestionWriter<'_>) {
            private::suggestions(self, out);
        }
    }

    /// A hand-written error that adds to a derived one's details and suggestions.
    #[derive(Debug)]
    struct Wrapper(Derived);

    impl fmt::Display for Wrapper {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "wrapped: {}", self.0)
        }
    }

    impl ToolError for Wrapper {
        fn code(&self) -> &'static str {
            "WRAPPED"
        }
        fn kind(&self) -> Kind {
            Kind::Validation
        }
        fn details(&self, out: &mut DetailWriter<'_>) {
            self.0.details(out);
            out.field("attempt", &2);
        }
        fn suggestions(&self, out: &mut SuggestionWriter<'_>) {
            self.0.suggestions(out);
            out.push_str("Ask for help");
        }
    }

    fn derived() -> Derived {
        Derived { id: 7 }
    }

    #[test]
    fn a_derived_error_renders_its_details_and_filled_suggestions() {
        let error = derived();
        assert_eq!(
            Envelope::new(&error).to_json(),
            r#"{"code":"DERIVED","kind":"VALIDATION","message":"inner 7","recoverable":true,"details":{"id":7},"suggestions":["Try 7","List them"]}"#
        );
    }

    #[test]
    fn details_and_suggestions_added_to_a_derived_one_are_all_written() {
        let error = Wrapper(derived());
        let expected = r#"{"code":"WRAPPED","kind":"VALIDATION","message":"wrapped: inner 7","recoverable":true,"details":{"id":7,"attempt":2},"suggestions":["Try 7","List them","Ask for help"]}"#;
        assert_eq!(Envelope::new(&error).to_json(), expected);
        let problem = Envelope::new(&error).to_value(&crate::Problem::new());
        assert_eq!(
            problem["details"],
            serde_json::json!({"id": 7, "attempt": 2})
        );
        assert_eq!(
            problem["suggestions"],
            serde_json::json!(["Try 7", "List them", "Ask for help"])
        );
        assert!(problem.get("truncated").is_none());
    }
}
