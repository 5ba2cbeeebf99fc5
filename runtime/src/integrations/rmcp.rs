//! MCP servers built with [rmcp](https://docs.rs/rmcp): derived errors as tool results.
//!
//! With the `rmcp` feature, every `#[derive(ToolError)]` type implements rmcp's
//! `IntoCallToolResult`, so a `#[tool]` handler returns `Result<T, MyError>` and uses
//! `?` with no glue code. Following MCP (2026-07-28), what happens to an `Err` depends
//! on the error's [`Channel`]:
//!
//! - [`Channel::Result`] (the default): a `CallToolResult` with `isError: true` whose
//!   text content is the envelope JSON (rendered by the configured profile, the
//!   native envelope unless you choose another), plus `structuredContent` when
//!   enabled. The model reads it and can react.
//! - [`Channel::Protocol`]: an `ErrorData`, i.e. a JSON-RPC error with the error's
//!   JSON-RPC code, its message and the envelope as `data`. Codes that JSON-RPC or
//!   MCP reserve without defining are never sent (the kind's default code is used).
//!
//! Unknown tools and malformed requests stay protocol errors: rmcp's router answers
//! them with -32602 before any handler runs.
//!
//! # Where the context comes from
//!
//! `IntoCallToolResult::into_call_tool_result(self)` takes no arguments, yet the
//! envelope wants a tool name, a timestamp, a policy and a profile. They come from
//! two places, both set once:
//!
//! - **Server-wide [`McpOptions`]**: profile, [`Policy`], clock, server version,
//!   `structuredContent` on or off (per tool, since some clients validate it against
//!   the tool's `outputSchema` even on errors). [`McpOptions::install`] makes them
//!   the process default; a server can also keep them in its own state.
//! - **A per-call scope** carrying the tool name and the request id, set in the one
//!   place every call passes through: `ServerHandler::call_tool`. The scope is
//!   task-local (it travels with the future, not the thread), so concurrent calls
//!   on a multi-threaded runtime never see each other's names.
//!
//! ```rust,ignore
//! use rmcp::handler::server::tool::{ToolCallContext, ToolRouter};
//! use rmcp::model::{CallToolRequestParams, CallToolResponse};
//! use rmcp::service::RequestContext;
//! use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
//! use tool_error::rmcp::{McpOptions, Parameters};
//!
//! #[derive(Clone)]
//! struct Server { tool_router: ToolRouter<Self>, errors: McpOptions }
//!
//! #[tool_router]
//! impl Server {
//!     #[tool(description = "Look up a compound")]
//!     fn get_compound_name(&self, Parameters(args): Parameters<LookupArgs>) -> Result<String, LookupError> {
//!         let compound = self.find(&args.compound_id)?;   // LookupError: ToolError
//!         Ok(compound.name.clone())
//!     }
//! }
//!
//! #[tool_handler]
//! impl ServerHandler for Server {
//!     async fn call_tool(
//!         &self,
//!         request: CallToolRequestParams,
//!         context: RequestContext<RoleServer>,
//!     ) -> Result<CallToolResponse, ErrorData> {
//!         // The one line: every error below knows its tool, request and options.
//!         self.errors.call(&self.tool_router, ToolCallContext::new(self, request, context)).await
//!     }
//! }
//! ```
//!
//! Outside any scope (a handler called directly, a server without the line above),
//! errors still convert, with the installed options and no tool name.
//!
//! [`Parameters`] replaces rmcp's extractor of the same name: the input schema is the
//! same, and arguments that fail to deserialise become an
//! [`ArgumentError`](crate::args::ArgumentError) tool result naming the bad field
//! (`compounds[1]`, expected `a string`, got `number`) instead of serde's message.
//!
//! For servers that build results by hand, [`to_call_tool_result`], [`to_error_data`]
//! and [`to_response`] do the same conversion explicitly:
//!
//! ```
//! use tool_error::rmcp::{McpOptions, to_call_tool_result};
//! use tool_error::{FixedClock, ToolError};
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("Media '{media_id}' not found")]
//! #[tool_error(kind = not_found, suggest = "Use build_media to create one")]
//! struct MediaNotFound { media_id: String }
//!
//! let options = McpOptions::new()
//!     .with_clock(FixedClock::from_rfc3339("2025-10-27T14:32:15Z").unwrap());
//! let context = options.context().with_tool("get_media");
//! let result = to_call_tool_result(&MediaNotFound { media_id: "m9".into() }, &context, &options);
//! assert_eq!(result.is_error, Some(true));
//! let text = &result.content[0].as_text().unwrap().text;
//! assert!(text.starts_with(r#"{"code":"MEDIA_NOT_FOUND","kind":"NOT_FOUND""#));
//! assert!(text.ends_with(r#""tool":"get_media","timestamp":"2025-10-27T14:32:15Z"}"#));
//! ```

