//! mdmcp: a sandboxed file and command server whose JSON-RPC errors carry
//! an `ErrorContext` in `data`: the error type, typed details, a message for people,
//! suggestions and, in verbose mode, debug info.
//!
//! The errors come in mdmcp's five families, one enum each, whose fields are the
//! family's detail fields: [`PolicyViolation`], [`ValidationFailure`],
//! [`ResourceLimit`], [`ExecutionError`], [`SystemError`], under [`MdmcpError`].
//! mdmcp's own wire types ([`ErrorContext`], [`ErrorDetails`] and the detail structs)
//! are here too, for clients reading the responses back.
//!
//! Each error has two messages, as mdmcp specifies: the JSON-RPC `message`, terse and
//! stable (the variant's `message = "..."`), and `data.user_message`, a sentence
//! for people (the variant's `Display`, from `#[error(...)]`).
//!
//! [`ServerConfig`] carries mdmcp's knobs; `verbose_errors`,
//! `include_suggestions`, `max_suggestions` and `redact_sensitive` become a
//! [`Policy`], `include_examples` is applied by the [`ErrorContextData`] profile.
//!
//! ```
//! use tool_error::{Context, RequestId};
//! use tool_error_examples::mdmcp::{PolicyViolation, ServerConfig};
//!
//! let error = PolicyViolation::path_not_allowed("/etc/passwd", vec!["/tmp".into()]);
//! let response = ServerConfig::default().render(RequestId::Number(1), &error, Context::new());
//! assert_eq!(response["error"]["code"], -32001);
//! assert_eq!(response["error"]["data"]["type"], "path_not_allowed");
//! assert_eq!(response["error"]["data"]["details"]["policy_location"], "<redacted>");
//! ```

use core::fmt;
use std::time::SystemTime;

use serde::ser::{Error as _, SerializeMap};
use serde::{Deserialize, Serialize, Serializer};
use tool_error::envelope::{DebugInfo as RuntimeDebugInfo, Timestamp};
use tool_error::{
    Context, Envelope, FixedClock, JsonRpc, JsonRpcResponse, Limits, Policy, Profile, RequestId,
    ToolError,
};

use crate::Sample;

/// mdmcp's JSON-RPC error codes (`mdmcp_common::McpErrorCode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum McpErrorCode {
    /// The policy denied the operation.
    PolicyDeny = -32001,
    /// Invalid method parameters.
    InvalidArgs = -32602,
    /// The operation timed out.
    Timeout = -32002,
    /// The output was truncated at its size limit.
    OutputTruncated = -32003,
    /// An I/O error.
    IoError = -32004,
    /// An internal error.
    Internal = -32603,
}

// ---------------------------------------------------------------------------------
// mdmcp's wire types, for reading responses back.

/// `data` of an mdmcp error response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorContext {
    /// The error type.
    #[serde(rename = "type")]
    pub error_type: ErrorType,
    /// The family's details.
    pub details: ErrorDetails,
    /// A sentence for people.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_message: Option<String>,
    /// How to fix or avoid the error.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub suggestions: Vec<String>,
    /// Only with `verbose_errors`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub debug_info: Option<DebugInfo>,
}

/// Every error type; also the codes of this module's errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum ErrorType {
    PathNotAllowed,
    CommandNotAllowed,
    EnvironmentNotAllowed,
    NetworkFsDenied,
    WriteNotPermitted,
    InvalidPath,
    InvalidArgument,
    InvalidEnvironment,
    MissingRequired,
    FileTooLarge,
    OutputTooLarge,
    Timeout,
    ConcurrencyLimit,
    CommandFailed,
    IoError,
    PermissionDenied,
    NotFound,
    InternalError,
    ConfigurationError,
}

/// The details of one family; told apart by their fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
#[allow(missing_docs)]
pub enum ErrorDetails {
    PolicyViolation(PolicyViolationDetails),
    ValidationFailure(ValidationFailureDetails),
    ResourceLimit(ResourceLimitDetails),
    ExecutionError(ExecutionErrorDetails),
    SystemError(SystemErrorDetails),
}

/// Details of a policy violation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicyViolationDetails {
    /// What was requested.
    pub requested: String,
    /// The rule violated.
    pub rule: String,
    /// What the rule allows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Vec<String>>,
    /// Where the rule is configured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy_location: Option<String>,
}

