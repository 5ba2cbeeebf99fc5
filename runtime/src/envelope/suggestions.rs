//! The suggestions, filtered, capped and cut as the policy says.

use core::fmt;

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use super::{Envelope, Reduction};
use crate::SuggestionWriter;
use crate::details::SuggestionSink;
use crate::limit::{Truncated, serialize_display, serialize_str_cut};

/// The suggestions of an envelope: `Serialize` as an array of strings.
#[derive(Clone, Copy)]
pub struct Suggestions<'a> {
    envelope: &'a Envelope<'a>,
}

impl<'a> Suggestions<'a> {
    pub(super) fn new(envelope: &'a Envelope<'a>) -> Self {
        Suggestions { envelope }
    }
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