use core::fmt;
use core::future::Future;
use core::pin::Pin;
use core::task::{Context as TaskContext, Poll};
use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::{Arc, Mutex, OnceLock};

use ::rmcp::ErrorData;
use ::rmcp::handler::server::common::FromContextPart;
use ::rmcp::handler::server::tool::{IntoCallToolResult, ToolCallContext, ToolRouter};
use ::rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorCode};
use ::rmcp::schemars::{JsonSchema, Schema, SchemaGenerator};
use ::rmcp::service::MaybeSend;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::args::{self, ArgumentError};
use crate::{Channel, Clock, Context, Envelope, Native, Policy, Profile, SystemClock, ToolError};

/// A profile with its type erased, so options can hold any of them.
trait TextProfile: Send + Sync {
    fn render(&self, envelope: &Envelope<'_>) -> String;
}

impl<P: Profile + Send + Sync> TextProfile for P {
    fn render(&self, envelope: &Envelope<'_>) -> String {
        envelope.render(self)
    }
}

/// Turns the arguments error [`Parameters`] reports into a server's own error.
type ArgumentMapper = dyn Fn(ArgumentError) -> Box<dyn ToolError + Send + Sync> + Send + Sync;

#[derive(Clone)]
struct Settings {
    profile: Arc<dyn TextProfile>,
    policy: Policy,
    clock: Option<Arc<dyn Clock>>,
    server_version: Option<Cow<'static, str>>,
    structured: bool,
    structured_tools: Vec<(Cow<'static, str>, bool)>,
    log: bool,
    argument_error: Option<Arc<ArgumentMapper>>,
}

/// How a server turns tool errors into MCP results: profile, policy, clock,
/// `structuredContent`. Cheap to clone (one shared allocation).
///
/// The defaults: the [`Native`] envelope as text, [`Policy::DEFAULT`], the system
/// clock (so envelopes carry a timestamp), no `structuredContent`, one `tracing`
/// event per error when the `tracing` feature is on.
#[derive(Clone)]
pub struct McpOptions {
    settings: Arc<Settings>,
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

static INSTALLED: OnceLock<McpOptions> = OnceLock::new();

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

    /// Reports arguments that [`Parameters`] fails to deserialise as `map(error)`
    /// instead of the [`ArgumentError`] itself, e.g. to give them the server's own
    /// code, category or JSON-RPC code. A mapped error on the
    /// [`Protocol`](Channel::Protocol) channel becomes a JSON-RPC error.
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
    /// Arguments that [`Parameters`] fails to deserialise come back as an
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

/// What a scope carries.
struct Scope {
    options: McpOptions,
    tool: Option<Cow<'static, str>>,
    request_id: Option<String>,
    /// The envelope result of arguments [`Parameters`] failed to read, which replaces
    /// the plain-text result rmcp's router makes of the extractor's error.
    argument_failure: Mutex<Option<CallToolResponse>>,
}

impl Scope {
    fn new(
        options: McpOptions,
        tool: Option<Cow<'static, str>>,
        request_id: Option<String>,
    ) -> Self {
        Scope {
            options,
            tool,
            request_id,
            argument_failure: Mutex::new(None),
        }
    }

