//! mdmcp's enhanced error handling design: the four error responses of its section
//! 5 ("Examples", 5.1 to 5.4), the configuration knobs of section 4.3
//! ("Configuration"), and the design's own wire types (section 3.1, "Core Error
//! Context Types") reading our output back.
//!
//! The expected JSON is copied verbatim from the examples of section 5.
//!
//! Readings taken where the design contradicts itself:
//! - 5.1 shows `policy_location` in clear although `redact_sensitive` defaults to on
//!   and section 10.2 ("Security Considerations", "Implementation") redacts exactly
//!   that field; the example is read as rendered with `redact_sensitive: false` (the
//!   default rendering is tested separately).
//!   Its `policy_location` also differs from the design's conversion code (which sets
//!   `None`); the response example is the spec.
//! - 5.2 shows `examples` although `include_examples` defaults to off; read as
//!   rendered with `include_examples: true`.
//! - 5.3 sends -32602 (invalid params) for a resource limit. That is deliberate in
//!   the design: its `to_mcp_code` (section 3.3) maps `FsError::FileTooLarge` to
//!   `McpErrorCode::InvalidArgs`, since the caller fixes it by reading less. We keep
//!   -32602 for `file_too_large`; the other limits keep their own codes.
//! - 5.4 is rendered with `verbose_errors: true`, as its request says; its
//!   `debug_info` has no `backtrace`, so none was captured.
//! - 5.2 (`invalid_argument` naming `-rf`, with its own suggestions) is not what the
//!   design's conversion of `CatalogError::ArgumentValidation { reason }` builds
//!   (field `args`, user message "Command arguments failed validation", suggestion
//!   "Check the argument format and allowed values"). Both are reproduced: 5.2 by
//!   `ValidationFailure::blocked_argument`, a check that knows the argument, the
//!   conversion by `ValidationFailure::argument_validation`.
//! - The conversions send `error.to_string()` as the JSON-RPC message, the text of a
//!   `CatalogError` the design does not show. 5.2 shows that mdmcp's message for a
//!   failed argument check is the family's sentence ("Command arguments failed
//!   validation", also the conversion's user message), so both conversions send
//!   their family's sentence: "Command arguments failed validation" and
//!   "Environment variables failed validation".

use serde_json::json;
use tool_error::{
    Context, Envelope, JsonRpc, Limits, Options, Policy, RequestId, StaticCatalog, ToolError,
    profile::JsonRpcResponse,
};
use tool_error_examples::mdmcp::{
    self, ErrorContext, ErrorDetails, ErrorType, ExecutionError, ExecutionPhase, McpErrorCode,
    MdmcpError, PolicyViolation, ProcessFailure, ResourceLimit, ServerConfig, SystemError,
    ValidationFailure,
};
use tool_error_tests::{clock_at, parse_json};

const EXAMPLE_5_1: &str = r#"{
    "jsonrpc": "2.0",
    "id": 1,
    "error": {
        "code": -32001,
        "message": "Path is outside allowed roots",
        "data": {
            "type": "path_not_allowed",
            "details": {
                "requested": "/etc/passwd",
                "rule": "allowed_roots",
                "allowed": ["/home/user", "/tmp", "/var/app"],
                "policy_location": "policy.yaml:allowed_roots"
            },
            "user_message": "The path '/etc/passwd' is not within the allowed directories",
            "suggestions": [
                "Use a path within one of the allowed root directories",
                "Check your policy configuration for allowed paths"
            ]
        }
    }
}"#;

const EXAMPLE_5_2: &str = r#"{
    "jsonrpc": "2.0",
    "id": 2,
    "error": {
        "code": -32602,
        "message": "Command arguments failed validation",
        "data": {
            "type": "invalid_argument",
            "details": {
                "field": "args[1]",
                "value": "-rf",
                "reason": "Argument matches blocked pattern",
                "expected_format": "Arguments not matching blocked patterns: -rf, --force",
                "examples": ["-n", "--dry-run"]
            },
            "user_message": "The argument '-rf' is not allowed for security reasons",
            "suggestions": [
                "Remove the -rf flag",
                "Use safer alternatives like -i for interactive mode"
            ]
        }
    }
}"#;