/// Details of a validation failure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValidationFailureDetails {
    /// The parameter that failed.
    pub field: String,
    /// The value given.
    pub value: String,
    /// Why it failed.
    pub reason: String,
    /// What is expected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_format: Option<String>,
    /// Valid examples.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub examples: Vec<String>,
}

/// Details of a resource limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceLimitDetails {
    /// The resource (`file_size`, `execution_time`, ...).
    pub resource: String,
    /// The configured limit.
    pub limit: u64,
    /// The requested or reached value.
    pub actual: u64,
    /// The unit of both.
    pub unit: String,
    /// Where the limit is configured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_source: Option<String>,
}

/// Details of an execution error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExecutionErrorDetails {
    /// Where it happened.
    pub phase: ExecutionPhase,
    /// The command or operation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    /// The exit code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// The captured stderr.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
    /// The system's error text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_error: Option<String>,
}

/// Where an execution error happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum ExecutionPhase {
    Validation,
    Preparation,
    Execution,
    OutputProcessing,
    Cleanup,
}

/// Details of a system error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemErrorDetails {
    /// The component that failed.
    pub component: String,
    /// The internal message.
    pub message: String,
    /// An internal code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

/// Debug info of a verbose response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DebugInfo {
    /// The causes, outermost first.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub error_chain: Vec<String>,
    /// A captured backtrace.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backtrace: Option<String>,
    /// The request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// When the error happened.
    pub timestamp: String,
    /// The server version.
    pub server_version: String,
}

// ---------------------------------------------------------------------------------
// The errors.

/// The request is outside what the policy allows. `policy_location` is redacted
/// unless `redact_sensitive` is off.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(
    domain = "mdmcp",
    rename_all = "snake_case",
    legacy_jsonrpc,
    kind = permission,
    category = "policy_violation"
)]
pub enum PolicyViolation {
    /// A path outside every allowed root.
    #[error("The path '{requested}' is not within the allowed directories")]
    #[tool_error(
        jsonrpc = -32001,
        message = "Path is outside allowed roots",
        suggest = "Use a path within one of the allowed root directories",
        suggest = "Check your policy configuration for allowed paths"
    )]
    PathNotAllowed {
        /// The path asked for.
        requested: String,
        /// `allowed_roots`.
        rule: &'static str,
        /// The allowed roots.
        allowed: Option<Vec<String>>,
        /// Where the rule is configured.
        #[tool_error(redact)]
        policy_location: Option<String>,
    },

    /// A command that is not in the catalog.
    #[error("Command '{requested}' is not allowed")]
    #[tool_error(
        jsonrpc = -32001,
        message = "Command is not in the allowed catalog",
        suggest = "Use one of the allowed commands",
        suggest = "Or add this command to the policy"
    )]
    CommandNotAllowed {
        /// The command ID asked for.
        requested: String,
        /// `commands`.
        rule: &'static str,
        /// The allowed command IDs.
        allowed: Option<Vec<String>>,
        /// Where the rule is configured.
        #[tool_error(redact)]
        policy_location: Option<String>,
    },

    /// An environment variable the command may not receive.
    #[error("The environment variable '{requested}' is not allowed for this command")]
    #[tool_error(
        jsonrpc = -32001,
        message = "Environment variable is not allowed",
        suggest = "Only use allowed environment variables",
        suggest = "Check the env_policy in your command configuration"
    )]
    EnvironmentNotAllowed {
        /// The variable asked for.
        requested: String,
        /// `env_allowlist`.
        rule: &'static str,
        /// The allowed variables.
        allowed: Option<Vec<String>>,
        /// Where the rule is configured.
        #[tool_error(redact)]
        policy_location: Option<String>,
    },

    /// A path on a network filesystem.
    #[error("Network filesystem access is not allowed")]
    #[tool_error(
        jsonrpc = -32001,
        message = "Network filesystem access denied",
        suggest = "Copy the file to a local filesystem first",
        suggest = "Or update the policy to allow network filesystem access"
    )]
    NetworkFsDenied {
        /// The path asked for.
        requested: String,
        /// `deny_network_fs`.
        rule: &'static str,
        /// Nothing is allowed on network filesystems.
        allowed: Option<Vec<String>>,
        /// Where the rule is configured.
        #[tool_error(redact)]
        policy_location: Option<String>,
    },

    /// A write no write rule allows.
    #[error("Writing to '{requested}' is not permitted")]
    #[tool_error(
        jsonrpc = -32001,
        message = "Write not permitted by policy",
        suggest = "Check if the path matches any write rule patterns",
        suggest = "Update the policy to allow writing to this location"
    )]
    WriteNotPermitted {
        /// The path asked for.
        requested: String,
        /// `write_rules`.
        rule: &'static str,
        /// The write rule patterns.
        allowed: Option<Vec<String>>,
        /// Where the rule is configured.
        #[tool_error(redact)]
        policy_location: Option<String>,
    },
}

