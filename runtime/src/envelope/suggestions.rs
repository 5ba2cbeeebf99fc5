//! The suggestions, filtered, capped and cut as the policy says.

use core::fmt;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use super::Envelope;
use crate::SuggestionWriter;
use crate::limit::{Cuts, Text, Truncated};
use crate::writers::SuggestionSink;

/// The suggestions of an envelope: `Serialize` as an array of strings.
#[derive(Clone, Copy)]
pub struct Suggestions<'a> {
    pub(super) envelope: &'a Envelope<'a>,
}

struct CountSink(usize);

impl SuggestionSink for CountSink {
    fn suggestion(&mut self, _: &dyn fmt::Display) {
        self.0 += 1;
    }
}

/// How many more suggestions are written, and whether dropping the rest is a cut
/// (the item limit's doing) rather than the policy's choice (`max_suggestions`,
/// suggestions switched off).
#[derive(Clone, Copy)]
struct Cap<'a> {
    remaining: usize,
    by_limit: bool,
    cuts: Cuts<'a>,
}

impl Cap<'_> {
    /// Whether the next suggestion is written; reports a cut when the item limit
    /// drops it.
    fn take(&mut self) -> bool {
        if self.remaining == 0 {
            if self.by_limit {
                self.cuts.record();
            }
            return false;
        }
        self.remaining -= 1;
        true
    }
}

impl<'a> Suggestions<'a> {
    fn cap(&self) -> Cap<'a> {
        let envelope = self.envelope;
        let policy = envelope.policy;
        let allowed = envelope.shows_suggestions();
        let max_items = policy.limits.max_items;
        Cap {
            remaining: if allowed {
                policy.max_suggestions.min(max_items)
            } else {
                0
            },
            by_limit: allowed && max_items < policy.max_suggestions,
            cuts: envelope.cuts,
        }
    }

    /// How many suggestions will be written.
    pub fn len(&self) -> usize {
        let cap = self.cap();
        if cap.remaining == 0 && !cap.by_limit {
            return 0;
        }
        let given = self.given();
        if given > cap.remaining && cap.by_limit {
            // Reported here too: when the limit leaves none, a profile that asks
            // first leaves the key out and never serialises them.
            cap.cuts.record();
        }
        given.min(cap.remaining)
    }

    /// How many suggestions the error gives, before the policy: a walk that
    /// formats nothing.
    fn given(&self) -> usize {
        let mut count = CountSink(0);
        self.envelope
            .error
            .suggestions(&mut SuggestionWriter::new(&mut count));
        count.0
    }

    /// Writes `key` and the suggestions into `map` when there are any: what a
    /// profile does with [`is_empty`](Self::is_empty) and `Serialize` (one walk of
    /// the error's suggestions to count, one to write).
    pub fn write_entry<M: SerializeMap>(
        &self,
        map: &mut M,
        key: &'static str,
    ) -> Result<(), M::Error> {
        if self.is_empty() {
            return Ok(());
        }
        map.serialize_entry(key, self)
    }

    /// Whether no suggestion will be written.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Serialize for Suggestions<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut sink = SeqSink {
            seq: serializer.serialize_seq(None)?,
            cap: self.cap(),
            max_chars: self.envelope.policy.limits.max_string_chars,
            failed: None,
        };
        if sink.cap.remaining > 0 {
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
struct SeqSink<'a, Seq: SerializeSeq> {
    seq: Seq,
    cap: Cap<'a>,
    max_chars: usize,
    failed: Option<Seq::Error>,
}

impl<Seq: SerializeSeq> SeqSink<'_, Seq> {
    /// Writes `element` when the cap allows one more.
    fn element(&mut self, element: &impl Serialize) {
        if self.failed.is_some() || !self.cap.take() {
            return;
        }
        if let Err(error) = self.seq.serialize_element(element) {
            self.failed = Some(error);
        }
    }
}

impl<Seq: SerializeSeq> SuggestionSink for SeqSink<'_, Seq> {
    fn suggestion(&mut self, text: &dyn fmt::Display) {
        self.element(&Truncated::new(text, self.max_chars, self.cap.cuts));
    }

    fn suggestion_str(&mut self, text: &str) {
        self.element(&Text::new(text, self.max_chars, self.cap.cuts));
    }
}
