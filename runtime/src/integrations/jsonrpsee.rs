//! JSON-RPC services built with [jsonrpsee](https://docs.rs/jsonrpsee): derived errors
//! into `ErrorObjectOwned`.
//!
//! With the `jsonrpsee` feature, every `#[derive(ToolError)]` type converts with
//! `From`, so an RPC method returns `Result<T, ErrorObjectOwned>` and uses `?` on it
//! (or returns `Result<T, MyError>` where jsonrpsee asks for `Into<ErrorObjectOwned>`).
//! The object is the [`JsonRpc`] profile's: the error's JSON-RPC code (never one the
//! specifications reserve), its message, and the native envelope as `data`.
//!
//! ```
//! use jsonrpsee_types::ErrorObjectOwned;
//! use tool_error::ToolError;
//!
//! #[derive(Debug, thiserror::Error, ToolError)]
//! #[error("Query '{query_id}' not found")]
//! #[tool_error(kind = not_found)]
//! struct QueryNotFound { query_id: String }
//!
//! let object = ErrorObjectOwned::from(QueryNotFound { query_id: "q1".into() });
//! assert_eq!(object.code(), -31404);
//! assert_eq!(object.message(), "Query 'q1' not found");
//! assert!(object.data().unwrap().get().contains(r#""code":"QUERY_NOT_FOUND""#));
//! ```
//!
//! [`error_object`] converts a `&dyn ToolError` (a boxed or foreign error), and
//! [`to_error_object`] takes explicit options and context. The policy and clock of the
//! `From` impls come from [`JsonRpcOptions::install`].

use std::sync::{Arc, OnceLock};

use ::jsonrpsee_types::ErrorObjectOwned;
use serde_json::Value;

use crate::{Clock, Context, Envelope, JsonRpc, Policy, SystemClock, ToolError};

/// How errors become JSON-RPC error objects.
///
/// The defaults: the native envelope as `data`, [`Policy::DEFAULT`], the system
/// clock, one `tracing` event per conversion when the `tracing` feature is on.
#[derive(Clone)]
pub struct JsonRpcOptions {
    settings: Arc<Settings>,
}

#[derive(Clone)]
struct Settings {
    data: bool,
    policy: Policy,
    clock: Option<Arc<dyn Clock>>,
    log: bool,
}

impl core::fmt::Debug for JsonRpcOptions {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("JsonRpcOptions")
            .field("data", &self.settings.data)
            .field("policy", &self.settings.policy)
            .field("clock", &self.settings.clock.as_ref().map(|_| "<clock>"))
            .field("log", &self.settings.log)
            .finish()
    }
}

impl Default for JsonRpcOptions {
    fn default() -> Self {
        JsonRpcOptions::new()
    }
}

static INSTALLED: OnceLock<JsonRpcOptions> = OnceLock::new();

impl JsonRpcOptions {
    /// The defaults listed on the type.
    pub fn new() -> Self {
        JsonRpcOptions {
            settings: Arc::new(Settings {
                data: true,
                policy: Policy::DEFAULT,
                clock: Some(Arc::new(SystemClock)),
                log: true,
            }),
        }
    }

    /// Whether the object carries the envelope as `data` (default yes).
    #[must_use]
    pub fn with_data(mut self, data: bool) -> Self {
        Arc::make_mut(&mut self.settings).data = data;
        self
    }

    /// What error objects may reveal.
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

    /// Whether each conversion emits a `tracing` event (only with the `tracing`
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

    /// Makes these the options `From` and [`error_object`] use. Only the first call wins.
    pub fn install(self) -> Result<(), JsonRpcOptions> {
        INSTALLED.set(self)
    }

    /// The installed options, else the defaults.
    pub fn installed() -> JsonRpcOptions {
        INSTALLED.get().cloned().unwrap_or_default()
    }
}

/// `error` as a JSON-RPC error object under explicit options and context.
pub fn to_error_object(
    error: &dyn ToolError,
    context: &Context<'_>,
    options: &JsonRpcOptions,
) -> ErrorObjectOwned {
    let envelope = Envelope::new(error)
        .with_context(*context)
        .with_policy(&options.settings.policy);
    crate::integrations::log(&envelope, options.settings.log);
    let profile = if options.settings.data {
        JsonRpc::new()
    } else {
        JsonRpc::bare()
    };
    // Rendering goes through the profile, so limits and reductions apply to `data`.
    let rendered = envelope.to_value(&profile);
    let message = match rendered.get("message").and_then(Value::as_str) {
        Some(message) => message.to_owned(),
        None => envelope.message().to_string(),
    };
    let data = rendered.get("data").filter(|data| !data.is_null()).cloned();
    ErrorObjectOwned::owned(crate::integrations::wire_jsonrpc_code(error), message, data)
}

/// `error` as a JSON-RPC error object under the installed options.
pub fn error_object(error: &dyn ToolError) -> ErrorObjectOwned {
    match INSTALLED.get() {
        Some(options) => to_error_object(error, &options.context(), options),
        None => {
            let options = JsonRpcOptions::new();
            to_error_object(error, &options.context(), &options)
        }
    }
}

/// Implements `From<Type> for ErrorObjectOwned` for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_jsonrpsee {
    ([$($generics:tt)*] [$($ty:tt)*] [$($where:tt)*]) => {
        #[automatically_derived]
        impl $($generics)* ::core::convert::From<$($ty)*> for $crate::__private::jsonrpsee::ErrorObjectOwned $($where)* {
            fn from(error: $($ty)*) -> Self {
                $crate::__private::jsonrpsee::respond(&error)
            }
        }
    };
}
