//! What a server's tools say of a next call about to be sent: the verdict the tools
//! the rmcp router serves (`integrations/rmcp/served.rs`) give, reached through the
//! call's context.

use serde_json::Value;

use super::call::NextCall;
use super::limited::LimitedArguments;
use crate::Limits;
use crate::limit::Cuts;

/// What a server's tools say of a next call about to be sent.
pub(crate) trait Served: Sync {
    /// Whether `call` may be sent, and whether its `read_only` may stand.
    fn verdict(&self, call: &NextCall<'_>) -> Verdict;
}

/// A next call's fate.
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(not(feature = "rmcp"), allow(dead_code))] // only the rmcp router knows its tools
pub(crate) enum Verdict {
    /// Sent, `read_only` only where the tool's annotations allow it.
    Send {
        /// Whether the tool only reads, by its annotations.
        read_only: bool,
    },
    /// Not sent (the reason is logged where the verdict is made).
    Withheld,
}

/// Whether a tool only reads, as its annotations say: `readOnlyHint: true` and not
/// `destructiveHint: true`. The one rule for whether a next call to it may be
/// `read_only`, at startup ([`match_tools`](super::match_tools)) and when an error
/// is sent.
#[cfg(any(feature = "rmcp", feature = "jsonschema"))]
pub(crate) fn only_reads(read_only_hint: Option<bool>, destructive_hint: Option<bool>) -> bool {
    read_only_hint == Some(true) && destructive_hint != Some(true)
}

impl<'a> NextCall<'a> {
    /// The call, needing confirmation after all.
    pub(crate) fn writable(mut self) -> Self {
        self.read_only = false;
        self
    }

    /// The arguments the call sends, as JSON (`None` if they do not serialise).
    #[cfg_attr(not(all(feature = "rmcp", feature = "jsonschema")), allow(dead_code))]
    pub(crate) fn arguments_value(&self) -> Option<Value> {
        let arguments = LimitedArguments {
            arguments: self.arguments,
            limits: &Limits::UNLIMITED,
            cuts: Cuts::IGNORED,
        };
        serde_json::to_value(arguments).ok()
    }
}
