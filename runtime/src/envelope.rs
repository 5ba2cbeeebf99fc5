//! The canonical, borrowed view of one error as a caller will see it.

use core::fmt;
use std::backtrace::{Backtrace, BacktraceStatus};
use std::error::Error as StdError;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use crate::details::{DetailSink, SuggestionSink};
use crate::limit::{Limited, Truncated, serialize_display, serialize_str_cut};
use crate::{
    Channel, Context, DetailWriter, Kind, Native, Policy, Profile, SuggestionWriter, ToolError,
};

static DEFAULT_POLICY: Policy = Policy::DEFAULT;

/// How far an envelope was cut down to fit [`Limits::max_envelope_bytes`](crate::Limits)
/// or to get past a value that failed to serialise. Each step includes the ones before.
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
    /// No user code runs at all: the message is the code.
    Fallback,
}

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

/// Characters of the message kept at [`Reduction::Minimal`].
const MINIMAL_MESSAGE_CHARS: usize = 256;

/// How deep a source chain is followed (a guard against cyclic `source()` impls).
const MAX_CHAIN: usize = 32;

/// One error, with the context it happened in and the policy it is shown under: the
/// data every [`Profile`] renders from. Borrowed and cheap to build; nothing is
/// formatted or serialised until a profile asks.
///
/// ```
/// use tool_error::{Context, Envelope, FixedClock, Kind, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("Model '{model_id}' not found in current session")]
/// #[tool_error(kind = not_found, suggest = "Check model_id spelling")]
/// struct ModelNotFound { model_id: String }
///
/// let clock = FixedClock::from_rfc3339("2025-10-27T14:35:22Z").unwrap();
/// let error = ModelNotFound { model_id: "model_xyz".into() };
/// let envelope = Envelope::new(&error)
///     .with_context(tool_error::Context::new().with_tool("run_fba").with_clock(&clock));
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

    /// Sets the timestamp directly.
    #[must_use]
    pub fn with_timestamp(mut self, timestamp: SystemTime) -> Self {
        self.timestamp = Some(timestamp);
        self
    }

    /// Renders as if already reduced to `reduction` (rendering reduces further when needed).
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

    /// How far this rendering was cut down; profiles may mark it.
    pub fn reduction(&self) -> Reduction {
        self.reduction
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

    /// The domain, if any.
    pub fn domain(&self) -> Option<&'static str> {
        self.error.domain()
    }

    /// The JSON-RPC code.
    pub fn jsonrpc_code(&self) -> i32 {
        self.error.jsonrpc_code()
    }

    /// The HTTP status.
    pub fn http_status(&self) -> u16 {
        self.error.http_status()
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

    /// The retry hint as a JSON number of seconds (whole when possible).
    pub fn retry_after_seconds(&self) -> Option<Seconds> {
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

    /// The suggestions, filtered and capped as the policy says; `Serialize` (an array).
    pub fn suggestions(&self) -> Suggestions<'_> {
        Suggestions { envelope: self }
    }

    /// The timestamp (second precision; see [`Timestamp::with_millis`]).
    pub fn timestamp(&self) -> Option<Timestamp> {
        self.timestamp.map(|time| Timestamp {
            time,
            millis: false,
        })
    }

    /// A context string (tool, operation, request id...) cut to the string limit.
    pub fn text(&self, value: &'a str) -> Text<'a> {
        Text {
            value,
            max_chars: self.policy.limits.max_string_chars,
        }
    }

    /// The tool name from the context, cut to the string limit.
    pub fn tool(&self) -> Option<Text<'a>> {
        self.context.tool().map(|v| self.text(v))
    }

    /// The operation from the context, cut to the string limit.
    pub fn operation(&self) -> Option<Text<'a>> {
        self.context.operation().map(|v| self.text(v))
    }

    /// The request id from the context, cut to the string limit.
    pub fn request_id(&self) -> Option<Text<'a>> {
        self.context.request_id().map(|v| self.text(v))
    }

    /// Debug info, present only when the policy is verbose.
    pub fn debug(&self) -> Option<DebugInfo<'_>> {
        (self.policy.verbose && self.reduction < Reduction::Minimal)
            .then_some(DebugInfo { envelope: self })
    }

    /// Serialises through `profile`; for nesting one profile's output in another's.
    pub fn wire<'p, P: Profile + ?Sized>(&'p self, profile: &'p P) -> Wire<'p, 'a, P> {
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
            let wire = reduced.wire(profile);
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
pub struct Wire<'p, 'a, P: ?Sized> {
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

/// The message of an envelope: `Display` and `Serialize` (as a string), written
/// straight into the output.
#[derive(Clone, Copy)]
pub struct Message<'a> {
    envelope: &'a Envelope<'a>,
}

