//! Logging with [tracing](https://docs.rs/tracing): one structured event per error.
//!
//! The rmcp, axum and jsonrpsee integrations turn this feature on and emit one event
//! (target `tool_error`) for every error they convert, under the
//! [`Options`](crate::Options)' **log policy**: by default the client policy made
//! verbose, so an operator sees what the client does not (the real message of a
//! masked internal error, the cause chain, a captured backtrace) while fields marked
//! `redact` stay redacted. A server that renders envelopes itself calls [`record`]
//! next to `render`; `Envelope::render` never logs.
//!
//! Field names follow OpenTelemetry's semantic conventions where one exists
//! (`error.type`, `exception.*`, and the MCP, JSON-RPC and HTTP names
//! `gen_ai.tool.name`, `jsonrpc.request.id`, `rpc.response.status_code`,
//! `http.response.status_code`), so events land in tracing backends under the names
//! those backends and their dashboards expect.
//!
//! | field | value |
//! | --- | --- |
//! | message (the event's text) | the message under the logged envelope's policy: the real one for a masked internal error under the default log policy |
//! | `error.type` | the code |
//! | `kind`, `recoverable` | always |
//! | `rpc.response.status_code` | the error's JSON-RPC code: the response's when it goes out as a JSON-RPC error |
//! | `http.response.status_code` | the error's HTTP status: the response's over HTTP |
//! | `category`, `domain` | when declared |
//! | `retry_after` | seconds, when known |
//! | `gen_ai.tool.name`, `operation`, `jsonrpc.request.id`, `session_id` | from the context (the tool, the operation inside it, the request id, the session) |
//! | `timestamp` | RFC 3339, when the context has a clock |
//! | `details`, `suggestions` | as JSON, when non-empty (redaction and limits applied) |
//! | `masked` | whether the client was shown the policy's internal message instead |
//! | `exception.message` | the cause chain, `: `-separated, when there is a cause and the policy is verbose |
//! | `exception.stacktrace` | when a backtrace was captured and the policy is verbose |
//!
//! The level follows the error's [`Kind`] ([`Levels`], set with
//! [`Options::with_log_levels`](crate::Options::with_log_levels)).
//!
//! Besides events, the rmcp integration opens one span per tool call, named and
//! attributed after OpenTelemetry's MCP conventions and marked an error when the
//! call fails ([`rmcp`](crate::rmcp#tracing), feature `rmcp`); with the
//! `metrics` feature each error is also counted ([`metrics`](crate::metrics)). With
//! tracing-opentelemetry, both the span and the event reach an OpenTelemetry
//! pipeline:
//!
//! ```text
//! tracing_subscriber::registry()
//!     .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("my-server")))
//!     .init();
//! ```
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

pub use ::tracing::Level;
use serde::Serialize;

use crate::error::MAX_SHOWN_CAUSES;
use crate::{Context, Envelope, Kind, Options, ToolError};

/// The level each kind is logged at.
///
/// The defaults: `Validation`, `NotFound` and `Conflict` at `INFO` (the caller's
/// input or the state it asked about, not the server, is wrong), `Permission` and
/// `Transient` at `WARN` (worth an operator's eye: a dependency is struggling or
/// someone is probing), `Internal` at `ERROR` (the server failed).
///
/// ```
/// use tool_error::tracing::{Level, Levels};
/// use tool_error::Kind;
///
/// let levels = Levels::DEFAULT.with(Kind::Conflict, Level::WARN);
/// assert_eq!(levels.level(Kind::Conflict), Level::WARN);
/// assert_eq!(Levels::uniform(Level::ERROR).level(Kind::Validation), Level::ERROR);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Levels {
    /// One level per kind, in declaration order (as in [`Kind::ALL`]).
    by_kind: [Level; Kind::ALL.len()],
}

impl Levels {
    /// The defaults listed on the type.
    pub const DEFAULT: Levels = Levels::uniform(Level::INFO)
        .with(Kind::Permission, Level::WARN)
        .with(Kind::Transient, Level::WARN)
        .with(Kind::Internal, Level::ERROR);

    /// Every kind at `level` (for a server that logs every error alike).
    pub const fn uniform(level: Level) -> Levels {
        Levels {
            by_kind: [level; Kind::ALL.len()],
        }
    }

    /// Sets the level of one kind.
    #[must_use]
    pub const fn with(mut self, kind: Kind, level: Level) -> Levels {
        self.by_kind[kind as usize] = level;
        self
    }

    /// The level of `kind`.
    pub const fn level(&self, kind: Kind) -> Level {
        self.by_kind[kind as usize]
    }
}

