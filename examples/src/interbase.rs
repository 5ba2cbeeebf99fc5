//! interbase `toolerror`, the structured error contract of the Demarch MCP
//! servers, shown through interlock (the file-reservation server that adopted it).
//!
//! Agents read `{"type", "message", "recoverable", "data"}` in the MCP tool result's
//! error text. The six types are exactly tool-error's six [`Kind`]s, so the contract
//! is the derive plus one small [`Profile`], [`Wire`]. Errors of a wrapped HTTP
//! service go through interbase's two mapping tables ([`type_for_http_status`],
//! [`type_for_connection_error`]); the agent side ([`parse`], [`on_tool_error`])
//! reads the wire format back and follows interbase's recommended pattern.

use std::io;
use std::time::Duration;

use crate::go::quoted;
use serde::ser::{Error as _, SerializeMap};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};
use tool_error::client::{self, NextAction, Parsed, ParsedEnvelope};
use tool_error::{
    Catalog, DetailWriter, Envelope, Kind, McpToolResult, Profile, StaticCatalog, ToolError,
};

use crate::Sample;

/// interbase's JSON Schema of the wire format, verbatim.
pub const SCHEMA: &str = r#"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["type", "message", "recoverable"],
  "properties": {
    "type": {
      "type": "string",
      "enum": ["NOT_FOUND", "CONFLICT", "VALIDATION", "PERMISSION", "TRANSIENT", "INTERNAL"]
    },
    "message": {
      "type": "string",
      "description": "Human-readable error description"
    },
    "recoverable": {
      "type": "boolean",
      "description": "Whether the operation may succeed if retried (possibly with modified input)"
    },
    "data": {
      "type": "object",
      "description": "Optional structured context for error recovery",
      "additionalProperties": true
    }
  },
  "additionalProperties": false
}"#;

/// One reservation that blocks the requested patterns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Conflict {
    /// The agent whose request conflicts.
    pub agent_id: String,
    /// The contested file pattern.
    pub pattern: String,
    /// The agent holding the reservation.
    pub held_by: String,
}

/// The errors of interlock's MCP tools (file reservations between agents).
///
/// `NOT_FOUND` is not recoverable here, unlike the kind's default: interbase's first
/// wire example says so, and retrying a lookup of an unregistered agent cannot help.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(domain = "interlock")]
pub enum InterlockError {
    /// The agent id is not registered with the coordinator.
    #[error("agent {} not registered", quoted(.agent))]
    #[tool_error(kind = not_found, recoverable = false)]
    AgentNotRegistered {
        /// The unknown agent id (message only: interbase's example has no data).
        #[tool_error(skip)]
        agent: String,
    },

    /// Other agents hold reservations overlapping the requested patterns.
    #[error("reservation conflict: {total} conflicts")]
    #[tool_error(kind = conflict)]
    ReservationConflict {
        /// How many conflicts the coordinator found (it may list fewer).
        #[tool_error(skip)]
        total: usize,
        /// The conflicts listed for negotiation.
        conflicts: Vec<Conflict>,
    },

    /// Too many requests; the coordinator says when to come back.
    #[error("rate limited")]
    #[tool_error(kind = transient)]
    RateLimited {
        /// Seconds to wait, sent as `data.retry_after`.
        #[tool_error(retry_after)]
        retry_after: u64,
    },

    /// A file pattern the coordinator cannot use.
    #[error("invalid pattern {}: {reason}", quoted(.pattern))]
    #[tool_error(kind = validation)]
    InvalidPattern {
        /// The pattern as given.
        pattern: String,
        /// Why it is refused.
        reason: String,
    },

    /// The agent tried to release a reservation someone else holds.
    #[error("agent {} does not hold reservation {}", quoted(.agent), quoted(.reservation_id))]
    #[tool_error(kind = permission)]
    NotHolder {
        /// The agent that asked.
        agent: String,
        /// The reservation.
        reservation_id: String,
        /// Who holds it.
        held_by: String,
    },

