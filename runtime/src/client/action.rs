//! What an agent does next, decided from an error's kind, recoverability, retry
//! hint and retry advice.

use std::time::Duration;

use crate::envelope::Retry;
use crate::{Kind, ToolError};

/// What an agent should do after an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NextAction {
    /// Retry the same call unchanged, after `after` when given (else the agent's backoff).
    Retry {
        /// The server's retry hint.
        after: Option<Duration>,
    },
    /// The call may have taken effect before it failed: check whether it did (read
    /// what it would have changed), and retry it, after `after` when given, only if
    /// it did not.
    CheckThenRetry {
        /// The server's retry hint.
        after: Option<Duration>,
    },
    /// Change the input and retry.
    FixInput,
    /// Use another resource, create the missing one, or negotiate the conflict.
    WorkAround,
    /// Ask a human: the agent lacks permission.
    Escalate,
    /// Stop and report: retrying will not help.
    GiveUp,
}

impl NextAction {
    /// The decision table:
    ///
    /// | kind | recoverable | action |
    /// | --- | --- | --- |
    /// | `Transient` | yes | a retry (below) |
    /// | `Validation` | yes | `FixInput` |
    /// | `NotFound` | any | `WorkAround` |
    /// | `Conflict` | any | a retry (below) when a retry hint is given, else `WorkAround` |
    /// | `Permission` | any | `Escalate` |
    /// | `Internal`, or `Transient`/`Validation` not recoverable | | `GiveUp` |
    ///
    /// A retry is `CheckThenRetry` when the server's `retry` advice is
    /// [`Retry::CheckFirst`], else `Retry`; both carry the retry hint. A server that
    /// gives no advice (`retry` is `None`: an older server, another format) is
    /// taken at its kind's word, as before the advice existed: `Retry`.
    pub fn decide(
        kind: Kind,
        recoverable: bool,
        retry_after: Option<Duration>,
        retry: Option<Retry>,
    ) -> NextAction {
        let again = |after| match retry {
            Some(Retry::CheckFirst) => NextAction::CheckThenRetry { after },
            Some(Retry::Safe) | None => NextAction::Retry { after },
        };
        match kind {
            Kind::Transient if recoverable => again(retry_after),
            Kind::Validation if recoverable => NextAction::FixInput,
            Kind::Conflict if retry_after.is_some() => again(retry_after),
            Kind::NotFound | Kind::Conflict => NextAction::WorkAround,
            Kind::Permission => NextAction::Escalate,
            Kind::Transient | Kind::Validation | Kind::Internal => NextAction::GiveUp,
        }
    }

    /// The action for an error on the server side (e.g. to log what the agent will
    /// do). Without the call's context, the retry advice is only the error's own
    /// (`no_effect`).
    pub fn for_error(error: &dyn ToolError) -> NextAction {
        NextAction::decide(
            error.kind(),
            error.recoverable(),
            error.retry_after(),
            crate::Envelope::new(error).retry(),
        )
    }
}