struct ErrorMessage<'a>(&'a dyn ToolError);

impl fmt::Display for ErrorMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_message(f)
    }
}

/// Where a message's text comes from, and how many characters of it are kept.
enum MessageText<'a> {
    Plain(&'a str),
    Error(ErrorMessage<'a>),
}

impl Message<'_> {
    fn text(&self) -> (MessageText<'_>, usize) {
        let envelope = self.envelope;
        let limits = &envelope.policy.limits;
        match envelope.reduction {
            Reduction::Fallback => (MessageText::Plain(envelope.error.code()), usize::MAX),
            _ if envelope.is_masked() => (
                MessageText::Plain(&envelope.policy.internal_message),
                limits.max_message_chars,
            ),
            reduction => {
                let max_chars = if reduction >= Reduction::Minimal {
                    limits.max_message_chars.min(MINIMAL_MESSAGE_CHARS)
                } else {
                    limits.max_message_chars
                };
                (MessageText::Error(ErrorMessage(envelope.error)), max_chars)
            }
        }
    }
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.text() {
            (MessageText::Plain(value), max_chars) => Truncated { value, max_chars }.fmt(f),
            (MessageText::Error(value), max_chars) => Truncated {
                value: &value,
                max_chars,
            }
            .fmt(f),
        }
    }
}

impl fmt::Debug for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

impl Serialize for Message<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.text() {
            (MessageText::Plain(text), max_chars) => serialize_str_cut(serializer, text, max_chars),
            (MessageText::Error(error), max_chars) => {
                serialize_display(serializer, &error, max_chars)
            }
        }
    }
}

/// The details of an envelope: `Serialize`, usually as an object.
#[derive(Clone, Copy)]
pub struct Details<'a> {
    envelope: &'a Envelope<'a>,
}

/// What `details()` wrote, learnt without serialising anything.
#[derive(Default)]
struct DetailShape {
    fields: usize,
    whole: bool,
}

impl DetailSink for DetailShape {
    fn field(&mut self, _: &str, _: &dyn erased_serde::Serialize, _: bool) {
        self.fields += 1;
    }
    fn whole(&mut self, _: &dyn erased_serde::Serialize) {
        self.whole = true;
    }
}

impl<'a> Details<'a> {
    fn shown(&self) -> bool {
        self.envelope.policy.include_details && self.envelope.reduction < Reduction::Details
    }

    fn shape(&self) -> DetailShape {
        let mut shape = DetailShape::default();
        if self.shown() {
            self.envelope
                .error
                .details(&mut DetailWriter::new(&mut shape));
        }
        shape
    }

    /// Whether there is nothing to show (profiles usually omit the key then).
    pub fn is_empty(&self) -> bool {
        let shape = self.shape();
        shape.fields == 0 && !shape.whole
    }

    /// Writes each detail as an entry of a map the caller is serialising, for
    /// profiles that merge details with keys of their own (seed 002's `data` holds
    /// the details and `retry_after`). A whole details value that is an object
    /// contributes its entries; any other whole value goes under `value`.
    pub fn serialize_entries<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        let shape = self.shape();
        if shape.whole {
            let value =
                serde_json::to_value(WholeValue(*self)).map_err(serde::ser::Error::custom)?;
            return match value {
                serde_json::Value::Object(entries) => entries
                    .iter()
                    .try_for_each(|(key, value)| map.serialize_entry(key, value)),
                other => map.serialize_entry("value", &other),
            };
        }
        if shape.fields == 0 {
            return Ok(());
        }
        let policy = self.envelope.policy;
        let mut sink = MapSink {
            map,
            policy,
            written: 0,
            skipped: 0,
            failed: None,
        };
        self.envelope
            .error
            .details(&mut DetailWriter::new(&mut sink));
        let (failed, skipped) = (sink.failed, sink.skipped);
        if let Some(error) = failed {
            return Err(error);
        }
        if skipped > 0 {
            map.serialize_entry(crate::Limits::TRUNCATION_MARK, &skipped)?;
        }
        Ok(())
    }

    /// Serialises the details as an object even when the error supplied a whole
    /// non-object value (which is then under the key `value`).
    pub fn as_object(&self) -> impl Serialize + 'a {
        DetailsObject(*self)
    }
}