/// Names each kind's level, where the array alone would print six unnamed ones.
impl fmt::Debug for Levels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Levels")
            .field("validation", &self.level(Kind::Validation))
            .field("not_found", &self.level(Kind::NotFound))
            .field("conflict", &self.level(Kind::Conflict))
            .field("permission", &self.level(Kind::Permission))
            .field("transient", &self.level(Kind::Transient))
            .field("internal", &self.level(Kind::Internal))
            .finish()
    }
}

impl Default for Levels {
    fn default() -> Self {
        Levels::DEFAULT
    }
}

impl Options {
    /// The level each kind is logged at; see [`Levels`].
    #[cfg_attr(docsrs, doc(cfg(feature = "tracing")))]
    #[must_use]
    pub fn with_log_levels(self, levels: Levels) -> Self {
        self.with_part(levels)
    }

    /// The levels each kind is logged at.
    pub(crate) fn levels(&self) -> &Levels {
        self.part().unwrap_or(&Levels::DEFAULT)
    }
}

/// Emits the server's log event for `error` in the call's whole `context`, under
/// the log policy of `options`; `masked` says whether the client's message is
/// masked.
pub(crate) fn log(options: &Options, error: &dyn ToolError, context: &Context<'_>, masked: bool) {
    if !options.logging() {
        return;
    }
    // Nothing is built (nor the clock read) unless a subscriber listens at the
    // kind's level.
    let level = options.levels().level(error.kind());
    if !enabled(level) {
        return;
    }
    let logged = Envelope::new(error)
        .with_context(*context)
        .with_policy(options.log_policy());
    // A subscriber formats the error's own `Display` and `Serialize`; if one
    // panics, the event is lost but the response still goes out.
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        emit(&logged, masked, level);
    }));
}

/// Emits one event for `envelope`, under its own policy, at the level the installed
/// [`Options`](crate::Options) give its kind.
pub fn record(envelope: &Envelope<'_>) {
    let level = Options::installed().levels().level(envelope.kind());
    emit(envelope, envelope.is_masked(), level);
}

/// Emits one event for `envelope`, under its own policy, at `level`.
pub fn record_at(envelope: &Envelope<'_>, level: Level) {
    emit(envelope, envelope.is_masked(), level);
}

/// Whether a subscriber would record an event of target `tool_error` at `level`:
/// asked before anything of the event is built.
pub(crate) fn enabled(level: Level) -> bool {
    if level == Level::ERROR {
        ::tracing::enabled!(target: "tool_error", Level::ERROR)
    } else if level == Level::WARN {
        ::tracing::enabled!(target: "tool_error", Level::WARN)
    } else if level == Level::INFO {
        ::tracing::enabled!(target: "tool_error", Level::INFO)
    } else if level == Level::DEBUG {
        ::tracing::enabled!(target: "tool_error", Level::DEBUG)
    } else {
        ::tracing::enabled!(target: "tool_error", Level::TRACE)
    }
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
        for (depth, cause) in crate::error::causes(self.0)
            .take(MAX_SHOWN_CAUSES)
            .enumerate()
        {
            if depth > 0 {
                f.write_str(": ")?;
            }
            fmt::Display::fmt(cause, f)?;
        }
        Ok(())
    }
}

/// The event for `envelope` (under the policy it carries: the log policy when an
/// integration logs) at `level`; `masked` says whether the client saw the internal
/// message instead of the error's own.
pub(crate) fn emit(envelope: &Envelope<'_>, masked: bool, level: Level) {
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
                error.type = envelope.code(),
                kind = envelope.kind().as_str(),
                recoverable = envelope.recoverable(),
                category = envelope.category(),
                domain = envelope.domain(),
                rpc.response.status_code = envelope.jsonrpc_code(),
                http.response.status_code = envelope.http_status(),
                retry_after = envelope.retry_after().map(|wait| wait.as_secs_f64()),
                gen_ai.tool.name = context.tool(),
                operation = context.operation(),
                jsonrpc.request.id = envelope.request_id().map(::tracing::field::display),
                session_id = context.session_id(),
                timestamp = envelope.timestamp().map(::tracing::field::display),
                details = (!details.is_empty()).then(|| ::tracing::field::display(Json(details))),
                suggestions = (!suggestions.is_empty())
                    .then(|| ::tracing::field::display(Json(suggestions))),
                masked,
                exception.message = error
                    .source_error()
                    .filter(|_| verbose)
                    .map(|cause| ::tracing::field::display(Chain(cause))),
                exception.stacktrace = error
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