const EXAMPLE_5_3: &str = r#"{
    "jsonrpc": "2.0",
    "id": 3,
    "error": {
        "code": -32602,
        "message": "File too large: 104857600 bytes exceeds limit",
        "data": {
            "type": "file_too_large",
            "details": {
                "resource": "file_size",
                "limit": 10485760,
                "actual": 104857600,
                "unit": "bytes",
                "config_source": "policy.yaml:limits.max_read_bytes"
            },
            "user_message": "File is too large (100 MB) to read. Maximum allowed size is 10 MB",
            "suggestions": [
                "Read the file in chunks using offset and length parameters",
                "Use the 'tail' or 'head' mode to read only part of the file",
                "Or increase the max_read_bytes limit in the policy"
            ]
        }
    }
}"#;

const EXAMPLE_5_4: &str = r#"{
    "jsonrpc": "2.0",
    "id": 4,
    "error": {
        "code": -32002,
        "message": "Command execution timed out",
        "data": {
            "type": "timeout",
            "details": {
                "resource": "execution_time",
                "limit": 5000,
                "actual": 5000,
                "unit": "milliseconds",
                "config_source": "request:timeoutMs"
            },
            "user_message": "The command 'python script.py' took too long to execute",
            "suggestions": [
                "Increase the timeout value if the operation needs more time",
                "Check if the script is stuck in an infinite loop",
                "Consider optimizing the script for better performance"
            ],
            "debug_info": {
                "error_chain": [
                    "Process killed due to timeout",
                    "Signal SIGTERM sent to process 12345"
                ],
                "request_id": "req_abc123",
                "timestamp": "2024-01-15T10:30:45Z",
                "server_version": "0.3.6"
            }
        }
    }
}"#;

fn path_not_allowed() -> PolicyViolation {
    PolicyViolation::path_not_allowed(
        "/etc/passwd",
        vec!["/home/user".into(), "/tmp".into(), "/var/app".into()],
    )
}

fn invalid_argument(examples: Vec<String>) -> ValidationFailure {
    ValidationFailure::blocked_argument(
        1,
        "-rf",
        &["-rf", "--force"],
        examples,
        vec![
            "Remove the -rf flag".into(),
            "Use safer alternatives like -i for interactive mode".into(),
        ],
    )
}

fn timeout() -> ResourceLimit {
    ResourceLimit::timeout(
        "python script.py",
        5000,
        5000,
        "request:timeoutMs",
        ProcessFailure::new("Process killed due to timeout")
            .caused_by(ProcessFailure::new("Signal SIGTERM sent to process 12345")),
    )
}

#[test]
fn example_5_1_policy_denial() {
    let config = ServerConfig {
        redact_sensitive: false,
        ..ServerConfig::default()
    };
    let response = config.render(RequestId::Number(1), &path_not_allowed(), Context::new());
    assert_eq!(response, parse_json(EXAMPLE_5_1));
}

#[test]
fn example_5_2_validation_error() {
    let config = ServerConfig {
        include_examples: true,
        ..ServerConfig::default()
    };
    let error = invalid_argument(vec!["-n".into(), "--dry-run".into()]);
    let response = config.render(RequestId::Number(2), &error, Context::new());
    assert_eq!(response, parse_json(EXAMPLE_5_2));
}

#[test]
fn example_5_3_resource_limit() {
    let error = ResourceLimit::file_too_large(104_857_600, 10_485_760);
    let response = ServerConfig::default().render(RequestId::Number(3), &error, Context::new());
    assert_eq!(response, parse_json(EXAMPLE_5_3));
}

#[test]
fn example_5_4_execution_error_with_debug_info() {
    let config = ServerConfig {
        verbose_errors: true,
        ..ServerConfig::default()
    };
    let clock = clock_at("2024-01-15T10:30:45Z");
    let options = Options::new()
        .with_server_version("0.3.6")
        .with_clock(clock);
    let context = options.context().with_request_id("req_abc123");
    let response = config.render(RequestId::Number(4), &timeout(), context);
    assert_eq!(response, parse_json(EXAMPLE_5_4));
}

