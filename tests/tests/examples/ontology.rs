//! The ontology server's tool error handling documentation
//! ("MCP Tool Error Handling - Final Audit & Pattern Documentation"): the code table
//! ("Standard Error Codes", "Error Code Reference"), `{error, code, message,
//! details}` tool results, protocol errors for system failures ("Decision Tree"),
//! and the parameter templates ("Code Templates") through `tool_error::params`.
//!
//! The documentation shows no complete JSON response. The expected values below
//! follow its Go templates: `NewErrorResult(code, message)` has no details,
//! `NewErrorResultWithDetails` has the map it is given, and messages are built with
//! the `fmt.Sprintf` formats the templates show (`%q` quoting).
//!
//! Types in `actual_type` and `invalid_element_type` are what Go's `%T` prints for
//! the value `encoding/json` decoded into `any`: `float64` (every JSON number),
//! `bool`, `string`, `[]interface {}`, `map[string]interface {}`, and `<nil>` for
//! `null`, except that Template 2 (booleans) writes `unknown` for `null`. UUIDs are
//! read as Go's `uuid.Parse` reads them, and a bad one gets Template 6's message,
//! which says "id" whatever the parameter is called.

use serde_json::{Value, json};
use tool_error::{RequestId, StaticCatalog, assert_unique_codes};
use tool_error_examples::ontology::{
    self, APPROVED_QUERY, FACT_ID, OntologyError, OntologyServer, PENDING_QUERY, ProtocolError,
    Reply, RepoError, RepositoryError,
};
use tool_error_tests::parse_json;

// Template 7's two codes and the protocol errors never collide with the table.
assert_unique_codes!(OntologyError, RepositoryError, ProtocolError);

/// The "Standard Error Codes" table, verbatim.
const DOCUMENTED_TABLE: &str = "\
| Error Code | Usage | Example Scenario |
|------------|-------|------------------|
| `invalid_parameters` | Parameter is missing, empty, wrong type, or invalid format | `table` parameter is empty string, `role` parameter has invalid value |
| `TABLE_NOT_FOUND` | Requested table doesn't exist in schema | Trying to update column in non-existent table |
| `COLUMN_NOT_FOUND` | Requested column doesn't exist in table | Trying to probe a column that doesn't exist |
| `ENTITY_NOT_FOUND` | Requested entity doesn't exist in ontology | Trying to update or delete non-existent entity |
| `RELATIONSHIP_NOT_FOUND` | Requested relationship doesn't exist | Trying to delete relationship that doesn't exist |
| `FACT_NOT_FOUND` | Requested knowledge fact doesn't exist | Trying to delete non-existent fact |
| `QUERY_NOT_FOUND` | Requested query doesn't exist | Trying to execute query with invalid ID |
| `QUERY_NOT_APPROVED` | Query exists but is not approved/enabled | Trying to execute pending or rejected query |
| `ontology_not_found` | No active ontology exists for project | Requesting schema with semantic annotations before extraction |
| `validation_error` | Generic validation failure | Complex multi-field validation failures |
| `parameter_validation` | Query parameter validation failure | Missing/unknown SQL query parameters |
| `type_validation` | Type conversion error | SQL parameter type mismatch |
| `query_error` | SQL query execution error | Syntax errors, constraint violations |
| `security_violation` | Security rule violation | SQL injection attempt detected |
";

/// The "Error Code Reference" block, verbatim.
const DOCUMENTED_REFERENCE: &str = "\
COLUMN_NOT_FOUND         - Column doesn't exist in schema
ENTITY_NOT_FOUND         - Entity doesn't exist in ontology
FACT_NOT_FOUND           - Knowledge fact doesn't exist
invalid_parameters       - Parameter validation failure (general)
ontology_not_found       - No active ontology for project
parameter_validation     - SQL query parameter issue
query_error              - SQL execution error
QUERY_NOT_APPROVED       - Query not enabled for execution
QUERY_NOT_FOUND          - Query ID doesn't exist
RELATIONSHIP_NOT_FOUND   - Relationship doesn't exist
security_violation       - Security rule violated
TABLE_NOT_FOUND          - Table doesn't exist in schema
type_validation          - Type conversion error
validation_error         - Complex validation failure
";

