//! mdmcp's wire types: its JSON-RPC error codes and the `data` of its error
//! responses ([`ErrorContext`], [`ErrorDetails`] and the detail structs), for clients
//! reading the responses back.

use serde::{Deserialize, Serialize};

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
