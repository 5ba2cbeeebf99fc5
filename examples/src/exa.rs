//! The Exa documentation MCP server's standardised error handling.
//!
//! Error classes with a code, an HTTP status, details and `recoverable`
//! ([`ExaError`]); tool responses `{"success": false, "error": {message, code, tool,
//! operation, suggestions?, details?}}` ([`ExaResponse`]); suggestions only for
//! recoverable errors and details only outside production ([`policy`]); foreign
//! errors normalised ([`normalize`]); the class's `toJSON()` ([`ExaJson`]) and the
//! structured error log with alerts on critical codes ([`ErrorLogEntry`],
//! [`needs_alert`]). [`DocsTool`] puts it together the way Exa's
//! `BaseExaTool` does, over an in-memory document store.

use std::any::Any;
use std::collections::BTreeMap;
use std::error::Error as StdError;
use std::fmt;
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::{Value, json};
use tool_error::envelope::Timestamp;
use tool_error::{Clock, Context, Envelope, Policy, Profile, ToolError};

use crate::Sample;

/// The suggestion Exa adds when similar paths are known: `Did you mean: <first>?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DidYouMean(pub String);

impl fmt::Display for DidYouMean {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Did you mean: {}?", self.0)
    }
}

/// Exa's error classes, one variant each; `UNKNOWN_ERROR` is what Exa's
/// normaliser makes of everything else.
#[derive(Clone, Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(domain = "exa")]
pub enum ExaError {
    /// No document at the requested path (`DocumentNotFoundError`).
    #[error("Document not found: {path}")]
    #[tool_error(
        code = "DOC_NOT_FOUND",
        kind = not_found,
        http = 404,
        suggest = "Check if the path is correct",
        suggest = "Use the search function to find the document"
    )]
    DocumentNotFound {
        /// The requested path.
        path: String,
        /// Similar existing paths; `None` when nobody looked (`details.suggestions`
        /// is then left out, as JavaScript leaves out `undefined`).
        #[tool_error(rename = "suggestions")]
        similar: Option<Vec<String>>,
        /// `Did you mean: <first similar path>?`; set by
        /// [`ExaError::document_not_found`].
        #[tool_error(suggestions)]
        did_you_mean: Option<DidYouMean>,
    },

    /// A parameter is missing, of the wrong type or invalid (`InvalidParameterError`).
    #[error("Invalid parameter '{param}': expected {expected}, got {}", js_typeof(.value.as_ref()))]
    #[tool_error(
        code = "INVALID_PARAM",
        kind = validation,
        http = 400,
        suggest = "Provide a valid {expected}",
        suggest = "Check the parameter documentation"
    )]
    InvalidParameter {
        /// The parameter's name.
        param: String,
        /// The value given; `None` is JavaScript's `undefined` (left out of details),
        /// `Some(Value::Null)` is `null`.
        value: Option<Value>,
        /// What was expected, e.g. `string` or `required value`.
        expected: String,
    },

    /// The document exists but could not be read (`DocumentLoadError`).
    #[error("Failed to load document: {reason}")]
    #[tool_error(code = "DOC_LOAD_ERROR", kind = internal, http = 500)]
    DocumentLoad {
        /// The document's path.
        path: String,
        /// Why loading failed.
        reason: String,
    },

    /// The search failed (`SearchError`). Recoverable, and both of Exa's
    /// suggestions ask for a different query, so the kind is `VALIDATION` (fix the
    /// input) while the status stays Exa's 500.
    #[error("Search failed: {reason}")]
    #[tool_error(
        code = "SEARCH_ERROR",
        kind = validation,
        http = 500,
        suggest = "Try a simpler search query",
        suggest = "Check if the search syntax is correct"
    )]
    Search {
        /// The query.
        query: String,
        /// Why it failed.
        reason: String,
    },

    /// The server is misconfigured (`ConfigurationError`); alerts the operators.
    #[error("Configuration error: {issue}")]
    #[tool_error(code = "CONFIG_ERROR", kind = internal, http = 500)]
    Configuration {
        /// What is wrong.
        issue: String,
        /// How to fix it, when known.
        resolution: Option<String>,
    },

    /// Anything else, normalised (Exa's base `ExaError` with `UNKNOWN_ERROR`).
    #[error("{message}")]
    #[tool_error(code = "UNKNOWN_ERROR", kind = internal, http = 500)]
    Unknown {
        /// The original error's message.
        message: String,
        /// `{"originalError": <type name>}` or `{"error": <thrown value>}`.
        #[tool_error(details)]
        details: Value,
    },
}