/// The design's `ToErrorContext for CatalogError` (section 3.3, "Error Conversion
/// Traits"), arm `ArgumentValidation`: its
/// details, user message and suggestion, with `InvalidArgs` (-32602).
#[test]
fn the_designs_argument_validation_conversion() {
    let reason = "argument '--exec' is not in the allow list";
    let error = ValidationFailure::argument_validation(reason);
    let response = ServerConfig::default().render(RequestId::Number(6), &error, Context::new());
    assert_eq!(
        response,
        json!({
            "jsonrpc": "2.0",
            "id": 6,
            "error": {
                "code": -32602,
                "message": "Command arguments failed validation",
                "data": {
                    "type": "invalid_argument",
                    "details": {"field": "args", "value": reason, "reason": reason},
                    "user_message": "Command arguments failed validation",
                    "suggestions": ["Check the argument format and allowed values"]
                }
            }
        })
    );
    // The design's own types read it back as its ValidationFailure details.
    let context: ErrorContext = serde_json::from_value(response["error"]["data"].clone()).unwrap();
    assert!(matches!(
        context.details,
        ErrorDetails::ValidationFailure(ref v) if v.field == "args" && v.expected_format.is_none()
    ));
}

/// The design's `ToErrorContext for CatalogError` (section 3.3), arm
/// `EnvironmentValidation`: the user message is the design's, not moved into the
/// JSON-RPC message.
#[test]
fn the_designs_environment_validation_conversion() {
    let reason = "variable 'LD_PRELOAD' is not in the allowlist";
    let error = ValidationFailure::environment_validation(reason);
    let with_examples = ServerConfig {
        include_examples: true,
        ..ServerConfig::default()
    };
    let response = with_examples.render(RequestId::Number(7), &error, Context::new());
    assert_eq!(
        response,
        json!({
            "jsonrpc": "2.0",
            "id": 7,
            "error": {
                "code": -32602,
                "message": "Environment variables failed validation",
                "data": {
                    "type": "invalid_environment",
                    "details": {
                        "field": "env",
                        "value": "",
                        "reason": reason,
                        "expected_format": "KEY=value",
                        "examples": ["PATH=/usr/bin"]
                    },
                    "user_message": "Environment variables failed validation",
                    "suggestions": [
                        "Only use allowed environment variables",
                        "Check the env_policy in your command configuration"
                    ]
                }
            }
        })
    );
    // Under the default configuration the example is left out, nothing else changes.
    let default = ServerConfig::default().render(RequestId::Number(7), &error, Context::new());
    let mut expected = response.clone();
    expected["error"]["data"]["details"]
        .as_object_mut()
        .unwrap()
        .remove("examples");
    assert_eq!(default, expected);
}

#[test]
fn the_tour_shows_the_four_examples_exactly() {
    let samples = mdmcp::samples();
    for (sample, example) in
        samples
            .iter()
            .zip([EXAMPLE_5_1, EXAMPLE_5_2, EXAMPLE_5_3, EXAMPLE_5_4])
    {
        assert_eq!(sample.system, "mdmcp");
        assert_eq!(sample.output, parse_json(example), "{}", sample.title);
    }
}

// --- the knobs ----------------------------------------------------------------------

#[test]
fn config_defaults_match_the_design() {
    let parsed: ServerConfig = serde_json::from_str("{}").unwrap();
    assert_eq!(parsed, ServerConfig::default());
    assert_eq!(
        ServerConfig::default(),
        ServerConfig {
            verbose_errors: false,
            include_suggestions: true,
            max_suggestions: 3,
            include_examples: false,
            redact_sensitive: true,
        }
    );
}

#[test]
fn redact_sensitive_hides_policy_locations_by_default() {
    let response =
        ServerConfig::default().render(RequestId::Number(1), &path_not_allowed(), Context::new());
    let details = &response["error"]["data"]["details"];
    assert_eq!(details["policy_location"], "<redacted>");
    assert_eq!(
        details["requested"], "/etc/passwd",
        "only the location is sensitive"
    );
}

#[test]
fn redact_sensitive_hides_internal_messages() {
    let error = SystemError::InternalError {
        component: "sandbox".into(),
        message: "cannot open /srv/mdmcp/secrets.yaml".into(),
        code: Some("E42".into()),
    };
    let redacted = ServerConfig::default().render(RequestId::Number(9), &error, Context::new());
    assert!(!redacted.to_string().contains("secrets.yaml"));
    assert_eq!(
        redacted["error"],
        json!({
            "code": -32603,
            "message": "Internal error",
            "data": {
                "type": "internal_error",
                "details": {"component": "sandbox", "message": "<redacted>", "code": "E42"},
                "user_message": "An internal error occurred in sandbox",
                "suggestions": ["Retry later; report the problem if it persists"]
            }
        })
    );
    let open = ServerConfig {
        redact_sensitive: false,
        ..ServerConfig::default()
    }
    .render(RequestId::Number(9), &error, Context::new());
    assert_eq!(
        open["error"]["data"]["details"]["message"],
        "cannot open /srv/mdmcp/secrets.yaml"
    );
}