    /// The reservation store failed; the cause stays in the logs.
    #[error("reservation store: {source}")]
    #[tool_error(kind = internal, message = "reservation store unavailable")]
    Store {
        /// The underlying failure.
        #[source]
        source: io::Error,
    },
}

/// interbase's wire format: `{"type", "message", "recoverable", "data"?}`, where
/// `data` holds the details and the retry hint as `retry_after` seconds, and is
/// left out when empty. Nothing else is written: interbase's schema allows no other
/// key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wire;

impl Profile for Wire {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let data = data(envelope).map_err(S::Error::custom)?;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("type", &envelope.kind())?;
        map.serialize_entry("message", &envelope.message())?;
        map.serialize_entry("recoverable", &envelope.recoverable())?;
        if !data.is_empty() {
            map.serialize_entry("data", &data)?;
        }
        map.end()
    }
}

/// The details merged with the retry hint. The envelope writes its details as one
/// value, so they are collected into a map first.
fn data(envelope: &Envelope<'_>) -> Result<Map<String, Value>, serde_json::Error> {
    let details = envelope.details();
    let mut data = if details.is_empty() {
        Map::new()
    } else {
        match serde_json::to_value(details.as_object())? {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    };
    if let Some(seconds) = envelope.retry_after_seconds() {
        data.insert("retry_after".to_owned(), serde_json::to_value(seconds)?);
    }
    Ok(data)
}

/// The error as agents read it (Go's `ToolError.JSON()`), as a value.
pub fn wire(error: &dyn ToolError) -> Value {
    Envelope::new(error).to_value(&Wire)
}

/// The error as text, exactly what goes into the tool result.
pub fn wire_text(error: &dyn ToolError) -> String {
    Envelope::new(error).render(&Wire)
}

/// The whole MCP tool result (`isError: true`, the wire JSON as text).
pub fn tool_result(error: &dyn ToolError) -> Value {
    Envelope::new(error).to_value(&McpToolResult::with_profile(Wire))
}

/// interbase's HTTP status table, for servers that wrap an HTTP API:
///
/// | HTTP status | type |
/// | --- | --- |
/// | 400, 422 | `VALIDATION` |
/// | 403 | `PERMISSION` |
/// | 404 | `NOT_FOUND` |
/// | 409 | `CONFLICT` |
/// | 429, 5xx | `TRANSIENT` |
/// | other 4xx | `VALIDATION` or `INTERNAL`, case by case |
///
/// The other 4xx are decided by who can fix the request. A status about the
/// server's own side of the exchange (its credentials, the method, headers, content
/// negotiation, the protocol) is [`INTERNAL_4XX`]: no change to the agent's
/// arguments fixes it, so the agent gives up. Every other 4xx is about what was
/// asked for (a resource gone or locked, a payload or range out of bounds, a
/// precondition that no longer holds) and is `VALIDATION`: the agent may fix its
/// input and retry once.
///
/// A status outside the table (1xx to 3xx, or not an HTTP status) is not a failure
/// the table maps; it is `INTERNAL`, as interbase treats an error it cannot read.
pub const fn type_for_http_status(status: u16) -> Kind {
    match status {
        400 | 422 => Kind::Validation,
        403 => Kind::Permission,
        404 => Kind::NotFound,
        409 => Kind::Conflict,
        429 | 500..=599 => Kind::Transient,
        400..=499 if is_internal_4xx(status) => Kind::Internal,
        400..=499 => Kind::Validation,
        _ => Kind::Internal,
    }
}

/// The 4xx statuses about the server's side of the exchange, which
/// [`type_for_http_status`] maps to `INTERNAL`: 401 and 407 (its credentials), 402
/// (its account), 405 (the method), 406 and 415 (content negotiation), 408 (it was
/// too slow sending the request), 411, 417, 428 and 431 (its headers), 421, 425 and
/// 426 (the connection and protocol).
pub const INTERNAL_4XX: [u16; 14] = [
    401, 402, 405, 406, 407, 408, 411, 415, 417, 421, 425, 426, 428, 431,
];

const fn is_internal_4xx(status: u16) -> bool {
    let mut index = 0;
    while index < INTERNAL_4XX.len() {
        if INTERNAL_4XX[index] == status {
            return true;
        }
        index += 1;
    }
    false
}

/// interbase's connection rule: network failures (connection refused, timeout, DNS)
/// are `TRANSIENT`, the service may come back. `None` for I/O errors that are not
/// about reaching the service.
///
/// A failed name lookup has no [`io::ErrorKind`] of its own, so it is recognised by
/// its text (see [`is_dns_failure`]).
pub fn type_for_connection_error(error: &io::Error) -> Option<Kind> {
    use io::ErrorKind as E;
    let connection = matches!(
        error.kind(),
        E::ConnectionRefused
            | E::ConnectionReset
            | E::ConnectionAborted
            | E::NotConnected
            | E::AddrNotAvailable
            | E::BrokenPipe
            | E::TimedOut
            | E::HostUnreachable
            | E::NetworkUnreachable
            | E::NetworkDown
            | E::Interrupted
            | E::WouldBlock
    );
    (connection || is_dns_failure(error)).then_some(Kind::Transient)
}

/// Phrases a failed name lookup is reported with, lowercase: Rust's standard
/// library, the C resolver's messages (glibc, BSD and macOS), Windows, Go's
/// resolver, Node and curl.
const DNS_FAILURE_PHRASES: [&str; 9] = [
    "failed to lookup address information",
    "name or service not known",
    "name resolution",
    "no address associated with hostname",
    "nodename nor servname provided",
    "no such host",
    "server misbehaving",
    "getaddrinfo",
    "resolve host",
];

/// Words that name a failed name lookup, lowercase, matched whole: `dns` itself and
/// the resolver's error codes (Node's `ENOTFOUND`, the C resolver's `EAI_*`).
const DNS_FAILURE_WORDS: [&str; 6] = [
    "dns",
    "enotfound",
    "eai_again",
    "eai_noname",
    "eai_fail",
    "eai_nodata",
];

/// Whether `error`, or one of its causes, reports a failed name lookup, in any of
/// the ways resolvers word it: "failed to lookup address information" (Rust),
/// "Name or service not known" and "Temporary failure in name resolution" (glibc),
/// "nodename nor servname provided, or not known" (macOS), "No such host is known"
/// (Windows), "lookup api.example: no such host" (Go), "getaddrinfo ENOTFOUND
/// api.example" and `EAI_AGAIN` (Node), "Could not resolve host" (curl), "dns error"
/// (Rust HTTP clients). Case is ignored.
pub fn is_dns_failure(error: &(dyn std::error::Error + 'static)) -> bool {
    std::iter::successors(Some(error), |error| error.source())
        .take(32)
        .any(|error| names_dns_failure(&error.to_string()))
}

fn names_dns_failure(text: &str) -> bool {
    let text = text.to_lowercase();
    DNS_FAILURE_PHRASES
        .iter()
        .any(|phrase| text.contains(phrase))
        || text
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|word| DNS_FAILURE_WORDS.contains(&word))
}

/// Whether an error of `kind` may succeed on retry, as interbase decides it:
/// `NOT_FOUND`, `PERMISSION` and `INTERNAL` will not.
pub const fn recoverable_for(kind: Kind) -> bool {
    matches!(kind, Kind::Validation | Kind::Conflict | Kind::Transient)
}

/// What went wrong talking to an upstream service.
#[derive(Debug)]
pub enum Failure {
    /// The service answered with an error status.
    Status {
        /// The HTTP status.
        status: u16,
        /// The response body, as the service wrote it.
        body: String,
        /// The `Retry-After` header, in seconds.
        retry_after: Option<u64>,
    },
    /// The service could not be reached.
    Connection(io::Error),
}

/// A failure of an HTTP service behind an MCP tool (intermute behind interlock),
/// turned into a tool error by interbase's two mapping tables: interbase's
/// `toToolError()` step. Written by hand because its kind is decided at run time.
#[derive(Debug)]
pub struct UpstreamError {
    /// What the tool was doing, e.g. `check conflicts`.
    pub action: String,
    /// The service, e.g. `intermute`.
    pub service: String,
    /// What happened.
    pub failure: Failure,
}

impl UpstreamError {
    /// A failure with an error status.
    pub fn status(action: &str, service: &str, status: u16, body: &str) -> Self {
        UpstreamError {
            action: action.to_owned(),
            service: service.to_owned(),
            failure: Failure::Status {
                status,
                body: body.to_owned(),
                retry_after: None,
            },
        }
    }

    /// A failure to connect.
    pub fn connection(action: &str, service: &str, error: io::Error) -> Self {
        UpstreamError {
            action: action.to_owned(),
            service: service.to_owned(),
            failure: Failure::Connection(error),
        }
    }

    /// Adds the service's `Retry-After` (seconds) to a status failure.
    #[must_use]
    pub fn with_retry_after(mut self, seconds: u64) -> Self {
        if let Failure::Status { retry_after, .. } = &mut self.failure {
            *retry_after = Some(seconds);
        }
        self
    }
}

/// The old flat text, kept as the message: `check conflicts: intermute 500: internal error`.
impl std::fmt::Display for UpstreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.failure {
            Failure::Status { status, body, .. } => {
                write!(f, "{}: {} {status}: {body}", self.action, self.service)
            }
            Failure::Connection(error) => write!(f, "{}: {}: {error}", self.action, self.service),
        }
    }
}