impl PolicyViolation {
    /// `path_not_allowed`, as example 5.1 of mdmcp's documentation reports it.
    pub fn path_not_allowed(path: impl Into<String>, allowed_roots: Vec<String>) -> Self {
        PolicyViolation::PathNotAllowed {
            requested: path.into(),
            rule: "allowed_roots",
            allowed: Some(allowed_roots),
            policy_location: Some("policy.yaml:allowed_roots".to_owned()),
        }
    }

    /// `command_not_allowed`.
    pub fn command_not_allowed(command: impl Into<String>, allowed: Vec<String>) -> Self {
        PolicyViolation::CommandNotAllowed {
            requested: command.into(),
            rule: "commands",
            allowed: Some(allowed),
            policy_location: Some("policy.yaml:commands".to_owned()),
        }
    }

    /// `network_fs_denied`.
    pub fn network_fs_denied(path: impl Into<String>) -> Self {
        PolicyViolation::NetworkFsDenied {
            requested: path.into(),
            rule: "deny_network_fs",
            allowed: None,
            policy_location: Some("policy.yaml:deny_network_fs".to_owned()),
        }
    }

    /// `write_not_permitted`.
    pub fn write_not_permitted(path: impl Into<String>, write_patterns: Vec<String>) -> Self {
        PolicyViolation::WriteNotPermitted {
            requested: path.into(),
            rule: "write_rules",
            allowed: Some(write_patterns),
            policy_location: Some("policy.yaml:write_rules".to_owned()),
        }
    }
}

/// A parameter failed validation. `examples` is shown only with
/// `include_examples`; `hints` are appended to the suggestions.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(
    domain = "mdmcp",
    rename_all = "snake_case",
    kind = validation,
    category = "validation_failure"
)]
pub enum ValidationFailure {
    /// A malformed path.
    #[error("The path '{value}' is not valid: {reason}")]
    #[tool_error(
        message = "Invalid path",
        suggest = "Use an absolute path without '..' components"
    )]
    InvalidPath {
        /// The parameter.
        field: String,
        /// The value given.
        value: String,
        /// Why it is invalid.
        reason: String,
        /// What is expected.
        expected_format: Option<String>,
        /// Valid examples.
        examples: Vec<String>,
        /// Suggestions for this case.
        #[tool_error(suggestions)]
        hints: Vec<String>,
    },

    /// A command argument the command's rules reject.
    #[error("The argument '{value}' is not allowed for security reasons")]
    #[tool_error(message = "Command arguments failed validation")]
    InvalidArgument {
        /// The parameter, e.g. `args[1]`.
        field: String,
        /// The value given.
        value: String,
        /// Why it is invalid.
        reason: String,
        /// What is expected.
        expected_format: Option<String>,
        /// Valid examples.
        examples: Vec<String>,
        /// Suggestions for this case.
        #[tool_error(suggestions)]
        hints: Vec<String>,
    },

    /// A malformed environment setting.
    #[error("The environment setting '{value}' is not valid: {reason}")]
    #[tool_error(
        message = "Environment variables failed validation",
        suggest = "Only use allowed environment variables",
        suggest = "Check the env_policy in your command configuration"
    )]
    InvalidEnvironment {
        /// The parameter.
        field: String,
        /// The value given.
        value: String,
        /// Why it is invalid.
        reason: String,
        /// What is expected.
        expected_format: Option<String>,
        /// Valid examples.
        examples: Vec<String>,
        /// Suggestions for this case.
        #[tool_error(suggestions)]
        hints: Vec<String>,
    },

    /// A required parameter is missing.
    #[error("The required parameter '{field}' is missing")]
    #[tool_error(
        message = "Missing required parameter",
        suggest = "Add '{field}' to the arguments"
    )]
    MissingRequired {
        /// The parameter.
        field: String,
        /// The value given (empty).
        value: String,
        /// Why it is invalid.
        reason: String,
        /// What is expected.
        expected_format: Option<String>,
        /// Valid examples.
        examples: Vec<String>,
        /// Suggestions for this case.
        #[tool_error(suggestions)]
        hints: Vec<String>,
    },
}