#[test]
fn include_examples_controls_examples_and_empty_ones_are_never_sent() {
    let with = |include_examples, examples: Vec<String>| {
        let config = ServerConfig {
            include_examples,
            ..ServerConfig::default()
        };
        config.render(
            RequestId::Number(2),
            &invalid_argument(examples),
            Context::new(),
        )["error"]["data"]["details"]
            .clone()
    };
    assert!(with(false, vec!["-n".into()]).get("examples").is_none());
    assert_eq!(with(true, vec!["-n".into()])["examples"], json!(["-n"]));
    assert!(with(true, vec![]).get("examples").is_none());
    assert_eq!(
        with(false, vec![])["field"],
        "args[1]",
        "other details stay"
    );
}

#[test]
fn verbose_errors_controls_debug_info() {
    let clock = clock_at("2024-01-15T10:30:45Z");
    let options = Options::new()
        .with_server_version("0.3.6")
        .with_clock(clock);
    let context = options.context().with_request_id("req_abc123");
    let quiet = ServerConfig::default().render(RequestId::Number(4), &timeout(), context);
    assert!(quiet["error"]["data"].get("debug_info").is_none());

    // Without a request id, server version or clock, debug info still has the
    // fields the design's DebugInfo (section 3.1) requires.
    let verbose = ServerConfig {
        verbose_errors: true,
        ..ServerConfig::default()
    };
    let response = verbose.render(RequestId::Number(4), &timeout(), Context::new());
    let debug = &response["error"]["data"]["debug_info"];
    assert!(debug.get("request_id").is_none());
    assert_eq!(debug["server_version"], "unknown");
    assert!(debug["timestamp"].as_str().unwrap().ends_with('Z'));
}

#[test]
fn suggestion_knobs() {
    let render = |config: ServerConfig| {
        config.render(RequestId::Number(4), &timeout(), Context::new())["error"]["data"].clone()
    };
    assert!(
        render(ServerConfig {
            include_suggestions: false,
            ..ServerConfig::default()
        })
        .get("suggestions")
        .is_none()
    );
    assert_eq!(
        render(ServerConfig {
            max_suggestions: 1,
            ..ServerConfig::default()
        })["suggestions"],
        json!(["Increase the timeout value if the operation needs more time"])
    );
    let mut four = invalid_argument(vec![]);
    if let ValidationFailure::InvalidArgument { hints, .. } = &mut four {
        *hints = vec!["a".into(), "b".into(), "c".into(), "d".into()];
    }
    let data = ServerConfig::default().render(RequestId::Number(2), &four, Context::new());
    assert_eq!(
        data["error"]["data"]["suggestions"],
        json!(["a", "b", "c"]),
        "max_suggestions defaults to 3"
    );
}

#[test]
fn user_messages_obey_the_message_limit() {
    let error = ValidationFailure::InvalidPath {
        field: "path".into(),
        value: "x".repeat(100),
        reason: "too long".into(),
        expected_format: None,
        examples: vec![],
        hints: vec![],
    };
    let policy = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_message_chars(20));
    let response = Envelope::new(&error)
        .with_policy(&policy)
        .to_value(&JsonRpcResponse::new(
            RequestId::Number(1),
            JsonRpc::with_data(ServerConfig::default().data_profile()),
        ));
    let user_message = response["error"]["data"]["user_message"].as_str().unwrap();
    assert_eq!(
        user_message,
        format!("The path 'xxxxxxxxxx{}", Limits::TRUNCATION_MARK)
    );
}

// --- codes and types ------------------------------------------------------------------

#[test]
fn every_error_type_is_a_code_and_every_code_an_error_type() {
    let catalog = <MdmcpError as StaticCatalog>::CATALOG;
    let mut types = Vec::new();
    for code in catalog.codes() {
        let parsed: ErrorType = serde_json::from_value(json!(code))
            .unwrap_or_else(|_| panic!("{code} is not one of the design's ErrorType"));
        assert!(!types.contains(&parsed), "{code} twice");
        types.push(parsed);
    }
    assert_eq!(types.len(), 19, "the design's ErrorType has 19 variants");
}