#[test]
fn the_code_table_is_generated_from_the_catalog() {
    assert_eq!(ontology::code_table(), DOCUMENTED_TABLE);
}

#[test]
fn the_code_reference_is_generated_from_the_catalog() {
    assert_eq!(ontology::code_reference(), DOCUMENTED_REFERENCE);
}

/// The documentation contradicts itself twice here. Its "Statistics" say "13 unique
/// error codes" while its table and reference list 14; and its naming rule
/// ("SCREAMING_SNAKE_CASE for resource-not-found errors, snake_case for all
/// others") is broken by its own table (`ontology_not_found` lowercase,
/// `QUERY_NOT_APPROVED` uppercase). We take the table: 14 codes, spelled as listed,
/// because clients match codes byte for byte.
#[test]
fn fourteen_codes_in_the_documented_mixed_case() {
    let codes: Vec<&str> = <OntologyError as StaticCatalog>::CATALOG.codes().collect();
    assert_eq!(
        codes,
        [
            "invalid_parameters",
            "TABLE_NOT_FOUND",
            "COLUMN_NOT_FOUND",
            "ENTITY_NOT_FOUND",
            "RELATIONSHIP_NOT_FOUND",
            "FACT_NOT_FOUND",
            "QUERY_NOT_FOUND",
            "QUERY_NOT_APPROVED",
            "ontology_not_found",
            "validation_error",
            "parameter_validation",
            "type_validation",
            "query_error",
            "security_violation",
        ]
    );
}

fn server() -> OntologyServer {
    OntologyServer::sample()
}

/// Calls a tool, requires an error result, and returns the parsed text, checking
/// the MCP envelope around it on the way.
#[track_caller]
fn error_response(server: &OntologyServer, tool: &str, arguments: Value) -> Value {
    let reply = server.call(tool, &arguments, RequestId::Number(1));
    let Reply::ToolError(result) = &reply else {
        panic!("expected a tool error result, got {reply:?}");
    };
    assert_eq!(result["isError"], true);
    assert_eq!(result["content"].as_array().unwrap().len(), 1);
    assert_eq!(result["content"][0]["type"], "text");
    parse_json(result["content"][0]["text"].as_str().unwrap())
}

// Test structure template, case 1: "missing required parameter".
#[test]
fn missing_required_parameter() {
    for arguments in [
        json!({"column": "id", "role": "measure"}),
        json!({"table": "", "column": "id", "role": "measure"}),
        json!({"table": " \t\n", "column": "id", "role": "measure"}),
        json!({"table": null, "column": "id", "role": "measure"}),
    ] {
        assert_eq!(
            error_response(&server(), "update_column", arguments),
            json!({
                "error": true,
                "code": "invalid_parameters",
                "message": "parameter 'table' cannot be empty"
            })
        );
    }
}

/// "Test Structure Template" ("Testing Requirements"), case 2: "wrong parameter
/// type". Its Go test expects `actual_type` to contain "int": its parameter map is a
/// Go literal, where 123 is an `int`. Over MCP the arguments arrive as JSON, which Go
/// decodes into `any` with every number a `float64`, so `%T` prints `float64`: that
/// is what the server sends.
#[test]
fn wrong_parameter_type() {
    assert_eq!(
        error_response(
            &server(),
            "update_column",
            json!({"table": 123, "column": "id", "role": "measure"})
        ),
        json!({
            "error": true,
            "code": "invalid_parameters",
            "message": "parameter 'table' must be a string",
            "details": {"parameter": "table", "expected_type": "string", "actual_type": "float64"}
        })
    );
}

