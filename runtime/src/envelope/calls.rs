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

impl NextCalls<'_> {
    /// Whether no call will be written. Finding out serialises the calls up to the
    /// first one written, and reports those left out on the way as cuts: a profile
    /// that finds none leaves the key out and never serialises them.
    pub fn is_empty(&self) -> bool {
        let mut found = false;
        self.each_written(|_| {
            found = true;
            false
        });
        !found
    }

    /// Calls `write` with each call that is written, until it returns `false`: the
    /// calls the tools served take, each whole within the limits (serialised once
    /// to find out) and at most the item limit of them. A call left out by a limit
    /// is reported as a cut.
    fn each_written(&self, write: impl FnMut(&LimitedCall<'_, '_>) -> bool) {
        if !self.envelope.shows_suggestions() {
            return;
        }
        let mut sink = Written {
            envelope: self.envelope,
            remaining: self.envelope.policy.limits.max_items,
            write,
            done: false,
        };
        self.envelope
            .error
            .next_calls(&mut NextCallWriter::new(&mut sink));
    }
}

impl Serialize for NextCalls<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        let mut failed = None;
        self.each_written(|call| match seq.serialize_element(call) {
            Ok(()) => true,
            Err(error) => {
                failed = Some(error);
                false
            }
        });
        match failed {
            Some(error) => Err(error),
            None => seq.end(),
        }
    }
}

/// The walk of [`NextCalls::each_written`].
struct Written<'a, F> {
    envelope: &'a Envelope<'a>,
    remaining: usize,
    write: F,
    done: bool,
}

impl<F: FnMut(&LimitedCall<'_, '_>) -> bool> NextCallSink for Written<'_, F> {
    fn call(&mut self, call: &NextCall<'_>) {
        if self.done {
            return;
        }
        let Some(call) = checked(self.envelope.context.served, call) else {
            return;
        };
        let limits = &self.envelope.policy.limits;
        if self.remaining == 0 || !call.fits(limits) {
            self.envelope.cuts.record();
            return;
        }
        self.remaining -= 1;
        let cuts = self.envelope.cuts;
        self.done = !(self.write)(&LimitedCall {
            call: &call,
            limits,
            cuts,
        });
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
