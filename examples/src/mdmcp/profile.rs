//! mdmcp's configuration ([`ServerConfig`]) and its error response: the JSON-RPC
//! error whose `data` is an `ErrorContext`, as the [`ErrorContextData`] profile.

use core::fmt;
use std::time::SystemTime;

use serde::ser::{Error as _, SerializeMap};
use serde::{Deserialize, Serialize, Serializer};
use tool_error::envelope::{DebugInfo as RuntimeDebugInfo, Timestamp};
use tool_error::{
    Context, Envelope, JsonRpc, Limits, Policy, Profile, RequestId, ToolError,
    profile::JsonRpcResponse,
};

/// mdmcp's server configuration.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ServerConfig {
    /// Add `debug_info`. Default off.
    #[serde(default)]
    pub verbose_errors: bool,
    /// Include suggestions. Default on.
    #[serde(default = "default_true")]
    pub include_suggestions: bool,
    /// At most this many suggestions. Default 3.
    #[serde(default = "default_max_suggestions")]
    pub max_suggestions: usize,
    /// Include `examples` in validation details. Default off.
    #[serde(default)]
    pub include_examples: bool,
    /// Redact sensitive fields (policy locations, internal messages). Default on.
    #[serde(default = "default_true")]
    pub redact_sensitive: bool,
}

fn default_true() -> bool {
    true
}

fn default_max_suggestions() -> usize {
    3
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            verbose_errors: false,
            include_suggestions: true,
            max_suggestions: 3,
            include_examples: false,
            redact_sensitive: true,
        }
    }
}

/// What a redacted field shows.
pub const REDACTION_MARKER: &str = "<redacted>";

impl ServerConfig {
    /// The knobs the runtime policy has: `verbose_errors` (debug info),
    /// `include_suggestions`, `max_suggestions`, `redact_sensitive` (fields marked
    /// `redact` show [`REDACTION_MARKER`]).
    pub fn policy(&self) -> Policy {
        Policy::DEFAULT
            .with_verbose(self.verbose_errors)
            .with_suggestions(self.include_suggestions)
            .with_max_suggestions(self.max_suggestions)
            .with_redaction(self.redact_sensitive)
            .with_redaction_marker(REDACTION_MARKER)
    }

    /// The `data` profile, which applies `include_examples`.
    pub fn data_profile(&self) -> ErrorContextData {
        ErrorContextData {
            include_examples: self.include_examples,
        }
    }

    /// The whole response to request `id`.
    pub fn profile<'a>(&self, id: RequestId<'a>) -> JsonRpcResponse<'a, ErrorContextData> {
        JsonRpcResponse::new(id, JsonRpc::with_data(self.data_profile()))
    }

    /// Renders `error` as the response to request `id`.
    pub fn render(
        &self,
        id: RequestId<'_>,
        error: &dyn ToolError,
        context: Context<'_>,
    ) -> serde_json::Value {
        let policy = self.policy();
        Envelope::new(error)
            .with_context(context)
            .with_policy(&policy)
            .to_value(&self.profile(id))
    }
}

/// mdmcp's `ErrorContext` as a JSON-RPC `data` profile:
/// `{type, details, user_message, suggestions, debug_info}`.
///
/// `type` is the code; `details` the error's details, without `examples` unless
/// `include_examples` (and never an empty `examples`); `user_message` the error's
/// `Display`, left out when the policy masks the message; `suggestions` as the
/// policy allows, left out when none; `debug_info` only under a verbose policy, with
/// the cause chain, a captured backtrace, the context's request id, the timestamp
/// and the server version.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ErrorContextData {
    /// Keep `examples` in validation details.
    pub include_examples: bool,
}

impl Profile for ErrorContextData {
    fn serialize_envelope<S: Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("type", envelope.code())?;
        if envelope.category() == Some("validation_failure") {
            let mut details =
                serde_json::to_value(envelope.details().as_object()).map_err(S::Error::custom)?;
            if let Some(object) = details.as_object_mut() {
                let empty = object
                    .get("examples")
                    .and_then(serde_json::Value::as_array)
                    .is_some_and(Vec::is_empty);
                if !self.include_examples || empty {
                    object.remove("examples");
                }
            }
            map.serialize_entry("details", &details)?;
        } else {
            map.serialize_entry("details", &envelope.details().as_object())?;
        }
        if !envelope.is_masked() {
            let limits = envelope.policy().limits;
            map.serialize_entry(
                "user_message",
                &Collected(Shortened {
                    text: envelope.error(),
                    max_chars: limits.max_message_chars,
                }),
            )?;
        }
        let suggestions = envelope.suggestions();
        if !suggestions.is_empty() {
            map.serialize_entry("suggestions", &suggestions)?;
        }
        if let Some(debug) = envelope.debug() {
            map.serialize_entry("debug_info", &DebugWire { envelope, debug })?;
        }
        map.end()
    }
}

/// A `Display` value serialised as a string.
struct Collected<T>(T);

impl<T: fmt::Display> Serialize for Collected<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// `text` cut to `max_chars` characters, marked where cut.
struct Shortened<'a> {
    text: &'a dyn ToolError,
    max_chars: usize,
}

impl fmt::Display for Shortened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Counting<'f, 'g> {
            out: &'f mut fmt::Formatter<'g>,
            left: usize,
            cut: bool,
        }
        impl fmt::Write for Counting<'_, '_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                for (count, (index, _)) in s.char_indices().enumerate() {
                    if count == self.left {
                        self.cut = true;
                        self.left = 0;
                        return self.out.write_str(&s[..index]);
                    }
                }
                self.left -= s.chars().count();
                self.out.write_str(s)
            }
        }
        let mut counting = Counting {
            out: f,
            left: self.max_chars,
            cut: false,
        };
        fmt::write(&mut counting, format_args!("{}", self.text))?;
        if counting.cut {
            counting.out.write_str(Limits::TRUNCATION_MARK)?;
        }
        Ok(())
    }
}

struct DebugWire<'e, 'a> {
    envelope: &'e Envelope<'a>,
    debug: RuntimeDebugInfo<'e>,
}

impl Serialize for DebugWire<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(chain) = self.debug.error_chain() {
            map.serialize_entry("error_chain", &chain)?;
        }
        if let Some(backtrace) = self.debug.backtrace() {
            map.serialize_entry("backtrace", &backtrace)?;
        }
        if let Some(request_id) = self.envelope.request_id() {
            map.serialize_entry("request_id", &request_id)?;
        }
        let timestamp = self
            .envelope
            .timestamp()
            .unwrap_or_else(|| Timestamp::new(SystemTime::now()));
        map.serialize_entry("timestamp", &timestamp)?;
        match self.debug.server_version() {
            Some(version) => map.serialize_entry("server_version", &version)?,
            None => map.serialize_entry("server_version", "unknown")?,
        }
        map.end()
    }
}
