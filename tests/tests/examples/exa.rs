//! The Exa docs server's error handling specification ("Error Handling
//! Standardization - End State Specification"): the error classes of its "Error
//! Type Hierarchy", the `ToolResponse` shape of "Standardized Tool Responses", the
//! suggestions, details policy and normalisation of "Error Handling Middleware",
//! `toJSON()`, the recovery of "Error Recovery Strategies", the error log of
//! "Logging and Monitoring" and the three tests of its "Testing Strategy".
//!
//! The specification shows no literal JSON output; the expected values below are
//! written by hand from its TypeScript (`formatErrorResponse`, `generateSuggestions`,
//! `toJSON`, `ErrorLogger.logError`).
//!
//! `normalizeError` records `error.name`, the thrown error's class name, as
//! `originalError`. A Rust error's class is its type: we record the type's own name
//! (`ParseIntError`), and for a type called just `Error` the module that names it
//! publicly (`io::Error`, `serde_json::Error`), since `Error` alone is every class.

use std::fmt;
use std::io;

use serde_json::{Value, json};
use tool_error::{Envelope, Kind, Options, StaticCatalog, ToolError};
use tool_error_examples::exa::{
    self, DocsTool, ErrorLogEntry, ExaError, ExaJson, ExaResponse, Mode, js_typeof, needs_alert,
    normalize,
};
use tool_error_tests::clock;

fn respond(error: &dyn ToolError, mode: Mode) -> Value {
    let clock = clock();
    let policy = exa::policy(mode);
    let options = Options::new().with_clock(clock);
    let context = options
        .context()
        .with_tool("docs")
        .with_operation("getDocumentation");
    Envelope::new(error)
        .with_context(context)
        .with_policy(&policy)
        .to_value(&ExaResponse)
}

#[test]
fn every_class_has_the_specs_code_status_and_recoverability() {
    // (code, statusCode, recoverable, class name) from the "Error Type Hierarchy".
    let table = [
        ("DOC_NOT_FOUND", 404, true, "DocumentNotFoundError"),
        ("INVALID_PARAM", 400, true, "InvalidParameterError"),
        ("DOC_LOAD_ERROR", 500, false, "DocumentLoadError"),
        ("SEARCH_ERROR", 500, true, "SearchError"),
        ("CONFIG_ERROR", 500, false, "ConfigurationError"),
        ("UNKNOWN_ERROR", 500, false, "ExaError"),
    ];
    let catalog = <ExaError as StaticCatalog>::CATALOG;
    assert_eq!(catalog.codes().collect::<Vec<_>>(), table.map(|row| row.0));
    for (code, status, recoverable, name) in table {
        let entry = catalog.find(code).unwrap();
        assert_eq!(entry.http_status(), status, "{code}");
        assert_eq!(entry.recoverable(), recoverable, "{code}");
        assert_eq!(ExaError::class_name(code), name);
    }
    // SEARCH_ERROR: recoverable, and both suggestions ask for another query, so the
    // agent's action is to fix its input.
    assert_eq!(
        catalog.find("SEARCH_ERROR").unwrap().kind(),
        Kind::Validation
    );
}

#[test]
fn document_not_found_response_in_development() {
    let clock = clock();
    let documents = exa::sample_documents();
    let mut tool = DocsTool::new(Mode::Development, clock, &documents);
    let response = tool.get_documentation(&json!({"path": "setup.md"}));
    // Two similar stored paths; the specification suggests the first one.
    assert_eq!(
        response,
        json!({
            "success": false,
            "error": {
                "message": "Document not found: setup.md",
                "code": "DOC_NOT_FOUND",
                "tool": "docs",
                "operation": "getDocumentation",
                "suggestions": [
                    "Check if the path is correct",
                    "Use the search function to find the document",
                    "Did you mean: guides/setup.md?"
                ],
                "details": {
                    "path": "setup.md",
                    "suggestions": ["guides/setup.md", "reference/setup.md"]
                }
            }
        })
    );
}