// Test structure template, case 3 and Template 5: "resource not found".
#[test]
fn resource_not_found() {
    assert_eq!(
        error_response(&server(), "get_entity", json!({"entity": "NonExistent"})),
        json!({
            "error": true,
            "code": "ENTITY_NOT_FOUND",
            "message": "entity \"NonExistent\" not found"
        })
    );
}

// Test structure template, case 4: "system error returns Go error".
#[test]
fn system_error_is_a_protocol_error_not_a_tool_result() {
    let mut server = server();
    server.repository_failure = Some(RepoError("connection refused".into()));
    let reply = server.call(
        "get_entity",
        &json!({"entity": "SomeEntity"}),
        RequestId::Number(7),
    );
    let Reply::ProtocolError(response) = reply else {
        panic!("expected a protocol error, got {reply:?}");
    };
    assert_eq!(response["jsonrpc"], "2.0");
    assert_eq!(response["id"], 7);
    assert_eq!(response["error"]["code"], -32603);
    // Infrastructure details stay on the server.
    assert_eq!(response["error"]["message"], "Internal error");
    assert_eq!(response["error"]["data"]["code"], "LOOKUP_FAILED");
    assert!(!response.to_string().contains("connection refused"));
    assert!(response.get("isError").is_none());
}

// Template 2: optional boolean with the actual type.
#[test]
fn boolean_parameter_reports_the_actual_type() {
    for (value, actual) in [
        (json!("true"), "string"),
        (json!(1), "float64"),
        (json!(1.5), "float64"),
        (json!([true]), "[]interface {}"),
        (json!({"x": true}), "map[string]interface {}"),
        // The template's own rule: nil is "unknown", not %T's "<nil>".
        (Value::Null, "unknown"),
    ] {
        assert_eq!(
            error_response(&server(), "get_schema", json!({"include_semantic": value})),
            json!({
                "error": true,
                "code": "invalid_parameters",
                "message": "parameter 'include_semantic' must be a boolean",
                "details": {
                    "parameter": "include_semantic",
                    "expected_type": "boolean",
                    "actual_type": actual
                }
            })
        );
    }
    let ok = server().call(
        "get_schema",
        &json!({"include_semantic": true}),
        RequestId::Null,
    );
    assert!(matches!(ok, Reply::Success(_)));
    let absent = server().call("get_schema", &json!({}), RequestId::Null);
    assert!(matches!(absent, Reply::Success(_)));
}

// Template 3: array with element type checking.
#[test]
fn array_parameter_checks_every_element() {
    // Template 3 prints %T of whatever is there, nil included: "<nil>".
    for (tags, actual) in [
        (json!("sales"), "string"),
        (json!(7), "float64"),
        (json!({"tag": "sales"}), "map[string]interface {}"),
        (Value::Null, "<nil>"),
    ] {
        assert_eq!(
            error_response(&server(), "list_approved_queries", json!({"tags": tags})),
            json!({
                "error": true,
                "code": "invalid_parameters",
                "message": "parameter 'tags' must be an array",
                "details": {"parameter": "tags", "expected_type": "array", "actual_type": actual}
            })
        );
    }
    for (tags, index, element_type) in [
        (json!([1, 2, 3]), 0, "float64"),
        (json!(["a", "b", null]), 2, "<nil>"),
        (json!(["a", ["nested"]]), 1, "[]interface {}"),
        (json!(["a", {"b": 1}, 3]), 1, "map[string]interface {}"),
        (json!(["a", false]), 1, "bool"),
    ] {
        assert_eq!(
            error_response(&server(), "list_approved_queries", json!({"tags": tags})),
            json!({
                "error": true,
                "code": "invalid_parameters",
                "message": "all tag elements must be strings",
                "details": {
                    "parameter": "tags",
                    "invalid_element_index": index,
                    "invalid_element_type": element_type
                }
            })
        );
    }
    let reply = server().call(
        "list_approved_queries",
        &json!({"tags": ["sales"]}),
        RequestId::Null,
    );
    assert_eq!(reply.value()["queries"], json!([APPROVED_QUERY]));
}