impl std::error::Error for UpstreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.failure {
            Failure::Connection(error) => Some(error),
            Failure::Status { .. } => None,
        }
    }
}

/// The codes an [`UpstreamError`] can carry.
pub static UPSTREAM_CATALOG: Catalog = Catalog::new(
    "UpstreamError",
    module_path!(),
    &[UPSTREAM_STATUS, UPSTREAM_UNREACHABLE],
)
.with_domain("interlock")
.with_doc("A failure of the HTTP service behind the tool, mapped by interbase's tables.");

const UPSTREAM_STATUS: tool_error::Entry =
    tool_error::Entry::new("Status", "UPSTREAM_STATUS", Kind::Transient)
        .with_doc("The service answered with an error status; the type follows the HTTP table.");

const UPSTREAM_UNREACHABLE: tool_error::Entry =
    tool_error::Entry::new("Connection", "UPSTREAM_UNREACHABLE", Kind::Transient)
        .with_doc("The service could not be reached; network failures are TRANSIENT.");

impl ToolError for UpstreamError {
    fn code(&self) -> &'static str {
        match self.failure {
            Failure::Status { .. } => UPSTREAM_STATUS.code(),
            Failure::Connection(_) => UPSTREAM_UNREACHABLE.code(),
        }
    }

    fn kind(&self) -> Kind {
        match &self.failure {
            Failure::Status { status, .. } => type_for_http_status(*status),
            Failure::Connection(error) => {
                type_for_connection_error(error).unwrap_or(Kind::Internal)
            }
        }
    }

    fn recoverable(&self) -> bool {
        recoverable_for(self.kind())
    }

    fn domain(&self) -> Option<&'static str> {
        UPSTREAM_CATALOG.domain()
    }

    fn details(&self, details: &mut DetailWriter<'_>) {
        details.field("service", &self.service);
        if let Failure::Status { status, .. } = &self.failure {
            details.field("status", status);
        }
    }

    fn retry_after(&self) -> Option<Duration> {
        match &self.failure {
            Failure::Status {
                retry_after: Some(seconds),
                ..
            } => Some(Duration::from_secs(*seconds)),
            _ => None,
        }
    }

    fn http_status(&self) -> u16 {
        match &self.failure {
            Failure::Status { status, .. } => *status,
            Failure::Connection(_) => 503,
        }
    }

    fn catalog(&self) -> Option<&'static Catalog> {
        Some(&UPSTREAM_CATALOG)
    }

    fn entry(&self) -> Option<&'static tool_error::Entry> {
        match self.failure {
            Failure::Status { .. } => Some(&UPSTREAM_STATUS),
            Failure::Connection(_) => Some(&UPSTREAM_UNREACHABLE),
        }
    }

    fn source_error(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(self)
    }
}

