//! The options a server converts errors with, and where they are installed.

use core::fmt;
use core::future::Future;
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use ::rmcp::ErrorData;
use ::rmcp::handler::server::tool::{ToolCallContext, ToolRouter};
use ::rmcp::model::CallToolResponse;
use ::rmcp::service::MaybeSend;

use super::scope::{Scope, Scoped};
use crate::args::ArgumentError;
use crate::{Clock, Context, Envelope, Native, Policy, Profile, SystemClock, ToolError};

/// A profile with its type erased, so options can hold any of them.
pub(super) trait TextProfile: Send + Sync {
    fn render(&self, envelope: &Envelope<'_>) -> String;
}

impl<P: Profile + Send + Sync> TextProfile for P {
    fn render(&self, envelope: &Envelope<'_>) -> String {
        envelope.render(self)
    }
}

/// Turns the arguments error [`Parameters`] reports into a server's own error.
pub(super) type ArgumentMapper =
    dyn Fn(ArgumentError) -> Box<dyn ToolError + Send + Sync> + Send + Sync;

#[derive(Clone)]
pub(super) struct Settings {
    pub(super) profile: Arc<dyn TextProfile>,
    pub(super) policy: Policy,
    pub(super) clock: Option<Arc<dyn Clock>>,
    pub(super) server_version: Option<Cow<'static, str>>,
    pub(super) structured: bool,
    pub(super) structured_tools: Vec<(Cow<'static, str>, bool)>,
    pub(super) log: bool,
    pub(super) argument_error: Option<Arc<ArgumentMapper>>,
}

/// How a server turns tool errors into MCP results: profile, policy, clock,
/// `structuredContent`. Cheap to clone (one shared allocation).
///
/// The defaults: the [`Native`] envelope as text, [`Policy::DEFAULT`], the system
/// clock (so envelopes carry a timestamp), no `structuredContent`, one `tracing`
/// event per error when the `tracing` feature is on.
#[derive(Clone)]
pub struct McpOptions {
    pub(super) settings: Arc<Settings>,
}

impl fmt::Debug for McpOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let settings = &*self.settings;
        f.debug_struct("McpOptions")
            .field("policy", &settings.policy)
            .field("clock", &settings.clock.as_ref().map(|_| "<clock>"))
            .field("server_version", &settings.server_version)
            .field("structured", &settings.structured)
            .field("structured_tools", &settings.structured_tools)
            .field("log", &settings.log)
            .field(
                "argument_error",
                &settings.argument_error.as_ref().map(|_| "<fn>"),
            )
            .finish_non_exhaustive()
    }
}

impl Default for McpOptions {
    fn default() -> Self {
        McpOptions::new()
    }
}

pub(super) static INSTALLED: OnceLock<McpOptions> = OnceLock::new();

impl McpOptions {
    /// The defaults listed on the type.
    pub fn new() -> Self {
        McpOptions {
            settings: Arc::new(Settings {
                profile: Arc::new(Native),
                policy: Policy::DEFAULT,
                clock: Some(Arc::new(SystemClock)),
                server_version: None,
                structured: false,
                structured_tools: Vec::new(),
                log: true,
                argument_error: None,
            }),
        }
    }

    fn edit(mut self, change: impl FnOnce(&mut Settings)) -> Self {
        change(Arc::make_mut(&mut self.settings));
        self
    }

