//! What an envelope may reveal and how large it may grow.

use std::borrow::Cow;

/// The server's rules for rendering errors: what to reveal, what to hide, how much.
///
/// The default is safe for production: no debug info, internal messages masked,
/// redacted fields hidden, sizes bounded.
///
/// ```
/// use tool_error::Policy;
///
/// // Verbose errors on, at most three suggestions.
/// let policy = Policy::DEFAULT.with_verbose(true).with_max_suggestions(3);
/// assert!(policy.verbose && policy.redact);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Policy {
    /// Include debug info (source chain, backtrace when captured, request id,
    /// timestamp, server version) and show internal messages. Default `false`.
    pub verbose: bool,
    /// Include suggestions at all. Default `true`.
    pub include_suggestions: bool,
    /// At most this many suggestions, the first ones. Default 16.
    pub max_suggestions: usize,
    /// Include `details`. Default `true`; a server may hide them in production.
    pub include_details: bool,
    /// Replace fields marked `redact` by [`redaction_marker`](Policy::redaction_marker).
    /// Default `true`; turning it off is explicit debugging.
    pub redact: bool,
    /// What a redacted value renders as. Default `"[REDACTED]"`.
    pub redaction_marker: Cow<'static, str>,
    /// Replace the message of `Internal` errors by
    /// [`internal_message`](Policy::internal_message) unless verbose or the variant's
    /// message is public. Default `true`.
    pub mask_internal: bool,
    /// The message a masked error shows. Default `"Internal error"`.
    pub internal_message: Cow<'static, str>,
    /// Size limits; see [`Limits`].
    pub limits: Limits,
}

/// Caps that keep envelopes bounded whatever the error carries. Truncation keeps
/// the JSON valid and marks the cut with [`TRUNCATION_MARK`](Limits::TRUNCATION_MARK);
/// the [`Native`](crate::Native) envelope then says `"truncated": true`, whichever
/// limit cut what.
///
/// One bound holds even under [`UNLIMITED`](Limits::UNLIMITED): detail values are
/// never written deeper than [`DEPTH_CEILING`](Limits::DEPTH_CEILING), so rendering
/// cannot overflow the stack however deep a value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Characters of the message kept. Default 4096.
    pub max_message_chars: usize,
    /// Characters kept of any other string (detail values, suggestions, debug info).
    /// Default 4096.
    pub max_string_chars: usize,
    /// Items kept of any detail array or object. Default 256.
    pub max_items: usize,
    /// Nesting depth of detail values kept (arrays, objects and enum variants);
    /// deeper values become the mark. Default 16. Never more than
    /// [`DEPTH_CEILING`](Limits::DEPTH_CEILING), whatever this says.
    pub max_depth: usize,
    /// Bytes of the whole rendered envelope. When exceeded, details are dropped, then
    /// suggestions, then the message is shortened; when nothing fits, the smallest
    /// of these renderings is sent. Default 65536.
    pub max_envelope_bytes: usize,
}

impl Limits {
    /// Appended where a string was cut, and written in place of dropped items.
    pub const TRUNCATION_MARK: &'static str = "…[truncated]";

    /// The entries a compound of `len` items is written with: at most
    /// [`max_items`](Limits::max_items) of them, and the mark counting the rest.
    pub(crate) fn capped_len(&self, len: usize) -> usize {
        len.min(self.max_items.saturating_add(1))
    }

    /// How deep a detail value is ever written, whatever [`max_depth`](Limits::max_depth)
    /// says, [`UNLIMITED`](Limits::UNLIMITED) included: 100.
    ///
    /// Serialising recurses once per level of a value, so this ceiling is what keeps
    /// a deeply nested value from overflowing the stack. Each step counts: arrays,
    /// objects and enum variants, and also the `Some(..)` and newtype wrappers that
    /// nest in serde without adding a level to the JSON. Where it cuts, the mark
    /// stands in for the value, as with `max_depth`. It also leaves room for the
    /// envelope and its wrappers under serde_json's default nesting limit of 128 when
    /// reading, so every built-in profile's output reads back. Pre-rendered JSON
    /// (`serde_json::value::RawValue`) is written whole, as a string would be.
    pub const DEPTH_CEILING: usize = 100;