/// A configured limit was reached.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(
    domain = "mdmcp",
    rename_all = "snake_case",
    legacy_jsonrpc,
    category = "resource_limit"
)]
pub enum ResourceLimit {
    /// A file larger than `max_read_bytes`. mdmcp's `to_mcp_code` sends
    /// `InvalidArgs` (-32602) for it: the caller fixes it by reading less.
    #[error(
        "File is too large ({} MB) to read. Maximum allowed size is {} MB",
        .actual / 1_048_576,
        .limit / 1_048_576
    )]
    #[tool_error(
        kind = validation,
        jsonrpc = -32602,
        message = "File too large: {actual} bytes exceeds limit",
        suggest = "Read the file in chunks using offset and length parameters",
        suggest = "Use the 'tail' or 'head' mode to read only part of the file",
        suggest = "Or increase the max_read_bytes limit in the policy"
    )]
    FileTooLarge {
        /// `file_size`.
        resource: &'static str,
        /// The limit in bytes.
        limit: u64,
        /// The file's size in bytes.
        actual: u64,
        /// `bytes`.
        unit: &'static str,
        /// Where the limit is configured.
        config_source: Option<String>,
    },

    /// Output beyond `max_output_bytes`, truncated.
    #[error("The command produced {actual} bytes of output; at most {limit} are returned")]
    #[tool_error(
        kind = validation,
        jsonrpc = -32003,
        message = "Output too large: {actual} bytes exceeds limit",
        suggest = "Narrow the command so it prints less (filters, head, tail)",
        suggest = "Or increase the max_output_bytes limit in the policy"
    )]
    OutputTooLarge {
        /// `output_size`.
        resource: &'static str,
        /// The limit in bytes.
        limit: u64,
        /// The output's size in bytes.
        actual: u64,
        /// `bytes`.
        unit: &'static str,
        /// Where the limit is configured.
        config_source: Option<String>,
    },

    /// A command that ran past its timeout.
    #[error("The command '{command}' took too long to execute")]
    #[tool_error(
        kind = transient,
        jsonrpc = -32002,
        message = "Command execution timed out",
        suggest = "Increase the timeout value if the operation needs more time",
        suggest = "Check if the script is stuck in an infinite loop",
        suggest = "Consider optimizing the script for better performance"
    )]
    Timeout {
        /// `execution_time`.
        resource: &'static str,
        /// The timeout in milliseconds.
        limit: u64,
        /// How long it ran, in milliseconds.
        actual: u64,
        /// `milliseconds`.
        unit: &'static str,
        /// Where the timeout came from.
        config_source: Option<String>,
        /// The command line (in the user message only).
        #[tool_error(skip)]
        command: String,
        /// What the sandbox did about it.
        #[source]
        cause: ProcessFailure,
    },

    /// Too many commands running at once. mdmcp has no code for it; it takes the
    /// runtime's default for a transient error (-31503), not the legacy one.
    #[error("The server is already running {actual} commands; the limit is {limit}")]
    #[tool_error(
        kind = transient,
        jsonrpc = -31503,
        message = "Too many concurrent commands",
        suggest = "Wait for running commands to finish, then retry"
    )]
    ConcurrencyLimit {
        /// `concurrent_commands`.
        resource: &'static str,
        /// The limit.
        limit: u64,
        /// How many are running.
        actual: u64,
        /// `commands`.
        unit: &'static str,
        /// Where the limit is configured.
        config_source: Option<String>,
    },
}

impl ResourceLimit {
    /// `file_too_large` for a file of `size` bytes against `limit`.
    pub fn file_too_large(size: u64, limit: u64) -> Self {
        ResourceLimit::FileTooLarge {
            resource: "file_size",
            limit,
            actual: size,
            unit: "bytes",
            config_source: Some("policy.yaml:limits.max_read_bytes".to_owned()),
        }
    }

