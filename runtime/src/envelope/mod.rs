//! The canonical, borrowed view of one error as a caller will see it.
//!
//! [`Envelope`] holds the error, its context and its policy; each part a profile
//! writes is a view that applies the policy as it is serialised: [`Message`],
//! [`Details`], [`Suggestions`], [`Timestamp`] and [`DebugInfo`].

mod calls;
mod debug;
mod details;
mod message;
mod render;
mod retry;
mod suggestions;
mod text;
mod time;
mod value;

use core::cell::Cell;
use core::fmt;
use std::time::{Duration, SystemTime};

pub use calls::NextCalls;
pub use debug::DebugInfo;
pub use details::Details;
pub use message::Message;
pub use retry::Retry;
pub use suggestions::Suggestions;
pub use time::Timestamp;

use serde::Serialize;

#[cfg(feature = "axum")]
pub(crate) use self::render::TEXT_ROOM;
use self::text::Id;
use self::time::Seconds;
use crate::limit::{Cuts, Text};
use crate::{Channel, Context, Kind, Policy, ToolError};

static DEFAULT_POLICY: Policy = Policy::DEFAULT;

/// `Debug` for views: the JSON they serialise to (empty when that fails).
macro_rules! debug_as_json {
    ($($view:ident),*) => {$(
        impl fmt::Debug for $view<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&serde_json::to_string(self).unwrap_or_default())
            }
        }
    )*};
}

debug_as_json!(Details, Suggestions, NextCalls, DebugInfo);

/// How far an envelope was cut down to fit [`Limits::max_envelope_bytes`](crate::Limits)
/// or to get past a value that failed to serialise (or panicked). Each step includes
/// the ones before. The render loop's state: profiles see only
/// [`Envelope::is_reduced`]. Public for tests that start a render at a given step.
///
/// ```
/// use tool_error::envelope::Reduction;
/// use tool_error::{Envelope, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("model {model_id} not found")]
/// #[tool_error(kind = not_found, suggest = "List the models")]
/// struct ModelNotFound { model_id: String }
///
/// let error = ModelNotFound { model_id: "m1".into() };
/// let envelope = Envelope::new(&error).with_reduction(Reduction::Details);
/// assert_eq!(
///     envelope.to_json(),
///     r#"{"code":"MODEL_NOT_FOUND","kind":"NOT_FOUND","message":"model m1 not found","recoverable":true,"suggestions":["List the models"],"truncated":true}"#
/// );
/// ```
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reduction {
    /// Nothing removed.
    #[default]
    None,
    /// `details` dropped.
    Details,
    /// `suggestions` dropped too.
    Suggestions,
    /// Debug info dropped and the message cut to 256 characters.
    Minimal,
    /// Nothing of the error's is formatted or serialised: the message is the code,
    /// and the retry hint is left out too.
    Fallback,
}

/// One error, with the context it happened in and the policy it is shown under: the
/// data every [`Profile`](crate::Profile) renders from. Borrowed and cheap to build;
/// nothing is formatted or serialised until a profile asks.
///
/// ```
/// use tool_error::clock::FixedClock;
/// use tool_error::{Envelope, Kind, Options, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("Model '{model_id}' not found in current session")]
/// #[tool_error(kind = not_found, suggest = "Check model_id spelling")]
/// struct ModelNotFound { model_id: String }
///
/// // The server's clock is one of its options; a context started from them carries it.
/// let options = Options::new().with_clock(FixedClock::from_rfc3339("2025-10-27T14:35:22Z").unwrap());
/// let error = ModelNotFound { model_id: "model_xyz".into() };
/// let envelope = Envelope::new(&error).with_context(options.context().with_tool("run_fba"));
/// assert_eq!(envelope.kind(), Kind::NotFound);
/// assert_eq!(
///     envelope.to_json(),
///     r#"{"code":"MODEL_NOT_FOUND","kind":"NOT_FOUND","message":"Model 'model_xyz' not found in current session","recoverable":true,"details":{"model_id":"model_xyz"},"suggestions":["Check model_id spelling"],"tool":"run_fba","timestamp":"2025-10-27T14:35:22Z"}"#
/// );
/// ```
#[derive(Clone, Copy)]
pub struct Envelope<'a> {
    error: &'a dyn ToolError,
    context: Context<'a>,
    policy: &'a Policy,
    timestamp: Option<SystemTime>,
    reduction: Reduction,
    /// Where the views report what the limits cut, for a profile that says so.
    cuts: Cuts<'a>,
    /// Whether [`domain`](Envelope::domain) is shown; the integrations leave it
    /// out of what the client reads unless the options say otherwise.
    show_domain: bool,
}

impl fmt::Debug for Envelope<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Envelope")
            .field("error", &self.error)
            .field("context", &self.context)
            .field("policy", &self.policy)
            .field("timestamp", &self.timestamp)
            .field("reduction", &self.reduction)
            .finish()
    }
}

