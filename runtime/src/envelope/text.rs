//! Context strings cut to the string limit.

use core::fmt;

use serde::{Serialize, Serializer};

use crate::RequestId;
use crate::limit::{Cuts, Truncated};

/// A context string cut to the policy's string limit: `Display` and `Serialize`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Text<'a> {
    value: &'a str,
    max_chars: usize,
    cuts: Cuts<'a>,
}

impl<'a> Text<'a> {
    pub(super) fn new(value: &'a str, max_chars: usize, cuts: Cuts<'a>) -> Self {
        Text {
            value,
            max_chars,
            cuts,
        }
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value.len() <= self.max_chars {
            f.write_str(self.value)
        } else {
            Truncated::new(self.value, self.max_chars, self.cuts).fmt(f)
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

/// A request id as the envelope shows it: a number or null as is, a string cut like
/// other context strings.
#[derive(Clone, Copy, Debug)]
pub(super) enum Id<'a> {
    Text(Text<'a>),
    Other(RequestId<'a>),
}

impl<'a> Id<'a> {
    pub(super) fn new(id: RequestId<'a>, max_chars: usize, cuts: Cuts<'a>) -> Self {
        match id {
            RequestId::String(value) => Id::Text(Text::new(value, max_chars, cuts)),
            other => Id::Other(other),
        }
    }
}

impl fmt::Display for Id<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Id::Text(text) => text.fmt(f),
            Id::Other(id) => id.fmt(f),
        }
    }
}

impl Serialize for Id<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Id::Text(text) => text.serialize(serializer),
            Id::Other(id) => id.serialize(serializer),
        }
    }
}