    /// `timeout` of `command` after `elapsed_ms` against `timeout_ms` from
    /// `config_source`.
    pub fn timeout(
        command: impl Into<String>,
        timeout_ms: u64,
        elapsed_ms: u64,
        config_source: impl Into<String>,
        cause: ProcessFailure,
    ) -> Self {
        ResourceLimit::Timeout {
            resource: "execution_time",
            limit: timeout_ms,
            actual: elapsed_ms,
            unit: "milliseconds",
            config_source: Some(config_source.into()),
            command: command.into(),
            cause,
        }
    }
}

/// What happened to a sandboxed process, as a chain of causes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProcessFailure {
    /// What happened.
    pub message: String,
    /// What led to it.
    pub cause: Option<Box<ProcessFailure>>,
}

impl ProcessFailure {
    /// A failure with no further cause.
    pub fn new(message: impl Into<String>) -> Self {
        ProcessFailure {
            message: message.into(),
            cause: None,
        }
    }

    /// This failure, caused by `cause`.
    #[must_use]
    pub fn caused_by(mut self, cause: ProcessFailure) -> Self {
        self.cause = Some(Box::new(cause));
        self
    }
}

impl fmt::Display for ProcessFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ProcessFailure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause
            .as_deref()
            .map(|cause| cause as &(dyn std::error::Error + 'static))
    }
}

/// Running something failed.
///
/// Like every family here that opts into `legacy_jsonrpc`, each variant names its
/// code: the legacy defaults follow Gem-Flux's category table, whose codes mean other
/// things in mdmcp.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(
    domain = "mdmcp",
    rename_all = "snake_case",
    legacy_jsonrpc,
    category = "execution_error"
)]
pub enum ExecutionError {
    /// The command ran and failed; mdmcp sends `Internal` (-32603).
    #[error("Command '{operation}' failed to execute")]
    #[tool_error(
        kind = internal,
        jsonrpc = -32603,
        message = "Command '{operation}' failed",
        suggest = "Check the command output for details"
    )]
    CommandFailed {
        /// Where it failed.
        phase: ExecutionPhase,
        /// The command ID.
        operation: String,
        /// The exit code.
        exit_code: Option<i32>,
        /// The captured stderr.
        stderr: Option<String>,
        /// The system's error text.
        system_error: Option<String>,
    },

    /// An I/O error.
    #[error("The operation '{operation}' failed with an I/O error")]
    #[tool_error(
        kind = internal,
        jsonrpc = -32004,
        message = "I/O error",
        suggest = "Retry the operation; if it keeps failing, check the server's disk"
    )]
    IoError {
        /// Where it failed.
        phase: ExecutionPhase,
        /// The operation.
        operation: String,
        /// Not used.
        exit_code: Option<i32>,
        /// Not used.
        stderr: Option<String>,
        /// The system's error text.
        system_error: Option<String>,
    },

    /// The operating system refused access.
    #[error("The operation '{operation}' was denied by the operating system")]
    #[tool_error(
        kind = permission,
        jsonrpc = -32004,
        message = "Permission denied",
        suggest = "Use a file the server's user can access"
    )]
    PermissionDenied {
        /// Where it failed.
        phase: ExecutionPhase,
        /// The operation.
        operation: String,
        /// Not used.
        exit_code: Option<i32>,
        /// Not used.
        stderr: Option<String>,
        /// The system's error text.
        system_error: Option<String>,
    },

    /// The file or directory does not exist.
    #[error("The operation '{operation}' could not find its target")]
    #[tool_error(
        kind = not_found,
        jsonrpc = -32004,
        message = "File or directory not found",
        suggest = "List the directory to check the name"
    )]
    NotFound {
        /// Where it failed.
        phase: ExecutionPhase,
        /// The operation.
        operation: String,
        /// Not used.
        exit_code: Option<i32>,
        /// Not used.
        stderr: Option<String>,
        /// The system's error text.
        system_error: Option<String>,
    },
}

/// The server itself failed. The internal `message` is redacted unless
/// `redact_sensitive` is off: it may name internal paths.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(
    domain = "mdmcp",
    rename_all = "snake_case",
    kind = internal,
    category = "system_error"
)]
pub enum SystemError {
    /// An unexpected failure.
    #[error("An internal error occurred in {component}")]
    #[tool_error(
        message = "Internal error",
        suggest = "Retry later; report the problem if it persists"
    )]
    InternalError {
        /// The component that failed.
        component: String,
        /// The internal message.
        #[tool_error(redact)]
        message: String,
        /// An internal code.
        code: Option<String>,
    },

    /// The server's configuration is invalid.
    #[error("The server configuration is invalid ({component})")]
    #[tool_error(
        message = "Configuration error",
        suggest = "Ask the operator to check the server configuration"
    )]
    ConfigurationError {
        /// The component whose configuration is wrong.
        component: String,
        /// The internal message.
        #[tool_error(redact)]
        message: String,
        /// An internal code.
        code: Option<String>,
    },
}