    /// The defaults listed on each field.
    pub const DEFAULT: Limits = Limits {
        max_message_chars: 4096,
        max_string_chars: 4096,
        max_items: 256,
        max_depth: 16,
        max_envelope_bytes: 64 * 1024,
    };

    /// No caps (still valid JSON, and still within
    /// [`DEPTH_CEILING`](Limits::DEPTH_CEILING)); for trusted, offline rendering only.
    pub const UNLIMITED: Limits = Limits {
        max_message_chars: usize::MAX,
        max_string_chars: usize::MAX,
        max_items: usize::MAX,
        max_depth: usize::MAX,
        max_envelope_bytes: usize::MAX,
    };

    /// Sets [`max_message_chars`](Limits::max_message_chars).
    #[must_use]
    pub const fn with_max_message_chars(mut self, chars: usize) -> Self {
        self.max_message_chars = chars;
        self
    }

    /// Sets [`max_string_chars`](Limits::max_string_chars).
    #[must_use]
    pub const fn with_max_string_chars(mut self, chars: usize) -> Self {
        self.max_string_chars = chars;
        self
    }

    /// Sets [`max_items`](Limits::max_items).
    #[must_use]
    pub const fn with_max_items(mut self, items: usize) -> Self {
        self.max_items = items;
        self
    }

    /// Sets [`max_depth`](Limits::max_depth).
    #[must_use]
    pub const fn with_max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// Sets [`max_envelope_bytes`](Limits::max_envelope_bytes).
    #[must_use]
    pub const fn with_max_envelope_bytes(mut self, bytes: usize) -> Self {
        self.max_envelope_bytes = bytes;
        self
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

impl Policy {
    /// The defaults listed on each field.
    pub const DEFAULT: Policy = Policy {
        verbose: false,
        include_suggestions: true,
        max_suggestions: 16,
        include_details: true,
        redact: true,
        redaction_marker: Cow::Borrowed("[REDACTED]"),
        mask_internal: true,
        internal_message: Cow::Borrowed("Internal error"),
        limits: Limits::DEFAULT,
    };

    /// Sets [`verbose`](Policy::verbose).
    #[must_use]
    pub const fn with_verbose(mut self, verbose: bool) -> Self {
        self.verbose = verbose;
        self
    }

    /// Sets [`include_suggestions`](Policy::include_suggestions).
    #[must_use]
    pub const fn with_suggestions(mut self, include: bool) -> Self {
        self.include_suggestions = include;
        self
    }

    /// Sets [`max_suggestions`](Policy::max_suggestions).
    #[must_use]
    pub const fn with_max_suggestions(mut self, max: usize) -> Self {
        self.max_suggestions = max;
        self
    }

    /// Sets [`include_details`](Policy::include_details).
    #[must_use]
    pub const fn with_details(mut self, include: bool) -> Self {
        self.include_details = include;
        self
    }

    /// Sets [`redact`](Policy::redact).
    #[must_use]
    pub const fn with_redaction(mut self, redact: bool) -> Self {
        self.redact = redact;
        self
    }

    /// Sets [`redaction_marker`](Policy::redaction_marker).
    #[must_use]
    pub fn with_redaction_marker(mut self, marker: impl Into<Cow<'static, str>>) -> Self {
        self.redaction_marker = marker.into();
        self
    }

    /// Sets [`mask_internal`](Policy::mask_internal).
    #[must_use]
    pub const fn with_internal_masking(mut self, mask: bool) -> Self {
        self.mask_internal = mask;
        self
    }

    /// Sets [`internal_message`](Policy::internal_message).
    #[must_use]
    pub fn with_internal_message(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.internal_message = message.into();
        self
    }

    /// Sets [`limits`](Policy::limits).
    #[must_use]
    pub const fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }
}

impl Default for Policy {
    fn default() -> Self {
        Policy::DEFAULT
    }
}