impl ExaError {
    /// `new DocumentNotFoundError(path, suggestions)`: with similar paths, the
    /// response suggests the first one.
    pub fn document_not_found(path: &str, similar: Option<Vec<String>>) -> Self {
        let did_you_mean = similar
            .as_ref()
            .and_then(|paths| paths.first())
            .map(|first| DidYouMean(first.clone()));
        ExaError::DocumentNotFound {
            path: path.to_owned(),
            similar,
            did_you_mean,
        }
    }

    /// `new InvalidParameterError(param, value, expected)`.
    pub fn invalid_parameter(param: &str, value: Option<&Value>, expected: &str) -> Self {
        ExaError::InvalidParameter {
            param: param.to_owned(),
            value: value.cloned(),
            expected: expected.to_owned(),
        }
    }

    /// The class name `toJSON()` reports as `name`.
    pub fn class_name(code: &str) -> &'static str {
        match code {
            "DOC_NOT_FOUND" => "DocumentNotFoundError",
            "INVALID_PARAM" => "InvalidParameterError",
            "DOC_LOAD_ERROR" => "DocumentLoadError",
            "SEARCH_ERROR" => "SearchError",
            "CONFIG_ERROR" => "ConfigurationError",
            _ => "ExaError",
        }
    }
}

/// JavaScript's `typeof` of a JSON value (`None` is `undefined`): `null`, arrays
/// and objects are all `object`.
pub fn js_typeof(value: Option<&Value>) -> &'static str {
    match value {
        None => "undefined",
        Some(Value::Bool(_)) => "boolean",
        Some(Value::Number(_)) => "number",
        Some(Value::String(_)) => "string",
        Some(Value::Null | Value::Array(_) | Value::Object(_)) => "object",
    }
}

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

/// Exa's rules as a policy: suggestions only for recoverable errors, details
/// only outside production. Exa sends every error's message as it is, so
/// internal messages are not masked.
pub fn policy(mode: Mode) -> Policy {
    Policy::DEFAULT
        .with_suggestions_when_unrecoverable(false)
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
        let suggestions = envelope.suggestions();
        let recoverable = envelope.recoverable() && envelope.policy().include_suggestions;
        if recoverable || !suggestions.is_empty() {
            map.serialize_entry("suggestions", &suggestions)?;
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
/// recoverable, timestamp}`, the timestamp with milliseconds as JavaScript's
/// `toISOString()` writes it and `details` left out when there are none.
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
        if let Some(timestamp) = envelope.timestamp() {
            map.serialize_entry("timestamp", &timestamp.with_millis())?;
        }
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
/// `environment`. Tool, operation and request id come from the envelope's context.
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
        if let Some(timestamp) = envelope.timestamp() {
            map.serialize_entry("timestamp", &timestamp.with_millis())?;
        }
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
        map.serialize_entry("requestId", context.request_id().unwrap_or(""))?;
        map.serialize_entry("duration", &self.duration_ms)?;
        map.serialize_entry("level", "error")?;
        map.serialize_entry("service", "exa-mcp-server")?;
        map.serialize_entry("environment", self.mode.name())?;
        map.end()
    }
}

/// Exa's `normalizeError`: an `ExaError` stays as it is; an I/O "not found"
/// (or a message mentioning `ENOENT`) anywhere in the cause chain becomes
/// `DOC_NOT_FOUND` for `path` (else for the path quoted in the message); "invalid
/// argument" becomes `INVALID_PARAM`; anything else `UNKNOWN_ERROR` with the
/// error's message and `{"originalError": <type>}`.
pub fn normalize(error: &(dyn StdError + 'static), path: Option<&str>) -> ExaError {
    if let Some(exa) = error.downcast_ref::<ExaError>() {
        return exa.clone();
    }
    let message = error.to_string();
    let chain =
        || std::iter::successors(Some(error), |e: &&(dyn StdError + 'static)| (*e).source());
    let not_found = chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::NotFound)
            || e.to_string().contains("ENOENT")
    });
    if not_found {
        let path = path
            .map(str::to_owned)
            .or_else(|| extract_path(&message))
            .unwrap_or_default();
        return ExaError::document_not_found(&path, None);
    }
    let invalid = chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::InvalidInput)
            || e.to_string().contains("Invalid argument")
    });
    if invalid {
        return ExaError::invalid_parameter("unknown", Some(&Value::Null), "valid input");
    }
    ExaError::Unknown {
        message,
        details: json!({ "originalError": type_name(error) }),
    }
}

