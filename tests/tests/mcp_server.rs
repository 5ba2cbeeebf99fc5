//! End to end: spawn `gem-flux-mcp` and drive it with rmcp's client over stdio.
//!
//! The binary belongs to another package, so cargo does not build it for this test.
//! The test builds it with the same selection CI tests with (`--workspace
//! --all-features` plus the test targets), which after `cargo test --workspace
//! --all-features` has compiled everything else is only the binary itself. Set
//! `GEM_FLUX_MCP_BIN` to use an existing binary instead.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use rmcp::model::{CallToolRequestParams, CallToolResult, ErrorCode};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceError, ServiceExt};
use serde_json::{Map, Value, json};
use tokio::io::AsyncReadExt;
use tool_error_tests::{mcp_envelope, parse_json};

fn server_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        if let Some(path) = std::env::var_os("GEM_FLUX_MCP_BIN") {
            return PathBuf::from(path);
        }
        // This test runs as <target>/<profile>/deps/mcp_server-<hash>.
        let exe = std::env::current_exe().expect("the test knows its path");
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("the test executable is in <target>/<profile>/deps");
        let target_dir = profile_dir.parent().expect("a target directory");
        let profile = match profile_dir.file_name().and_then(|name| name.to_str()) {
            Some("debug") | None => "dev",
            Some(other) => other,
        };
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the tests package is in the workspace");
        let status = Command::new(cargo)
            .current_dir(workspace)
            .args([
                "build",
                "--quiet",
                "--workspace",
                "--all-features",
                "--tests",
            ])
            .args([
                "--bin",
                "gem-flux-mcp",
                "--profile",
                profile,
                "--target-dir",
            ])
            .arg(target_dir)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building gem-flux-mcp failed");
        profile_dir.join(format!("gem-flux-mcp{}", std::env::consts::EXE_SUFFIX))
    })
}

type Client = RunningService<RoleClient, ()>;

/// A fresh server process and a client connected to it; the server's stderr is kept.
async fn connect() -> (Client, tokio::process::ChildStderr) {
    let command = tokio::process::Command::new(server_binary());
    let (transport, stderr) = TokioChildProcess::builder(command)
        .stderr(Stdio::piped())
        .spawn()
        .expect("gem-flux-mcp starts");
    let client = ().serve(transport).await.expect("initialisation succeeds");
    (client, stderr.expect("stderr is piped"))
}

/// Closes the connection and returns what the server logged.
async fn finish(client: Client, mut stderr: tokio::process::ChildStderr) -> String {
    client.cancel().await.expect("the client closes cleanly");
    let mut log = String::new();
    stderr
        .read_to_string(&mut log)
        .await
        .expect("stderr is text");
    log
}

fn request(name: &'static str, arguments: Value) -> CallToolRequestParams {
    let arguments: Map<String, Value> = match arguments {
        Value::Object(map) => map,
        other => panic!("arguments must be an object, got {other}"),
    };
    CallToolRequestParams::new(name).with_arguments(arguments)
}

async fn call(client: &Client, name: &'static str, arguments: Value) -> CallToolResult {
    client
        .call_tool(request(name, arguments))
        .await
        .unwrap_or_else(|error| panic!("{name} answered with a protocol error: {error:?}"))
}

async fn success(client: &Client, name: &'static str, arguments: Value) -> Value {
    let result = call(client, name, arguments).await;
    assert_eq!(result.is_error, Some(false), "{name}: {result:?}");
    result
        .structured_content
        .expect("success results carry structured content")
}

fn is_utc_second(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
    bytes.len() == 20
        && digits.iter().all(|&i| bytes[i].is_ascii_digit())
        && [
            (4, b'-'),
            (7, b'-'),
            (10, b'T'),
            (13, b':'),
            (16, b':'),
            (19, b'Z'),
        ]
        .iter()
        .all(|&(i, c)| bytes[i] == c)
        && humantime::parse_rfc3339(text).is_ok()
}

