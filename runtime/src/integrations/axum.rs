//! HTTP APIs built with [axum](https://docs.rs/axum): derived errors as RFC 9457
//! `application/problem+json` responses.
//!
//! With the `axum` feature, every `#[derive(ToolError)]` type implements
//! `axum_core::response::IntoResponse`: the status is the error's
//! [`http_status`](crate::ToolError::http_status), the body the [`Problem`] profile's
//! document, and a `Retry-After` header (whole seconds, rounded up) is added when the
//! error has a retry hint. A handler returns `Result<Json<T>, MyError>` and uses `?`.
//!
//! ```
//! use axum_core::response::IntoResponse;
//! use tool_error::ToolError;
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("Model '{model_id}' not found")]
//! #[tool_error(kind = not_found)]
//! struct ModelNotFound { model_id: String }
//!
//! let response = ModelNotFound { model_id: "m1".into() }.into_response();
//! assert_eq!(response.status(), 404);
//! assert_eq!(response.headers()["content-type"], "application/problem+json");
//! ```
//!
//! The policy, clock and problem `type` base come from [`HttpOptions`], installed
//! once per process ([`HttpOptions::install`]); [`problem_response`] converts with
//! explicit options and context (e.g. to add the request id as `instance`).

use std::sync::{Arc, OnceLock};

use ::axum_core::body::Body;
use ::axum_core::response::Response;
use ::http::StatusCode;
use ::http::header::{CONTENT_TYPE, HeaderValue, RETRY_AFTER};

use crate::{Clock, Context, Envelope, Policy, Problem, Profile, SystemClock, ToolError};

/// How errors become HTTP responses: the problem profile (its `type` base), the
/// policy, the clock.
///
/// The defaults: `type` is `about:blank`, [`Policy::DEFAULT`], the system clock, one
/// `tracing` event per response when the `tracing` feature is on.
#[derive(Clone)]
pub struct HttpOptions {
    settings: Arc<Settings>,
}

#[derive(Clone)]
struct Settings {
    problem: Problem,
    policy: Policy,
    clock: Option<Arc<dyn Clock>>,
    log: bool,
}

impl core::fmt::Debug for HttpOptions {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("HttpOptions")
            .field("problem", &self.settings.problem)
            .field("policy", &self.settings.policy)
            .field("clock", &self.settings.clock.as_ref().map(|_| "<clock>"))
            .field("log", &self.settings.log)
            .finish()
    }
}

impl Default for HttpOptions {
    fn default() -> Self {
        HttpOptions::new()
    }
}

static INSTALLED: OnceLock<HttpOptions> = OnceLock::new();

impl HttpOptions {
    /// The defaults listed on the type.
    pub fn new() -> Self {
        HttpOptions {
            settings: Arc::new(Settings {
                problem: Problem::new(),
                policy: Policy::DEFAULT,
                clock: Some(Arc::new(SystemClock)),
                log: true,
            }),
        }
    }

    /// The problem profile, e.g. `Problem::with_type_base("https://errors.example.com/")`.
    #[must_use]
    pub fn with_problem(mut self, problem: Problem) -> Self {
        Arc::make_mut(&mut self.settings).problem = problem;
        self
    }

    /// What responses may reveal.
    #[must_use]
    pub fn with_policy(mut self, policy: Policy) -> Self {
        Arc::make_mut(&mut self.settings).policy = policy;
        self
    }

    /// Where timestamps come from.
    #[must_use]
    pub fn with_clock<C: Clock + 'static>(mut self, clock: C) -> Self {
        Arc::make_mut(&mut self.settings).clock = Some(Arc::new(clock));
        self
    }

    /// No timestamps.
    #[must_use]
    pub fn without_clock(mut self) -> Self {
        Arc::make_mut(&mut self.settings).clock = None;
        self
    }

    /// Whether each response emits a `tracing` event (only with the `tracing`
    /// feature; default on).
    #[must_use]
    pub fn with_logging(mut self, log: bool) -> Self {
        Arc::make_mut(&mut self.settings).log = log;
        self
    }

    /// A context with these options' clock.
    pub fn context(&self) -> Context<'_> {
        match &self.settings.clock {
            Some(clock) => Context::new().with_clock(&**clock),
            None => Context::new(),
        }
    }

    /// Makes these the options `IntoResponse` uses. Only the first call wins.
    pub fn install(self) -> Result<(), HttpOptions> {
        INSTALLED.set(self)
    }

    /// The installed options, else the defaults.
    pub fn installed() -> HttpOptions {
        INSTALLED.get().cloned().unwrap_or_default()
    }
}

/// `error` as a problem+json response with its HTTP status (500 when the status is
/// not an error status) and `Retry-After` when it has a retry hint.
pub fn problem_response(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &HttpOptions,
) -> Response {
    let envelope = Envelope::new(error)
        .with_context(*context)
        .with_policy(&options.settings.policy);
    crate::integrations::log(&envelope, options.settings.log);
    let status = StatusCode::from_u16(error.http_status())
        .ok()
        .filter(|status| status.is_client_error() || status.is_server_error())
        .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = Response::new(Body::from(envelope.render(&options.settings.problem)));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static(options.settings.problem.content_type()),
    );
    if let Some(wait) = envelope.retry_after() {
        let seconds = wait
            .as_secs()
            .saturating_add(u64::from(wait.subsec_nanos() > 0));
        headers.insert(RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

/// The conversion the derived `IntoResponse` impls run, with the installed options.
pub(crate) fn respond(error: &dyn ToolError) -> Response {
    match INSTALLED.get() {
        Some(options) => problem_response(error, &options.context(), options),
        None => {
            let options = HttpOptions::new();
            problem_response(error, &options.context(), &options)
        }
    }
}

/// Implements `IntoResponse` for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_axum {
    ([$($generics:tt)*] [$($ty:tt)*] [$($where:tt)*]) => {
        #[automatically_derived]
        impl $($generics)* $crate::__private::axum::IntoResponse for $($ty)* $($where)* {
            fn into_response(self) -> $crate::__private::axum::Response {
                $crate::__private::axum::respond(&self)
            }
        }
    };
}
