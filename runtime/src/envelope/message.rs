//! The message, masked and cut as the policy says.

use core::fmt;

use serde::{Serialize, Serializer};

use super::{Envelope, Reduction};
use crate::ToolError;
use crate::limit::{Truncated, serialize_display, serialize_str_cut};

/// Characters of the message kept at [`Reduction::Minimal`].
const MINIMAL_MESSAGE_CHARS: usize = 256;

/// The message of an envelope: `Display` and `Serialize` (as a string), written
/// straight into the output.
#[derive(Clone, Copy)]
pub struct Message<'a> {
    envelope: &'a Envelope<'a>,
}

impl<'a> Message<'a> {
    pub(super) fn new(envelope: &'a Envelope<'a>) -> Self {
        Message { envelope }
    }
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
            (MessageText::Plain(value), max_chars) => Truncated {
                value,
                max_chars,
                cuts: self.envelope.cuts,
            }
            .fmt(f),
            (MessageText::Error(value), max_chars) => Truncated {
                value: &value,
                max_chars,
                cuts: self.envelope.cuts,
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
            (MessageText::Plain(text), max_chars) => {
                serialize_str_cut(serializer, text, max_chars, self.envelope.cuts)
            }
            (MessageText::Error(error), max_chars) => {
                serialize_display(serializer, &error, max_chars, self.envelope.cuts)
            }
        }
    }
}

#[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
impl Envelope<'_> {
    /// The message for an error object's `message` field: the envelope's message,
    /// or the policy's internal message when the error's own `Display` panics
    /// (rendering catches such panics; the `message` field of an error object must
    /// not bring them back).
    pub(crate) fn wire_message(&self) -> String {
        let format = || {
            let mut text = String::new();
            // Writing into a `String` cannot fail, and a failing `Display` of the
            // error's keeps what it wrote (see `Truncated`).
            let _ = fmt::Write::write_fmt(&mut text, format_args!("{}", self.message()));
            text
        };
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(format))
            .unwrap_or_else(|_| self.policy.internal_message.to_string())
    }
}