#[test]
fn the_specs_first_test_document_not_found() {
    let clock = clock();
    let documents = exa::sample_documents();
    let mut tool = DocsTool::new(Mode::Development, clock, &documents);
    let result = tool.get_documentation(&json!({"path": "non/existent.md"}));
    assert_eq!(result["success"], false);
    assert_eq!(result["error"]["code"], "DOC_NOT_FOUND");
    let suggestions = result["error"]["suggestions"].as_array().unwrap();
    assert!(suggestions.contains(&json!("Use the search function to find the document")));
    // Nothing similar: no "Did you mean", and the empty list stays in the details
    // (`DocsTool` passes `findSimilarPaths`' result, an array, not `undefined`).
    assert_eq!(suggestions.len(), 2);
    assert_eq!(result["error"]["details"]["suggestions"], json!([]));
}

#[test]
fn the_specs_second_test_parameters_are_validated_first() {
    let clock = clock();
    let documents = exa::sample_documents();
    let mut tool = DocsTool::new(Mode::Development, clock, &documents);
    let result = tool.get_documentation(&json!({"path": 123}));
    assert_eq!(
        result,
        json!({
            "success": false,
            "error": {
                "message": "Invalid parameter 'path': expected string, got number",
                "code": "INVALID_PARAM",
                "tool": "docs",
                "operation": "getDocumentation",
                "suggestions": ["Provide a valid string", "Check the parameter documentation"],
                "details": {"param": "path", "value": 123, "expected": "string"}
            }
        })
    );
    assert!(
        result["error"]["message"]
            .as_str()
            .unwrap()
            .contains("expected string")
    );

    // Required check first: `undefined` is left out of the details.
    let missing = tool.get_documentation(&json!({}));
    assert_eq!(
        missing["error"]["message"],
        "Invalid parameter 'path': expected required value, got undefined"
    );
    assert_eq!(
        missing["error"]["details"],
        json!({"param": "path", "expected": "required value"})
    );
    // The custom check, with its description.
    let blank = tool.get_documentation(&json!({"path": "  "}));
    assert_eq!(
        blank["error"]["message"],
        "Invalid parameter 'path': expected non-empty path, got string"
    );
    // `null` is present, and `typeof null` is "object".
    let null = tool.get_documentation(&json!({"path": null}));
    assert_eq!(
        null["error"]["message"],
        "Invalid parameter 'path': expected string, got object"
    );
    assert_eq!(null["error"]["details"]["value"], Value::Null);
}

#[test]
fn the_specs_third_test_recovery_serves_the_mdx_twin() {
    let clock = clock();
    let mut tool = DocsTool::new(
        Mode::Development,
        clock,
        &[("test-docs/file.mdx", Ok("content".into()))],
    );
    let result = tool.get_documentation(&json!({"path": "test-docs/file.md"}));
    assert_eq!(result["success"], true);
    assert_eq!(result["data"]["documents"], json!(["content"]));
    assert_eq!(exa::alternative_paths("a/b.md"), ["a/b.mdx", "a/index.md"]);
    assert_eq!(exa::alternative_paths("b.mdx"), ["b.md", "index.md"]);
}

/// The `RecoveryManager` of "Error Recovery Strategies" has a `DOC_LOAD_ERROR` case,
/// but returns early for unrecoverable errors and `DocumentLoadError` is
/// unrecoverable: the case is dead. We keep the class unrecoverable, so no
/// suggestions are sent for it.
#[test]
fn unrecoverable_errors_get_no_suggestions_key() {
    let clock = clock();
    let documents = exa::sample_documents();
    let mut tool = DocsTool::new(Mode::Development, clock, &documents);
    let result = tool.get_documentation(&json!({"path": "api/legacy.md"}));
    assert_eq!(
        result,
        json!({
            "success": false,
            "error": {
                "message": "Failed to load document: invalid front matter at line 3",
                "code": "DOC_LOAD_ERROR",
                "tool": "docs",
                "operation": "getDocumentation",
                "details": {"path": "api/legacy.md", "reason": "invalid front matter at line 3"}
            }
        })
    );
}