// Template 4: enum choice with the expected list.
#[test]
fn enum_parameter_lists_the_choices() {
    assert_eq!(
        error_response(
            &server(),
            "update_column",
            json!({"table": "orders", "column": "total", "role": "metric"})
        ),
        json!({
            "error": true,
            "code": "invalid_parameters",
            "message": "invalid role \"metric\"",
            "details": {
                "parameter": "role",
                "expected": ["dimension", "measure", "identifier", "attribute"],
                "actual": "metric"
            }
        })
    );
    // The template quotes the value as given in the message, and reports it trimmed
    // in the details.
    let response = error_response(
        &server(),
        "update_column",
        json!({"table": "orders", "column": "total", "role": " Measure\t"}),
    );
    assert_eq!(response["message"], "invalid role \" Measure\\t\"");
    assert_eq!(response["details"]["actual"], "Measure");
    // Surrounding spaces do not make a valid choice invalid.
    let ok = server().call(
        "update_column",
        &json!({"table": " orders ", "column": "total", "role": " measure "}),
        RequestId::Null,
    );
    assert_eq!(
        ok,
        Reply::Success(json!({"table": "orders", "column": "total", "role": "measure"}))
    );
}

// Template 6: UUID validation.
//
/// A reading the project chose for the message: Template 6 formats "invalid id
/// format: %q is not a valid UUID" whatever the parameter is called, so `fact_id`
/// and `query_id` both get "invalid id format".
#[test]
fn uuid_parameter() {
    assert_eq!(
        error_response(
            &server(),
            "delete_project_knowledge",
            json!({"fact_id": " 42 "})
        ),
        json!({
            "error": true,
            "code": "invalid_parameters",
            "message": "invalid id format: \"42\" is not a valid UUID"
        })
    );
    assert_eq!(
        error_response(
            &server(),
            "execute_approved_query",
            json!({"query_id": "not-a-uuid"})
        )["message"],
        "invalid id format: \"not-a-uuid\" is not a valid UUID"
    );
    let ok = server().call(
        "delete_project_knowledge",
        &json!({"fact_id": format!("  {}  ", FACT_ID.to_uppercase())}),
        RequestId::Null,
    );
    assert_eq!(ok, Reply::Success(json!({"deleted": FACT_ID})));
    assert_eq!(
        error_response(
            &server(),
            "delete_project_knowledge",
            json!({"fact_id": "00000000-0000-4000-8000-000000000000"})
        ),
        json!({
            "error": true,
            "code": "FACT_NOT_FOUND",
            "message": "fact \"00000000-0000-4000-8000-000000000000\" not found"
        })
    );
}