impl<'a> Envelope<'a> {
    /// An envelope with an empty context and the default policy.
    pub fn new(error: &'a dyn ToolError) -> Self {
        Envelope {
            error,
            context: Context::new(),
            policy: &DEFAULT_POLICY,
            timestamp: None,
            reduction: Reduction::None,
            cuts: Cuts::IGNORED,
            show_domain: true,
        }
    }

    /// Sets the context; the timestamp is read from its clock now.
    #[must_use]
    pub fn with_context(mut self, context: Context<'a>) -> Self {
        self.timestamp = context.timestamp();
        self.context = context;
        self
    }

    /// Sets the policy.
    #[must_use]
    pub fn with_policy(mut self, policy: &'a Policy) -> Self {
        self.policy = policy;
        self
    }

    /// Renders as if already reduced to `reduction` (rendering reduces further when
    /// needed): a hook for tests.
    #[doc(hidden)]
    #[must_use]
    pub fn with_reduction(mut self, reduction: Reduction) -> Self {
        self.reduction = reduction;
        self
    }

    /// The error.
    pub fn error(&self) -> &'a dyn ToolError {
        self.error
    }

    /// The context.
    pub fn context(&self) -> &Context<'a> {
        &self.context
    }

    /// The policy.
    pub fn policy(&self) -> &'a Policy {
        self.policy
    }

    /// Whether this rendering was cut down to fit the size limit or to get past a
    /// value that failed to serialise: details, suggestions or more were dropped, so
    /// a profile that marks cuts marks this one (see [`reporting_cuts`](Self::reporting_cuts)).
    pub fn is_reduced(&self) -> bool {
        self.reduction > Reduction::None
    }

    /// The code.
    pub fn code(&self) -> &'static str {
        self.error.code()
    }

    /// The kind.
    pub fn kind(&self) -> Kind {
        self.error.kind()
    }

    /// Whether retrying may succeed.
    pub fn recoverable(&self) -> bool {
        self.error.recoverable()
    }

    /// The category, if any.
    pub fn category(&self) -> Option<&'static str> {
        self.error.category()
    }

    /// The domain, if any (and shown).
    pub fn domain(&self) -> Option<&'static str> {
        self.error.domain().filter(|_| self.show_domain)
    }

    /// This envelope without its domain, for a client the options do not show it to.
    pub(crate) fn without_domain(mut self) -> Self {
        self.show_domain = false;
        self
    }

    /// Where the code is documented, if its catalog entry says
    /// ([`Entry::docs_url`](crate::Entry::docs_url)).
    pub fn docs_url(&self) -> Option<&'static str> {
        self.error.entry().and_then(|entry| entry.docs_url())
    }

    /// The JSON-RPC code an error response carries: the error's own, unless a
    /// hand-written impl gives one that JSON-RPC 2.0 or MCP reserves without
    /// defining it, where the kind's default stands in (as the rmcp and jsonrpsee
    /// integrations send it).
    pub fn jsonrpc_code(&self) -> i32 {
        crate::profile::jsonrpc_error_code(self.error)
    }

    /// The HTTP status an error response carries: the error's own when it is a 4xx
    /// or 5xx status, else 500.
    pub fn http_status(&self) -> u16 {
        crate::profile::error_status(self.error.http_status())
    }

    /// The channel.
    pub fn channel(&self) -> Channel {
        self.error.channel()
    }

    /// The retry hint, if any.
    pub fn retry_after(&self) -> Option<Duration> {
        if self.reduction == Reduction::Fallback {
            return None;
        }
        self.error.retry_after()
    }

    /// Whether the failed call may be repeated unchanged, for an error that invites a
    /// retry: a recoverable `TRANSIENT` error, or a recoverable error with a retry
    /// hint other than a validation error. [`Retry::Safe`] when the error says the
    /// call had no effect ([`ToolError::no_effect`]) or the context says the call is
    /// idempotent, [`Retry::CheckFirst`] when the context says it is not, and `None`
    /// when neither knows (an envelope built without the call's context).
    pub fn retry(&self) -> Option<Retry> {
        let error = self.error;
        let invites = error.recoverable()
            && match error.kind() {
                Kind::Validation => false,
                Kind::Transient => true,
                _ => self.retry_after().is_some(),
            };
        if !invites || self.reduction == Reduction::Fallback {
            return None;
        }
        if error.no_effect() {
            return Some(Retry::Safe);
        }
        self.context.idempotent().map(|idempotent| {
            if idempotent {
                Retry::Safe
            } else {
                Retry::CheckFirst
            }
        })
    }

    /// The retry hint as a JSON number of seconds: an integer when whole, else
    /// rounded up to the millisecond (500 µs is 0.001, never 0).
    pub fn retry_after_seconds(&self) -> Option<impl Serialize + fmt::Debug + Copy + use<>> {
        self.retry_after().map(Seconds)
    }

    /// Whether the message is replaced by the policy's internal message.
    pub fn is_masked(&self) -> bool {
        self.error.kind() == Kind::Internal
            && self.policy.mask_internal
            && !self.policy.verbose
            && !self.error.message_is_public()
    }

    /// The message, masked and cut as the policy says; `Display` and `Serialize`.
    pub fn message(&self) -> Message<'_> {
        Message { envelope: self }
    }

    /// The details; `Serialize` (usually an object).
    pub fn details(&self) -> Details<'_> {
        Details { envelope: self }
    }

    /// Whether suggestions and next calls are written at all: the policy includes
    /// them and no reduction dropped them. The one place that decides it.
    pub(crate) fn shows_suggestions(&self) -> bool {
        self.policy.include_suggestions && self.reduction < Reduction::Suggestions
    }

    /// The suggestions, filtered and capped as the policy says; `Serialize` (an array).
    pub fn suggestions(&self) -> Suggestions<'_> {
        Suggestions { envelope: self }
    }

    /// The tool calls the error suggests (see [`NextCalls`]).
    pub fn next_calls(&self) -> NextCalls<'_> {
        NextCalls { envelope: self }
    }

    /// The timestamp (second precision; see [`Timestamp::with_millis`]).
    pub fn timestamp(&self) -> Option<Timestamp> {
        self.timestamp.map(Timestamp::new)
    }

    /// A context string (tool, operation, request id...) cut to the string limit:
    /// `Display` and `Serialize`. The uncut strings are on [`context`](Self::context).
    pub fn text(
        &self,
        value: &'a str,
    ) -> impl Serialize + fmt::Display + fmt::Debug + Copy + use<'a> {
        self.cut(value)
    }

    /// The tool name from the context, cut to the string limit (see [`text`](Self::text)).
    pub fn tool(&self) -> Option<impl Serialize + fmt::Display + fmt::Debug + Copy + use<'a>> {
        self.context.tool().map(|v| self.cut(v))
    }

    /// The operation from the context, cut to the string limit (see [`text`](Self::text)).
    pub fn operation(&self) -> Option<impl Serialize + fmt::Display + fmt::Debug + Copy + use<'a>> {
        self.context.operation().map(|v| self.cut(v))
    }

    /// The request id from the context with its JSON type (a number stays a number),
    /// a string cut to the string limit (see [`text`](Self::text)).
    pub fn request_id(
        &self,
    ) -> Option<impl Serialize + fmt::Display + fmt::Debug + Copy + use<'a>> {
        let max_chars = self.policy.limits.max_string_chars;
        self.context
            .request_id()
            .map(|id| Id::new(id, max_chars, self.cuts))
    }

    /// `value` cut to the string limit, as a type the views can name.
    fn cut(&self, value: &'a str) -> Text<'a> {
        Text::new(value, self.policy.limits.max_string_chars, self.cuts)
    }

    /// This envelope with every cut its views make reported to `flag`, which the
    /// caller owns and reads after writing them: how a profile learns that a limit
    /// cut something (a string, a collection, a nesting level) inside a value it has
    /// already streamed out. Together with [`is_reduced`](Self::is_reduced), it is
    /// how [`Native`](crate::Native) decides to write `"truncated": true`, and how a
    /// custom profile can:
    ///
    /// ```
    /// use core::cell::Cell;
    /// use serde::Serializer;
    /// use serde::ser::SerializeMap;
    /// use tool_error::{Envelope, Limits, Policy, Profile, ToolError};
    ///
    /// /// `{"error": CODE, "text": MESSAGE, "cut": true?}`
    /// struct Short;
    ///
    /// impl Profile for Short {
    ///     fn serialize_envelope<S: Serializer>(
    ///         &self,
    ///         envelope: &Envelope<'_>,
    ///         serializer: S,
    ///     ) -> Result<S::Ok, S::Error> {
    ///         let cut = Cell::new(false);
    ///         let envelope = envelope.reporting_cuts(&cut);
    ///         let mut map = serializer.serialize_map(None)?;
    ///         map.serialize_entry("error", envelope.code())?;
    ///         map.serialize_entry("text", &envelope.message())?;
    ///         if envelope.is_reduced() || cut.get() {
    ///             map.serialize_entry("cut", &true)?;
    ///         }
    ///         map.end()
    ///     }
    /// }
    ///
    /// #[derive(Debug, thiserror::Error, ToolError)]
    /// #[error("no document matches {query}")]
    /// #[tool_error(kind = not_found)]
    /// struct NoMatch { query: String }
    ///
    /// let error = NoMatch { query: "tides".into() };
    /// let policy = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_message_chars(10));
    /// assert_eq!(
    ///     Envelope::new(&error).with_policy(&policy).render(&Short),
    ///     r#"{"error":"NO_MATCH","text":"no documen…[truncated]","cut":true}"#
    /// );
    /// ```
    pub fn reporting_cuts<'b>(&self, flag: &'b Cell<bool>) -> Envelope<'b>
    where
        'a: 'b,
    {
        Envelope {
            cuts: Cuts::into(flag),
            ..*self
        }
    }

    /// Debug info, present only when the policy is verbose.
    pub fn debug(&self) -> Option<DebugInfo<'_>> {
        (self.policy.verbose && self.reduction < Reduction::Minimal)
            .then_some(DebugInfo { envelope: self })
    }
}