struct MapSink<'a, M: SerializeMap> {
    map: &'a mut M,
    policy: &'a Policy,
    written: usize,
    skipped: usize,
    failed: Option<M::Error>,
}

impl<M: SerializeMap> DetailSink for MapSink<'_, M> {
    fn field(&mut self, name: &str, value: &dyn erased_serde::Serialize, redact: bool) {
        if self.failed.is_some() {
            return;
        }
        if self.written >= self.policy.limits.max_items {
            self.skipped += 1;
            return;
        }
        self.written += 1;
        let key = Limited::new(name, &self.policy.limits);
        let result = if redact && self.policy.redact {
            self.map
                .serialize_entry(&key, &*self.policy.redaction_marker)
        } else {
            self.map
                .serialize_entry(&key, &Limited::new(value, &self.policy.limits))
        };
        if let Err(error) = result {
            self.failed = Some(error);
        }
    }

    fn whole(&mut self, _: &dyn erased_serde::Serialize) {
        // The shape pass routes whole values elsewhere; nothing to add to a map.
    }
}

struct WholeSink<'a, S: Serializer> {
    serializer: Option<S>,
    limits: &'a crate::Limits,
    result: Option<Result<S::Ok, S::Error>>,
}

impl<S: Serializer> DetailSink for WholeSink<'_, S> {
    fn field(&mut self, _: &str, _: &dyn erased_serde::Serialize, _: bool) {}

    fn whole(&mut self, value: &dyn erased_serde::Serialize) {
        if let Some(serializer) = self.serializer.take() {
            self.result = Some(Limited::new(value, self.limits).serialize(serializer));
        }
    }
}

impl Details<'_> {
    fn serialize_object<S: Serializer>(
        &self,
        serializer: S,
        wrap_whole: bool,
    ) -> Result<S::Ok, S::Error> {
        let shape = self.shape();
        let policy = self.envelope.policy;
        if shape.whole {
            if wrap_whole {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("value", &WholeValue(*self))?;
                return map.end();
            }
            let mut sink = WholeSink {
                serializer: Some(serializer),
                limits: &policy.limits,
                result: None,
            };
            self.envelope
                .error
                .details(&mut DetailWriter::new(&mut sink));
            return match (sink.result, sink.serializer) {
                (Some(result), _) => result,
                // details() wrote a whole value in the shape pass but not now.
                (None, Some(serializer)) => serializer.serialize_map(Some(0))?.end(),
                (None, None) => Err(serde::ser::Error::custom("details changed between passes")),
            };
        }
        // The mark of skipped fields counts too: a map announced empty is closed
        // at once by some serializers.
        let kept = shape.fields.min(policy.limits.max_items);
        let mut map = serializer.serialize_map(Some(kept + usize::from(shape.fields > kept)))?;
        if shape.fields > 0 {
            let mut sink = MapSink {
                map: &mut map,
                policy,
                written: 0,
                skipped: 0,
                failed: None,
            };
            self.envelope
                .error
                .details(&mut DetailWriter::new(&mut sink));
            let (failed, skipped) = (sink.failed, sink.skipped);
            if let Some(error) = failed {
                return Err(error);
            }
            if skipped > 0 {
                map.serialize_entry(crate::Limits::TRUNCATION_MARK, &skipped)?;
            }
        }
        map.end()
    }
}

struct WholeValue<'a>(Details<'a>);

impl Serialize for WholeValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_object(serializer, false)
    }
}

struct DetailsObject<'a>(Details<'a>);

impl Serialize for DetailsObject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_object(serializer, true)
    }
}

impl Serialize for Details<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_object(serializer, false)
    }
}

impl fmt::Debug for Details<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).unwrap_or_default())
    }
}

/// The suggestions of an envelope: `Serialize` as an array of strings.
#[derive(Clone, Copy)]
pub struct Suggestions<'a> {
    envelope: &'a Envelope<'a>,
}

struct CountSink(usize);

impl SuggestionSink for CountSink {
    fn suggestion(&mut self, _: &dyn fmt::Display) {
        self.0 += 1;
    }
}

struct EachSink<'f, 'd> {
    remaining: usize,
    each: &'f mut dyn FnMut(&dyn fmt::Display),
    _marker: core::marker::PhantomData<&'d ()>,
}

impl SuggestionSink for EachSink<'_, '_> {
    fn suggestion(&mut self, text: &dyn fmt::Display) {
        if self.remaining > 0 {
            self.remaining -= 1;
            (self.each)(text);
        }
    }
}