    fn context(&self) -> Context<'_> {
        let mut context = self.options.context();
        if let Some(tool) = &self.tool {
            context = context.with_tool(tool);
        }
        if let Some(request_id) = &self.request_id {
            context = context.with_request_id(request_id);
        }
        context
    }

    fn set_argument_failure(&self, response: CallToolResponse) {
        let mut slot = self
            .argument_failure
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *slot = Some(response);
    }

    fn take_argument_failure(&self) -> Option<CallToolResponse> {
        self.argument_failure
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take()
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<Scope>>> = const { RefCell::new(None) };
}

fn current() -> Option<Arc<Scope>> {
    CURRENT
        .try_with(|current| current.try_borrow().ok().and_then(|scope| scope.clone()))
        .ok()
        .flatten()
}

/// Puts `scope` in the slot and returns what was there (nothing if the slot is
/// unavailable, which only happens while the thread is being torn down).
fn swap_current(scope: Option<Arc<Scope>>) -> Option<Arc<Scope>> {
    CURRENT
        .try_with(|current| {
            current
                .try_borrow_mut()
                .ok()
                .and_then(|mut slot| core::mem::replace(&mut *slot, scope))
        })
        .ok()
        .flatten()
}

/// Makes a scope current for the duration of one poll; restores the previous one
/// on drop, even if the poll unwinds.
struct Enter {
    previous: Option<Arc<Scope>>,
}

impl Enter {
    fn new(scope: Arc<Scope>) -> Self {
        Enter {
            previous: swap_current(Some(scope)),
        }
    }
}

impl Drop for Enter {
    fn drop(&mut self) {
        // The scope taken out is dropped here, after the slot is released.
        drop(swap_current(self.previous.take()));
    }
}

/// A future running inside a scope; see [`McpOptions::scope`].
struct Scoped<F> {
    scope: Arc<Scope>,
    future: Pin<Box<F>>,
}

impl<F> Scoped<F> {
    fn new(scope: Arc<Scope>, future: F) -> Self {
        Scoped {
            scope,
            future: Box::pin(future),
        }
    }
}

impl<F> fmt::Debug for Scoped<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scoped")
            .field("tool", &self.scope.tool)
            .field("request_id", &self.scope.request_id)
            .finish_non_exhaustive()
    }
}

impl<F: Future> Future for Scoped<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<F::Output> {
        let this = self.get_mut();
        let _enter = Enter::new(this.scope.clone());
        this.future.as_mut().poll(cx)
    }
}

/// `error` as a `CallToolResult` with `isError: true`: the envelope rendered by the
/// options' profile as text content, and as `structuredContent` when the options
/// enable it for the context's tool. The channel is not consulted; see
/// [`to_response`].
pub fn to_call_tool_result(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &McpOptions,
) -> CallToolResult {
    let settings = &*options.settings;
    let envelope = Envelope::new(error)
        .with_context(*context)
        .with_policy(&settings.policy);
    crate::integrations::log(&envelope, settings.log);
    let text = settings.profile.render(&envelope);
    let structured = options
        .structured_content_for(context.tool())
        .then(|| serde_json::from_str::<Value>(&text).ok())
        .flatten();
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.structured_content = structured;
    result
}

/// `error` as a JSON-RPC error: its JSON-RPC code (never a reserved one), its
/// message, and the envelope rendered by the options' profile as `data`.
pub fn to_error_data(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &McpOptions,
) -> ErrorData {
    let settings = &*options.settings;
    let envelope = Envelope::new(error)
        .with_context(*context)
        .with_policy(&settings.policy);
    crate::integrations::log(&envelope, settings.log);
    let data = serde_json::from_str::<Value>(&settings.profile.render(&envelope)).ok();
    ErrorData::new(
        ErrorCode(crate::integrations::wire_jsonrpc_code(error)),
        envelope.message().to_string(),
        data,
    )
}

