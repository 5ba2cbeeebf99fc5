//! The next calls, shown when suggestions are and capped by the item limit.

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use super::Envelope;
use crate::next_call::NextCallWriter;
use crate::next_call::{LimitedCall, NextCall, NextCallSink, Served, Verdict};

/// The next calls of an envelope: `Serialize` as an array of
/// `{"tool", "arguments", "caller_supplies"?, "read_only"}` objects.
///
/// They are structured suggestions, so they follow the suggestions' switches: none
/// when the policy leaves suggestions out, or when a [`Reduction`](super::Reduction)
/// dropped them. At most [`Limits::max_items`](crate::Limits) calls are written. A
/// call that the other limits would cut (a long tool name, an argument string or
/// list over its limit) is left out rather than sent changed, since a cut argument
/// makes a call the server never meant; either way the envelope says `truncated`.
/// Where an integration knows the tools the server serves (an rmcp router), a call
/// they do not take is not sent at all, and `read_only` stands only for a tool that
/// declares it only reads.
#[derive(Clone, Copy)]
pub struct NextCalls<'a> {
    pub(super) envelope: &'a Envelope<'a>,
}

impl<'a> NextCalls<'a> {
    fn shown(&self) -> bool {
        self.envelope.shows_suggestions()
    }

    /// How many calls will be written.
    pub fn len(&self) -> usize {
        let max_items = self.envelope.policy.limits.max_items;
        let fitting = self.fitting(usize::MAX);
        if fitting > max_items {
            self.envelope.cuts.record();
        }
        fitting.min(max_items)
    }

    /// Whether no call will be written.
    pub fn is_empty(&self) -> bool {
        if self.envelope.policy.limits.max_items == 0 {
            // Counted in full, so that calls dropped by the limit are reported.
            return self.len() == 0;
        }
        self.fitting(1) == 0
    }

    /// How many calls fit the limits, counting no further than `enough`: each one
    /// counted is serialised once to find out.
    fn fitting(&self, enough: usize) -> usize {
        if !self.shown() {
            return 0;
        }
        struct Count<'l> {
            found: usize,
            enough: usize,
            limits: &'l crate::Limits,
            served: Option<&'l dyn Served>,
        }
        impl NextCallSink for Count<'_> {
            fn call(&mut self, call: &NextCall<'_>) {
                if self.found < self.enough
                    && checked(self.served, call).is_some_and(|call| call.fits(self.limits))
                {
                    self.found += 1;
                }
            }
        }
        let mut count = Count {
            found: 0,
            enough,
            limits: &self.envelope.policy.limits,
            served: self.envelope.context.served(),
        };
        self.envelope
            .error
            .next_calls(&mut NextCallWriter::new(&mut count));
        count.found
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
        let Some(call) = checked(self.envelope.context.served(), call) else {
            return;
        };
        let call = &call;
        if self.remaining == 0 || !call.fits(&self.envelope.policy.limits) {
            self.envelope.cuts.record();
            return;
        }
        self.remaining -= 1;
        let element = LimitedCall {
            call,
            limits: &self.envelope.policy.limits,
            cuts: self.envelope.cuts,
        };
        if let Err(error) = self.seq.serialize_element(&element) {
            self.failed = Some(error);
        }
    }
}

/// `call` as it may be sent to the tools `served` (when known): not at all if they
/// do not take it, `read_only` only where the tool's annotations allow it.
fn checked<'c>(served: Option<&dyn Served>, call: &NextCall<'c>) -> Option<NextCall<'c>> {
    let Some(served) = served else {
        return Some(*call);
    };
    match served.verdict(call) {
        Verdict::Send { read_only } => {
            let call = *call;
            Some(if call.is_read_only() && !read_only {
                call.writable()
            } else {
                call
            })
        }
        Verdict::Withheld => None,
    }
}
