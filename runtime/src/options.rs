//! The options every integration converts errors with, installed once per process.

use core::fmt;
use std::any::Any;
use std::borrow::Cow;
use std::sync::{Arc, LazyLock, OnceLock};

use serde_json::value::RawValue;

use crate::clock::{Clock, SystemClock};
use crate::{ClientContext, Context, CrateCatalog, Envelope, Native, Policy, Profile, ToolError};

/// A profile with its type erased, so options can hold any of them. Every
/// integration renders through it once per output its framework needs.
trait TextProfile: Send + Sync {
    /// The text and, when `with_value`, the same envelope as a `Value` the text
    /// is written from, at the same reduction.
    fn render_with_value(
        &self,
        envelope: &Envelope<'_>,
        with_value: bool,
    ) -> (String, Option<serde_json::Value>);

    /// The envelope as raw JSON, for a framework object that embeds it as it is.
    fn render_raw(&self, envelope: &Envelope<'_>) -> Box<RawValue>;
}

impl<P: Profile + Send + Sync> TextProfile for P {
    fn render_with_value(
        &self,
        envelope: &Envelope<'_>,
        with_value: bool,
    ) -> (String, Option<serde_json::Value>) {
        envelope.render_with_value(self, with_value)
    }

    fn render_raw(&self, envelope: &Envelope<'_>) -> Box<RawValue> {
        envelope.render_raw(self)
    }
}

/// What an integration adds to the options: settings of its own, kept beside the
/// shared ones and found by their type.
pub(crate) trait Part: Any + Send + Sync + fmt::Debug {}

impl<T: Any + Send + Sync + fmt::Debug> Part for T {}

/// How a server turns errors into responses and log events, shared by every
/// integration (rmcp, axum, jsonrpsee). Cheap to clone: one shared allocation.
///
/// Two policies apply to each error. The **client policy** ([`with_policy`](Self::with_policy))
/// decides what the response shows; by default an `Internal` error's message is
/// masked and its cause withheld. The **log policy** ([`with_log_policy`](Self::with_log_policy))
/// decides what the server's own log event shows; by default it is the client
/// policy made verbose, so the operator sees the real message, the cause chain and a
/// captured backtrace that the client does not. Fields marked `redact` stay redacted
/// in both unless a policy turns redaction off.
///
/// | setting | default |
/// | --- | --- |
/// | profile (MCP text and `structuredContent`, JSON-RPC `data`) | [`Native`] |
/// | client policy | [`Policy::DEFAULT`] |
/// | what the client gets of the call's context | [`ClientContext::AGENT`]: no tool name, operation, request id (but on a masked error), timestamp or domain |
/// | log policy | the client policy with [`verbose`](Policy::verbose) on |
/// | log events | on (one `tracing` event per error, when an integration feature is on) |
/// | clock | the system clock, so log events carry a timestamp |
/// | server version | none |
/// | catalogs an [`AnyError`](crate::AnyError) searches besides the registered types | none |
///
/// What belongs to one integration alone is set through its own type, with a method
/// its module adds: `with_mcp(McpOptions)` (rmcp), `with_http(HttpOptions)`
/// (axum), `with_jsonrpc(JsonRpcOptions)` (jsonrpsee), `with_log_levels(Levels)`
/// (tracing).
///
/// Install the options once at startup; every conversion the derive generates
/// (`?` in an rmcp tool, an axum handler, a jsonrpsee method) uses them:
///
/// ```
/// use tool_error::{Options, Policy};
///
/// Options::new()
///     .with_server_version(env!("CARGO_PKG_VERSION"))
///     .with_policy(Policy::DEFAULT.with_max_suggestions(3))
///     .install()
///     .expect("installed once");
/// assert_eq!(Options::installed().policy().max_suggestions, 3);
/// ```
#[derive(Clone)]
pub struct Options {
    core: Arc<Core>,
}

#[derive(Clone)]
struct Core {
    #[cfg_attr(not(any(feature = "rmcp", feature = "jsonrpsee")), allow(dead_code))]
    profile: Arc<dyn TextProfile>,
    policy: Policy,
    client_context: ClientContext,
    /// `None`: the client policy made verbose.
    log_policy: Option<Policy>,
    /// The log policy in effect, worked out once when the options change rather
    /// than on every logged error.
    effective_log_policy: Policy,
    logging: bool,
    clock: Option<Arc<dyn Clock>>,
    server_version: Option<Cow<'static, str>>,
    catalogs: Vec<&'static CrateCatalog>,
    /// The integrations' own settings, one of each type.
    parts: Vec<Arc<dyn Part>>,
}

impl fmt::Debug for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let core = &*self.core;
        f.debug_struct("Options")
            .field("policy", &core.policy)
            .field("client_context", &core.client_context)
            .field("log_policy", &self.log_policy())
            .field("logging", &core.logging)
            .field("clock", &core.clock.as_ref().map(|_| "<clock>"))
            .field("server_version", &core.server_version)
            .field(
                "catalogs",
                &core
                    .catalogs
                    .iter()
                    .map(|catalog| catalog.name())
                    .collect::<Vec<_>>(),
            )
            .field("integrations", &core.parts)
            .finish_non_exhaustive()
    }
}