/// Every mdmcp error.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "mdmcp")]
#[allow(missing_docs)]
pub enum MdmcpError {
    #[error(transparent)]
    #[tool_error(transparent)]
    Policy(#[from] PolicyViolation),
    #[error(transparent)]
    #[tool_error(transparent)]
    Validation(#[from] ValidationFailure),
    #[error(transparent)]
    #[tool_error(transparent)]
    Resource(#[from] ResourceLimit),
    #[error(transparent)]
    #[tool_error(transparent)]
    Execution(#[from] ExecutionError),
    #[error(transparent)]
    #[tool_error(transparent)]
    System(#[from] SystemError),
}

// ---------------------------------------------------------------------------------
// Configuration and rendering.

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

// ---------------------------------------------------------------------------------
// mdmcp's examples, for the tour.

const SYSTEM: &str = "mdmcp";

/// The four responses in section 5 of mdmcp's documentation, each under the
/// configuration that produces it, then 5.1 and 5.2 under the default configuration
/// (policy location redacted, examples left out).
pub fn samples() -> Vec<Sample> {
    let clock = FixedClock::from_rfc3339("2024-01-15T10:30:45Z")
        .unwrap_or(FixedClock(std::time::UNIX_EPOCH));
    let documented = ServerConfig {
        redact_sensitive: false,
        include_examples: true,
        ..ServerConfig::default()
    };
    let verbose = ServerConfig {
        verbose_errors: true,
        ..ServerConfig::default()
    };
    let path = example_path_not_allowed();
    let argument = example_invalid_argument();
    let file = ResourceLimit::file_too_large(104_857_600, 10_485_760);
    let timeout = example_timeout();
    let verbose_context = Context::new()
        .with_request_id("req_abc123")
        .with_server_version("0.3.6")
        .with_clock(&clock);
    let sample = |title: &str, output| Sample {
        system: SYSTEM,
        title: title.to_owned(),
        output,
    };
    vec![
        sample(
            "5.1 path_not_allowed (fs.read)",
            documented.render(RequestId::Number(1), &path, Context::new()),
        ),
        sample(
            "5.2 invalid_argument (cmd.run)",
            documented.render(RequestId::Number(2), &argument, Context::new()),
        ),
        sample(
            "5.3 file_too_large (fs.read)",
            ServerConfig::default().render(RequestId::Number(3), &file, Context::new()),
        ),
        sample(
            "5.4 timeout (cmd.run, verbose_errors)",
            verbose.render(RequestId::Number(4), &timeout, verbose_context),
        ),
        sample(
            "5.1 under the default config: policy_location redacted",
            ServerConfig::default().render(RequestId::Number(1), &path, Context::new()),
        ),
        sample(
            "5.2 under the default config: no examples",
            ServerConfig::default().render(RequestId::Number(2), &argument, Context::new()),
        ),
    ]
}

/// Example 5.1's error.
pub fn example_path_not_allowed() -> PolicyViolation {
    PolicyViolation::path_not_allowed(
        "/etc/passwd",
        ["/home/user", "/tmp", "/var/app"]
            .map(String::from)
            .to_vec(),
    )
}

/// Example 5.2's error.
pub fn example_invalid_argument() -> ValidationFailure {
    ValidationFailure::InvalidArgument {
        field: "args[1]".into(),
        value: "-rf".into(),
        reason: "Argument matches blocked pattern".into(),
        expected_format: Some("Arguments not matching blocked patterns: -rf, --force".into()),
        examples: vec!["-n".into(), "--dry-run".into()],
        hints: vec![
            "Remove the -rf flag".into(),
            "Use safer alternatives like -i for interactive mode".into(),
        ],
    }
}

/// Example 5.4's error.
pub fn example_timeout() -> ResourceLimit {
    ResourceLimit::timeout(
        "python script.py",
        5000,
        5000,
        "request:timeoutMs",
        ProcessFailure::new("Process killed due to timeout")
            .caused_by(ProcessFailure::new("Signal SIGTERM sent to process 12345")),
    )
}