#[test]
fn codes_follow_the_design_mapping() {
    let catalog = <MdmcpError as StaticCatalog>::CATALOG;
    let code = |name: &str| catalog.find(name).unwrap().jsonrpc_code();
    // The design's to_mcp_code (section 3.3) and examples (section 5).
    for policy in [
        "path_not_allowed",
        "network_fs_denied",
        "write_not_permitted",
        "command_not_allowed",
    ] {
        assert_eq!(code(policy), McpErrorCode::PolicyDeny as i32, "{policy}");
    }
    for invalid in ["file_too_large", "invalid_argument", "invalid_environment"] {
        assert_eq!(code(invalid), McpErrorCode::InvalidArgs as i32, "{invalid}");
    }
    assert_eq!(code("timeout"), McpErrorCode::Timeout as i32);
    assert_eq!(code("command_failed"), McpErrorCode::Internal as i32);
    assert_eq!(code("io_error"), McpErrorCode::IoError as i32);
    assert_eq!(
        code("output_too_large"),
        McpErrorCode::OutputTruncated as i32
    );
    // Nothing in the legacy range unless mdmcp defines that code.
    let defined = [-32001, -32002, -32003, -32004];
    for name in catalog.codes() {
        let jsonrpc = code(name);
        assert!(
            !(-32019..=-32000).contains(&jsonrpc) || defined.contains(&jsonrpc),
            "{name}: {jsonrpc}"
        );
    }
}

/// Whether a read-back details value is of the expected family.
type IsFamily = fn(&ErrorDetails) -> bool;

#[test]
fn the_design_types_read_every_family_back() {
    let errors: Vec<(MdmcpError, IsFamily)> = vec![
        (
            path_not_allowed().into(),
            |d| matches!(d, ErrorDetails::PolicyViolation(p) if p.policy_location.as_deref() == Some("<redacted>")),
        ),
        (
            PolicyViolation::network_fs_denied("//nas/share/a").into(),
            |d| matches!(d, ErrorDetails::PolicyViolation(p) if p.allowed.is_none()),
        ),
        (
            invalid_argument(vec![]).into(),
            |d| matches!(d, ErrorDetails::ValidationFailure(v) if v.examples.is_empty()),
        ),
        (
            ResourceLimit::file_too_large(2, 1).into(),
            |d| matches!(d, ErrorDetails::ResourceLimit(r) if r.actual == 2 && r.limit == 1),
        ),
        (
            ExecutionError::CommandFailed {
                phase: ExecutionPhase::Execution,
                operation: "make".into(),
                exit_code: Some(2),
                stderr: Some("no rule".into()),
                system_error: None,
            }
            .into(),
            |d| {
                matches!(d, ErrorDetails::ExecutionError(e)
                    if e.phase == ExecutionPhase::Execution && e.exit_code == Some(2))
            },
        ),
        (
            SystemError::ConfigurationError {
                component: "policy".into(),
                message: "bad yaml".into(),
                code: None,
            }
            .into(),
            |d| matches!(d, ErrorDetails::SystemError(s) if s.message == "<redacted>"),
        ),
    ];
    for (error, expected) in errors {
        let response = ServerConfig::default().render(RequestId::Number(7), &error, Context::new());
        let context: ErrorContext = serde_json::from_value(response["error"]["data"].clone())
            .unwrap_or_else(|e| panic!("{}: {e}", error.code()));
        assert!(
            expected(&context.details),
            "{}: {:?}",
            error.code(),
            context.details
        );
        assert_eq!(
            serde_json::to_value(context.error_type).unwrap(),
            json!(error.code())
        );
        assert!(context.user_message.is_some());
    }
}

#[test]
fn command_failures_name_the_command() {
    let error = ExecutionError::CommandFailed {
        phase: ExecutionPhase::Execution,
        operation: "cargo".into(),
        exit_code: Some(101),
        stderr: None,
        system_error: None,
    };
    let response = ServerConfig::default().render(RequestId::String("a"), &error, Context::new());
    assert_eq!(response["id"], "a");
    assert_eq!(response["error"]["message"], "Command 'cargo' failed");
    assert_eq!(
        response["error"]["data"]["user_message"],
        "Command 'cargo' failed to execute"
    );
    assert_eq!(
        response["error"]["data"]["details"],
        json!({"phase": "execution", "operation": "cargo", "exit_code": 101})
    );
}