/// The forms Template 6's `uuid.Parse` (github.com/google/uuid) accepts, by length in
/// bytes: 36 (8-4-4-4-12), 45 (`urn:uuid:` in any case, then 36), 38 (`{...}`, of
/// which Go reads only the middle 36 bytes, so the outer two are not checked) and 32
/// (hex without hyphens); hex digits of either case. Everything else is refused.
#[test]
fn uuid_forms_are_gos() {
    let hex: String = FACT_ID.chars().filter(|c| *c != '-').collect();
    let accepted = [
        FACT_ID.to_owned(),
        FACT_ID.to_uppercase(),
        format!("urn:uuid:{FACT_ID}"),
        format!("URN:Uuid:{FACT_ID}"),
        format!("{{{FACT_ID}}}"),
        // Go does not look at the first and last of the 38 bytes.
        format!("x{FACT_ID}y"),
        format!("({FACT_ID})"),
        hex.clone(),
        hex.to_uppercase(),
    ];
    for text in &accepted {
        let reply = server().call(
            "delete_project_knowledge",
            &json!({"fact_id": text}),
            RequestId::Null,
        );
        assert_eq!(reply, Reply::Success(json!({"deleted": FACT_ID})), "{text}");
    }
    let refused = [
        // 36 bytes with a hyphen moved, or a non-hex digit.
        format!("{}-{}", &hex[..7], &FACT_ID[8..]),
        FACT_ID.replacen('6', "g", 1),
        // 45 bytes with another prefix.
        format!("urn:uuix:{FACT_ID}"),
        format!("uuid:urn:{FACT_ID}"),
        // 38 bytes whose middle is not the 36-byte form.
        format!("{{{hex}1234}}"),
        // 32 bytes that are not all hex.
        format!("{}z", &hex[..31]),
        // Other lengths.
        format!("{{{FACT_ID}"),
        format!("{hex}0"),
        format!("urn:uuid:{{{FACT_ID}}}"),
        "42".to_owned(),
        // 36 bytes, but é takes two: a hyphen position falls inside it.
        format!("{}é{}", &FACT_ID[..7], &FACT_ID[9..]),
    ];
    for text in &refused {
        let response = error_response(
            &server(),
            "delete_project_knowledge",
            json!({"fact_id": text}),
        );
        assert_eq!(response["code"], "invalid_parameters", "{text}");
        assert!(
            response["message"]
                .as_str()
                .unwrap()
                .starts_with("invalid id format: "),
            "{text}"
        );
    }
}

#[test]
fn table_and_column_lookups() {
    assert_eq!(
        error_response(
            &server(),
            "update_column",
            json!({"table": "invoices", "column": "id", "role": "identifier"})
        ),
        json!({"error": true, "code": "TABLE_NOT_FOUND", "message": "table \"invoices\" not found"})
    );
    assert_eq!(
        error_response(
            &server(),
            "update_column",
            json!({"table": "orders", "column": "discount", "role": "measure"})
        )["code"],
        "COLUMN_NOT_FOUND"
    );
}

#[test]
fn query_execution_errors() {
    let s = server();
    let execute = |arguments: Value| error_response(&s, "execute_approved_query", arguments);
    assert_eq!(
        execute(json!({"query_id": PENDING_QUERY})),
        json!({
            "error": true,
            "code": "QUERY_NOT_APPROVED",
            "message": format!("query \"{PENDING_QUERY}\" is not approved (status: pending)"),
            "details": {"status": "pending"}
        })
    );
    assert_eq!(
        execute(
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "country": "DE"}})
        ),
        json!({
            "error": true,
            "code": "parameter_validation",
            "message": "query parameters do not match the query: 1 missing, 1 unknown",
            "details": {"missing": ["region"], "unknown": ["country"]}
        })
    );
    assert_eq!(
        execute(
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": "7", "region": "EU"}})
        )["code"],
        "type_validation"
    );
    assert_eq!(
        execute(
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "region": "x;--"}})
        )["code"],
        "security_violation"
    );
    assert_eq!(
        execute(
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "region": ""}})
        )["code"],
        "query_error"
    );
    assert_eq!(
        execute(json!({"query_id": APPROVED_QUERY, "parameters": []})),
        json!({
            "error": true,
            "code": "invalid_parameters",
            "message": "parameter 'parameters' must be an object",
            "details": {"parameter": "parameters", "expected_type": "object", "actual_type": "[]interface {}"}
        })
    );
    let ok = s.call(
        "execute_approved_query",
        &json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "region": "EU"}}),
        RequestId::Null,
    );
    assert!(matches!(ok, Reply::Success(_)));
}