impl Suggestions<'_> {
    fn cap(&self) -> usize {
        let envelope = self.envelope;
        let policy = envelope.policy;
        let allowed = policy.include_suggestions
            && envelope.reduction < Reduction::Suggestions
            && (policy.suggestions_when_unrecoverable || envelope.error.recoverable());
        if allowed {
            policy.max_suggestions.min(policy.limits.max_items)
        } else {
            0
        }
    }

    /// How many suggestions will be written.
    pub fn len(&self) -> usize {
        let cap = self.cap();
        if cap == 0 {
            return 0;
        }
        let mut count = CountSink(0);
        self.envelope
            .error
            .suggestions(&mut SuggestionWriter::new(&mut count));
        count.0.min(cap)
    }

    /// Whether no suggestion will be written.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Calls `each` with every suggestion that will be written, cut to the string limit.
    pub fn for_each(&self, each: &mut dyn FnMut(&dyn fmt::Display)) {
        let max_chars = self.envelope.policy.limits.max_string_chars;
        let mut truncating = |text: &dyn fmt::Display| {
            each(&Truncated {
                value: text,
                max_chars,
            });
        };
        let mut sink = EachSink {
            remaining: self.cap(),
            each: &mut truncating,
            _marker: core::marker::PhantomData,
        };
        if sink.remaining > 0 {
            self.envelope
                .error
                .suggestions(&mut SuggestionWriter::new(&mut sink));
        }
    }
}

impl Serialize for Suggestions<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut sink = SeqSink {
            seq: serializer.serialize_seq(None)?,
            remaining: self.cap(),
            max_chars: self.envelope.policy.limits.max_string_chars,
            failed: None,
        };
        if sink.remaining > 0 {
            self.envelope
                .error
                .suggestions(&mut SuggestionWriter::new(&mut sink));
        }
        match sink.failed {
            Some(error) => Err(error),
            None => sink.seq.end(),
        }
    }
}

/// Writes suggestions as array elements, up to the cap, each cut to the string limit.
struct SeqSink<Seq: SerializeSeq> {
    seq: Seq,
    remaining: usize,
    max_chars: usize,
    failed: Option<Seq::Error>,
}

impl<Seq: SerializeSeq> SeqSink<Seq> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) {
        if self.remaining == 0 || self.failed.is_some() {
            return;
        }
        self.remaining -= 1;
        if let Err(error) = self.seq.serialize_element(value) {
            self.failed = Some(error);
        }
    }
}

impl<Seq: SerializeSeq> SuggestionSink for SeqSink<Seq> {
    fn suggestion(&mut self, text: &dyn fmt::Display) {
        self.element(&ShortDisplay {
            value: text,
            max_chars: self.max_chars,
        });
    }

    fn suggestion_str(&mut self, text: &str) {
        self.element(&ShortStr {
            value: text,
            max_chars: self.max_chars,
        });
    }
}

/// A `Display` value serialised as a string cut to `max_chars` (see
/// [`serialize_display`]).
struct ShortDisplay<'a> {
    value: &'a dyn fmt::Display,
    max_chars: usize,
}

impl Serialize for ShortDisplay<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_display(serializer, self.value, self.max_chars)
    }
}

/// A string serialised cut to `max_chars`.
struct ShortStr<'a> {
    value: &'a str,
    max_chars: usize,
}

impl Serialize for ShortStr<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_str_cut(serializer, self.value, self.max_chars)
    }
}

impl fmt::Debug for Suggestions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).unwrap_or_default())
    }
}

/// Serialises a `Display` value as a string without building it first.
pub(crate) struct CollectStr<'a>(pub(crate) &'a dyn fmt::Display);

impl Serialize for CollectStr<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

/// A context string cut to the policy's string limit: `Display` and `Serialize`.
#[derive(Clone, Copy, Debug)]
pub struct Text<'a> {
    value: &'a str,
    max_chars: usize,
}

impl<'a> Text<'a> {
    /// The full, uncut string.
    pub fn as_str(&self) -> &'a str {
        self.value
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value.len() <= self.max_chars {
            f.write_str(self.value)
        } else {
            Truncated {
                value: self.value,
                max_chars: self.max_chars,
            }
            .fmt(f)
        }
    }
}

impl Serialize for Text<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.value.len() <= self.max_chars {
            serializer.serialize_str(self.value)
        } else {
            serializer.collect_str(self)
        }
    }
}

/// A point in time rendered as RFC 3339 UTC (`2025-10-27T14:32:15Z`): `Display` and
/// `Serialize`. Times outside 1970..=9999 are clamped to that range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timestamp {
    time: SystemTime,
    millis: bool,
}