impl Default for Options {
    fn default() -> Self {
        Options::new()
    }
}

static INSTALLED: OnceLock<Options> = OnceLock::new();
static DEFAULT: LazyLock<Options> = LazyLock::new(Options::new);

impl Options {
    /// The defaults listed on the type.
    pub fn new() -> Self {
        Options {
            core: Arc::new(Core {
                profile: Arc::new(Native),
                policy: Policy::DEFAULT,
                client_context: ClientContext::AGENT,
                log_policy: None,
                effective_log_policy: Policy::DEFAULT.with_verbose(true),
                logging: true,
                clock: Some(Arc::new(SystemClock)),
                server_version: None,
                catalogs: Vec::new(),
                parts: Vec::new(),
            }),
        }
    }

    fn edit(mut self, change: impl FnOnce(&mut Core)) -> Self {
        let core = Arc::make_mut(&mut self.core);
        change(core);
        core.effective_log_policy = match &core.log_policy {
            Some(policy) => policy.clone(),
            None => core.policy.clone().with_verbose(true),
        };
        self
    }

    /// Renders envelopes (MCP text content and `structuredContent`, JSON-RPC `data`)
    /// with `profile` instead of the native envelope. HTTP responses are always
    /// problem+json; see `HttpOptions`.
    #[must_use]
    pub fn with_profile<P: Profile + Send + Sync + 'static>(self, profile: P) -> Self {
        self.edit(|core| core.profile = Arc::new(profile))
    }

    /// What responses may reveal to the client; see [`Policy`].
    #[must_use]
    pub fn with_policy(self, policy: Policy) -> Self {
        self.edit(|core| core.policy = policy)
    }

    /// Which parts of the call's context reach the client beside the error (the
    /// tool name, the operation, the request id, the timestamp, the domain): by
    /// default none, as [`ClientContext`] explains. The log event has them all.
    #[must_use]
    pub fn with_client_context(self, shown: ClientContext) -> Self {
        self.edit(|core| core.client_context = shown)
    }

    /// What the server's log events may reveal, instead of the client policy made
    /// verbose. To let redacted values into logs (never the default):
    /// `with_log_policy(Policy::DEFAULT.with_verbose(true).with_redaction(false))`.
    #[must_use]
    pub fn with_log_policy(self, policy: Policy) -> Self {
        self.edit(|core| core.log_policy = Some(policy))
    }

    /// Whether each converted error emits a log event (default on).
    #[must_use]
    pub fn with_logging(self, logging: bool) -> Self {
        self.edit(|core| core.logging = logging)
    }

    /// Where timestamps come from (a [`FixedClock`](crate::clock::FixedClock) in tests):
    /// the one place a clock is set, for every integration, every log event and every
    /// context [`context`](Self::context) starts.
    #[must_use]
    pub fn with_clock<C: Clock + 'static>(self, clock: C) -> Self {
        self.edit(|core| core.clock = Some(Arc::new(clock)))
    }

    /// No timestamps.
    #[must_use]
    pub fn without_clock(self) -> Self {
        self.edit(|core| core.clock = None)
    }

    /// The server version, shown in debug info under a verbose policy (so in logs by
    /// default).
    #[must_use]
    pub fn with_server_version(self, version: impl Into<Cow<'static, str>>) -> Self {
        self.edit(|core| core.server_version = Some(version.into()))
    }

    /// Adds a crate catalog whose types an [`AnyError`](crate::AnyError) looks for
    /// in its cause chain, besides every concrete derived type (which registers
    /// itself): needed for generic derived types and hand-written `ToolError`
    /// impls, which cannot.
    #[must_use]
    pub fn with_catalog(self, catalog: &'static CrateCatalog) -> Self {
        self.edit(|core| core.catalogs.push(catalog))
    }

    /// Makes these the options of every conversion that is not given options
    /// explicitly. Only the first call wins; later ones get their options back.
    pub fn install(self) -> Result<(), Options> {
        INSTALLED.set(self)
    }

    /// The installed options, else the defaults.
    pub fn installed() -> &'static Options {
        INSTALLED.get().unwrap_or_else(|| &DEFAULT)
    }

    /// The client policy.
    pub fn policy(&self) -> &Policy {
        &self.core.policy
    }

    /// Which parts of the call's context reach the client.
    pub fn client_context(&self) -> &ClientContext {
        &self.core.client_context
    }

    /// The log policy: the one set with [`with_log_policy`](Self::with_log_policy),
    /// else the client policy with `verbose` on.
    pub fn log_policy(&self) -> &Policy {
        &self.core.effective_log_policy
    }

    /// A context with these options' clock and server version, to which a caller adds
    /// the tool name, request id...: how an envelope rendered by hand gets the
    /// timestamp and version the integrations give theirs.
    pub fn context(&self) -> Context<'_> {
        let mut context = Context::new();
        context.clock = self.core.clock.as_deref();
        context.server_version = self.core.server_version.as_deref();
        context
    }

    /// The catalogs an [`AnyError`](crate::AnyError) searches besides the
    /// registered types.
    pub(crate) fn catalogs(&self) -> &[&'static CrateCatalog] {
        &self.core.catalogs
    }

    /// What every conversion starts with: the envelope of `error` as the client
    /// receives it (under the client policy, with the part of `context` the client
    /// context shows), its server log event (under the log policy, with the whole
    /// context) already emitted. An integration then renders the envelope into its
    /// framework's object.
    ///
    /// A call whose context does not say whether it is idempotent is taken as not
    /// idempotent, so a retry is advised only after checking.
    #[cfg_attr(
        not(any(feature = "rmcp", feature = "jsonrpsee", feature = "axum")),
        allow(dead_code)
    )]
    pub(crate) fn logged_envelope<'a>(
        &'a self,
        error: &'a dyn ToolError,
        context: &Context<'a>,
    ) -> Envelope<'a> {
        let core = &*self.core;
        let context = context.with_idempotent(context.idempotent().unwrap_or(false));
        let masked = Envelope::new(error).with_policy(&core.policy).is_masked();
        crate::integrations::observe(self, error, &context, masked);
        let shown = &core.client_context;
        let client = Envelope::new(error)
            .with_context(shown.filter(&context, masked))
            .with_policy(&core.policy);
        if shown.domain {
            client
        } else {
            client.without_domain()
        }
    }

    /// `envelope` rendered by the profile as text and, when `with_value`, as a
    /// `Value` too, at the same reduction.
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code))]
    pub(crate) fn render_with_value(
        &self,
        envelope: &Envelope<'_>,
        with_value: bool,
    ) -> (String, Option<serde_json::Value>) {
        self.core.profile.render_with_value(envelope, with_value)
    }

    /// `envelope` rendered by the profile as raw JSON.
    #[cfg_attr(not(feature = "jsonrpsee"), allow(dead_code))]
    pub(crate) fn render_raw(&self, envelope: &Envelope<'_>) -> Box<RawValue> {
        self.core.profile.render_raw(envelope)
    }

    /// Whether each converted error emits a log event.
    #[cfg_attr(not(feature = "tracing"), allow(dead_code))]
    pub(crate) fn logging(&self) -> bool {
        self.core.logging
    }
}

/// The integrations' own settings, kept by type; only an integration's feature
/// calls these.
#[cfg_attr(
    not(any(
        feature = "rmcp",
        feature = "jsonrpsee",
        feature = "axum",
        feature = "tracing"
    )),
    allow(dead_code)
)]
impl Options {
    /// Sets an integration's own settings, replacing any of the same type: what
    /// each integration's `with_*` method (`with_mcp`, `with_http`...) calls.
    pub(crate) fn with_part<T: Part>(self, part: T) -> Self {
        self.edit(|core| {
            core.parts.retain(|kept| !(&**kept as &dyn Any).is::<T>());
            core.parts.push(Arc::new(part));
        })
    }

    /// An integration's own settings, if set.
    pub(crate) fn part<T: Part>(&self) -> Option<&T> {
        self.core
            .parts
            .iter()
            .find_map(|part| (&**part as &dyn Any).downcast_ref::<T>())
    }
}
