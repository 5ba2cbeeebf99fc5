//! The message, masked and cut as the policy says.

use core::fmt;

use serde::{Serialize, Serializer};

use super::{Envelope, Reduction};
use crate::ToolError;
use crate::limit::Truncated;

/// Characters of the message kept at [`Reduction::Minimal`].
const MINIMAL_MESSAGE_CHARS: usize = 256;

/// The message of an envelope: `Display` and `Serialize` (as a string), written
/// straight into the output.
#[derive(Clone, Copy)]
pub struct Message<'a> {
    pub(super) envelope: &'a Envelope<'a>,
}

/// Where a message's text comes from.
enum MessageText<'a> {
    Plain(&'a str),
    Error(&'a dyn ToolError),
}

impl fmt::Display for MessageText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageText::Plain(text) => f.write_str(text),
            MessageText::Error(error) => error.fmt_message(f),
        }
    }
}

impl Message<'_> {
    /// The text, cut to the characters the policy and the reduction keep.
    fn text(&self) -> Truncated<'_, MessageText<'_>> {
        let envelope = self.envelope;
        let limits = &envelope.policy.limits;
        let (text, max_chars) = match envelope.reduction {
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
                (MessageText::Error(envelope.error), max_chars)
            }
        };
        Truncated::new(text, max_chars, envelope.cuts)
    }
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}

impl fmt::Debug for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

impl Serialize for Message<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.text().serialize(serializer)
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
