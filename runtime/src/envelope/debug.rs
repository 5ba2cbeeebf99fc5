//! Debug info for verbose policies: the source chain, the backtrace, the server
//! version.

use core::fmt;
use std::backtrace::{Backtrace, BacktraceStatus};
use std::error::Error as StdError;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use super::{Envelope, Text};
use crate::limit::Truncated;

/// How deep a source chain is followed (a guard against cyclic `source()` impls).
const MAX_CHAIN: usize = 32;

/// Debug info, shown only under a verbose policy: the source chain, a captured
/// backtrace and the server version.
#[derive(Clone, Copy)]
pub struct DebugInfo<'a> {
    envelope: &'a Envelope<'a>,
}

impl<'a> DebugInfo<'a> {
    pub(super) fn new(envelope: &'a Envelope<'a>) -> Self {
        DebugInfo { envelope }
    }

    /// The `Display` of each cause, outermost first (the error itself excluded).
    pub fn error_chain(&self) -> ErrorChain<'a> {
        ErrorChain {
            first: self.envelope.error.source_error(),
            max_items: self.envelope.policy.limits.max_items.min(MAX_CHAIN),
            max_chars: self.envelope.policy.limits.max_string_chars,
        }
    }

    /// The backtrace, when one was captured.
    pub fn backtrace(&self) -> Option<BacktraceText<'a>> {
        self.envelope
            .error
            .backtrace()
            .filter(|backtrace| backtrace.status() == BacktraceStatus::Captured)
            .map(|backtrace| BacktraceText {
                backtrace,
                max_chars: self.envelope.policy.limits.max_string_chars,
            })
    }

    /// The server version from the context.
    pub fn server_version(&self) -> Option<Text<'a>> {
        self.envelope
            .context
            .server_version()
            .map(|version| self.envelope.text(version))
    }
}

impl Serialize for DebugInfo<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        let chain = self.error_chain();
        if !chain.is_empty() {
            map.serialize_entry("error_chain", &chain)?;
        }
        if let Some(backtrace) = self.backtrace() {
            map.serialize_entry("backtrace", &backtrace)?;
        }
        if let Some(version) = self.server_version() {
            map.serialize_entry("server_version", &version)?;
        }
        map.end()
    }
}

impl fmt::Debug for DebugInfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).unwrap_or_default())
    }
}

/// The causes of an error: `Serialize` as an array of strings.
#[derive(Clone, Copy)]
pub struct ErrorChain<'a> {
    first: Option<&'a (dyn StdError + 'static)>,
    max_items: usize,
    max_chars: usize,
}

impl<'a> ErrorChain<'a> {
    /// Whether there is no cause.
    pub fn is_empty(&self) -> bool {
        self.first.is_none() || self.max_items == 0
    }

    /// The causes, outermost first, at most the item limit.
    pub fn iter(&self) -> impl Iterator<Item = &'a (dyn StdError + 'static)> + 'a {
        let mut next = self.first;
        core::iter::from_fn(move || {
            let current = next?;
            next = current.source();
            Some(current)
        })
        .take(self.max_items)
    }
}

impl Serialize for ErrorChain<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for cause in self.iter() {
            seq.serialize_element(&CollectStr(&Truncated {
                value: cause,
                max_chars: self.max_chars,
            }))?;
        }
        seq.end()
    }
}

impl fmt::Debug for ErrorChain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|e| e.to_string()))
            .finish()
    }
}

/// A captured backtrace, `Serialize` as one string cut to the string limit.
#[derive(Clone, Copy, Debug)]
pub struct BacktraceText<'a> {
    backtrace: &'a Backtrace,
    max_chars: usize,
}

impl Serialize for BacktraceText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&Truncated {
            value: self.backtrace,
            max_chars: self.max_chars,
        })
    }
}

/// Serialises a `Display` value as a string without building it first.
struct CollectStr<'a>(&'a dyn fmt::Display);

impl Serialize for CollectStr<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}
