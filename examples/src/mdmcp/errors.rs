//! mdmcp's five error families, one enum each, whose fields are the family's detail
//! fields, under the umbrella [`MdmcpError`]; and [`ProcessFailure`], the cause chain
//! of a sandboxed process.

use core::fmt;

use tool_error::ToolError;

use super::wire::ExecutionPhase;

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
    // The JSON-RPC message is mdmcp's "Command arguments failed validation";
    // `user_message` names the argument when the check knows it (`blocked_argument`)
    // and otherwise repeats the general sentence (`argument_validation`).
    #[error("{user_message}")]
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
        /// The sentence for people (`data.user_message`).
        #[tool_error(skip)]
        user_message: String,
    },

    /// An environment setting the command's policy rejects.
    #[error("Environment variables failed validation")]
    #[tool_error(
        message = "Environment variables failed validation",
        suggest = "Only use allowed environment variables",
        suggest = "Check the env_policy in your command configuration"
    )]
    InvalidEnvironment {
        /// The parameter (`env`).
        field: String,
        /// The setting at fault, when known (mdmcp sends an empty string).
        value: String,
        /// Why it is invalid.
        reason: String,
        /// What is expected (`KEY=value`).
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

impl ValidationFailure {
    /// mdmcp's conversion of a failed argument check that reports only its reason
    /// (`CatalogError::ArgumentValidation { reason }`): field `args`, the reason as
    /// both value and reason, the general user message and one suggestion.
    pub fn argument_validation(reason: impl Into<String>) -> Self {
        let reason = reason.into();
        ValidationFailure::InvalidArgument {
            field: "args".to_owned(),
            value: reason.clone(),
            reason,
            expected_format: None,
            examples: Vec::new(),
            hints: vec!["Check the argument format and allowed values".to_owned()],
            user_message: "Command arguments failed validation".to_owned(),
        }
    }

    /// The argument at `index` matches one of the command's blocked patterns
    /// (mdmcp's example 5.2): the argument is named in the user message and the
    /// patterns in `expected_format`; `examples` are safe arguments, `hints` the
    /// suggestions.
    pub fn blocked_argument(
        index: usize,
        value: impl Into<String>,
        blocked_patterns: &[&str],
        examples: Vec<String>,
        hints: Vec<String>,
    ) -> Self {
        let value = value.into();
        ValidationFailure::InvalidArgument {
            field: format!("args[{index}]"),
            user_message: format!("The argument '{value}' is not allowed for security reasons"),
            value,
            reason: "Argument matches blocked pattern".to_owned(),
            expected_format: Some(format!(
                "Arguments not matching blocked patterns: {}",
                blocked_patterns.join(", ")
            )),
            examples,
            hints,
        }
    }

    /// mdmcp's conversion of a failed environment check
    /// (`CatalogError::EnvironmentValidation { reason }`): field `env`, an empty
    /// value (the check does not say which variable), the reason, `KEY=value` with
    /// its example, and mdmcp's two suggestions.
    pub fn environment_validation(reason: impl Into<String>) -> Self {
        ValidationFailure::InvalidEnvironment {
            field: "env".to_owned(),
            value: String::new(),
            reason: reason.into(),
            expected_format: Some("KEY=value".to_owned()),
            examples: vec!["PATH=/usr/bin".to_owned()],
            hints: Vec::new(),
        }
    }
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
