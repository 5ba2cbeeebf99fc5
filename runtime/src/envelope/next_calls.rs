//! The next calls, shown when suggestions are and capped by the item limit.

use core::fmt;

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use super::{Envelope, Reduction};
use crate::NextCallWriter;
use crate::next_call::{NextCall, NextCallSink};

/// The next calls of an envelope: `Serialize` as an array of
/// `{"tool", "arguments", "caller_supplies"?, "read_only"}` objects.
///
/// They are structured suggestions, so they follow the suggestions' switches: none
/// when the policy leaves suggestions out (or out for unrecoverable errors), or
/// when a [`Reduction`] dropped them. At most [`Limits::max_items`](crate::Limits)
/// calls are written. A call that the other limits would cut (a long tool name, an
/// argument string or list over its limit) is left out rather than sent changed,
/// since a cut argument makes a call the server never meant; either way the
/// envelope says `truncated`.
#[derive(Clone, Copy)]
pub struct NextCalls<'a> {
    envelope: &'a Envelope<'a>,
}

impl<'a> NextCalls<'a> {
    pub(super) fn new(envelope: &'a Envelope<'a>) -> Self {
        NextCalls { envelope }
    }

    fn shown(&self) -> bool {
        let envelope = self.envelope;
        let policy = envelope.policy;
        policy.include_suggestions
            && envelope.reduction < Reduction::Suggestions
            && (policy.suggestions_when_unrecoverable || envelope.error.recoverable())
    }

    /// How many calls will be written.
    pub fn len(&self) -> usize {
        if !self.shown() {
            return 0;
        }
        struct Count<'l>(usize, &'l crate::Limits);
        impl NextCallSink for Count<'_> {
            fn call(&mut self, call: &NextCall<'_>) {
                if call.fits(self.1) {
                    self.0 += 1;
                }
            }
        }
        let mut count = Count(0, &self.envelope.policy.limits);
        self.envelope
            .error
            .next_calls(&mut NextCallWriter::new(&mut count));
        let max_items = self.envelope.policy.limits.max_items;
        if count.0 > max_items {
            self.envelope.cuts.record();
        }
        count.0.min(max_items)
    }

    /// Whether no call will be written.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Serialize for NextCalls<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let envelope = self.envelope;
        let mut sink = SeqSink {
            seq: serializer.serialize_seq(None)?,
            remaining: envelope.policy.limits.max_items,
            envelope,
            failed: None,
        };
        if self.shown() {
            envelope
                .error
                .next_calls(&mut NextCallWriter::new(&mut sink));
        }
        match sink.failed {
            Some(error) => Err(error),
            None => sink.seq.end(),
        }
    }
}

/// Writes calls as array elements, up to the item limit.
struct SeqSink<'a, Seq: SerializeSeq> {
    seq: Seq,
    remaining: usize,
    envelope: &'a Envelope<'a>,
    failed: Option<Seq::Error>,
}

impl<Seq: SerializeSeq> NextCallSink for SeqSink<'_, Seq> {
    fn call(&mut self, call: &NextCall<'_>) {
        if self.failed.is_some() {
            return;
        }
        if self.remaining == 0 || !call.fits(&self.envelope.policy.limits) {
            self.envelope.cuts.record();
            return;
        }
        self.remaining -= 1;
        let element = Element {
            call,
            envelope: self.envelope,
        };
        if let Err(error) = self.seq.serialize_element(&element) {
            self.failed = Some(error);
        }
    }
}

struct Element<'c, 'a> {
    call: &'c NextCall<'c>,
    envelope: &'c Envelope<'a>,
}

impl Serialize for Element<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.call
            .serialize_limited(serializer, &self.envelope.policy.limits, self.envelope.cuts)
    }
}

impl fmt::Debug for NextCalls<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).unwrap_or_default())
    }
}
