//! Where an error happened: the tool, operation and request of the call that failed,
//! and which of them the client is shown.

use core::fmt;
use std::time::SystemTime;

use serde::Serialize;

use crate::clock::Clock;
use crate::next_call::Served;

/// What the server knows about the call that failed. Every part is optional and
/// borrowed; build one per request.
///
/// The server's own settings, its clock and version, are not set here but once on
/// [`Options`](crate::Options), whose [`context`](crate::Options::context) starts a
/// context that carries them:
///
/// ```
/// use tool_error::{Context, Options};
///
/// let context = Context::new()
///     .with_tool("run_fba")
///     .with_operation("optimize")
///     .with_request_id("req_abc123");
/// assert_eq!(context.tool(), Some("run_fba"));
///
/// let options = Options::new().with_server_version(env!("CARGO_PKG_VERSION"));
/// let context = options.context().with_tool("run_fba");
/// assert_eq!(context.tool(), Some("run_fba"));
/// ```
#[derive(Clone, Copy, Default)]
pub struct Context<'a> {
    tool: Option<&'a str>,
    operation: Option<&'a str>,
    request_id: Option<RequestId<'a>>,
    session_id: Option<&'a str>,
    /// From [`Options::with_server_version`](crate::Options::with_server_version).
    pub(crate) server_version: Option<&'a str>,
    /// From [`Options::with_clock`](crate::Options::with_clock).
    pub(crate) clock: Option<&'a dyn Clock>,
    idempotent: Option<bool>,
    /// The tools the server serves, when an integration knows them: next calls
    /// are checked against them when sent.
    pub(crate) served: Option<&'a dyn Served>,
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
            clock: None,
            idempotent: None,
            served: None,
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

    /// The session identifier, for logs (the client is not shown it unless
    /// [`ClientContext::session_id`] says so).
    #[must_use]
    pub const fn with_session_id(mut self, id: &'a str) -> Self {
        self.session_id = Some(id);
        self
    }

    /// Whether repeating the call unchanged is safe: the operation is idempotent
    /// or only reads (an MCP tool that declares `idempotentHint` or `readOnlyHint`,
    /// an HTTP `GET`, `PUT` or `DELETE`). It decides the envelope's
    /// [`retry`](crate::envelope::Retry) advice for an error that invites a retry;
    /// the integrations set it from what they know of the call, and treat a call
    /// they know nothing of as not idempotent.
    #[must_use]
    pub const fn with_idempotent(mut self, idempotent: bool) -> Self {
        self.idempotent = Some(idempotent);
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

    /// Whether repeating the call unchanged is safe, if known.
    pub const fn idempotent(&self) -> Option<bool> {
        self.idempotent
    }

    /// The clock's current time, if the options set a clock.
    pub(crate) fn timestamp(&self) -> Option<SystemTime> {
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
            .field("clock", &self.clock.map(|_| "<clock>"))
            .field("idempotent", &self.idempotent)
            .field("served", &self.served.map(|_| "<served tools>"))
            .finish()
    }
}

/// Which parts of a call's context the integrations (rmcp, jsonrpsee, axum) send the
/// client beside the error; set with
/// [`Options::with_client_context`](crate::Options::with_client_context).
///
/// What a model reads of an error should be what it can act on. It knows which tool
/// it called; it cannot use the clock; and a timestamp or a request id makes two
/// identical failures read as two different texts. So by default
/// ([`ClientContext::AGENT`]) none of these reach the client, and the server's log
/// event keeps them all. The exception is a masked internal error, whose text hides
/// what went wrong: it carries the request id, so a person can quote it to the
/// operator. The error's own contract (code, kind, message, details, suggestions,
/// next calls, `category`, `docs`) is always sent, as the policy allows.
///
/// An envelope rendered explicitly (`Envelope::new(..).with_context(..)`) shows
/// its whole context: this filter is the integrations' alone.
///
/// ```
/// use tool_error::{ClientContext, Options};
///
/// // A format that requires the tool name and a timestamp in every error.
/// let options = Options::new()
///     .with_client_context(ClientContext::AGENT.with_tool(true).with_timestamp(true));
/// assert!(options.client_context().tool && !options.client_context().request_id);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClientContext {
    /// The tool name. Default `false`: the caller knows which tool it called.
    pub tool: bool,
    /// The operation inside the tool. Default `false`: the server's own structure,
    /// which the caller cannot call.
    pub operation: bool,
    /// The request id on every error. Default `false`: a masked internal error
    /// carries it anyway.
    pub request_id: bool,
    /// The timestamp. Default `false`: it changes on every call.
    pub timestamp: bool,
    /// The error's domain (`domain = "..."`). Default `false`: the same on every
    /// error of a server.
    pub domain: bool,
    /// The session id, which only a custom profile writes. Default `false`: the
    /// client knows its own session.
    pub session_id: bool,
}

impl ClientContext {
    /// What a model can act on: none of the call's context (see the type).
    pub const AGENT: ClientContext = ClientContext {
        tool: false,
        operation: false,
        request_id: false,
        timestamp: false,
        domain: false,
        session_id: false,
    };

    /// Everything, as an explicitly rendered envelope shows it.
    pub const ALL: ClientContext = ClientContext {
        tool: true,
        operation: true,
        request_id: true,
        timestamp: true,
        domain: true,
        session_id: true,
    };

    /// Sets [`tool`](ClientContext::tool).
    #[must_use]
    pub const fn with_tool(mut self, shown: bool) -> Self {
        self.tool = shown;
        self
    }

    /// Sets [`operation`](ClientContext::operation).
    #[must_use]
    pub const fn with_operation(mut self, shown: bool) -> Self {
        self.operation = shown;
        self
    }

    /// Sets [`request_id`](ClientContext::request_id).
    #[must_use]
    pub const fn with_request_id(mut self, shown: bool) -> Self {
        self.request_id = shown;
        self
    }

    /// Sets [`timestamp`](ClientContext::timestamp).
    #[must_use]
    pub const fn with_timestamp(mut self, shown: bool) -> Self {
        self.timestamp = shown;
        self
    }

    /// Sets [`domain`](ClientContext::domain).
    #[must_use]
    pub const fn with_domain(mut self, shown: bool) -> Self {
        self.domain = shown;
        self
    }

    /// Sets [`session_id`](ClientContext::session_id).
    #[must_use]
    pub const fn with_session_id(mut self, shown: bool) -> Self {
        self.session_id = shown;
        self
    }

    /// `context` with what the client is not shown left out; a `masked` error keeps
    /// its request id.
    pub(crate) fn filter<'a>(&self, context: &Context<'a>, masked: bool) -> Context<'a> {
        Context {
            tool: context.tool.filter(|_| self.tool),
            operation: context.operation.filter(|_| self.operation),
            request_id: context.request_id.filter(|_| self.request_id || masked),
            session_id: context.session_id.filter(|_| self.session_id),
            clock: context.clock.filter(|_| self.timestamp),
            ..*context
        }
    }
}

impl Default for ClientContext {
    fn default() -> Self {
        ClientContext::AGENT
    }
}

/// A JSON-RPC request id: number, string or null.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
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
