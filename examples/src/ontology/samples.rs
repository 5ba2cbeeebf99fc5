//! One reply per code of the server's table and the two system failures, for the
//! tour.

use serde_json::{Value, json};
use tool_error::RequestId;

use super::errors::RepoError;
use super::profile::Reply;
use super::server::{APPROVED_QUERY, OntologyServer, PENDING_QUERY};
use crate::Sample;

/// One result per code of the server's table, and the two system failures, for the
/// tour. Tool errors are shown as their text (the `ErrorResponse`), protocol
/// errors as the JSON-RPC response.
pub fn samples() -> Vec<Sample> {
    let server = OntologyServer::sample();
    let mut no_ontology = OntologyServer::sample();
    no_ontology.ontology_active = false;
    let mut offline = OntologyServer::sample();
    offline.repository_failure = Some(RepoError(
        "dial tcp 10.0.0.5:5432: connection refused".into(),
    ));
    let mut slow = OntologyServer::sample();
    slow.repository_failure = Some(RepoError("context deadline exceeded".into()));
    let calls: Vec<(&str, &OntologyServer, &str, Value)> = vec![
        (
            "empty required string",
            &server,
            "update_column",
            json!({"table": "  ", "column": "id", "role": "measure"}),
        ),
        (
            "boolean of the wrong type",
            &server,
            "get_schema",
            json!({"include_semantic": "yes"}),
        ),
        (
            "array element of the wrong type",
            &server,
            "list_approved_queries",
            json!({"tags": ["sales", 7]}),
        ),
        (
            "value not in the enum",
            &server,
            "update_column",
            json!({"table": "orders", "column": "total", "role": "metric"}),
        ),
        (
            "not a UUID",
            &server,
            "delete_project_knowledge",
            json!({"fact_id": "42"}),
        ),
        (
            "table",
            &server,
            "update_column",
            json!({"table": "invoices", "column": "id", "role": "identifier"}),
        ),
        (
            "column",
            &server,
            "update_column",
            json!({"table": "orders", "column": "discount", "role": "measure"}),
        ),
        (
            "entity",
            &server,
            "get_entity",
            json!({"entity": "NonExistent"}),
        ),
        (
            "relationship",
            &server,
            "delete_relationship",
            json!({"from_entity": "Order", "to_entity": "Customer"}),
        ),
        (
            "fact",
            &server,
            "delete_project_knowledge",
            json!({"fact_id": "00000000-0000-4000-8000-000000000000"}),
        ),
        (
            "query",
            &server,
            "execute_approved_query",
            json!({"query_id": "00000000-0000-4000-8000-000000000001"}),
        ),
        (
            "query not approved",
            &server,
            "execute_approved_query",
            json!({"query_id": PENDING_QUERY}),
        ),
        (
            "no ontology",
            &no_ontology,
            "get_schema",
            json!({"include_semantic": true}),
        ),
        (
            "multi-field rule",
            &server,
            "update_entity",
            json!({"entity": "Customer", "key_column": "email"}),
        ),
        (
            "SQL parameters",
            &server,
            "execute_approved_query",
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "country": "DE"}}),
        ),
        (
            "SQL parameter type",
            &server,
            "execute_approved_query",
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": "seven", "region": "EU"}}),
        ),
        (
            "SQL execution",
            &server,
            "execute_approved_query",
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "region": ""}}),
        ),
        (
            "SQL injection",
            &server,
            "execute_approved_query",
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "region": "EU'; DROP TABLE orders;--"}}),
        ),
        (
            "database down (system error)",
            &offline,
            "get_entity",
            json!({"entity": "Customer"}),
        ),
        (
            "deadline exceeded (system error)",
            &slow,
            "delete_relationship",
            json!({"from_entity": "Customer", "to_entity": "Order"}),
        ),
    ];
    calls
        .into_iter()
        .enumerate()
        .map(|(index, (what, server, tool, arguments))| {
            let id = i64::try_from(index + 1).unwrap_or(i64::MAX);
            let reply = server.call(tool, &arguments, RequestId::Number(id));
            let (code, output) = match &reply {
                Reply::ToolError(_) => {
                    let response = reply.error_response().unwrap_or(Value::Null);
                    (response["code"].as_str().unwrap_or("").to_owned(), response)
                }
                other => {
                    let value = other.value().clone();
                    let code = value["error"]["data"]["code"]
                        .as_str()
                        .unwrap_or("")
                        .to_owned();
                    (code, value)
                }
            };
            Sample {
                system: "ontology",
                title: format!("{code}: {what} ({tool})"),
                output,
            }
        })
        .collect()
}
