//! The `jsonrpsee` feature: derived errors into `ErrorObjectOwned`.

use std::fmt;

use jsonrpsee_types::ErrorObjectOwned;
use serde_json::{Value, json};
use tool_error::jsonrpsee::{JsonRpcOptions, error_object, to_error_object};
use tool_error::{ClientContext, Options};
use tool_error::{Kind, ToolError};
use tool_error_tests::{clock_at, parse_json};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "ontology")]
enum QueryError {
    #[error("Query '{query_id}' not found")]
    #[tool_error(kind = not_found, suggest = "List approved queries first")]
    QueryNotFound { query_id: String },

    #[error("query {query_id} is not approved")]
    #[tool_error(kind = permission, jsonrpc = -31001)]
    QueryNotApproved { query_id: String },
}

#[derive(Debug, thiserror::Error, ToolError)]
#[error("compound lookup failed")]
#[tool_error(legacy_jsonrpc, kind = not_found, category = "database_error", jsonrpc = -32004)]
struct LegacyLookup;

fn data(object: &ErrorObjectOwned) -> Value {
    parse_json(object.data().expect("data is present").get())
}

#[test]
fn from_a_derived_error() {
    let object = ErrorObjectOwned::from(QueryError::QueryNotFound {
        query_id: "q1".into(),
    });
    assert_eq!(object.code(), -31404);
    assert_eq!(object.message(), "Query 'q1' not found");
    let data = data(&object);
    assert_eq!(data["code"], "QUERY_NOT_FOUND");
    assert_eq!(data["kind"], "NOT_FOUND");
    // The domain is the same on every error of the service: not sent by default.
    assert_eq!(data.get("domain"), None);
    assert_eq!(data["details"], json!({ "query_id": "q1" }));
    assert_eq!(data["suggestions"], json!(["List approved queries first"]));

    let explicit = ErrorObjectOwned::from(QueryError::QueryNotApproved {
        query_id: "q2".into(),
    });
    assert_eq!(explicit.code(), -31001);
    assert_eq!(ErrorObjectOwned::from(LegacyLookup).code(), -32004);
}

#[test]
fn question_mark_in_an_rpc_method() {
    fn lookup(id: &str) -> Result<u32, QueryError> {
        Err(QueryError::QueryNotFound {
            query_id: id.into(),
        })
    }
    fn rpc_method(id: &str) -> Result<u32, ErrorObjectOwned> {
        Ok(lookup(id)? + 1)
    }
    let object = rpc_method("q7").unwrap_err();
    assert_eq!(object.code(), -31404);
    assert_eq!(data(&object)["details"]["query_id"], "q7");
}

#[test]
fn explicit_options_and_context() {
    let clock = clock_at("2026-01-20T10:00:00Z");
    let options = Options::new().with_clock(clock);
    let context = options
        .context()
        .with_tool("get_entity")
        .with_request_id("r-1");
    let object = to_error_object(
        &QueryError::QueryNotFound {
            query_id: "q1".into(),
        },
        &context,
        &options,
    );
    // The call's context goes to the log, not to the client, by default...
    let default = data(&object);
    for key in ["tool", "request_id", "timestamp", "domain"] {
        assert_eq!(default.get(key), None, "{key}");
    }
    // ...unless the options show it.
    let showing = options.clone().with_client_context(ClientContext::ALL);
    let error = QueryError::QueryNotFound {
        query_id: "q1".into(),
    };
    let data = data(&to_error_object(&error, &context, &showing));
    assert_eq!(data["tool"], "get_entity");
    assert_eq!(data["request_id"], "r-1");
    assert_eq!(data["timestamp"], "2026-01-20T10:00:00Z");
    assert_eq!(data["domain"], "ontology");

    let bare = to_error_object(
        &LegacyLookup,
        &context,
        &options
            .clone()
            .with_jsonrpc(JsonRpcOptions::new().with_data(false)),
    );
    assert_eq!(bare.code(), -32004);
    assert_eq!(bare.message(), "compound lookup failed");
    assert!(bare.data().is_none());
}

/// A format that writes the session id, as a log-shaped profile might.
struct WithSession;

impl tool_error::Profile for WithSession {
    fn serialize_envelope<S: serde::Serializer>(
        &self,
        envelope: &tool_error::Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", envelope.code())?;
        if let Some(session) = envelope.context().session_id() {
            map.serialize_entry("session_id", session)?;
        }
        map.end()
    }
}

#[test]
fn the_session_id_is_shown_only_when_the_options_say_so() {
    let options = Options::new().with_profile(WithSession);
    let context = options.context().with_session_id("session_123");
    let error = QueryError::QueryNotFound {
        query_id: "q1".into(),
    };
    let hidden = data(&to_error_object(&error, &context, &options));
    assert_eq!(hidden, json!({ "code": "QUERY_NOT_FOUND" }));
    for shown in [
        ClientContext::ALL,
        ClientContext::AGENT.with_session_id(true),
    ] {
        let showing = options.clone().with_client_context(shown);
        let data = data(&to_error_object(&error, &context, &showing));
        assert_eq!(data["session_id"], "session_123");
    }
}

#[test]
fn foreign_errors_are_masked_internal_errors() {
    let io = std::io::Error::other("connection string postgres://admin:hunter2@db");
    let object = error_object(&io);
    assert_eq!(object.code(), -32603);
    assert_eq!(object.message(), "Internal error");
    assert!(!object.data().unwrap().get().contains("hunter2"));
    assert_eq!(data(&object)["code"], "INTERNAL_ERROR");
}

/// A hand-written error claiming a code MCP reserves.
#[derive(Debug)]
struct Reserved;

impl fmt::Display for Reserved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("reserved")
    }
}

impl ToolError for Reserved {
    fn code(&self) -> &'static str {
        "RESERVED"
    }
    fn kind(&self) -> Kind {
        Kind::Conflict
    }
    fn jsonrpc_code(&self) -> i32 {
        -32042
    }
}

#[test]
fn reserved_codes_are_never_sent() {
    assert_eq!(error_object(&Reserved).code(), -31409);
    // Every place that states the code states the one sent.
    let envelope = tool_error::Envelope::new(&Reserved);
    assert_eq!(envelope.jsonrpc_code(), -31409);
    assert_eq!(
        envelope.to_value(&tool_error::JsonRpc::new())["code"],
        -31409
    );
    let options = Options::new().with_profile(tool_error::JsonRpc::new());
    let object = to_error_object(&Reserved, &options.context(), &options);
    assert_eq!(data(&object)["code"], -31409);
    // A JSON-RPC error jsonrpsee built is sent on as it is, reserved code included.
    let built = ErrorObjectOwned::owned(-32020, "header mismatch", None::<()>);
    assert_eq!(tool_error::Envelope::new(&built).jsonrpc_code(), -32020);
}