#[derive(Debug, thiserror::Error, tool_error::ToolError)]
enum Probe {
    #[error("disk failed")]
    #[tool_error(kind = internal, suggest = "Call the operators")]
    SystemError,
    #[error("init retry")]
    #[tool_error(kind = internal, recoverable, code = "INIT_ERROR")]
    InitRecoverable,
    #[error("no suggestions here")]
    #[tool_error(kind = transient)]
    Plain,
}

#[test]
fn suggestions_only_for_recoverable_errors_even_when_declared() {
    // A declared suggestion on an unrecoverable error is withheld by the policy.
    let response = respond(&Probe::SystemError, Mode::Development);
    assert!(response["error"].get("suggestions").is_none(), "{response}");
    // A recoverable error without generated suggestions gets `[]`: the specification
    // assigns `generateSuggestions(error)` to every recoverable error, even an empty
    // list.
    let response = respond(&Probe::Plain, Mode::Development);
    assert_eq!(response["error"]["suggestions"], json!([]));
}

#[test]
fn production_hides_details_but_keeps_everything_else() {
    let error = ExaError::document_not_found("x.md", Some(vec!["docs/x.md".into()]));
    let development = respond(&error, Mode::Development);
    let production = respond(&error, Mode::Production);
    assert!(development["error"].get("details").is_some());
    assert!(production["error"].get("details").is_none());
    let mut without_details = development.clone();
    without_details["error"]
        .as_object_mut()
        .unwrap()
        .remove("details");
    assert_eq!(production, without_details);
    // Internal messages are sent as the specification sends them.
    let config = ExaError::Configuration {
        issue: "EXA_DOCS_ROOT is not set".into(),
        resolution: None,
    };
    assert_eq!(
        respond(&config, Mode::Production),
        json!({
            "success": false,
            "error": {
                "message": "Configuration error: EXA_DOCS_ROOT is not set",
                "code": "CONFIG_ERROR",
                "tool": "docs",
                "operation": "getDocumentation"
            }
        })
    );
}

#[test]
fn search_errors_are_recoverable_with_query_advice() {
    let clock = clock();
    let documents = exa::sample_documents();
    let mut tool = DocsTool::new(Mode::Development, clock, &documents);
    let result = tool.search(&json!({"query": "\"setup"}));
    assert_eq!(
        result["error"],
        json!({
            "message": "Search failed: unbalanced quote in query",
            "code": "SEARCH_ERROR",
            "tool": "docs",
            "operation": "search",
            "suggestions": ["Try a simpler search query", "Check if the search syntax is correct"],
            "details": {"query": "\"setup", "reason": "unbalanced quote in query"}
        })
    );
    assert_eq!(
        tool.search(&json!({"query": "Install"}))["data"]["results"],
        json!(["guides/setup.md"])
    );
}

#[derive(Debug)]
struct Wrapped(io::Error);

impl fmt::Display for Wrapped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("reading the index")
    }
}

