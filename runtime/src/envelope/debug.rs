//! Debug info for verbose policies: the source chain, the backtrace, the server
//! version.

use core::fmt;
use std::backtrace::BacktraceStatus;
use std::error::Error as StdError;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use super::Envelope;
use crate::error::{MAX_SHOWN_CAUSES, causes};
use crate::limit::{Cuts, Truncated};

/// Debug info, shown only under a verbose policy: the source chain, a captured
/// backtrace and the server version.
///
/// ```
/// use tool_error::{Envelope, Policy, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("sync failed")]
/// #[tool_error(kind = internal)]
/// struct SyncFailed {
///     #[source]
///     cause: std::io::Error,
/// }
///
/// let error = SyncFailed { cause: std::io::Error::other("disk full") };
/// assert!(Envelope::new(&error).debug().is_none());
///
/// let verbose = Policy::DEFAULT.with_verbose(true);
/// let envelope = Envelope::new(&error).with_policy(&verbose);
/// let debug = envelope.debug().unwrap();
/// let chain = debug.error_chain().unwrap();
/// let causes: Vec<String> = chain.into_iter().map(|cause| cause.to_string()).collect();
/// assert_eq!(causes, ["disk full"]);
/// assert_eq!(
///     serde_json::to_value(debug).unwrap(),
///     serde_json::json!({"error_chain": ["disk full"]})
/// );
/// ```
#[derive(Clone, Copy)]
pub struct DebugInfo<'a> {
    pub(super) envelope: &'a Envelope<'a>,
}

impl<'a> DebugInfo<'a> {
    /// The causes of the error, outermost first (the error itself excluded) and at
    /// most the item limit; `None` when there is none. Serialised, an array of their
    /// `Display`s, each cut to the string limit; iterated, the causes themselves.
    pub fn error_chain(
        &self,
    ) -> Option<
        impl Serialize + IntoIterator<Item = &'a (dyn StdError + 'static)> + fmt::Debug + Copy + use<'a>,
    > {
        let chain = self.chain();
        (!chain.is_empty()).then_some(chain)
    }

    /// The backtrace, when one was captured: serialised as one string cut to the
    /// string limit.
    pub fn backtrace(&self) -> Option<impl Serialize + fmt::Debug + Copy + use<'a>> {
        self.envelope
            .error
            .backtrace()
            .filter(|backtrace| backtrace.status() == BacktraceStatus::Captured)
            .map(|backtrace| {
                let max_chars = self.envelope.policy.limits.max_string_chars;
                Truncated::new(backtrace, max_chars, self.envelope.cuts)
            })
    }

    fn chain(&self) -> ErrorChain<'a> {
        ErrorChain {
            first: self.envelope.error.source_error(),
            max_items: self.envelope.policy.limits.max_items.min(MAX_SHOWN_CAUSES),
            max_chars: self.envelope.policy.limits.max_string_chars,
            cuts: self.envelope.cuts,
        }
    }

    /// The server version from the context, cut to the string limit: `Display` and
    /// `Serialize`.
    pub fn server_version(
        &self,
    ) -> Option<impl Serialize + fmt::Display + fmt::Debug + Copy + use<'a>> {
        self.envelope
            .context
            .server_version
            .map(|version| self.envelope.cut(version))
    }
}

impl Serialize for DebugInfo<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        let chain = self.chain();
        if !chain.is_empty() {
            map.serialize_entry("error_chain", &chain)?;
        } else if chain.first.is_some() {
            // Causes, but an item limit of 0: all of them cut.
            chain.cuts.record();
        }
        if let Some(backtrace) = self.backtrace() {
            map.serialize_entry("backtrace", &backtrace)?;
        }
        if let Some(version) = self.server_version() {
            map.serialize_entry("server_version", &version)?;
        }
        map.end()
    }
}

/// The causes of an error: `Serialize` as an array of strings.
#[derive(Clone, Copy)]
struct ErrorChain<'a> {
    first: Option<&'a (dyn StdError + 'static)>,
    max_items: usize,
    max_chars: usize,
    cuts: Cuts<'a>,
}

impl<'a> ErrorChain<'a> {
    fn is_empty(&self) -> bool {
        self.first.is_none() || self.max_items == 0
    }

    /// Every cause, outermost first, as the one walk of a chain reads it.
    fn all(self) -> impl Iterator<Item = &'a (dyn StdError + 'static)> + use<'a> {
        self.first.into_iter().flat_map(causes)
    }

    /// The causes shown: the item limit's first.
    fn shown(self) -> impl Iterator<Item = &'a (dyn StdError + 'static)> + use<'a> {
        self.all().take(self.max_items)
    }
}

impl<'a> IntoIterator for ErrorChain<'a> {
    type Item = &'a (dyn StdError + 'static);
    // Boxed: an associated type cannot name the iterator the walk returns.
    type IntoIter = Box<dyn Iterator<Item = Self::Item> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.shown())
    }
}

impl Serialize for ErrorChain<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        let mut causes = self.all();
        for cause in causes.by_ref().take(self.max_items) {
            seq.serialize_element(&Truncated::new(cause, self.max_chars, self.cuts))?;
        }
        if causes.next().is_some() {
            // More causes than the item limit (or the cycle guard) lets through.
            self.cuts.record();
        }
        seq.end()
    }
}

impl fmt::Debug for ErrorChain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Not `to_string`, which panics when a cause's `Display` fails on its own.
        let text = |cause: &(dyn StdError + 'static)| {
            let mut text = String::new();
            let _ = fmt::Write::write_fmt(&mut text, format_args!("{cause}"));
            text
        };
        f.debug_list().entries(self.shown().map(text)).finish()
    }
}