/// The last instant humantime can format (9999-12-31T23:59:59.999999999Z).
const LATEST_SECONDS: u64 = 253_402_300_799;

impl Timestamp {
    /// A timestamp of `time` at second precision.
    pub fn new(time: SystemTime) -> Self {
        Timestamp {
            time,
            millis: false,
        }
    }

    /// The same instant with milliseconds (`2025-10-27T14:32:15.123Z`).
    #[must_use]
    pub fn with_millis(mut self) -> Self {
        self.millis = true;
        self
    }

    /// The instant.
    pub fn time(&self) -> SystemTime {
        self.time
    }

    fn clamped(&self) -> SystemTime {
        let latest = UNIX_EPOCH + Duration::new(LATEST_SECONDS, 999_999_999);
        match self.time.duration_since(UNIX_EPOCH) {
            Err(_) => UNIX_EPOCH,
            Ok(_) if self.time > latest => latest,
            Ok(_) => self.time,
        }
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let time = self.clamped();
        if self.millis {
            humantime::format_rfc3339_millis(time).fmt(f)
        } else {
            humantime::format_rfc3339_seconds(time).fmt(f)
        }
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A duration as a JSON number of seconds: an integer when whole, else with
/// millisecond precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seconds(pub Duration);

impl Serialize for Seconds {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.subsec_nanos() == 0 {
            serializer.serialize_u64(self.0.as_secs())
        } else {
            let millis = self.0.as_millis() as f64;
            serializer.serialize_f64(millis / 1000.0)
        }
    }
}

/// Debug info, shown only under a verbose policy: the source chain, a captured
/// backtrace and the server version.
#[derive(Clone, Copy)]
pub struct DebugInfo<'a> {
    envelope: &'a Envelope<'a>,
}

impl<'a> DebugInfo<'a> {
    /// The `Display` of each cause, outermost first (the error itself excluded).
    pub fn error_chain(&self) -> ErrorChain<'a> {
        ErrorChain {
            first: self.envelope.error.source_error(),
            max_items: self.envelope.policy.limits.max_items.min(MAX_CHAIN),
            max_chars: self.envelope.policy.limits.max_string_chars,
        }
    }

    /// The backtrace, when one was captured.
    pub fn backtrace(&self) -> Option<BacktraceText<'a>> {
        self.envelope
            .error
            .backtrace()
            .filter(|backtrace| backtrace.status() == BacktraceStatus::Captured)
            .map(|backtrace| BacktraceText {
                backtrace,
                max_chars: self.envelope.policy.limits.max_string_chars,
            })
    }

    /// The server version from the context.
    pub fn server_version(&self) -> Option<Text<'a>> {
        self.envelope
            .context
            .server_version()
            .map(|version| self.envelope.text(version))
    }
}

impl Serialize for DebugInfo<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        let chain = self.error_chain();
        if !chain.is_empty() {
            map.serialize_entry("error_chain", &chain)?;
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

impl fmt::Debug for DebugInfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).unwrap_or_default())
    }
}

/// The causes of an error: `Serialize` as an array of strings.
#[derive(Clone, Copy)]
pub struct ErrorChain<'a> {
    first: Option<&'a (dyn StdError + 'static)>,
    max_items: usize,
    max_chars: usize,
}

impl<'a> ErrorChain<'a> {
    /// Whether there is no cause.
    pub fn is_empty(&self) -> bool {
        self.first.is_none() || self.max_items == 0
    }

    /// The causes, outermost first, at most the item limit.
    pub fn iter(&self) -> impl Iterator<Item = &'a (dyn StdError + 'static)> + 'a {
        let mut next = self.first;
        core::iter::from_fn(move || {
            let current = next?;
            next = current.source();
            Some(current)
        })
        .take(self.max_items)
    }
}

impl Serialize for ErrorChain<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for cause in self.iter() {
            seq.serialize_element(&CollectStr(&Truncated {
                value: cause,
                max_chars: self.max_chars,
            }))?;
        }
        seq.end()
    }
}

impl fmt::Debug for ErrorChain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|e| e.to_string()))
            .finish()
    }
}

/// A captured backtrace, `Serialize` as one string cut to the string limit.
#[derive(Clone, Copy, Debug)]
pub struct BacktraceText<'a> {
    backtrace: &'a Backtrace,
    max_chars: usize,
}

impl Serialize for BacktraceText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&Truncated {
            value: self.backtrace,
            max_chars: self.max_chars,
        })
    }
}