/// What an `Err(error)` in a tool handler becomes: a tool result for
/// [`Channel::Result`], a JSON-RPC error for [`Channel::Protocol`].
pub fn to_response(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &McpOptions,
) -> Result<CallToolResponse, ErrorData> {
    match error.channel() {
        Channel::Result => Ok(to_call_tool_result(error, context, options).into()),
        Channel::Protocol => Err(to_error_data(error, context, options)),
    }
}

/// The conversion the derived `IntoCallToolResult` impls run: the current scope's
/// options and tool, else the installed options.
pub(crate) fn respond(error: &dyn ToolError) -> Result<CallToolResponse, ErrorData> {
    match current() {
        Some(scope) => to_response(error, &scope.context(), &scope.options),
        None => {
            let options = McpOptions::installed();
            to_response(error, &options.context(), &options)
        }
    }
}

impl IntoCallToolResult for Box<dyn ToolError + Send + Sync> {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        respond(&*self)
    }
}

/// Tool arguments, deserialised with the path of any bad field: a drop-in for
/// rmcp's `Parameters` (the `#[tool]` macro recognises the name and derives the
/// input schema from `T` the same way).
///
/// When deserialisation fails, the call returns an
/// [`ArgumentError`] tool result (`VALIDATION`, with the bad field's path, what
/// was expected and what was given in `details.violations`) instead of serde's bare
/// message, so the model can fix its call;
/// [`McpOptions::with_argument_error`] substitutes the server's own error. That
/// needs the scope [`McpOptions::call`] sets; without it, rmcp's plain-text
/// result is returned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parameters<T>(pub T);

impl<T: JsonSchema> JsonSchema for Parameters<T> {
    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        T::schema_id()
    }

    fn inline_schema() -> bool {
        T::inline_schema()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        T::json_schema(generator)
    }
}

impl<'a, S, T: DeserializeOwned> FromContextPart<ToolCallContext<'a, S>> for Parameters<T> {
    fn from_context_part(context: &mut ToolCallContext<'a, S>) -> Result<Self, ErrorData> {
        let arguments = context.arguments.take().unwrap_or_default();
        match args::from_value::<T>(serde_json::Value::Object(arguments)) {
            Ok(value) => Ok(Parameters(value)),
            Err(error) => Err(argument_failure(error, &context.name)),
        }
    }
}

/// Renders the argument error as the scope's tool result and hands rmcp an error
/// its router turns into a plain tool result when there is no scope.
fn argument_failure(error: ArgumentError, tool: &str) -> ErrorData {
    let scope = current();
    let options = scope
        .as_ref()
        .map_or_else(McpOptions::installed, |scope| scope.options.clone());
    let error: Box<dyn ToolError + Send + Sync> = match &options.settings.argument_error {
        Some(map) => map(error),
        None => Box::new(error),
    };
    let mut context = options.context().with_tool(tool);
    if let Some(request_id) = scope.as_ref().and_then(|scope| scope.request_id.as_deref()) {
        context = context.with_request_id(request_id);
    }
    if error.channel() == Channel::Protocol {
        return to_error_data(&*error, &context, &options);
    }
    let result = to_call_tool_result(&*error, &context, &options);
    let data = result.structured_content.clone().or_else(|| {
        result
            .content
            .first()
            .and_then(|content| content.as_text())
            .and_then(|text| serde_json::from_str(&text.text).ok())
    });
    if let Some(scope) = &scope {
        scope.set_argument_failure(result.into());
    }
    // rmcp's router turns exactly this prefix into a tool result rather than a
    // protocol error.
    ErrorData::invalid_params(format!("failed to deserialize parameters: {error}"), data)
}

/// Implements `IntoCallToolResult` for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_rmcp {
    ([$($generics:tt)*] [$($ty:tt)*] [$($where:tt)*]) => {
        #[automatically_derived]
        impl $($generics)* $crate::__private::rmcp::IntoCallToolResult for $($ty)* $($where)* {
            fn into_call_tool_result(
                self,
            ) -> ::core::result::Result<
                $crate::__private::rmcp::CallToolResponse,
                $crate::__private::rmcp::ErrorData,
            > {
                $crate::__private::rmcp::respond(&self)
            }
        }
    };
}