impl std::error::Error for Wrapped {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

#[test]
fn foreign_errors_are_normalised_as_the_spec_does() {
    // A file-not-found I/O error becomes DOC_NOT_FOUND with the path.
    let not_found = io::Error::from(io::ErrorKind::NotFound);
    let error = normalize(&not_found, Some("guides/missing.md"));
    assert_eq!(error.code(), "DOC_NOT_FOUND");
    assert_eq!(
        respond(&error, Mode::Development)["error"]["details"],
        json!({"path": "guides/missing.md"}),
        "no similar paths looked up: `suggestions` is undefined, so absent"
    );
    // Node's ENOENT text with the path in it, as the specification's extractPath reads
    // it.
    let node = io::Error::other("ENOENT: no such file or directory, open 'docs/a.md'");
    assert_eq!(
        respond(&normalize(&node, None), Mode::Development)["error"]["message"],
        "Document not found: docs/a.md"
    );
    // Found through the cause chain too.
    let wrapped = Wrapped(io::Error::from(io::ErrorKind::NotFound));
    assert_eq!(normalize(&wrapped, Some("p.md")).code(), "DOC_NOT_FOUND");
    // "Invalid argument" becomes INVALID_PARAM('unknown', null, 'valid input').
    let invalid = io::Error::from_raw_os_error(22);
    assert!(
        invalid.to_string().contains("Invalid argument"),
        "{invalid}"
    );
    let error = normalize(&invalid, None);
    let response = respond(&error, Mode::Development);
    assert_eq!(
        response["error"]["message"],
        "Invalid parameter 'unknown': expected valid input, got object"
    );
    assert_eq!(
        response["error"]["details"],
        json!({"param": "unknown", "value": null, "expected": "valid input"})
    );
    // Anything else: UNKNOWN_ERROR with the message and the original type.
    let other = io::Error::other("socket closed mid-read");
    let error = normalize(&other, None);
    assert_eq!(
        respond(&error, Mode::Development)["error"],
        json!({
            "message": "socket closed mid-read",
            "code": "UNKNOWN_ERROR",
            "tool": "docs",
            "operation": "getDocumentation",
            "details": {"originalError": "io::Error"}
        })
    );
    let json_error = serde_json::from_str::<Value>("{").unwrap_err();
    assert_eq!(
        respond(&normalize(&json_error, None), Mode::Development)["error"]["details"],
        json!({"originalError": "serde_json::Error"})
    );
    // `originalError` is the error's class name (`error.name`), whatever the type.
    let parse = "x".parse::<i32>().unwrap_err();
    assert_eq!(
        respond(&normalize(&parse, None), Mode::Development)["error"]["details"],
        json!({"originalError": "ParseIntError"})
    );
    let closed = Wrapped(io::Error::other("socket closed"));
    assert_eq!(
        respond(&normalize(&closed, None), Mode::Development)["error"],
        json!({
            "message": "reading the index",
            "code": "UNKNOWN_ERROR",
            "tool": "docs",
            "operation": "getDocumentation",
            "details": {"originalError": "Wrapped"}
        })
    );
    // An ExaError passes through untouched.
    let search = ExaError::Search {
        query: "q".into(),
        reason: "r".into(),
    };
    assert_eq!(normalize(&search, Some("ignored")).code(), "SEARCH_ERROR");
}

/// A handler that throws a foreign error: the tool keeps the error's type name when
/// it is thrown, so normalising names its class.
#[test]
fn a_thrown_foreign_error_keeps_its_class_name() {
    #[derive(Debug)]
    struct IndexCorrupt;
    impl fmt::Display for IndexCorrupt {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("index checksum mismatch")
        }
    }
    impl std::error::Error for IndexCorrupt {}

    let clock = clock();
    let mut tool = DocsTool::new(Mode::Development, clock, &[]);
    let result =
        tool.execute_with_error_handling("reindex", &[], &json!({}), |_| Err(IndexCorrupt.into()));
    assert_eq!(
        result["error"],
        json!({
            "message": "index checksum mismatch",
            "code": "UNKNOWN_ERROR",
            "tool": "docs",
            "operation": "reindex",
            "details": {"originalError": "IndexCorrupt"}
        })
    );
    assert_eq!(
        tool.handler.log[0]["error"]["details"],
        json!({"originalError": "IndexCorrupt"})
    );
}