/// Exa's last resort for a thrown value that is not an `Error`; in Rust, a
/// panic payload.
pub fn from_panic(payload: &(dyn Any + Send)) -> ExaError {
    let thrown = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "[unknown]".to_owned());
    ExaError::Unknown {
        message: "An unexpected error occurred".to_owned(),
        details: json!({ "error": thrown }),
    }
}

/// The path in a Node-style message (`ENOENT: no such file or directory, open 'a/b.md'`).
fn extract_path(message: &str) -> Option<String> {
    let end = message.rfind('\'')?;
    let start = message.get(..end)?.rfind('\'')?;
    message.get(start + 1..end).map(str::to_owned)
}

/// A readable type name for `originalError` (JavaScript's `error.name`).
fn type_name(error: &(dyn StdError + 'static)) -> &'static str {
    if error.is::<io::Error>() {
        "io::Error"
    } else if error.is::<serde_json::Error>() {
        "serde_json::Error"
    } else if error.is::<fmt::Error>() {
        "fmt::Error"
    } else {
        "Error"
    }
}

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
pub struct ErrorHandler<'c> {
    mode: Mode,
    clock: &'c dyn Clock,
    /// What Exa's `logger.error` received: `{error: toJSON(), context}`.
    pub log: Vec<Value>,
    /// Exa's `metrics.recordError(code, tool)`: calls per (code, tool).
    pub metrics: BTreeMap<(String, String), u64>,
    /// Alerts sent by the error logger.
    pub alerts: Vec<Value>,
}

impl fmt::Debug for ErrorHandler<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ErrorHandler")
            .field("mode", &self.mode)
            .field("log", &self.log)
            .field("metrics", &self.metrics)
            .field("alerts", &self.alerts)
            .finish_non_exhaustive()
    }
}

impl<'c> ErrorHandler<'c> {
    /// A handler for `mode`, timestamps from `clock`.
    pub fn new(mode: Mode, clock: &'c dyn Clock) -> Self {
        ErrorHandler {
            mode,
            clock,
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
        let ctx = Context::new()
            .with_tool(context.tool)
            .with_operation(context.operation)
            .with_request_id(context.request_id)
            .with_clock(self.clock);
        let envelope = Envelope::new(error).with_context(ctx);
        let timestamp = Timestamp::new(self.clock.now()).with_millis();
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

/// Whatever a tool's handler throws.
pub type Thrown = Box<dyn StdError + Send + Sync>;

/// How one parameter of an operation is checked (Exa's operation schema).
#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    /// The parameter's name.
    pub name: &'static str,
    /// The `typeof` it must have.
    pub js_type: &'static str,
    /// Whether it must be present.
    pub required: bool,
    /// A further check.
    pub validate: Option<fn(&Value) -> bool>,
    /// What the further check expects, for its error message.
    pub description: &'static str,
}

/// Exa's `validateParams`: required first, then `typeof`, then the custom
/// check, parameter by parameter in schema order.
pub fn validate_params(schema: &[ParamSpec], params: &Value) -> Result<(), ExaError> {
    for spec in schema {
        let value = params.get(spec.name);
        if spec.required && value.is_none() {
            return Err(ExaError::invalid_parameter(
                spec.name,
                None,
                "required value",
            ));
        }
        if let Some(value) = value {
            if js_typeof(Some(value)) != spec.js_type {
                return Err(ExaError::invalid_parameter(
                    spec.name,
                    Some(value),
                    spec.js_type,
                ));
            }
            if let Some(check) = spec.validate
                && !check(value)
            {
                return Err(ExaError::invalid_parameter(
                    spec.name,
                    Some(value),
                    spec.description,
                ));
            }
        }
    }
    Ok(())
}

/// The other places Exa's recovery manager looks for a missing document:
/// `.md` and `.mdx` swapped, and the directory's `index.md`.
pub fn alternative_paths(path: &str) -> Vec<String> {
    let mut alternatives = Vec::new();
    if let Some(stem) = path.strip_suffix(".md") {
        alternatives.push(format!("{stem}.mdx"));
    }
    if let Some(stem) = path.strip_suffix(".mdx") {
        alternatives.push(format!("{stem}.md"));
    }
    let directory = path.rsplit_once('/').map_or("", |(dir, _)| dir);
    alternatives.push(if directory.is_empty() {
        "index.md".to_owned()
    } else {
        format!("{directory}/index.md")
    });
    alternatives
}

/// A stored document: its text, or why it cannot be read.
pub type Document = Result<String, String>;

/// Exa's `DocsTool` over an in-memory store: `getDocumentation` and `search`,
/// each wrapped in Exa's `executeWithErrorHandling`.
#[derive(Debug)]
pub struct DocsTool<'c> {
    /// Documents by path.
    pub documents: BTreeMap<String, Document>,
    /// Whether the documentation root is configured.
    pub configured: bool,
    /// The error handler (log, metrics, alerts).
    pub handler: ErrorHandler<'c>,
    /// Calls made so far; the request id is `req-<n>`.
    pub calls: u64,
}

const GET_DOCUMENTATION: &[ParamSpec] = &[ParamSpec {
    name: "path",
    js_type: "string",
    required: true,
    validate: Some(non_blank),
    description: "non-empty path",
}];

const SEARCH: &[ParamSpec] = &[ParamSpec {
    name: "query",
    js_type: "string",
    required: true,
    validate: None,
    description: "search query",
}];

fn non_blank(value: &Value) -> bool {
    value.as_str().is_some_and(|s| !s.trim().is_empty())
}

impl<'c> DocsTool<'c> {
    /// The tool's name in responses.
    pub const NAME: &'static str = "docs";

