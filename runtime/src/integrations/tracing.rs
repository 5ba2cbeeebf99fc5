//! Logging with [tracing](https://docs.rs/tracing): one structured event per error.
//!
//! [`record`] emits one event with target `tool_error` for an [`Envelope`], at a level
//! chosen by its [`Kind`] ([`Levels`]). The rmcp, axum and jsonrpsee conversions call
//! it for every error they render (each has a `with_logging(false)` switch); a server
//! that renders envelopes itself calls it next to `render`. Nothing is logged by
//! `Envelope::render` itself, which keeps rendering free of logging cost when the
//! feature is off and free of double logging when it is on.
//!
//! | field | value |
//! | --- | --- |
//! | `message` | the message as the caller saw it: an `Internal` message is masked unless the policy is verbose |
//! | `code`, `kind`, `recoverable` | always |
//! | `category`, `domain` | when declared |
//! | `jsonrpc_code`, `http_status` | always |
//! | `retry_after` | seconds, when known |
//! | `tool`, `operation`, `request_id`, `session_id` | from the context |
//! | `timestamp` | the envelope's timestamp (RFC 3339), when the context has a clock |
//! | `details`, `suggestions` | as JSON, when non-empty (redaction and limits applied) |
//! | `masked` | whether the caller saw the policy's internal message instead |
//! | `source` | the cause chain, `: `-separated, when there is a cause and the policy is verbose |
//! | `backtrace` | when one was captured and the policy is verbose |
//!
//! Logs follow the envelope's policy, like every other output: internal messages,
//! causes and redacted values stay out of them unless the policy turns on
//! debugging. To log more than the caller sees, log the envelope under a verbose
//! policy: `record(&envelope.with_policy(&Policy::DEFAULT.with_verbose(true)))`.
//!
//! That is everything a Gem-Flux style log entry holds (`tool_name` is `tool`,
//! `error_type` is `category`, `stack_trace` is `source`/`backtrace`); with
//! [`Levels::uniform`]`(Level::ERROR)` the levels match too.
//!
//! ```
//! use tool_error::{Context, Envelope, ToolError};
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("Gapfilling failed for {model_id}")]
//! #[tool_error(kind = conflict, category = "infeasibility_error")]
//! struct GapfillInfeasible { model_id: String }
//!
//! let error = GapfillInfeasible { model_id: "model_xyz".into() };
//! let envelope = Envelope::new(&error).with_context(Context::new().with_tool("gapfill_model"));
//! tool_error::tracing::record(&envelope); // INFO, target "tool_error"
//! ```

use core::fmt;
use std::error::Error as StdError;
use std::sync::OnceLock;

pub use ::tracing::Level;
use serde::Serialize;

use crate::{Envelope, Kind};

/// The level each kind is logged at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Levels {
    /// `Validation`: default `INFO` (the caller's input, not the server, is wrong).
    pub validation: Level,
    /// `NotFound`: default `INFO`.
    pub not_found: Level,
    /// `Conflict`: default `INFO`.
    pub conflict: Level,
    /// `Permission`: default `WARN` (worth an operator's eye).
    pub permission: Level,
    /// `Transient`: default `WARN` (a dependency is struggling).
    pub transient: Level,
    /// `Internal`: default `ERROR` (the server failed).
    pub internal: Level,
}

impl Levels {
    /// The defaults listed on each field.
    pub const DEFAULT: Levels = Levels {
        validation: Level::INFO,
        not_found: Level::INFO,
        conflict: Level::INFO,
        permission: Level::WARN,
        transient: Level::WARN,
        internal: Level::ERROR,
    };

    /// Every kind at `level` (Gem-Flux logs every error at `ERROR`).
    pub const fn uniform(level: Level) -> Levels {
        Levels {
            validation: level,
            not_found: level,
            conflict: level,
            permission: level,
            transient: level,
            internal: level,
        }
    }

