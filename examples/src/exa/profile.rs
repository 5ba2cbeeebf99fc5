//! Exa's wire formats as [`Profile`]s: the tool response ([`ExaResponse`]), the
//! class's `toJSON()` ([`ExaJson`]) and the structured log line ([`ErrorLogEntry`]);
//! with the [`policy`] of each [`Mode`] and the alerting rule.

use std::time::SystemTime;

use serde::Serialize;
use serde::ser::SerializeMap;
use tool_error::envelope::Timestamp;
use tool_error::{Envelope, Policy, Profile, ToolError};

use super::errors::ExaError;

/// `process.env.NODE_ENV`, as far as errors care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Details are sent, for debugging.
    Development,
    /// Details are withheld.
    Production,
}

impl Mode {
    /// `development` or `production`.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Development => "development",
            Mode::Production => "production",
        }
    }
}

/// Exa's rules as a policy: details only outside production. Exa sends every
/// error's message as it is, so internal messages are not masked. Its other rule,
/// suggestions only for recoverable errors, belongs to its response format
/// ([`ExaResponse`]).
pub fn policy(mode: Mode) -> Policy {
    Policy::DEFAULT
        .with_details(mode != Mode::Production)
        .with_internal_masking(false)
}

/// Exa's `ErrorResponse` / failed `ToolResponse`:
/// `{"success": false, "error": {"message", "code", "tool", "operation", "suggestions"?, "details"?}}`.
///
/// `suggestions` is present exactly for recoverable errors (possibly empty, as Exa
/// assigns the generated list whatever it holds); `details` when the policy
/// includes them and the error has some.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExaResponse;

struct ErrorBody<'e, 'a>(&'e Envelope<'a>);

impl Serialize for ErrorBody<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let envelope = self.0;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("message", &envelope.message())?;
        map.serialize_entry("code", envelope.code())?;
        if let Some(tool) = envelope.tool() {
            map.serialize_entry("tool", &tool)?;
        }
        if let Some(operation) = envelope.operation() {
            map.serialize_entry("operation", &operation)?;
        }
        // Exa sends suggestions for recoverable errors only, even when declared.
        if envelope.recoverable() && envelope.policy().include_suggestions {
            map.serialize_entry("suggestions", &envelope.suggestions())?;
        }
        let details = envelope.details();
        if !details.is_empty() {
            map.serialize_entry("details", &details)?;
        }
        map.end()
    }
}

impl Profile for ExaResponse {
    fn serialize_envelope<S: serde::Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("success", &false)?;
        map.serialize_entry("error", &ErrorBody(envelope))?;
        map.end()
    }
}

/// Exa's `ExaError.toJSON()`: `{name, message, code, statusCode, details,
/// recoverable, timestamp}`, `details` left out when there are none (as
/// `JSON.stringify` leaves out `undefined`). The timestamp is always there, with
/// milliseconds as JavaScript's `toISOString()` writes it: the context's clock, else
/// the system clock, as `toJSON()` reads the time when it is called.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExaJson;

impl Profile for ExaJson {
    fn serialize_envelope<S: serde::Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("name", ExaError::class_name(envelope.code()))?;
        map.serialize_entry("message", &envelope.message())?;
        map.serialize_entry("code", envelope.code())?;
        map.serialize_entry("statusCode", &envelope.http_status())?;
        let details = envelope.details();
        if !details.is_empty() {
            map.serialize_entry("details", &details)?;
        }
        map.serialize_entry("recoverable", &envelope.recoverable())?;
        let timestamp = envelope
            .timestamp()
            .unwrap_or_else(|| Timestamp::new(SystemTime::now()));
        map.serialize_entry("timestamp", &timestamp.with_millis())?;
        map.end()
    }
}

/// The codes whose unrecoverable errors page someone. Only `CONFIG_ERROR` is one of
/// Exa's classes; the other two are listed by Exa's logger for errors
/// raised elsewhere in the server.
pub const CRITICAL_CODES: [&str; 3] = ["CONFIG_ERROR", "SYSTEM_ERROR", "INIT_ERROR"];

/// Whether Exa's logger sends an alert: unrecoverable and critical.
pub fn needs_alert(error: &dyn ToolError) -> bool {
    !error.recoverable() && CRITICAL_CODES.contains(&error.code())
}

/// One structured log line of Exa's `ErrorLogger`: the `ErrorLog` fields
/// (`timestamp`, `tool`, `operation`, `errorCode`, `errorMessage`, `recoverable`,
/// `recovered`?, `userId`?, `requestId`, `duration`) plus `level`, `service` and
/// `environment`. Tool, operation and request id come from the envelope's context;
/// the timestamp from its clock, else the system clock (`ErrorLog` requires one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorLogEntry<'a> {
    /// `NODE_ENV`.
    pub mode: Mode,
    /// How long the call ran, in milliseconds.
    pub duration_ms: u64,
    /// Whether recovery succeeded, when it was attempted.
    pub recovered: Option<bool>,
    /// The caller, when known.
    pub user_id: Option<&'a str>,
}

impl Profile for ErrorLogEntry<'_> {
    fn serialize_envelope<S: serde::Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        let timestamp = envelope
            .timestamp()
            .unwrap_or_else(|| Timestamp::new(SystemTime::now()));
        map.serialize_entry("timestamp", &timestamp.with_millis())?;
        let context = envelope.context();
        map.serialize_entry("tool", context.tool().unwrap_or(""))?;
        map.serialize_entry("operation", context.operation().unwrap_or(""))?;
        map.serialize_entry("errorCode", envelope.code())?;
        map.serialize_entry("errorMessage", &envelope.message())?;
        map.serialize_entry("recoverable", &envelope.recoverable())?;
        if let Some(recovered) = self.recovered {
            map.serialize_entry("recovered", &recovered)?;
        }
        if let Some(user_id) = self.user_id {
            map.serialize_entry("userId", &envelope.text(user_id))?;
        }
        match context.request_id() {
            Some(id) => map.serialize_entry("requestId", &format_args!("{id}"))?,
            None => map.serialize_entry("requestId", "")?,
        }
        map.serialize_entry("duration", &self.duration_ms)?;
        map.serialize_entry("level", "error")?;
        map.serialize_entry("service", "exa-mcp-server")?;
        map.serialize_entry("environment", self.mode.name())?;
        map.end()
    }
}