    /// A configured tool over `documents`.
    pub fn new(mode: Mode, clock: &'c dyn Clock, documents: &[(&str, Document)]) -> Self {
        DocsTool {
            documents: documents
                .iter()
                .map(|(path, doc)| ((*path).to_owned(), doc.clone()))
                .collect(),
            configured: true,
            handler: ErrorHandler::new(mode, clock),
            calls: 0,
        }
    }

    /// `getDocumentation({path})`: the documents at `path` (a file, or a directory
    /// ending in `/`). A missing file is looked for at its alternative paths before
    /// `DOC_NOT_FOUND` is returned with similar paths.
    pub fn get_documentation(&mut self, params: &Value) -> Value {
        self.execute_with_error_handling("getDocumentation", GET_DOCUMENTATION, params, |tool| {
            let path = params.get("path").and_then(Value::as_str).unwrap_or("");
            match tool.load(path) {
                Err(ExaError::DocumentNotFound { .. }) => {
                    // Exa's recovery manager: a near miss is served, not failed.
                    let found = alternative_paths(path)
                        .into_iter()
                        .find_map(|alternative| tool.load(&alternative).ok());
                    found.ok_or_else(|| {
                        let similar = tool.similar_paths(path);
                        ExaError::document_not_found(path, Some(similar)).into()
                    })
                }
                other => other.map_err(Into::into),
            }
            .map(|documents| {
                json!({
                    "documents": documents,
                    "metadata": {"executionTime": 0, "documentsProcessed": documents.len()},
                })
            })
        })
    }

    /// `search({query})`: paths whose text contains the query. Unbalanced quotes
    /// are a `SEARCH_ERROR`.
    pub fn search(&mut self, params: &Value) -> Value {
        self.execute_with_error_handling("search", SEARCH, params, |tool| {
            let query = params.get("query").and_then(Value::as_str).unwrap_or("");
            if query.matches('"').count() % 2 == 1 {
                return Err(ExaError::Search {
                    query: query.to_owned(),
                    reason: "unbalanced quote in query".to_owned(),
                }
                .into());
            }
            let needle = query.trim_matches('"');
            let hits: Vec<&String> = tool
                .documents
                .iter()
                .filter(|(_, doc)| doc.as_ref().is_ok_and(|text| text.contains(needle)))
                .map(|(path, _)| path)
                .collect();
            Ok(json!({ "results": hits }))
        })
    }

    /// Exa's `executeWithErrorHandling`: configuration, then parameters, then
    /// the handler; any failure (a panic included) goes through the error handler.
    pub fn execute_with_error_handling(
        &mut self,
        operation: &str,
        schema: &[ParamSpec],
        params: &Value,
        handler: impl FnOnce(&Self) -> Result<Value, Thrown>,
    ) -> Value {
        self.calls += 1;
        let outcome = if self.configured {
            validate_params(schema, params)
                .map_err(|e| Box::new(e) as Thrown)
                .and_then(|()| {
                    catch_unwind(AssertUnwindSafe(|| handler(self)))
                        .unwrap_or_else(|payload| Err(from_panic(&*payload).into()))
                })
        } else {
            Err(ExaError::Configuration {
                issue: "EXA_DOCS_ROOT is not set".to_owned(),
                resolution: Some("Set EXA_DOCS_ROOT to the documentation directory".to_owned()),
            }
            .into())
        };
        match outcome {
            Ok(data) => json!({ "success": true, "data": data }),
            Err(error) => {
                let path = params.get("path").and_then(Value::as_str);
                let error = normalize(&*error, path);
                let request_id = format!("req-{}", self.calls);
                let context = ErrorContext {
                    tool: Self::NAME,
                    operation,
                    params,
                    request_id: &request_id,
                };
                self.handler.handle_error(&error, &context)
            }
        }
    }