impl StaticCatalog for UpstreamError {
    const CATALOG: &'static Catalog = &UPSTREAM_CATALOG;
}

/// How many times interbase's pattern retries a `TRANSIENT` error.
pub const MAX_TRANSIENT_ATTEMPTS: u32 = 3;

/// What interbase's recommended agent pattern does with one tool error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentStep {
    /// `TRANSIENT`: retry after `delay` (the server's `retry_after`, else the
    /// agent's backoff), at most `max_attempts` times.
    Retry {
        /// How long to wait first.
        delay: Duration,
        /// The attempt budget.
        max_attempts: u32,
    },
    /// `VALIDATION`: log the message, fix the input and retry once.
    FixInputAndRetryOnce {
        /// The server's message, to log.
        message: String,
    },
    /// `NOT_FOUND`: skip this resource and try alternatives.
    SkipResource,
    /// `CONFLICT` with `data.conflicts`: negotiate a release with the holders.
    Negotiate {
        /// The holders named by the conflicts, in order, without repeats.
        holders: Vec<String>,
    },
    /// `CONFLICT` without conflicts listed: wait, then retry.
    WaitAndRetry {
        /// How long to wait (the server's `retry_after`, else the agent's backoff).
        delay: Duration,
    },
    /// `PERMISSION`: ask the user.
    Escalate,
    /// `INTERNAL`, a retry the server says cannot succeed, or a legacy text: log
    /// and stop.
    GiveUp {
        /// Whether the text was a legacy unstructured error.
        legacy: bool,
    },
}