/// Calls a tool that must fail and checks seed 000's flat envelope around the error.
async fn failure(
    client: &Client,
    name: &'static str,
    arguments: Value,
    error_code: &str,
    error_type: &str,
) -> Value {
    let result = call(client, name, arguments).await;
    assert_eq!(result.is_error, Some(true), "{name}: {result:?}");
    assert_eq!(result.structured_content, None, "errors are text only");
    assert_eq!(result.content.len(), 1);
    let envelope = mcp_envelope(&result);
    let object = envelope.as_object().expect("an object");
    let keys: Vec<&str> = object.keys().map(String::as_str).collect();
    for key in [
        "success",
        "error_type",
        "error_code",
        "jsonrpc_error_code",
        "message",
        "suggestions",
        "tool_name",
        "timestamp",
    ] {
        assert!(keys.contains(&key), "{key} missing from {envelope}");
    }
    assert_eq!(envelope["success"], false);
    assert_eq!(envelope["error_code"], error_code, "{envelope}");
    assert_eq!(envelope["error_type"], error_type, "{envelope}");
    let legacy = match error_type {
        "validation_error" => -32000,
        "not_found_error" => -32001,
        "database_error" => -32004,
        other => panic!("no legacy code expected for {other}"),
    };
    assert_eq!(envelope["jsonrpc_error_code"], legacy, "{envelope}");
    assert!(!envelope["message"].as_str().unwrap().is_empty());
    // Seed 000 marks `details` optional: an object when present.
    assert!(
        envelope.get("details").is_none_or(Value::is_object),
        "{envelope}"
    );
    let suggestions = envelope["suggestions"].as_array().unwrap();
    assert!(!suggestions.is_empty());
    assert!(suggestions.iter().all(|s| !s.as_str().unwrap().is_empty()));
    assert_eq!(envelope["tool_name"], name);
    assert!(
        is_utc_second(envelope["timestamp"].as_str().unwrap()),
        "{envelope}"
    );
    envelope
}

#[tokio::test]
async fn initialisation_and_tool_listing() {
    let (client, stderr) = connect().await;
    let info = client.peer_info().expect("the server introduced itself");
    let server = info.server_info.as_ref().expect("server info");
    assert_eq!(server.name, "gem-flux");
    assert!(info.capabilities.tools.is_some());

    let mut tools = client.list_all_tools().await.unwrap();
    tools.sort_by(|a, b| a.name.cmp(&b.name));
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_ref()).collect();
    assert_eq!(
        names,
        [
            "build_media",
            "get_compound_name",
            "get_media",
            "search_compounds"
        ]
    );
    let schema = |name: &str| {
        let tool = tools.iter().find(|tool| tool.name == name).unwrap();
        assert!(tool.description.as_deref().is_some_and(|d| !d.is_empty()));
        assert!(tool.output_schema.is_some(), "{name} declares its output");
        Value::Object((*tool.input_schema).clone())
    };
    let compound = schema("get_compound_name");
    assert_eq!(compound["required"], json!(["compound_id"]));
    assert_eq!(compound["properties"]["compound_id"]["type"], "string");
    let search = schema("search_compounds");
    assert_eq!(search["required"], json!(["query"]));
    assert!(search["properties"]["limit"].is_object());
    let media = schema("build_media");
    assert_eq!(media["required"], json!(["compounds"]));
    assert_eq!(media["properties"]["compounds"]["type"], "array");
    assert!(media["properties"]["default_uptake"].is_object());
    assert!(media["properties"]["custom_bounds"].is_object());
    assert_eq!(schema("get_media")["required"], json!(["media_id"]));

    let log = finish(client, stderr).await;
    assert!(log.contains("gem-flux-mcp ready on stdio"), "{log}");
}