    /// The documents at `path`.
    fn load(&self, path: &str) -> Result<Vec<String>, ExaError> {
        let selected: Vec<(&String, &Document)> = if path.ends_with('/') {
            self.documents
                .iter()
                .filter(|(p, _)| p.starts_with(path))
                .collect()
        } else {
            self.documents.get_key_value(path).into_iter().collect()
        };
        if selected.is_empty() {
            return Err(ExaError::document_not_found(path, None));
        }
        selected
            .into_iter()
            .map(|(path, doc)| {
                doc.clone().map_err(|reason| ExaError::DocumentLoad {
                    path: path.clone(),
                    reason,
                })
            })
            .collect()
    }

    /// Stored paths with the same file name as `path`, closest first.
    fn similar_paths(&self, path: &str) -> Vec<String> {
        let name = path.rsplit('/').next().unwrap_or(path);
        let stem = name.split('.').next().unwrap_or(name);
        self.documents
            .keys()
            .filter(|candidate| {
                let candidate_name = candidate.rsplit('/').next().unwrap_or(candidate);
                candidate_name.split('.').next() == Some(stem)
            })
            .cloned()
            .collect()
    }
}

/// The store the tour and tests use.
pub fn sample_documents() -> Vec<(&'static str, Document)> {
    vec![
        ("guides/setup.md", Ok("# Setup\nInstall the server.".into())),
        ("api/search.mdx", Ok("# Search\nQuery the index.".into())),
        (
            "api/legacy.md",
            Err("invalid front matter at line 3".into()),
        ),
        ("reference/setup.md", Ok("# Setup reference".into())),
    ]
}

/// Every error class in Exa's response format, for the tour.
pub fn samples() -> Vec<Sample> {
    let clock = tool_error::FixedClock::from_rfc3339("2025-10-27T14:35:22Z")
        .unwrap_or(tool_error::FixedClock(std::time::UNIX_EPOCH));
    let documents = sample_documents();
    let mut tool = DocsTool::new(Mode::Development, &clock, &documents);
    let mut samples = vec![
        sample(
            "DOC_NOT_FOUND with a similar path",
            tool.get_documentation(&json!({"path": "setup.md"})),
        ),
        sample(
            "INVALID_PARAM (path: 123)",
            tool.get_documentation(&json!({"path": 123})),
        ),
        sample(
            "DOC_LOAD_ERROR (not recoverable: no suggestions)",
            tool.get_documentation(&json!({"path": "api/legacy.md"})),
        ),
        sample(
            "SEARCH_ERROR",
            tool.search(&json!({"query": "\"unterminated"})),
        ),
    ];
    let io_error = io::Error::other("socket closed mid-read");
    let unknown = normalize(&io_error, None);
    let envelope = |error: &ExaError| {
        let context = Context::new()
            .with_tool(DocsTool::NAME)
            .with_operation("getDocumentation")
            .with_clock(&clock);
        let policy = policy(Mode::Development);
        Envelope::new(error)
            .with_context(context)
            .with_policy(&policy)
            .to_value(&ExaResponse)
    };
    samples.push(sample(
        "UNKNOWN_ERROR (normalised io::Error)",
        envelope(&unknown),
    ));
    let mut unconfigured = DocsTool::new(Mode::Production, &clock, &[]);
    unconfigured.configured = false;
    samples.push(sample(
        "CONFIG_ERROR in production (no details)",
        unconfigured.get_documentation(&json!({"path": "guides/setup.md"})),
    ));
    if let Some(alert) = unconfigured.handler.alerts.first() {
        samples.push(sample("CONFIG_ERROR alert log entry", alert.clone()));
    }
    if let Some(logged) = tool.handler.log.first() {
        samples.push(sample(
            "DOC_NOT_FOUND as logged (toJSON)",
            logged["error"].clone(),
        ));
    }
    samples
}

fn sample(title: &str, output: Value) -> Sample {
    Sample {
        system: "Exa",
        title: title.to_owned(),
        output,
    }
}