#[test]
fn class_names_of_rust_error_types() {
    for (type_name, class) in [
        (std::any::type_name::<io::Error>(), "io::Error"),
        (std::any::type_name::<fmt::Error>(), "fmt::Error"),
        (
            std::any::type_name::<serde_json::Error>(),
            "serde_json::Error",
        ),
        (
            std::any::type_name::<std::num::ParseIntError>(),
            "ParseIntError",
        ),
        (std::any::type_name::<Wrapped>(), "Wrapped"),
        ("app::errors::Failure<alloc::string::String>", "Failure"),
        ("Error", "Error"),
    ] {
        assert_eq!(exa::class_name_of(type_name), class, "{type_name}");
    }
}

#[test]
fn a_panicking_handler_is_the_specs_non_error_throw() {
    let clock = clock();
    let mut tool = DocsTool::new(Mode::Development, clock, &[]);
    let result = tool.execute_with_error_handling("boom", &[], &json!({}), |_| {
        panic!("thrown string");
    });
    assert_eq!(
        result["error"],
        json!({
            "message": "An unexpected error occurred",
            "code": "UNKNOWN_ERROR",
            "tool": "docs",
            "operation": "boom",
            "details": {"error": "thrown string"}
        })
    );
}

#[test]
fn to_json_has_the_specs_shape() {
    let options = Options::new().with_clock(clock());
    let render = |error: &ExaError| {
        Envelope::new(error)
            .with_context(options.context())
            .with_policy(&exa::policy(Mode::Development))
            .to_value(&ExaJson)
    };
    assert_eq!(
        render(&ExaError::document_not_found(
            "a.md",
            Some(vec!["b/a.md".into()])
        )),
        json!({
            "name": "DocumentNotFoundError",
            "message": "Document not found: a.md",
            "code": "DOC_NOT_FOUND",
            "statusCode": 404,
            "details": {"path": "a.md", "suggestions": ["b/a.md"]},
            "recoverable": true,
            "timestamp": "2025-10-27T14:35:22.000Z"
        })
    );
    assert_eq!(
        render(&ExaError::Configuration {
            issue: "no root".into(),
            resolution: Some("set it".into())
        }),
        json!({
            "name": "ConfigurationError",
            "message": "Configuration error: no root",
            "code": "CONFIG_ERROR",
            "statusCode": 500,
            "details": {"issue": "no root", "resolution": "set it"},
            "recoverable": false,
            "timestamp": "2025-10-27T14:35:22.000Z"
        })
    );
    // `toJSON()` always carries a timestamp: without a clock in the context it is
    // the time of the call, with milliseconds.
    let unclocked = Envelope::new(&ExaError::Search {
        query: "q".into(),
        reason: "r".into(),
    })
    .to_value(&ExaJson);
    let timestamp = unclocked["timestamp"].as_str().expect("a timestamp");
    assert_eq!(
        timestamp.len(),
        "2025-10-27T14:35:22.000Z".len(),
        "{timestamp}"
    );
    assert!(
        timestamp.ends_with('Z') && timestamp.as_bytes()[19] == b'.',
        "{timestamp}"
    );
    assert_eq!(
        unclocked.as_object().unwrap().keys().collect::<Vec<_>>(),
        [
            "name",
            "message",
            "code",
            "statusCode",
            "details",
            "recoverable",
            "timestamp"
        ]
    );
    // The specification instantiates its abstract base class for unknown errors, so
    // the name is the base class's.
    let unknown = normalize(&io::Error::other("x"), None);
    assert_eq!(render(&unknown)["name"], "ExaError");
    assert_eq!(render(&unknown)["statusCode"], 500);
}