    /// Renders the envelope (text content, `structuredContent`, `ErrorData.data`)
    /// with `profile` instead of the native envelope.
    #[must_use]
    pub fn with_profile<P: Profile + Send + Sync + 'static>(self, profile: P) -> Self {
        self.edit(|settings| settings.profile = Arc::new(profile))
    }

    /// What envelopes may reveal; see [`Policy`].
    #[must_use]
    pub fn with_policy(self, policy: Policy) -> Self {
        self.edit(|settings| settings.policy = policy)
    }

    /// Where timestamps come from (a [`FixedClock`](crate::FixedClock) in tests).
    #[must_use]
    pub fn with_clock<C: Clock + 'static>(self, clock: C) -> Self {
        self.edit(|settings| settings.clock = Some(Arc::new(clock)))
    }

    /// No timestamps.
    #[must_use]
    pub fn without_clock(self) -> Self {
        self.edit(|settings| settings.clock = None)
    }

    /// The server version, shown in debug info under a verbose policy.
    #[must_use]
    pub fn with_server_version(self, version: impl Into<Cow<'static, str>>) -> Self {
        let version = version.into();
        self.edit(|settings| settings.server_version = Some(version))
    }

    /// Whether error results also carry the envelope as `structuredContent`
    /// (default: no, because some clients validate `structuredContent` against the
    /// tool's `outputSchema` even on errors, which an error envelope will not match).
    #[must_use]
    pub fn with_structured_content(self, structured: bool) -> Self {
        self.edit(|settings| settings.structured = structured)
    }

    /// Overrides [`with_structured_content`](McpOptions::with_structured_content)
    /// for one tool, e.g. on for tools without an `outputSchema`.
    #[must_use]
    pub fn with_structured_content_for(
        self,
        tool: impl Into<Cow<'static, str>>,
        structured: bool,
    ) -> Self {
        let tool = tool.into();
        self.edit(|settings| {
            settings.structured_tools.retain(|(name, _)| *name != tool);
            settings.structured_tools.push((tool, structured));
        })
    }

    /// Whether each conversion emits a `tracing` event (only with the `tracing`
    /// feature; default on).
    #[must_use]
    pub fn with_logging(self, log: bool) -> Self {
        self.edit(|settings| settings.log = log)
    }

    /// Reports arguments that [`Parameters`](super::Parameters) fails to deserialise as `map(error)`
    /// instead of the [`ArgumentError`] itself, e.g. to give them the server's own
    /// code, category or JSON-RPC code. A mapped error on the
    /// [`Protocol`](crate::Channel::Protocol) channel becomes a JSON-RPC error.
    #[must_use]
    pub fn with_argument_error<E, F>(self, map: F) -> Self
    where
        E: ToolError + Send + Sync + 'static,
        F: Fn(ArgumentError) -> E + Send + Sync + 'static,
    {
        let mapper: Arc<ArgumentMapper> = Arc::new(move |error| Box::new(map(error)));
        self.edit(|settings| settings.argument_error = Some(mapper))
    }

    /// The policy.
    pub fn policy(&self) -> &Policy {
        &self.settings.policy
    }

    /// Whether error results of `tool` carry `structuredContent`.
    pub fn structured_content_for(&self, tool: Option<&str>) -> bool {
        let settings = &*self.settings;
        tool.and_then(|tool| {
            settings
                .structured_tools
                .iter()
                .find(|(name, _)| name == tool)
                .map(|(_, structured)| *structured)
        })
        .unwrap_or(settings.structured)
    }

    /// A context with these options' clock and server version, to which a caller adds
    /// the tool name, request id...
    pub fn context(&self) -> Context<'_> {
        let settings = &*self.settings;
        let mut context = Context::new();
        if let Some(clock) = &settings.clock {
            context = context.with_clock(&**clock);
        }
        if let Some(version) = &settings.server_version {
            context = context.with_server_version(version);
        }
        context
    }

    /// Makes these options the process-wide default, used by conversions outside any
    /// [`scope`](McpOptions::scope). Only the first call wins; later ones get their
    /// options back.
    pub fn install(self) -> Result<(), McpOptions> {
        INSTALLED.set(self)
    }

    /// The installed options, else the defaults.
    pub fn installed() -> McpOptions {
        INSTALLED.get().cloned().unwrap_or_default()
    }

    /// Runs `future` with these options and `tool` as the current tool: every
    /// derived error converted while it runs (on any thread) uses them.
    pub fn scope<F: Future, T: Into<Cow<'static, str>>>(
        &self,
        tool: T,
        future: F,
    ) -> impl Future<Output = F::Output> + use<F, T> {
        Scoped::new(
            Arc::new(Scope::new(self.clone(), Some(tool.into()), None)),
            future,
        )
    }

    /// Calls the tool a request names through `router`, inside a scope that carries
    /// the tool name and the request id: the one line a `call_tool` needs.
    ///
    /// Arguments that [`Parameters`](super::Parameters) fails to deserialise come back as an
    /// `INVALID_ARGUMENTS` tool result; an unknown tool stays rmcp's -32602 error.
    pub async fn call<S: MaybeSend + 'static>(
        &self,
        router: &ToolRouter<S>,
        context: ToolCallContext<'_, S>,
    ) -> Result<CallToolResponse, ErrorData> {
        let scope = Arc::new(Scope::new(
            self.clone(),
            Some(context.name.clone()),
            Some(context.request_context.id.to_string()),
        ));
        let output = Scoped::new(scope.clone(), router.call(context)).await;
        match scope.take_argument_failure() {
            Some(response) => Ok(response),
            None => output,
        }
    }
}
