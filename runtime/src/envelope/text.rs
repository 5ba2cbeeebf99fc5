//! A request id cut like other context strings.

use core::fmt;

use serde::{Serialize, Serializer};

use crate::RequestId;
use crate::limit::{Cuts, Text};

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
