//! The message, masked and cut as the policy says.

use core::fmt;

use serde::{Serialize, Serializer};

use super::{Envelope, Reduction};
use crate::ToolError;
#[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
use crate::limit::display_to_string;
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

impl Message<'_> {
    /// The message as `to_string` gives it, built more cheaply (one buffer, no
    /// per-piece character count).
    #[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
    pub(crate) fn owned_text(&self) -> String {
        match self.text() {
            (MessageText::Plain(value), max_chars) => {
                display_to_string(&value, max_chars, self.envelope.cuts)
            }
            (MessageText::Error(value), max_chars) => {
                display_to_string(&value, max_chars, self.envelope.cuts)
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
        let envelope = self.envelope;
        // Formatted at a reduction that shows the whole message, so the same text.
        if let Some(formatted) = envelope.formatted_message
            && envelope.reduction < Reduction::Minimal
        {
            if formatted.cut {
                envelope.cuts.record();
            }
            return serializer.serialize_str(formatted.text);
        }
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

/// A message formatted once for the wire (see [`Envelope::wire_message`]).
#[derive(Clone, Copy)]
pub(crate) struct FormattedMessage<'a> {
    text: &'a str,
    /// Whether the limit cut it.
    cut: bool,
}

/// The message a JSON-RPC error object carries beside the envelope.
#[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
pub(crate) struct WireMessage {
    pub(crate) text: String,
    /// `None` when the error's `Display` panicked and `text` is the policy's
    /// internal message: the envelope then formats (and catches) on its own.
    formatted: Option<bool>,
}

#[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
impl<'a> Envelope<'a> {
    /// The message for an error object's `message` field, formatted once: the
    /// envelope's message, or the policy's internal message when the error's own
    /// `Display` panics (rendering catches such panics; the `message` field of an
    /// error object must not bring them back).
    pub(crate) fn wire_message(&self) -> WireMessage {
        let cut = core::cell::Cell::new(false);
        let envelope = self.reporting_cuts(&cut);
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            envelope.message().owned_text()
        })) {
            Ok(text) => WireMessage {
                text,
                formatted: Some(cut.get()),
            },
            Err(_) => WireMessage {
                text: self.policy.internal_message.to_string(),
                formatted: None,
            },
        }
    }

    /// This envelope writing `message` as its own message rather than formatting
    /// it again (at the reductions that show the whole message).
    pub(crate) fn with_wire_message<'b>(&self, message: &'b WireMessage) -> Envelope<'b>
    where
        'a: 'b,
    {
        Envelope {
            formatted_message: message.formatted.map(|cut| FormattedMessage {
                text: &message.text,
                cut,
            }),
            ..*self
        }
    }
}