#[tokio::test]
async fn database_tools() {
    let (client, stderr) = connect().await;

    for (id, name, formula) in [
        ("cpd00001", "H2O", "H2O"),
        ("cpd00007", "O2", "O2"),
        ("cpd00027", "D-Glucose", "C6H12O6"),
    ] {
        let found = success(&client, "get_compound_name", json!({ "compound_id": id })).await;
        assert_eq!(
            found,
            json!({ "compound_id": id, "name": name, "formula": formula })
        );
    }

    let glucose = success(&client, "search_compounds", json!({ "query": "glucose" })).await;
    assert_eq!(glucose["query"], "glucose");
    let ids: Vec<&str> = glucose["compounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["compound_id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"cpd00027"), "{glucose}");
    assert_eq!(glucose["count"], ids.len());
    let by_id = success(
        &client,
        "search_compounds",
        json!({ "query": "cpd0000", "limit": 3 }),
    )
    .await;
    assert_eq!(by_id["count"], 3);
    let all = success(
        &client,
        "search_compounds",
        json!({ "query": "cpd", "limit": 100 }),
    )
    .await;
    assert!(
        all["count"].as_u64().unwrap() >= 30,
        "at least 30 compounds"
    );

    // INVALID_ID_FORMAT: not `cpd` and five digits.
    for bad in ["CPD00027", "cpd27", "compound_027", ""] {
        let envelope = failure(
            &client,
            "get_compound_name",
            json!({ "compound_id": bad }),
            "INVALID_ID_FORMAT",
            "validation_error",
        )
        .await;
        assert_eq!(envelope["details"]["requested_id"], bad);
    }

    // COMPOUND_NOT_FOUND: well formed, unknown; similar known IDs are offered.
    let envelope = failure(
        &client,
        "get_compound_name",
        json!({ "compound_id": "cpd00039" }),
        "COMPOUND_NOT_FOUND",
        "database_error",
    )
    .await;
    let details = &envelope["details"];
    assert_eq!(details["requested_id"], "cpd00039");
    assert!(details["total_compounds"].as_u64().unwrap() >= 30);
    let similar = details["similar_ids"].as_array().unwrap();
    assert!(!similar.is_empty());
    for id in similar {
        let id = id.as_str().unwrap();
        let differing = id.bytes().zip("cpd00039".bytes()).filter(|(a, b)| a != b);
        assert!(differing.count() <= 2, "{id} is not close to cpd00039");
        // Every suggestion is a real compound.
        success(&client, "get_compound_name", json!({ "compound_id": id })).await;
    }

    // EMPTY_QUERY and INVALID_LIMIT, in that order.
    failure(
        &client,
        "search_compounds",
        json!({ "query": "   " }),
        "EMPTY_QUERY",
        "validation_error",
    )
    .await;
    failure(
        &client,
        "search_compounds",
        json!({ "query": "", "limit": 0 }),
        "EMPTY_QUERY",
        "validation_error",
    )
    .await;
    for limit in [0, -3, 101] {
        let envelope = failure(
            &client,
            "search_compounds",
            json!({ "query": "glucose", "limit": limit }),
            "INVALID_LIMIT",
            "validation_error",
        )
        .await;
        assert_eq!(envelope["details"]["limit"], limit);
    }

    let log = finish(client, stderr).await;
    // Logs go to stderr as JSON lines, one ERROR entry per failed call.
    let entries: Vec<Value> = log.lines().map(parse_json).collect();
    assert!(
        entries.iter().any(|entry| entry["level"] == "ERROR"
            && entry["error_code"] == "COMPOUND_NOT_FOUND"
            && entry["tool_name"] == "get_compound_name"),
        "{log}"
    );
    // With no call_tool of its own, every error still knows its tool and request.
    let errors: Vec<&Value> = entries
        .iter()
        .filter(|entry| entry.get("error_code").is_some())
        .collect();
    assert!(errors.len() >= 10, "{log}");
    for entry in errors {
        assert!(
            entry["tool_name"].is_string() && entry["tool_name"] != "unknown",
            "{entry}"
        );
        // tracing records the id as text.
        let id = entry["request_id"]
            .as_str()
            .unwrap_or_else(|| panic!("{entry}"));
        assert!(id.parse::<i64>().is_ok(), "{entry}");
    }
}

