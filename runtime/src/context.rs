//! Where and when an error happened: tool, operation, request (and its id), clock.

use core::fmt;
use std::time::SystemTime;

use serde::{Serialize, Serializer};

/// A source of the current time, injectable so tests render fixed timestamps.
pub trait Clock: Send + Sync {
    /// The current time.
    fn now(&self) -> SystemTime;
}

/// The system's wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> SystemTime {
        SystemTime::now()
    }
}

/// A clock stopped at one instant.
///
/// ```
/// use tool_error::{Context, FixedClock};
///
/// let clock = FixedClock::from_rfc3339("2025-10-27T14:32:15Z").unwrap();
/// let context = Context::new().with_tool("build_media").with_clock(&clock);
/// assert_eq!(context.timestamp(), Some(clock.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixedClock(pub SystemTime);

impl FixedClock {
    /// Parses an RFC 3339 UTC timestamp such as `2025-10-27T14:32:15Z`.
    pub fn from_rfc3339(text: &str) -> Result<Self, humantime::TimestampError> {
        humantime::parse_rfc3339(text).map(FixedClock)
    }
}

impl Clock for FixedClock {
    fn now(&self) -> SystemTime {
        self.0
    }
}

/// What the server knows about the call that failed. Every part is optional and
/// borrowed; build one per request.
///
/// ```
/// use tool_error::{Context, SystemClock};
///
/// let context = Context::new()
///     .with_tool("run_fba")
///     .with_operation("optimize")
///     .with_request_id("req_abc123")
///     .with_server_version(env!("CARGO_PKG_VERSION"))
///     .with_clock(&SystemClock);
/// assert_eq!(context.tool(), Some("run_fba"));
/// ```
#[derive(Clone, Copy, Default)]
pub struct Context<'a> {
    tool: Option<&'a str>,
    operation: Option<&'a str>,
    request_id: Option<RequestId<'a>>,
    session_id: Option<&'a str>,
    server_version: Option<&'a str>,
    locale: Option<&'a str>,
    clock: Option<&'a dyn Clock>,
}

impl<'a> Context<'a> {
    /// An empty context: no tool, no clock (so no timestamp).
    pub const fn new() -> Self {
        Context {
            tool: None,
            operation: None,
            request_id: None,
            session_id: None,
            server_version: None,
            locale: None,
            clock: None,
        }
    }

    /// The tool that failed, e.g. `build_media`.
    #[must_use]
    pub const fn with_tool(mut self, name: &'a str) -> Self {
        self.tool = Some(name);
        self
    }

    /// The operation inside the tool, e.g. `getDocumentation`.
    #[must_use]
    pub const fn with_operation(mut self, name: &'a str) -> Self {
        self.operation = Some(name);
        self
    }

    /// The request identifier, shown in the native envelope and problem `instance`. A
    /// JSON-RPC id keeps its JSON type: `with_request_id(7)` renders as the number 7,
    /// `with_request_id("req_7")` as a string.
    #[must_use]
    pub fn with_request_id(mut self, id: impl Into<RequestId<'a>>) -> Self {
        self.request_id = Some(id.into());
        self
    }

    /// The session identifier, for logs.
    #[must_use]
    pub const fn with_session_id(mut self, id: &'a str) -> Self {
        self.session_id = Some(id);
        self
    }

    /// The server version, shown in verbose debug info.
    #[must_use]
    pub const fn with_server_version(mut self, version: &'a str) -> Self {
        self.server_version = Some(version);
        self
    }

    /// The caller's locale (BCP 47), for profiles that localise.
    #[must_use]
    pub const fn with_locale(mut self, locale: &'a str) -> Self {
        self.locale = Some(locale);
        self
    }

    /// The clock timestamps come from; without one, envelopes carry no timestamp.
    #[must_use]
    pub const fn with_clock(mut self, clock: &'a dyn Clock) -> Self {
        self.clock = Some(clock);
        self
    }

    /// The tool name, if set.
    pub const fn tool(&self) -> Option<&'a str> {
        self.tool
    }

    /// The operation, if set.
    pub const fn operation(&self) -> Option<&'a str> {
        self.operation
    }

    /// The request id, if set.
    pub const fn request_id(&self) -> Option<RequestId<'a>> {
        self.request_id
    }

    /// The session id, if set.
    pub const fn session_id(&self) -> Option<&'a str> {
        self.session_id
    }

    /// The server version, if set.
    pub const fn server_version(&self) -> Option<&'a str> {
        self.server_version
    }

    /// The locale, if set.
    pub const fn locale(&self) -> Option<&'a str> {
        self.locale
    }

    /// The clock's current time, if there is a clock.
    pub fn timestamp(&self) -> Option<SystemTime> {
        self.clock.map(Clock::now)
    }
}

impl fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context")
            .field("tool", &self.tool)
            .field("operation", &self.operation)
            .field("request_id", &self.request_id)
            .field("session_id", &self.session_id)
            .field("server_version", &self.server_version)
            .field("locale", &self.locale)
            .field("clock", &self.clock.map(|_| "<clock>"))
            .finish()
    }
}

/// A JSON-RPC request id: number, string or null.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RequestId<'a> {
    /// A numeric id.
    Number(i64),
    /// A string id.
    String(&'a str),
    /// `null` (the request could not be read).
    Null,
}

impl<'a> From<&'a str> for RequestId<'a> {
    fn from(id: &'a str) -> Self {
        RequestId::String(id)
    }
}

impl<'a> From<&'a String> for RequestId<'a> {
    fn from(id: &'a String) -> Self {
        RequestId::String(id)
    }
}

impl From<i64> for RequestId<'_> {
    fn from(id: i64) -> Self {
        RequestId::Number(id)
    }
}

impl fmt::Display for RequestId<'_> {
    /// The id as text: a number in decimal, a string as is, `null`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestId::Number(n) => fmt::Display::fmt(n, f),
            RequestId::String(s) => f.write_str(s),
            RequestId::Null => f.write_str("null"),
        }
    }
}

impl Serialize for RequestId<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RequestId::Number(n) => serializer.serialize_i64(*n),
            RequestId::String(s) => serializer.serialize_str(s),
            RequestId::Null => serializer.serialize_unit(),
        }
    }
}