impl AgentStep {
    /// The runtime's generic action for this step.
    pub fn next_action(&self) -> NextAction {
        match self {
            AgentStep::Retry { delay, .. } | AgentStep::WaitAndRetry { delay } => {
                NextAction::Retry {
                    after: Some(*delay),
                }
            }
            AgentStep::FixInputAndRetryOnce { .. } => NextAction::FixInput,
            AgentStep::SkipResource | AgentStep::Negotiate { .. } => NextAction::WorkAround,
            AgentStep::Escalate => NextAction::Escalate,
            AgentStep::GiveUp { .. } => NextAction::GiveUp,
        }
    }
}

/// Reads a tool's error text as interbase's agents do: `{"type", "message",
/// "recoverable", "data"}` (the code is the type, `data` the details, and
/// `data.retry_after` the retry hint in seconds), anything else through
/// [`client::parse`], which knows the native envelope and the formats that carry it.
/// A text neither understands is [`Parsed::Legacy`].
pub fn parse(error_text: &str) -> Parsed {
    let Ok(Value::Object(object)) = serde_json::from_str::<Value>(error_text) else {
        return client::parse(error_text);
    };
    let Some(kind) = object
        .get("type")
        .and_then(Value::as_str)
        .and_then(|t| t.parse::<Kind>().ok())
    else {
        return client::parse(error_text);
    };
    let message = object
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let recoverable = object.get("recoverable").and_then(Value::as_bool);
    let mut envelope = ParsedEnvelope::new(
        kind.as_str(),
        kind,
        message,
        recoverable.unwrap_or_else(|| kind.default_recoverable()),
    );
    let data = object.get("data").filter(|data| !data.is_null());
    envelope.retry_after = data.and_then(|data| data.get("retry_after")?.as_f64());
    envelope.details = data.cloned();
    Parsed::Structured(Box::new(envelope))
}