    /// Sets the level of one kind.
    #[must_use]
    pub const fn with(mut self, kind: Kind, level: Level) -> Levels {
        match kind {
            Kind::Validation => self.validation = level,
            Kind::NotFound => self.not_found = level,
            Kind::Conflict => self.conflict = level,
            Kind::Permission => self.permission = level,
            Kind::Transient => self.transient = level,
            Kind::Internal => self.internal = level,
        }
        self
    }

    /// The level of `kind`.
    pub const fn level(&self, kind: Kind) -> Level {
        match kind {
            Kind::Validation => self.validation,
            Kind::NotFound => self.not_found,
            Kind::Conflict => self.conflict,
            Kind::Permission => self.permission,
            Kind::Transient => self.transient,
            Kind::Internal => self.internal,
        }
    }

    /// Makes these the levels [`record`] uses. Only the first call wins.
    pub fn install(self) -> Result<(), Levels> {
        INSTALLED.set(self)
    }

    /// The installed levels, else [`Levels::DEFAULT`].
    pub fn installed() -> Levels {
        INSTALLED.get().copied().unwrap_or(Levels::DEFAULT)
    }
}

impl Default for Levels {
    fn default() -> Self {
        Levels::DEFAULT
    }
}

static INSTALLED: OnceLock<Levels> = OnceLock::new();

/// Emits one event for `envelope` at the installed level of its kind.
pub fn record(envelope: &Envelope<'_>) {
    record_at(envelope, Levels::installed().level(envelope.kind()));
}

/// Serialises as JSON through `Display`, only when a subscriber records the field.
struct Json<T>(T);

impl<T: Serialize> fmt::Display for Json<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match serde_json::to_string(&self.0) {
            Ok(json) => f.write_str(&json),
            Err(_) => f.write_str("null"),
        }
    }
}

/// The cause chain, `: `-separated (bounded against cyclic `source()` impls).
struct Chain<'a>(&'a (dyn StdError + 'static));

impl fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut next = Some(self.0);
        let mut first = true;
        for _ in 0..32 {
            let Some(cause) = next else { break };
            if !first {
                f.write_str(": ")?;
            }
            first = false;
            fmt::Display::fmt(cause, f)?;
            next = cause.source();
        }
        Ok(())
    }
}

/// Emits one event for `envelope` at `level`.
pub fn record_at(envelope: &Envelope<'_>, level: Level) {
    macro_rules! emit {
        ($level:expr) => {{
            let error = envelope.error();
            let verbose = envelope.policy().verbose;
            let context = envelope.context();
            let details = envelope.details();
            let suggestions = envelope.suggestions();
            ::tracing::event!(
                target: "tool_error",
                $level,
                code = envelope.code(),
                kind = envelope.kind().as_str(),
                recoverable = envelope.recoverable(),
                category = envelope.category(),
                domain = envelope.domain(),
                jsonrpc_code = envelope.jsonrpc_code(),
                http_status = envelope.http_status(),
                retry_after = envelope.retry_after().map(|wait| wait.as_secs_f64()),
                tool = context.tool(),
                operation = context.operation(),
                request_id = context.request_id(),
                session_id = context.session_id(),
                timestamp = envelope.timestamp().map(::tracing::field::display),
                details = (!details.is_empty()).then(|| ::tracing::field::display(Json(details))),
                suggestions = (!suggestions.is_empty())
                    .then(|| ::tracing::field::display(Json(suggestions))),
                masked = envelope.is_masked(),
                source = error
                    .source_error()
                    .filter(|_| verbose)
                    .map(|cause| ::tracing::field::display(Chain(cause))),
                backtrace = error
                    .backtrace()
                    .filter(|trace| verbose && trace.status() == std::backtrace::BacktraceStatus::Captured)
                    .map(::tracing::field::display),
                "{}",
                envelope.message(),
            )
        }};
    }
    if level == Level::ERROR {
        emit!(Level::ERROR)
    } else if level == Level::WARN {
        emit!(Level::WARN)
    } else if level == Level::INFO {
        emit!(Level::INFO)
    } else if level == Level::DEBUG {
        emit!(Level::DEBUG)
    } else {
        emit!(Level::TRACE)
    }
}