#[test]
fn the_handler_logs_counts_and_alerts() {
    let clock = clock();
    let documents = exa::sample_documents();
    let mut tool = DocsTool::new(Mode::Production, clock, &documents);
    tool.get_documentation(&json!({"path": "nope.md"}));
    tool.get_documentation(&json!({"path": "nope.md"}));
    tool.get_documentation(&json!({"path": "api/legacy.md"}));
    assert_eq!(
        tool.handler.metrics[&("DOC_NOT_FOUND".to_owned(), "docs".to_owned())],
        2
    );
    // The log keeps details even in production: it is not sent to the caller.
    let first = &tool.handler.log[0];
    assert_eq!(first["error"]["details"]["path"], "nope.md");
    assert_eq!(
        first["context"],
        json!({
            "tool": "docs",
            "operation": "getDocumentation",
            "params": {"path": "nope.md"},
            "timestamp": "2025-10-27T14:35:22.000Z"
        })
    );
    // DOC_LOAD_ERROR is unrecoverable but not critical: no alert.
    assert!(tool.handler.alerts.is_empty());

    tool.configured = false;
    tool.get_documentation(&json!({"path": "x"}));
    assert_eq!(
        tool.handler.alerts,
        [json!({
            "timestamp": "2025-10-27T14:35:22.000Z",
            "tool": "docs",
            "operation": "getDocumentation",
            "errorCode": "CONFIG_ERROR",
            "errorMessage": "Configuration error: EXA_DOCS_ROOT is not set",
            "recoverable": false,
            "requestId": "req-4",
            "duration": 0,
            "level": "error",
            "service": "exa-mcp-server",
            "environment": "production"
        })]
    );
}

#[test]
fn alerting_rule_is_unrecoverable_and_critical() {
    // SYSTEM_ERROR (derived from the variant name) is critical and unrecoverable.
    assert!(needs_alert(&Probe::SystemError));
    // INIT_ERROR is critical, but this one is marked recoverable.
    assert!(!needs_alert(&Probe::InitRecoverable));
    assert!(!needs_alert(&ExaError::DocumentLoad {
        path: "p".into(),
        reason: "r".into()
    }));
    assert!(needs_alert(&ExaError::Configuration {
        issue: "i".into(),
        resolution: None
    }));
}

#[test]
fn log_entry_optional_fields() {
    let clock = clock();
    let error = ExaError::Search {
        query: "q".into(),
        reason: "r".into(),
    };
    let entry = ErrorLogEntry {
        mode: Mode::Development,
        duration_ms: 42,
        recovered: Some(false),
        user_id: Some("user-7"),
    };
    let options = Options::new().with_clock(clock);
    let context = options
        .context()
        .with_tool("docs")
        .with_operation("search")
        .with_request_id("req-9");
    let value = Envelope::new(&error).with_context(context).to_value(&entry);
    assert_eq!(value["recovered"], false);
    assert_eq!(value["userId"], "user-7");
    assert_eq!(value["duration"], 42);
    assert_eq!(value["requestId"], "req-9");
    assert_eq!(value["environment"], "development");
    assert_eq!(value["recoverable"], true);
}

#[test]
fn js_typeof_matches_javascript() {
    assert_eq!(js_typeof(None), "undefined");
    assert_eq!(js_typeof(Some(&Value::Null)), "object");
    assert_eq!(js_typeof(Some(&json!([1]))), "object");
    assert_eq!(js_typeof(Some(&json!({}))), "object");
    assert_eq!(js_typeof(Some(&json!(1.5))), "number");
    assert_eq!(js_typeof(Some(&json!(true))), "boolean");
    assert_eq!(js_typeof(Some(&json!("s"))), "string");
}

#[test]
fn hostile_inputs_stay_bounded_and_valid() {
    let clock = clock();
    let documents = exa::sample_documents();
    let mut tool = DocsTool::new(Mode::Development, clock, &documents);
    let huge = "ü\"\\\u{0}".repeat(100_000);
    for params in [
        json!({"path": huge}),
        json!({"path": [[[[[[[[[[huge]]]]]]]]]]}),
        json!({"path": {"a": huge}}),
        json!({"query": huge}),
    ] {
        let result = tool.get_documentation(&params);
        let text = result.to_string();
        assert_eq!(result["success"], false);
        assert!(text.len() < 70_000, "{}", text.len());
    }
    let result = tool.search(&json!({"query": format!("\"{huge}")}));
    assert!(result.to_string().len() < 70_000);
}
