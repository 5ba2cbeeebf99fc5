//! Exa's `ErrorHandler`: what one failed call goes through (log, metrics, alerts)
//! before its response is formatted.

use std::collections::BTreeMap;
use std::fmt;
use std::time::SystemTime;

use serde_json::{Value, json};
use tool_error::clock::Clock;
use tool_error::envelope::Timestamp;
use tool_error::{Envelope, Options, ToolError};

use super::errors::ExaError;
use super::profile::{ErrorLogEntry, ExaJson, ExaResponse, Mode, needs_alert, policy};

/// `ErrorContext` (params and timestamp included; the clock is injectable).
#[derive(Clone, Copy, Debug)]
pub struct ErrorContext<'a> {
    /// The tool, e.g. `docs`.
    pub tool: &'a str,
    /// The operation, e.g. `getDocumentation`.
    pub operation: &'a str,
    /// The call's parameters.
    pub params: &'a Value,
    /// The request id, for the log.
    pub request_id: &'a str,
}

/// Exa's `ErrorHandler`: normalises, logs, counts and formats errors.
pub struct ErrorHandler {
    mode: Mode,
    /// The clock the log and responses are stamped by.
    options: Options,
    /// What Exa's `logger.error` received: `{error: toJSON(), context}`.
    pub log: Vec<Value>,
    /// Exa's `metrics.recordError(code, tool)`: calls per (code, tool).
    pub metrics: BTreeMap<(String, String), u64>,
    /// Alerts sent by the error logger.
    pub alerts: Vec<Value>,
}

impl fmt::Debug for ErrorHandler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ErrorHandler")
            .field("mode", &self.mode)
            .field("log", &self.log)
            .field("metrics", &self.metrics)
            .field("alerts", &self.alerts)
            .finish_non_exhaustive()
    }
}

impl ErrorHandler {
    /// A handler for `mode`, timestamps from `clock`.
    pub fn new(mode: Mode, clock: impl Clock + 'static) -> Self {
        ErrorHandler {
            mode,
            options: Options::new().with_clock(clock),
            log: Vec::new(),
            metrics: BTreeMap::new(),
            alerts: Vec::new(),
        }
    }

    /// `handleError`: logs the error with its context, records the metric, alerts
    /// when critical, and returns the response for the caller.
    pub fn handle_error(&mut self, error: &ExaError, context: &ErrorContext<'_>) -> Value {
        let policy = policy(self.mode);
        let log_policy = policy.clone().with_details(true);
        let ctx = self
            .options
            .context()
            .with_tool(context.tool)
            .with_operation(context.operation)
            .with_request_id(context.request_id);
        let envelope = Envelope::new(error).with_context(ctx);
        let timestamp = envelope
            .timestamp()
            .unwrap_or_else(|| Timestamp::new(SystemTime::now()))
            .with_millis();
        self.log.push(json!({
            "error": envelope.with_policy(&log_policy).to_value(&ExaJson),
            "context": {
                "tool": context.tool,
                "operation": context.operation,
                "params": context.params,
                "timestamp": timestamp.to_string(),
            },
        }));
        *self
            .metrics
            .entry((error.code().to_owned(), context.tool.to_owned()))
            .or_default() += 1;
        if needs_alert(error) {
            let entry = ErrorLogEntry {
                mode: self.mode,
                duration_ms: 0,
                recovered: None,
                user_id: None,
            };
            self.alerts
                .push(envelope.with_policy(&policy).to_value(&entry));
        }
        envelope.with_policy(&policy).to_value(&ExaResponse)
    }
}