#[test]
fn template_seven_sorts_repository_errors() {
    let mut s = server();
    let call = |s: &OntologyServer| {
        s.call(
            "delete_relationship",
            &json!({"from_entity": "Customer", "to_entity": "Order"}),
            RequestId::String("r-1"),
        )
    };
    s.repository_failure = Some(RepoError("relationship row not found".into()));
    assert_eq!(
        call(&s).error_response(),
        Some(
            json!({"error": true, "code": "RESOURCE_NOT_FOUND", "message": "relationship row not found"})
        )
    );
    s.repository_failure = Some(RepoError("unique constraint violated".into()));
    assert_eq!(
        call(&s).error_response(),
        Some(
            json!({"error": true, "code": "operation_failed", "message": "unique constraint violated"})
        )
    );
    s.repository_failure = Some(RepoError("context deadline exceeded".into()));
    let Reply::ProtocolError(timeout) = call(&s) else {
        panic!("a timeout is a system error")
    };
    assert_eq!(timeout["id"], "r-1");
    assert_eq!(timeout["error"]["data"]["kind"], "TRANSIENT");
    assert_eq!(
        timeout["error"]["message"],
        "system error: context deadline exceeded"
    );
    s.repository_failure = Some(RepoError("connection reset by peer".into()));
    assert!(matches!(call(&s), Reply::ProtocolError(_)));
    s.repository_failure = None;
    assert!(matches!(call(&s), Reply::Success(_)));
}

#[test]
fn multi_field_validation_and_missing_ontology() {
    assert_eq!(
        error_response(
            &server(),
            "update_entity",
            json!({"entity": "Customer", "key_column": "email"})
        ),
        json!({
            "error": true,
            "code": "validation_error",
            "message": "key_column \"email\" is not a column of table \"customers\"",
            "details": {
                "entity": "Customer",
                "key_column": "email",
                "table": "customers",
                "available_columns": ["id", "name"]
            }
        })
    );
    assert_eq!(
        error_response(
            &server(),
            "update_entity",
            json!({"entity": "Customer", "aliases": ["client", 1]})
        )["message"],
        "all alias elements must be strings"
    );
    let mut s = server();
    s.ontology_active = false;
    assert_eq!(
        error_response(&s, "get_schema", json!({"include_semantic": true}))["code"],
        "ontology_not_found"
    );
}

#[test]
fn unknown_tools_and_bad_argument_objects() {
    let reply = server().call("drop_everything", &json!({}), RequestId::Number(3));
    let Reply::ProtocolError(response) = reply else {
        panic!("unknown tools are protocol errors")
    };
    assert_eq!(response["error"]["code"], -32602);
    assert_eq!(
        response["error"]["message"],
        "unknown tool: drop_everything"
    );
    assert_eq!(
        error_response(&server(), "get_entity", json!(["Customer"])),
        json!({
            "error": true,
            "code": "invalid_parameters",
            "message": "arguments must be an object",
            "details": {"expected_type": "object", "actual_type": "[]interface {}"}
        })
    );
}

#[test]
fn hostile_arguments_never_escape_the_limits() {
    let huge = "x".repeat(1_000_000);
    for (tool, arguments) in [
        (
            "update_column",
            json!({"table": "orders", "column": "id", "role": huge}),
        ),
        ("delete_project_knowledge", json!({"fact_id": huge})),
        ("get_entity", json!({"entity": huge})),
        (
            "list_approved_queries",
            json!({"tags": vec![json!(1); 100_000]}),
        ),
    ] {
        let reply = server().call(tool, &arguments, RequestId::Null);
        let text = reply.value().to_string();
        assert!(text.len() < 70_000, "{tool}: {}", text.len());
        let response = reply.error_response().expect("a tool error");
        assert_eq!(response["error"], true);
    }
}

#[test]
fn the_samples_cover_every_code_and_both_channels() {
    let samples = ontology::samples();
    let titles: Vec<&str> = samples.iter().map(|s| s.title.as_str()).collect();
    for code in <OntologyError as StaticCatalog>::CATALOG.codes() {
        assert!(
            titles.iter().any(|t| t.starts_with(&format!("{code}:"))),
            "{code} has no sample"
        );
    }
    let protocol = samples
        .iter()
        .filter(|s| s.output.get("jsonrpc").is_some())
        .count();
    assert_eq!(protocol, 2);
}