/// interbase's recommended agent pattern, applied to a tool's error text: parse it
/// (a legacy, unstructured text means give up), branch on `type`, and read `data`
/// for the retry delay and the conflict holders.
///
/// One reading beyond interbase's pseudo-code: interbase's step 3 says `recoverable`
/// decides the retry strategy, so a retrying step for an error marked
/// `"recoverable": false` becomes [`AgentStep::GiveUp`].
pub fn on_tool_error(error_text: &str, default_backoff: Duration) -> AgentStep {
    let envelope = match parse(error_text) {
        Parsed::Structured(envelope) => envelope,
        Parsed::Legacy(_) => return AgentStep::GiveUp { legacy: true },
    };
    let delay = envelope.retry_after().unwrap_or(default_backoff);
    let step = match envelope.kind {
        Kind::Transient => AgentStep::Retry {
            delay,
            max_attempts: MAX_TRANSIENT_ATTEMPTS,
        },
        Kind::Validation => AgentStep::FixInputAndRetryOnce {
            message: envelope.message.clone(),
        },
        Kind::NotFound => AgentStep::SkipResource,
        Kind::Conflict => match conflict_holders(envelope.details.as_ref()) {
            Some(holders) => AgentStep::Negotiate { holders },
            None => AgentStep::WaitAndRetry { delay },
        },
        Kind::Permission => AgentStep::Escalate,
        Kind::Internal => AgentStep::GiveUp { legacy: false },
    };
    let retries = matches!(
        step,
        AgentStep::Retry { .. }
            | AgentStep::FixInputAndRetryOnce { .. }
            | AgentStep::WaitAndRetry { .. }
    );
    if retries && !envelope.recoverable {
        return AgentStep::GiveUp { legacy: false };
    }
    step
}

/// The holders named by `data.conflicts` (`held_by`, else `agent_id`); `None` when
/// the data lists no conflict.
fn conflict_holders(data: Option<&Value>) -> Option<Vec<String>> {
    let conflicts = data?.get("conflicts")?.as_array()?;
    let mut holders: Vec<String> = Vec::new();
    for conflict in conflicts {
        let holder = conflict
            .get("held_by")
            .or_else(|| conflict.get("agent_id"))
            .and_then(Value::as_str);
        if let Some(holder) = holder
            && !holders.iter().any(|known| known == holder)
        {
            holders.push(holder.to_owned());
        }
    }
    (!conflicts.is_empty()).then_some(holders)
}

/// interbase's three wire examples, in its order.
pub fn wire_examples() -> [InterlockError; 3] {
    [
        InterlockError::AgentNotRegistered {
            agent: "fd-safety".into(),
        },
        InterlockError::ReservationConflict {
            total: 2,
            conflicts: vec![Conflict {
                agent_id: "agent-2".into(),
                pattern: "src/*.go".into(),
                held_by: "agent-2".into(),
            }],
        },
        InterlockError::RateLimited { retry_after: 30 },
    ]
}

/// One error of every type, in interbase's wire format, for the tour.
pub fn samples() -> Vec<Sample> {
    let [not_found, conflict, transient] = wire_examples();
    let mut samples = vec![
        sample("NOT_FOUND (wire example 1)", &not_found),
        sample("CONFLICT with data (wire example 2)", &conflict),
        sample("TRANSIENT with retry_after (wire example 3)", &transient),
    ];
    let others: [(&str, Box<dyn ToolError>); 5] = [
        (
            "VALIDATION",
            Box::new(InterlockError::InvalidPattern {
                pattern: "src/**[".into(),
                reason: "unclosed character class".into(),
            }),
        ),
        (
            "PERMISSION",
            Box::new(InterlockError::NotHolder {
                agent: "agent-1".into(),
                reservation_id: "res-42".into(),
                held_by: "agent-2".into(),
            }),
        ),
        (
            "INTERNAL",
            Box::new(InterlockError::Store {
                source: io::Error::other("disk full"),
            }),
        ),
        (
            "HTTP 500 from intermute, mapped to TRANSIENT",
            Box::new(UpstreamError::status(
                "check conflicts",
                "intermute",
                500,
                "internal error",
            )),
        ),
        (
            "connection refused, mapped to TRANSIENT",
            Box::new(UpstreamError::connection(
                "reserve files",
                "intermute",
                io::Error::from(io::ErrorKind::ConnectionRefused),
            )),
        ),
    ];
    samples.extend(others.iter().map(|(title, error)| sample(title, error)));
    samples
}

fn sample(title: &str, error: &dyn ToolError) -> Sample {
    Sample {
        system: "interbase",
        title: format!("{} ({})", title, error.code()),
        output: wire(error),
    }
}