#[tokio::test]
async fn media_tools() {
    let (client, stderr) = connect().await;

    let media = success(
        &client,
        "build_media",
        json!({
            "compounds": ["cpd00027", "cpd00007", "cpd00001"],
            "default_uptake": 10,
            "custom_bounds": { "cpd00027": [-5, 50] }
        }),
    )
    .await;
    let media_id = media["media_id"].as_str().unwrap().to_owned();
    assert_eq!(media["num_compounds"], 3);
    let glucose = &media["compounds"][0];
    assert_eq!(glucose["compound_id"], "cpd00027");
    assert_eq!(glucose["name"], "D-Glucose");
    assert_eq!(
        (&glucose["lower_bound"], &glucose["upper_bound"]),
        (&json!(-5.0), &json!(50.0))
    );
    assert_eq!(media["compounds"][1]["lower_bound"], -10.0);

    let defaulted = success(&client, "build_media", json!({ "compounds": ["cpd00029"] })).await;
    assert_ne!(defaulted["media_id"], media_id.as_str());
    assert_eq!(defaulted["default_uptake"], 100.0);

    let fetched = success(&client, "get_media", json!({ "media_id": media_id })).await;
    assert_eq!(fetched, media);

    // MEDIA_NOT_FOUND lists what the session has.
    let envelope = failure(
        &client,
        "get_media",
        json!({ "media_id": "media_999" }),
        "MEDIA_NOT_FOUND",
        "not_found_error",
    )
    .await;
    assert_eq!(envelope["details"]["requested_id"], "media_999");
    let available = envelope["details"]["available_media"].as_array().unwrap();
    assert_eq!(available.len(), 2);
    assert!(available.contains(&json!(media_id)));

    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": [] }),
        "EMPTY_COMPOUNDS_LIST",
        "validation_error",
    )
    .await;
    assert!(envelope["message"].as_str().unwrap().contains("empty"));

    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", "cpd99999", "cpd00ABC", "cpd00007"] }),
        "INVALID_COMPOUND_IDS",
        "validation_error",
    )
    .await;
    assert_eq!(
        envelope["details"],
        json!({
            "invalid_ids": ["cpd99999", "cpd00ABC"],
            "valid_ids": ["cpd00027", "cpd00007"],
            "total_provided": 4,
            "total_invalid": 2
        })
    );

    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027"], "default_uptake": -5 }),
        "NEGATIVE_UPTAKE",
        "validation_error",
    )
    .await;
    assert_eq!(envelope["details"]["default_uptake"], -5.0);

    failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027"], "custom_bounds": { "cpd00027": [1] } }),
        "INVALID_BOUNDS_FORMAT",
        "validation_error",
    )
    .await;

    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027"], "custom_bounds": { "cpd00001": [-1, 1] } }),
        "COMPOUND_NOT_IN_LIST",
        "validation_error",
    )
    .await;
    assert_eq!(envelope["details"]["compound_id"], "cpd00001");

    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027"], "custom_bounds": { "cpd00027": [10, -10] } }),
        "BOUNDS_OUT_OF_ORDER",
        "validation_error",
    )
    .await;
    assert_eq!(envelope["details"]["lower_bound"], 10.0);
    assert_eq!(envelope["details"]["upper_bound"], -10.0);

    // Seed 000's validation order decides between several problems.
    for (arguments, first) in [
        (
            json!({ "compounds": ["cpd99999"], "default_uptake": -1 }),
            "INVALID_COMPOUND_IDS",
        ),
        (
            json!({ "compounds": ["cpd00027"], "default_uptake": 0, "custom_bounds": { "cpd00027": [1] } }),
            "NEGATIVE_UPTAKE",
        ),
        (
            json!({ "compounds": ["cpd00027"], "custom_bounds": { "cpd00001": [5, 1], "cpd00027": [1, 2, 3] } }),
            "INVALID_BOUNDS_FORMAT",
        ),
        (
            json!({ "compounds": ["cpd00027"], "custom_bounds": { "cpd00001": [-1, 1], "cpd00027": [5, 1] } }),
            "COMPOUND_NOT_IN_LIST",
        ),
    ] {
        failure(&client, "build_media", arguments, first, "validation_error").await;
    }

    let _ = finish(client, stderr).await;
}

#[tokio::test]
async fn bad_arguments_and_unknown_tools() {
    let (client, stderr) = connect().await;

    // Arguments that do not match the input schema: a validation error naming the path.
    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", 42] }),
        "INVALID_ARGUMENTS",
        "validation_error",
    )
    .await;
    assert_eq!(
        envelope["details"],
        json!({ "parameter": "compounds[1]", "expected": "a string", "actual": "number" })
    );
    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027"], "custom_bounds": { "cpd00027": [-1, "high"] } }),
        "INVALID_ARGUMENTS",
        "validation_error",
    )
    .await;
    assert_eq!(
        envelope["details"]["parameter"],
        "custom_bounds.cpd00027[1]"
    );
    let envelope = failure(
        &client,
        "get_compound_name",
        json!({}),
        "INVALID_ARGUMENTS",
        "validation_error",
    )
    .await;
    assert_eq!(envelope["details"]["parameter"], "compound_id");
    assert_eq!(envelope["details"]["actual"], "missing");

    // An unknown tool is a protocol error, -32602, not a tool result.
    let error = client
        .call_tool(request("run_fba", json!({ "model_id": "m1" })))
        .await
        .expect_err("unknown tools are JSON-RPC errors");
    match error {
        ServiceError::McpError(data) => assert_eq!(data.code, ErrorCode(-32602)),
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }

    // The server is still serving after all of that.
    success(
        &client,
        "get_compound_name",
        json!({ "compound_id": "cpd00027" }),
    )
    .await;
    let _ = finish(client, stderr).await;
}
