//! Rendering an envelope through a profile, cut down with a stronger [`Reduction`]
//! until it fits.

use core::fmt;

use serde::{Serialize, Serializer};

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

    /// The native envelope as compact JSON.
    pub fn to_json(&self) -> String {
        self.render(&Native)
    }

    /// Renders through `profile` as compact JSON.
    pub fn render<P: Profile + ?Sized>(&self, profile: &P) -> String {
        let mut out = Vec::with_capacity(256);
        self.render_into(profile, &mut out);
        bytes_to_string(out)
    }

    /// Renders through `profile` as indented JSON, for people.
    pub fn render_pretty<P: Profile + ?Sized>(&self, profile: &P) -> String {
        let mut out = Vec::with_capacity(512);
        self.render_with(profile, &mut out, true);
        bytes_to_string(out)
    }

    /// Appends the compact JSON to `out`; with a reused buffer this allocates nothing
    /// for errors whose details and suggestions do not allocate.
    ///
    /// The output is always one valid JSON value: when the envelope is larger than
    /// [`Limits::max_envelope_bytes`](crate::Limits) or a value fails to serialise,
    /// it is rendered again with a stronger [`Reduction`].
    pub fn render_into<P: Profile + ?Sized>(&self, profile: &P, out: &mut Vec<u8>) {
        self.render_with(profile, out, false);
    }

    /// Renders through `profile` into a `serde_json::Value`.
    pub fn to_value<P: Profile + ?Sized>(&self, profile: &P) -> serde_json::Value {
        let mut out = Vec::with_capacity(256);
        self.render_into(profile, &mut out);
        // Reading back is bounded by serde_json's recursion limit (128); output nested
        // deeper than that (only possible with raised `Limits::max_depth`) is built as
        // a value directly instead.
        serde_json::from_slice(&out)
            .or_else(|_| serde_json::to_value(self.wire(profile)))
            .unwrap_or(serde_json::Value::Null)
    }

    fn render_with<P: Profile + ?Sized>(&self, profile: &P, out: &mut Vec<u8>, pretty: bool) {
        let start = out.len();
        let max_bytes = self.policy.limits.max_envelope_bytes;
        let mut reduced = *self;
        loop {
            // The concrete type: an opaque one might have a destructor, which would
            // hold the borrow of `reduced` past the reassignment below.
            let wire = Wire {
                profile,
                envelope: &reduced,
            };
            let written = if pretty {
                serde_json::to_writer_pretty(&mut *out, &wire)
            } else {
                serde_json::to_writer(&mut *out, &wire)
            };
            let fits = out.len() - start <= max_bytes;
            if written.is_ok() && (fits || reduced.reduction == Reduction::Fallback) {
                return;
            }
            out.truncate(start);
            match reduced.reduction.next() {
                Some(next) => reduced.reduction = next,
                None => {
                    // Even the fallback failed: only a broken custom profile gets here.
                    out.extend_from_slice(b"null");
                    return;
                }
            }
        }
    }
}

fn bytes_to_string(bytes: Vec<u8>) -> String {
    // serde_json only writes UTF-8; the lossy path exists so this can never panic.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// An envelope serialised through a profile: `Serialize`.
struct Wire<'p, 'a, P: ?Sized> {
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
