//! End to end: spawn `gem-flux-mcp` and drive it with rmcp's client over stdio.
//!
//! The binary belongs to another package, so cargo does not build it for this test.
//! The test builds it with the same selection CI tests with (`--workspace
//! --all-features` plus the test targets), which after `cargo test --workspace
//! --all-features` has compiled everything else is only the binary itself. Set
//! `GEM_FLUX_MCP_BIN` to use an existing binary instead.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::OnceLock;

use rmcp::model::{CallToolRequestParams, CallToolResult, ErrorCode};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceError, ServiceExt};
use serde_json::{Value, json};
use tokio::io::AsyncReadExt;
use tool_error::StaticCatalog;
use tool_error::args::InputSchema;
use tool_error::client::ParsedNextCall;
use tool_error_examples::gem_flux::errors::{MAX_COMPLEXITY_LIMIT, MAX_TARGET_GROWTH};
use tool_error_examples::gem_flux::formula::Formula;
use tool_error_examples::gem_flux::validate::{MAX_SEARCH_LIMIT, patterns};
use tool_error_examples::gem_flux::{COMPOUNDS, CompoundIdReport, GemFluxError};
use tool_error_tests::{example_binary, mcp_envelope, parse_json, tool_call};

fn server_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| match std::env::var_os("GEM_FLUX_MCP_BIN") {
        Some(path) => PathBuf::from(path),
        None => example_binary("gem-flux-mcp"),
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

async fn call(client: &Client, name: &'static str, arguments: Value) -> CallToolResult {
    client
        .call_tool(tool_call(name, arguments))
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

/// The `next_calls` of a failure's envelope.
fn next_calls(envelope: &Value) -> Vec<ParsedNextCall> {
    serde_json::from_value(envelope["next_calls"].clone())
        .unwrap_or_else(|error| panic!("next_calls ({error}): {envelope}"))
}

/// Each next call's tool and whether it only reads, in order.
fn call_tools(calls: &[ParsedNextCall]) -> Vec<(&str, bool)> {
    calls
        .iter()
        .map(|call| (call.tool.as_str(), call.read_only))
        .collect()
}

/// Runs a next call as an agent does: its tool with its arguments, plus what the
/// caller supplies.
async fn run_next_call(
    client: &Client,
    call: &ParsedNextCall,
    supplied: &[(&str, Value)],
) -> CallToolResult {
    let arguments = call.arguments_with(supplied.iter().cloned());
    let request = CallToolRequestParams::new(call.tool.clone()).with_arguments(arguments);
    client
        .call_tool(request)
        .await
        .unwrap_or_else(|error| panic!("{}: protocol error {error:?}", call.tool))
}

/// Runs a next call that must succeed; its structured result.
async fn next_call_succeeds(
    client: &Client,
    call: &ParsedNextCall,
    supplied: &[(&str, Value)],
) -> Value {
    let result = run_next_call(client, call, supplied).await;
    assert_eq!(result.is_error, Some(false), "{}: {result:?}", call.tool);
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

/// Calls a tool that must fail and checks the flat envelope of Gem-Flux's
/// specification ("Standard Error Response Structure") around the error.
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
        "infeasibility_error" => -32002,
        "library_error" => -32003,
        "database_error" => -32004,
        other => panic!("no legacy code expected for {other}"),
    };
    assert_eq!(envelope["jsonrpc_error_code"], legacy, "{envelope}");
    assert!(!envelope["message"].as_str().unwrap().is_empty());
    // The specification marks `details` optional ("Error Response Fields"): an object
    // when present.
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
            "build_model",
            "export_model_json",
            "gapfill_model",
            "get_compound_name",
            "get_media",
            "get_reaction_name",
            "list_media",
            "list_models",
            "run_fba",
            "search_compounds",
            "search_reactions"
        ]
    );
    // The instructions name every tool, so a client that shows only them still
    // learns of the lookups and the lists.
    let instructions = info.instructions.as_deref().unwrap_or_default();
    for name in &names {
        assert!(instructions.contains(name), "{name} in {instructions}");
    }
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
    let reaction = schema("get_reaction_name");
    assert_eq!(reaction["required"], json!(["reaction_id"]));
    assert_eq!(reaction["properties"]["reaction_id"]["type"], "string");
    let search = schema("search_reactions");
    assert_eq!(search["required"], json!(["query"]));
    // Every rule of the tools' own checks that JSON Schema can say is declared,
    // so a client knows it before it calls (the descriptions still say them too).
    for name in ["search_compounds", "search_reactions"] {
        let limit = &schema(name)["properties"]["limit"];
        assert_eq!(
            (&limit["minimum"], &limit["maximum"]),
            (&json!(1), &json!(MAX_SEARCH_LIMIT))
        );
        let description = limit["description"].as_str().unwrap();
        assert!(description.contains("1 to 100"), "{description}");
    }
    // Each tool's bounds, at their JSON pointers under `properties`.
    let bounds = json!({
        "get_compound_name": { "/compound_id/pattern": patterns::COMPOUND_ID },
        "get_reaction_name": { "/reaction_id/pattern": patterns::REACTION_ID },
        "search_compounds": { "/query/pattern": patterns::QUERY },
        "search_reactions": { "/query/pattern": patterns::QUERY },
        "build_media": {
            "/compounds/minItems": 1,
            "/compounds/items/pattern": patterns::COMPOUND_ID,
            "/default_uptake/exclusiveMinimum": 0,
            "/custom_bounds/propertyNames/pattern": patterns::COMPOUND_ID,
            "/custom_bounds/additionalProperties/minItems": 2,
            "/custom_bounds/additionalProperties/maxItems": 2
        },
        "build_model": {
            "/protein_sequences/minProperties": 1,
            "/protein_sequences/propertyNames/pattern": patterns::SEQUENCE_ID,
            "/protein_sequences/additionalProperties/pattern": patterns::SEQUENCE,
            "/template/enum": ["GramNegative", "GramPositive", "Core", null]
        },
        "gapfill_model": {
            "/target_growth/exclusiveMinimum": 0,
            "/target_growth/exclusiveMaximum": MAX_TARGET_GROWTH,
            "/max_complexity/minimum": 1,
            "/max_complexity/maximum": MAX_COMPLEXITY_LIMIT
        },
        "run_fba": { "/flux_threshold/minimum": 0 }
    });
    for (name, pointers) in bounds.as_object().unwrap() {
        for (pointer, bound) in pointers.as_object().unwrap() {
            let declared = schema(name)["properties"].pointer(pointer).cloned();
            assert_eq!(declared.as_ref(), Some(bound), "{name}{pointer}");
        }
    }
    // The lists take no arguments.
    for name in ["list_models", "list_media"] {
        let list = schema(name);
        assert_eq!(list["type"], "object", "{name}");
        assert!(
            list.get("required")
                .is_none_or(|r| r.as_array().is_some_and(Vec::is_empty)),
            "{name}: {list}"
        );
    }
    let media = schema("build_media");
    assert_eq!(media["required"], json!(["compounds"]));
    assert_eq!(media["properties"]["compounds"]["type"], "array");
    assert!(media["properties"]["default_uptake"].is_object());
    assert!(media["properties"]["custom_bounds"].is_object());
    assert_eq!(schema("get_media")["required"], json!(["media_id"]));
    let model = schema("build_model");
    assert_eq!(model["required"], json!(["protein_sequences"]));
    assert_eq!(model["properties"]["protein_sequences"]["type"], "object");
    assert!(model["properties"]["template"].is_object());
    assert!(model["properties"]["annotate_with_rast"].is_object());
    let gapfill = schema("gapfill_model");
    assert_eq!(gapfill["required"], json!(["model_id", "media_id"]));
    assert!(gapfill["properties"]["target_growth"].is_object());
    assert!(gapfill["properties"]["max_complexity"].is_object());
    let fba = schema("run_fba");
    assert_eq!(fba["required"], json!(["model_id", "media_id"]));
    assert!(fba["properties"]["objective"].is_object());
    assert!(fba["properties"]["flux_threshold"].is_object());
    assert_eq!(schema("export_model_json")["required"], json!(["model_id"]));

    // The annotations a client sees: the nine tools that only read (which the
    // errors' `read_only` next calls may name) say readOnlyHint: true; the three
    // that change the session say they write, and which of them only add. Every
    // tool says whether repeating a call changes more: the two builders make a new
    // ID on every call; gapfilling stores the same `X.gf` again.
    let hints: Vec<_> = tools
        .iter()
        .map(|tool| {
            let annotations = tool.annotations.as_ref();
            (
                tool.name.as_ref(),
                annotations.and_then(|a| a.read_only_hint),
                annotations.and_then(|a| a.destructive_hint),
                annotations.and_then(|a| a.idempotent_hint),
            )
        })
        .collect();
    assert_eq!(
        hints,
        [
            ("build_media", Some(false), Some(false), Some(false)),
            ("build_model", Some(false), Some(false), Some(false)),
            ("export_model_json", Some(true), None, Some(true)),
            ("gapfill_model", Some(false), Some(true), Some(true)),
            ("get_compound_name", Some(true), None, Some(true)),
            ("get_media", Some(true), None, Some(true)),
            ("get_reaction_name", Some(true), None, Some(true)),
            ("list_media", Some(true), None, Some(true)),
            ("list_models", Some(true), None, Some(true)),
            ("run_fba", Some(true), None, Some(true)),
            ("search_compounds", Some(true), None, Some(true)),
            ("search_reactions", Some(true), None, Some(true)),
        ]
    );

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
        // The compound search only: the lookup knows it wanted a compound's ID.
        assert_eq!(
            call_tools(&next_calls(&envelope)),
            [("search_compounds", true)]
        );
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

    // The specification's validation order ("Tool-Specific Error Handling") decides
    // between several problems.
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
        .call_tool(tool_call("delete_model", json!({ "model_id": "m1" })))
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

// --- the model tools and Gem-Flux's three recovery scenarios ----------------------------

/// Reactions of the toy draft: 3 metabolic, one exchange per compound, `bio1`.
fn draft_reactions() -> usize {
    3 + COMPOUNDS.len() + 1
}

/// Gapfilling a draft adds the four other reactions of the embedded table.
fn gapfilled_reactions() -> usize {
    draft_reactions() + 4
}

fn ids(value: &Value, key: &str) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("an array: {value}"))
        .iter()
        .map(|item| item[key].as_str().unwrap().to_owned())
        .collect()
}

/// Scenario 1: an invalid compound ID, found again with search_compounds.
#[tokio::test]
async fn scenario_1_invalid_compound_id() {
    let (client, stderr) = connect().await;

    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd99999", "cpd00007", "cpd00001"] }),
        "INVALID_COMPOUND_IDS",
        "validation_error",
    )
    .await;
    assert_eq!(envelope["details"]["invalid_ids"], json!(["cpd99999"]));
    assert_eq!(
        envelope["details"]["valid_ids"],
        json!(["cpd00007", "cpd00001"])
    );

    let found = success(&client, "search_compounds", json!({ "query": "glucose" })).await;
    let glucose: Vec<&Value> = found["compounds"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["name"] == "D-Glucose")
        .collect();
    assert_eq!(glucose.len(), 1, "{found}");
    assert_eq!(glucose[0]["compound_id"], "cpd00027");

    // The failed call stored nothing: the first media is media_001.
    let media = success(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", "cpd00007", "cpd00001"] }),
    )
    .await;
    assert_eq!(media["media_id"], "media_001");
    assert_eq!(
        ids(&media["compounds"], "compound_id"),
        ["cpd00027", "cpd00007", "cpd00001"]
    );

    let _ = finish(client, stderr).await;
}

/// Scenario 2: gapfilling is infeasible on a media without nitrogen; the formulas
/// show it; a media with ammonia gapfills.
#[tokio::test]
async fn scenario_2_gapfilling_infeasible() {
    let (client, stderr) = connect().await;

    // Glucose, phosphate, water, O2: carbon but no nitrogen.
    let minimal = success(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", "cpd00009", "cpd00001", "cpd00007"] }),
    )
    .await;
    assert_eq!(minimal["media_id"], "media_001");

    let envelope = failure(
        &client,
        "gapfill_model",
        json!({ "model_id": "demo_draft", "media_id": "media_001" }),
        "GAPFILL_INFEASIBLE",
        "infeasibility_error",
    )
    .await;
    assert_eq!(
        envelope["details"],
        json!({
            "model_id": "demo_draft",
            "media_id": "media_001",
            "target_growth": 0.01,
            "max_complexity": 10,
            "media_compounds": 4,
            "template_reactions_available": 4
        })
    );

    // The agent inspects the media compound by compound.
    let media = success(&client, "get_media", json!({ "media_id": "media_001" })).await;
    let mut has_carbon = false;
    for compound_id in ids(&media["compounds"], "compound_id") {
        let compound = success(
            &client,
            "get_compound_name",
            json!({ "compound_id": compound_id }),
        )
        .await;
        let formula = Formula::parse(compound["formula"].as_str().unwrap()).unwrap();
        assert!(!formula.contains("N"), "{compound} has no nitrogen");
        has_carbon |= formula.contains("C");
    }
    assert!(has_carbon, "glucose is there");
    let ammonia = success(
        &client,
        "get_compound_name",
        json!({ "compound_id": "cpd00013" }),
    )
    .await;
    assert_eq!(ammonia["name"], "NH3");
    assert!(
        Formula::parse(ammonia["formula"].as_str().unwrap())
            .unwrap()
            .contains("N")
    );

    let complete = success(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", "cpd00009", "cpd00001", "cpd00007", "cpd00013"] }),
    )
    .await;
    assert_eq!(complete["media_id"], "media_002");
    let gapfilled = success(
        &client,
        "gapfill_model",
        json!({ "model_id": "demo_draft", "media_id": "media_002" }),
    )
    .await;
    assert_eq!(gapfilled["model_id"], "demo_draft");
    assert_eq!(gapfilled["gapfilled_model_id"], "demo_draft.gf");
    assert_eq!(gapfilled["media_id"], "media_002");
    assert_eq!(gapfilled["num_reactions_added"], 4);
    assert_eq!(
        ids(&gapfilled["reactions_added"], "id"),
        ["rxn00002_c0", "rxn00003_c0", "rxn00004_c0", "rxn00007_c0"]
    );
    assert_eq!(gapfilled["carbon_sources"], json!(["cpd00027"]));
    assert_eq!(gapfilled["nitrogen_sources"], json!(["cpd00013"]));
    assert_eq!(gapfilled["num_reactions"], gapfilled_reactions());

    // And the gapfilled model grows: uptake 100 capped at 10, growth 0.1 x 10.
    let fba = success(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft.gf", "media_id": "media_002" }),
    )
    .await;
    assert_eq!(fba["status"], "optimal");
    assert_eq!(fba["objective"], "bio1");
    assert_eq!(fba["objective_value"], 1.0);
    assert_eq!(
        fba["fluxes"],
        json!({ "EX_cpd00013_e0": -10.0, "EX_cpd00027_e0": -10.0, "bio1": 1.0 })
    );

    let log = finish(client, stderr).await;
    assert!(
        log.lines()
            .map(parse_json)
            .any(|entry| entry["error_code"] == "GAPFILL_INFEASIBLE"
                && entry["tool_name"] == "gapfill_model"),
        "{log}"
    );
}

/// Scenario 3: a gapfilled model is FBA-infeasible because the media lists glucose
/// without allowing its uptake; export_model_json shows exchanges and biomass.
#[tokio::test]
async fn scenario_3_fba_infeasible_after_gapfilling() {
    let (client, stderr) = connect().await;

    let media = success(
        &client,
        "build_media",
        json!({
            "compounds": ["cpd00027", "cpd00013", "cpd00009", "cpd00001", "cpd00007"],
            "custom_bounds": { "cpd00027": [0, 100] }
        }),
    )
    .await;
    assert_eq!(media["media_id"], "media_001");
    let gapfilled = success(
        &client,
        "gapfill_model",
        json!({ "model_id": "demo_draft", "media_id": "media_001" }),
    )
    .await;
    assert_eq!(gapfilled["gapfilled_model_id"], "demo_draft.gf");

    let envelope = failure(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft.gf", "media_id": "media_001" }),
        "FBA_INFEASIBLE",
        "infeasibility_error",
    )
    .await;
    assert_eq!(
        envelope["details"],
        json!({
            "model_id": "demo_draft.gf",
            "media_id": "media_001",
            "objective": "bio1",
            "solver_status": "infeasible",
            "num_reactions": gapfilled_reactions(),
            "num_metabolites": 2 * COMPOUNDS.len(),
            "num_exchange_reactions": COMPOUNDS.len()
        })
    );
    // Only the calls that read: the model is gapfilled for this very media, so
    // gapfilling it again cannot help, and no other media is worth a run.
    let calls = next_calls(&envelope);
    assert_eq!(
        call_tools(&calls),
        [("export_model_json", true), ("get_media", true)],
        "{envelope}"
    );

    let model = next_call_succeeds(&client, &calls[0], &[]).await;
    assert_eq!(model["model_id"], "demo_draft.gf");
    assert_eq!(model["is_gapfilled"], true);
    assert_eq!(model["gapfilled_from"], "demo_draft");
    assert_eq!(model["gapfilled_media"], "media_001");
    assert_eq!(model["objective"], "bio1");
    assert_eq!(model["biomass_reaction"]["id"], "bio1");
    let biomass_inputs = ids(&model["biomass_reaction"]["reactants"], "compound_id");
    assert!(biomass_inputs.contains(&"cpd00033".to_owned()), "glycine");
    let exchanges = ids(&model["exchange_reactions"], "id");
    assert_eq!(exchanges.len(), COMPOUNDS.len());
    assert_eq!(model["num_exchange_reactions"], exchanges.len());
    for id in ["EX_cpd00027_e0", "EX_cpd00013_e0"] {
        assert!(exchanges.contains(&id.to_owned()), "{id}");
    }
    assert_eq!(model["num_reactions"], gapfilled_reactions());
    let gapfilled_flags: Vec<bool> = model["reactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["gapfilled"].as_bool().unwrap())
        .collect();
    assert_eq!(gapfilled_flags.iter().filter(|&&flag| flag).count(), 4);
    assert_eq!(gapfilled_flags.len(), 7);

    // The cause is in the media: glucose may only be secreted.
    let stored = next_call_succeeds(&client, &calls[1], &[]).await;
    assert_eq!(stored["media_id"], "media_001");
    assert_eq!(stored["compounds"][0]["compound_id"], "cpd00027");
    assert_eq!(stored["compounds"][0]["lower_bound"], 0.0);
    // With glucose uptake allowed, the same gapfilled model grows, no new gapfill.
    success(
        &client,
        "build_media",
        json!({
            "compounds": ["cpd00027", "cpd00013", "cpd00009", "cpd00001", "cpd00007"],
            "custom_bounds": { "cpd00027": [-5, 100] }
        }),
    )
    .await;
    let fba = success(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft.gf", "media_id": "media_002" }),
    )
    .await;
    assert_eq!(fba["objective_value"], 0.5);
    assert_eq!(fba["carbon_source"], "cpd00027");
    assert_eq!(fba["fluxes"]["EX_cpd00027_e0"], -5.0);

    let _ = finish(client, stderr).await;
}

#[tokio::test]
async fn build_model_checks_and_numbers_models() {
    let (client, stderr) = connect().await;

    failure(
        &client,
        "build_model",
        json!({}),
        "INVALID_ARGUMENTS",
        "validation_error",
    )
    .await;
    failure(
        &client,
        "build_model",
        json!({ "protein_sequences": {} }),
        "EMPTY_PROTEIN_SEQUENCES",
        "validation_error",
    )
    .await;
    let envelope = failure(
        &client,
        "build_model",
        json!({ "protein_sequences": { "p1": "MKVLAX", "p2": "MKV" } }),
        "INVALID_PROTEIN_SEQUENCES",
        "validation_error",
    )
    .await;
    assert_eq!(
        envelope["details"]["invalid_sequences"],
        json!({ "p1": "Contains invalid character 'X' at position 6" })
    );
    assert_eq!(envelope["details"]["valid_sequences"], json!(["p2"]));
    let envelope = failure(
        &client,
        "build_model",
        json!({ "protein_sequences": { "p1": "MKV" }, "template": "gramnegative" }),
        "INVALID_TEMPLATE_NAME",
        "validation_error",
    )
    .await;
    assert_eq!(envelope["details"]["template"], "gramnegative");
    // The server is offline.
    failure(
        &client,
        "build_model",
        json!({ "protein_sequences": { "p1": "MKV" }, "annotate_with_rast": true }),
        "RAST_UNAVAILABLE",
        "library_error",
    )
    .await;

    let first = success(
        &client,
        "build_model",
        json!({ "protein_sequences": { "p1": "MKVLA", "p2": "MSTNP" } }),
    )
    .await;
    assert_eq!(
        first,
        json!({
            "model_id": "model_001",
            "template": "GramNegative",
            "num_genes": 2,
            "num_reactions": draft_reactions(),
            "num_metabolites": 2 * COMPOUNDS.len(),
            "num_exchange_reactions": COMPOUNDS.len(),
            "objective": "bio1",
            "is_gapfilled": false
        })
    );
    let second = success(
        &client,
        "build_model",
        json!({ "protein_sequences": { "p1": "MKV" }, "template": "Core" }),
    )
    .await;
    assert_eq!(second["model_id"], "model_002");
    assert_eq!(second["template"], "Core");
    let exported = success(
        &client,
        "export_model_json",
        json!({ "model_id": "model_002" }),
    )
    .await;
    assert_eq!(exported["genes"], json!(["p1"]));
    assert_eq!(exported["is_gapfilled"], false);
    assert_eq!(exported["gapfilled_media"], Value::Null);

    // A built draft gapfills like demo_draft.
    success(&client, "build_media", json!({ "compounds": ["cpd00033"] })).await;
    let gapfilled = success(
        &client,
        "gapfill_model",
        json!({ "model_id": "model_001", "media_id": "media_001" }),
    )
    .await;
    assert_eq!(gapfilled["gapfilled_model_id"], "model_001.gf");
    assert_eq!(gapfilled["template"], "GramNegative");

    let envelope = failure(
        &client,
        "export_model_json",
        json!({ "model_id": "model_009" }),
        "MODEL_NOT_FOUND",
        "not_found_error",
    )
    .await;
    assert_eq!(
        envelope["details"],
        json!({
            "requested_id": "model_009",
            "available_models": ["demo_draft", "model_001", "model_001.gf", "model_002"],
            "num_available": 4
        })
    );

    let _ = finish(client, stderr).await;
}

#[tokio::test]
async fn gapfill_checks_in_the_spec_order() {
    let (client, stderr) = connect().await;
    // media_001: complete; media_002: CO2 and ammonia, no organic carbon.
    success(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", "cpd00013"] }),
    )
    .await;
    success(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00011", "cpd00013"] }),
    )
    .await;

    let envelope = failure(
        &client,
        "gapfill_model",
        json!({ "model_id": "model_xyz", "media_id": "media_999", "target_growth": 0 }),
        "MODEL_NOT_FOUND",
        "not_found_error",
    )
    .await;
    assert_eq!(
        envelope["details"]["available_models"],
        json!(["demo_draft"])
    );
    let envelope = failure(
        &client,
        "gapfill_model",
        json!({ "model_id": "demo_draft", "media_id": "media_999", "target_growth": 0 }),
        "MEDIA_NOT_FOUND",
        "not_found_error",
    )
    .await;
    assert_eq!(
        envelope["details"]["available_media"],
        json!(["media_001", "media_002"])
    );
    for target_growth in [0.0, -1.0, 5.0] {
        failure(
            &client,
            "gapfill_model",
            json!({ "model_id": "demo_draft", "media_id": "media_001",
                    "target_growth": target_growth, "max_complexity": 0 }),
            "INVALID_TARGET_GROWTH",
            "validation_error",
        )
        .await;
    }
    for max_complexity in [0, 101] {
        failure(
            &client,
            "gapfill_model",
            json!({ "model_id": "demo_draft", "media_id": "media_001",
                    "max_complexity": max_complexity }),
            "INVALID_MAX_COMPLEXITY",
            "validation_error",
        )
        .await;
    }
    let envelope = failure(
        &client,
        "gapfill_model",
        json!({ "model_id": "demo_draft", "media_id": "media_001",
                "target_growth": 0.5, "max_complexity": 3 }),
        "MAX_COMPLEXITY_EXCEEDED",
        "infeasibility_error",
    )
    .await;
    assert_eq!(envelope["details"]["required_reactions"], 4);
    assert_eq!(envelope["details"]["max_complexity"], 3);
    // The next call is the failed call with only the limit raised (it changes the
    // session, so it waits for confirmation); it is run further down.
    let calls = next_calls(&envelope);
    assert_eq!(call_tools(&calls), [("gapfill_model", false)]);
    let retry = calls[0].clone();
    assert_eq!(
        Value::Object(retry.arguments.clone()),
        json!({ "model_id": "demo_draft", "media_id": "media_001",
                "target_growth": 0.5, "max_complexity": 4 })
    );
    // CO2 is not a carbon source.
    let envelope = failure(
        &client,
        "gapfill_model",
        json!({ "model_id": "demo_draft", "media_id": "media_002" }),
        "GAPFILL_INFEASIBLE",
        "infeasibility_error",
    )
    .await;
    assert_eq!(envelope["details"]["media_compounds"], 2);
    // Neither failure stored a model.
    let envelope = failure(
        &client,
        "export_model_json",
        json!({ "model_id": "demo_draft.gf" }),
        "MODEL_NOT_FOUND",
        "not_found_error",
    )
    .await;
    assert_eq!(
        envelope["details"]["available_models"],
        json!(["demo_draft"])
    );

    let gapfilled = next_call_succeeds(&client, &retry, &[]).await;
    assert_eq!(gapfilled["target_growth"], 0.5);
    assert_eq!(gapfilled["max_complexity"], 4);
    assert_eq!(gapfilled["num_reactions_added"], 4);

    let _ = finish(client, stderr).await;
}

#[tokio::test]
async fn run_fba_checks_in_the_spec_order() {
    let (client, stderr) = connect().await;
    success(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", "cpd00013"], "default_uptake": 4 }),
    )
    .await;

    failure(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft.gf", "media_id": "nope", "objective": "bio2",
                "flux_threshold": -1 }),
        "MODEL_NOT_FOUND",
        "not_found_error",
    )
    .await;
    failure(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft", "media_id": "nope", "objective": "bio2",
                "flux_threshold": -1 }),
        "MEDIA_NOT_FOUND",
        "not_found_error",
    )
    .await;
    let envelope = failure(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft", "media_id": "media_001", "objective": "bio2",
                "flux_threshold": -1 }),
        "OBJECTIVE_NOT_FOUND",
        "not_found_error",
    )
    .await;
    assert_eq!(
        envelope["details"],
        json!({ "model_id": "demo_draft", "objective": "bio2" })
    );
    failure(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft", "media_id": "media_001", "flux_threshold": -1 }),
        "INVALID_FLUX_THRESHOLD",
        "validation_error",
    )
    .await;
    // A draft does not grow, whatever the media: the run offers gapfilling it for
    // that media, which changes the session, so it asks for confirmation.
    let envelope = failure(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft", "media_id": "media_001" }),
        "FBA_INFEASIBLE",
        "infeasibility_error",
    )
    .await;
    assert_eq!(envelope["details"]["num_reactions"], draft_reactions());
    let calls = next_calls(&envelope);
    assert_eq!(
        call_tools(&calls),
        [
            ("export_model_json", true),
            ("get_media", true),
            ("gapfill_model", false)
        ]
    );
    assert_eq!(
        calls[2].arguments,
        *json!({ "model_id": "demo_draft", "media_id": "media_001" })
            .as_object()
            .unwrap()
    );

    success(
        &client,
        "gapfill_model",
        json!({ "model_id": "demo_draft", "media_id": "media_001" }),
    )
    .await;
    // Uptake 4 for both: growth 0.4; the threshold hides fluxes below 1.
    let fba = success(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft.gf", "media_id": "media_001", "flux_threshold": 1 }),
    )
    .await;
    let growth = fba["objective_value"].as_f64().unwrap();
    assert!((growth - 0.4).abs() < 1e-12, "{fba}");
    assert_eq!(fba["growth_rate"], fba["objective_value"]);
    assert_eq!(
        fba["fluxes"],
        json!({ "EX_cpd00013_e0": -4.0, "EX_cpd00027_e0": -4.0 })
    );
    assert_eq!(fba["num_fluxes"], 2);
    assert_eq!(fba["flux_threshold"], 1.0);
    // Another objective: its flux in the same solution.
    let fba = success(
        &client,
        "run_fba",
        json!({ "model_id": "demo_draft.gf", "media_id": "media_001",
                "objective": "EX_cpd00027_e0" }),
    )
    .await;
    assert_eq!(fba["objective_value"], -4.0);

    let _ = finish(client, stderr).await;
}

// --- next calls, the session lists and the reaction tools --------------------------------

/// `MODEL_NOT_FOUND` and `MEDIA_NOT_FOUND` offer the read-only list of what exists
/// before the call that makes something new, and the list runs as sent.
#[tokio::test]
async fn not_found_errors_offer_the_session_lists_first() {
    let (client, stderr) = connect().await;

    let envelope = failure(
        &client,
        "run_fba",
        json!({ "model_id": "model_xyz", "media_id": "media_001" }),
        "MODEL_NOT_FOUND",
        "not_found_error",
    )
    .await;
    let calls = next_calls(&envelope);
    assert_eq!(
        call_tools(&calls),
        [("list_models", true), ("build_model", false)],
        "{envelope}"
    );
    assert!(calls[0].arguments.is_empty() && calls[0].caller_supplies.is_empty());
    assert_eq!(calls[1].caller_supplies, ["protein_sequences"]);
    let models = next_call_succeeds(&client, &calls[0], &[]).await;
    assert_eq!(
        models,
        json!({
            "count": 1,
            "models": [{
                "model_id": "demo_draft",
                "template": "GramNegative",
                "is_gapfilled": false,
                "gapfilled_media": null,
                "num_reactions": draft_reactions()
            }]
        })
    );
    assert_eq!(
        envelope["details"]["available_models"],
        json!(["demo_draft"])
    );

    // An empty session: the media list runs and says so.
    let envelope = failure(
        &client,
        "get_media",
        json!({ "media_id": "media_001" }),
        "MEDIA_NOT_FOUND",
        "not_found_error",
    )
    .await;
    let calls = next_calls(&envelope);
    assert_eq!(
        call_tools(&calls),
        [("list_media", true), ("build_media", false)],
        "{envelope}"
    );
    assert_eq!(calls[1].caller_supplies, ["compounds"]);
    let media = next_call_succeeds(&client, &calls[0], &[]).await;
    assert_eq!(media, json!({ "count": 0, "media": [] }));

    // After a media and a gapfill, both lists show them.
    success(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", "cpd00013", "cpd00001"] }),
    )
    .await;
    success(
        &client,
        "gapfill_model",
        json!({ "model_id": "demo_draft", "media_id": "media_001" }),
    )
    .await;
    let envelope = failure(
        &client,
        "gapfill_model",
        json!({ "model_id": "demo_draft", "media_id": "media_009" }),
        "MEDIA_NOT_FOUND",
        "not_found_error",
    )
    .await;
    let calls = next_calls(&envelope);
    assert_eq!(calls[0].tool, "list_media");
    let media = next_call_succeeds(&client, &calls[0], &[]).await;
    assert_eq!(
        media,
        json!({ "count": 1, "media": [{ "media_id": "media_001", "num_compounds": 3 }] })
    );
    let listed: Vec<&Value> = media["media"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["media_id"])
        .collect();
    let available: Vec<&Value> = envelope["details"]["available_media"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    assert_eq!(listed, available, "the list and the details agree");

    let models = success(&client, "list_models", json!({})).await;
    assert_eq!(models["count"], 2);
    assert_eq!(
        models["models"][1],
        json!({
            "model_id": "demo_draft.gf",
            "template": "GramNegative",
            "is_gapfilled": true,
            "gapfilled_media": "media_001",
            "num_reactions": gapfilled_reactions()
        })
    );

    let _ = finish(client, stderr).await;
}

#[tokio::test]
async fn reaction_lookups_and_searches() {
    let (client, stderr) = connect().await;

    let found = success(
        &client,
        "get_reaction_name",
        json!({ "reaction_id": "rxn00006" }),
    )
    .await;
    assert_eq!(
        found,
        json!({
            "reaction_id": "rxn00006",
            "name": "hydrogen-peroxide:hydrogen-peroxide oxidoreductase",
            "definition": "(2) H2O2[0] => (2) H2O[0] + (1) O2[0]"
        })
    );
    let peroxide = success(&client, "search_reactions", json!({ "query": "Peroxide" })).await;
    assert_eq!(peroxide["query"], "Peroxide");
    assert_eq!(peroxide["count"], 2);
    assert_eq!(
        ids(&peroxide["reactions"], "reaction_id"),
        ["rxn00006", "rxn00008"]
    );
    let by_id = success(
        &client,
        "search_reactions",
        json!({ "query": "rxn0000", "limit": 2 }),
    )
    .await;
    assert_eq!(
        ids(&by_id["reactions"], "reaction_id"),
        ["rxn00001", "rxn00002"]
    );

    // REACTION_NOT_FOUND: the read-only search, with the caller's query, runs.
    let envelope = failure(
        &client,
        "get_reaction_name",
        json!({ "reaction_id": "rxn00009" }),
        "REACTION_NOT_FOUND",
        "database_error",
    )
    .await;
    assert_eq!(
        envelope["suggestions"][0],
        "Use search_reactions to find correct ID"
    );
    assert_eq!(
        envelope["details"]["similar_ids"],
        json!(["rxn00001", "rxn00002", "rxn00003", "rxn00004", "rxn00006"])
    );
    let calls = next_calls(&envelope);
    assert_eq!(call_tools(&calls), [("search_reactions", true)]);
    assert_eq!(calls[0].caller_supplies, ["query"]);
    let searched = next_call_succeeds(&client, &calls[0], &[("query", json!("trehalose"))]).await;
    assert_eq!(ids(&searched["reactions"], "reaction_id"), ["rxn00007"]);

    // INVALID_ID_FORMAT names both searches and the similar IDs, and offers as a
    // read-only next call the search for what the failing lookup wanted: here, a
    // reaction's ID.
    let envelope = failure(
        &client,
        "get_reaction_name",
        json!({ "reaction_id": "RXN00001" }),
        "INVALID_ID_FORMAT",
        "validation_error",
    )
    .await;
    assert_eq!(envelope["details"]["similar_ids"], json!(["rxn00001"]));
    assert_eq!(
        envelope["suggestions"],
        json!([
            "IDs are lowercase with five digits, e.g. rxn00001",
            "Similar IDs listed in details.similar_ids",
            "Use search_compounds or search_reactions to find IDs by name"
        ])
    );
    let calls = next_calls(&envelope);
    assert_eq!(call_tools(&calls), [("search_reactions", true)]);
    assert!(calls.iter().all(|call| call.caller_supplies == ["query"]));
    let searched = next_call_succeeds(&client, &calls[0], &[("query", json!("trehalose"))]).await;
    assert_eq!(ids(&searched["reactions"], "reaction_id"), ["rxn00007"]);

    failure(
        &client,
        "search_reactions",
        json!({ "query": " " }),
        "EMPTY_QUERY",
        "validation_error",
    )
    .await;
    let envelope = failure(
        &client,
        "search_reactions",
        json!({ "query": "pyruvate", "limit": 101 }),
        "INVALID_LIMIT",
        "validation_error",
    )
    .await;
    assert_eq!(envelope["details"]["limit"], 101);

    let _ = finish(client, stderr).await;
}

/// An argument the input schema rejects is answered with what to send instead, in
/// the schema's own words, not with a pointer to tools/list.
#[tokio::test]
async fn argument_errors_say_what_to_send() {
    let (client, stderr) = connect().await;

    let envelope = failure(
        &client,
        "search_compounds",
        json!({ "limit": 5 }),
        "INVALID_ARGUMENTS",
        "validation_error",
    )
    .await;
    assert_eq!(envelope["details"]["parameter"], "query");
    assert_eq!(envelope["details"]["actual"], "missing");
    let expected = envelope["details"]["expected"].as_str().unwrap();
    assert_eq!(
        envelope["suggestions"],
        json!([format!("Send 'query' as {expected}")])
    );
    let suggestion = envelope["suggestions"][0].as_str().unwrap();
    assert!(
        suggestion.starts_with("Send 'query' as a string (")
            && suggestion.contains("compound names"),
        "{suggestion}"
    );

    let envelope = failure(
        &client,
        "search_reactions",
        json!({ "query": "pyruvate", "limit": "five" }),
        "INVALID_ARGUMENTS",
        "validation_error",
    )
    .await;
    let suggestion = envelope["suggestions"][0].as_str().unwrap();
    // What reading the argument enforces, its type, and the description; the
    // schema's range is the tool's to answer (INVALID_LIMIT), not this error's.
    assert!(
        suggestion.starts_with("Send 'limit' as an integer or null")
            && suggestion.contains("How many reactions to return, 1 to 100"),
        "{suggestion}"
    );

    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", 42] }),
        "INVALID_ARGUMENTS",
        "validation_error",
    )
    .await;
    assert_eq!(
        envelope["suggestions"],
        json!(["Send 'compounds[1]' as a string"])
    );
    // One bad parameter: Gem-Flux's documented shape, nothing more.
    assert_eq!(
        envelope["details"],
        json!({ "parameter": "compounds[1]", "expected": "a string", "actual": "number" })
    );
    assert_eq!(
        envelope["message"],
        "'compounds[1]' must be a string, got number"
    );

    // Several: reading stops at the first, which is answered in Gem-Flux's
    // one-parameter shape (the router does not check the schema, whose bounds are
    // the tools' own: see `schema_bounds_are_the_tools_own_rules`).
    let envelope = failure(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", 42], "default_uptake": "high" }),
        "INVALID_ARGUMENTS",
        "validation_error",
    )
    .await;
    let details = envelope["details"].as_object().unwrap();
    let mut keys: Vec<&str> = details.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["actual", "expected", "parameter"], "{envelope}");
    let parameter = details["parameter"].as_str().unwrap();
    assert!(
        ["compounds[1]", "default_uptake"].contains(&parameter),
        "{envelope}"
    );
    assert_eq!(envelope["suggestions"].as_array().map(Vec::len), Some(1));

    let _ = finish(client, stderr).await;
}

/// Each bound an input schema declares is a rule the tool checks itself, with
/// Gem-Flux's code: a call the schema refuses is answered with that code (never
/// INVALID_ARGUMENTS, so the documented responses stay as Gem-Flux documents
/// them), and Gem-Flux's order of checks still decides which code comes first. A
/// call the schema accepts gets past those rules: the tool answers it, or fails on
/// what a schema cannot say (an unknown ID, bounds out of order).
#[tokio::test]
async fn schema_bounds_are_the_tools_own_rules() {
    let (client, stderr) = connect().await;
    let tools = client.list_all_tools().await.unwrap();
    let schemas: Vec<(String, InputSchema)> = tools
        .iter()
        .map(|tool| {
            let schema = InputSchema::new(tool.input_schema.clone()).expect("a valid schema");
            (tool.name.to_string(), schema)
        })
        .collect();
    let accepts = |name: &str, arguments: &Value| {
        let (_, schema) = schemas.iter().find(|(tool, _)| tool == name).unwrap();
        schema.check(arguments).is_ok()
    };
    // media_001 has a carbon and a nitrogen source: demo_draft gapfills in it.
    success(
        &client,
        "build_media",
        json!({ "compounds": ["cpd00027", "cpd00013"] }),
    )
    .await;
    // [tool, arguments, whether the schema accepts them, the error code or null
    // for success], in an order that builds what later calls need.
    let cases = [
        json!([
            ["get_compound_name", { "compound_id": "cpd00027" }, true, null],
            ["get_compound_name", { "compound_id": "cpd99999" }, true, "COMPOUND_NOT_FOUND"],
            ["get_compound_name", { "compound_id": "cpd0002" }, false, "INVALID_ID_FORMAT"],
            ["get_compound_name", { "compound_id": "cpd000271" }, false, "INVALID_ID_FORMAT"],
            ["get_compound_name", { "compound_id": "CPD00027" }, false, "INVALID_ID_FORMAT"],
            // Digits, but not ASCII ones.
            ["get_compound_name", { "compound_id": "cpd\u{661}\u{662}\u{663}\u{664}\u{665}" }, false, "INVALID_ID_FORMAT"],
            ["get_reaction_name", { "reaction_id": "rxn00001" }, true, null],
            ["get_reaction_name", { "reaction_id": "rxn1" }, false, "INVALID_ID_FORMAT"]
        ]),
        json!([
            ["search_compounds", { "query": "glucose", "limit": 1 }, true, null],
            ["search_compounds", { "query": "glucose", "limit": 100 }, true, null],
            ["search_compounds", { "query": " glucose " }, true, null],
            ["search_compounds", { "query": "glucose", "limit": 0 }, false, "INVALID_LIMIT"],
            ["search_compounds", { "query": "glucose", "limit": 101 }, false, "INVALID_LIMIT"],
            ["search_compounds", { "query": "glucose", "limit": -3 }, false, "INVALID_LIMIT"],
            ["search_compounds", { "query": " \t\n" }, false, "EMPTY_QUERY"],
            ["search_compounds", { "query": "\u{3000}\u{85}" }, false, "EMPTY_QUERY"],
            // Both rules broken: Gem-Flux checks the query first.
            ["search_compounds", { "query": "", "limit": 0 }, false, "EMPTY_QUERY"],
            ["search_reactions", { "query": "peroxide", "limit": 100 }, true, null],
            ["search_reactions", { "query": "peroxide", "limit": 101 }, false, "INVALID_LIMIT"],
            ["search_reactions", { "query": "" }, false, "EMPTY_QUERY"]
        ]),
        json!([
            ["build_media", { "compounds": [] }, false, "EMPTY_COMPOUNDS_LIST"],
            ["build_media", { "compounds": ["cpd00027", "cpd00ABC"] }, false, "INVALID_COMPOUND_IDS"],
            ["build_media", { "compounds": ["cpd00027", "cpd99999"] }, true, "INVALID_COMPOUND_IDS"],
            ["build_media", { "compounds": ["cpd00027"], "default_uptake": 0 }, false, "NEGATIVE_UPTAKE"],
            ["build_media", { "compounds": ["cpd00027"], "default_uptake": 0.5 }, true, null],
            ["build_media", { "compounds": ["cpd00027"], "custom_bounds": { "cpd00027": [-5] } }, false, "INVALID_BOUNDS_FORMAT"],
            ["build_media", { "compounds": ["cpd00027"], "custom_bounds": { "cpd00027": [-5, 5, 10] } }, false, "INVALID_BOUNDS_FORMAT"],
            ["build_media", { "compounds": ["cpd00027"], "custom_bounds": { "glucose": [-5, 5] } }, false, "COMPOUND_NOT_IN_LIST"],
            ["build_media", { "compounds": ["cpd00027"], "custom_bounds": { "cpd00001": [-5, 5] } }, true, "COMPOUND_NOT_IN_LIST"],
            ["build_media", { "compounds": ["cpd00027"], "custom_bounds": { "cpd00027": [5, -5] } }, true, "BOUNDS_OUT_OF_ORDER"],
            ["build_media", { "compounds": ["cpd00027"], "custom_bounds": { "cpd00027": [-5, 5] } }, true, null]
        ]),
        json!([
            ["build_model", { "protein_sequences": {} }, false, "EMPTY_PROTEIN_SEQUENCES"],
            ["build_model", { "protein_sequences": { "prot 1": "MKV" } }, false, "INVALID_PROTEIN_SEQUENCES"],
            ["build_model", { "protein_sequences": { "": "MKV" } }, false, "INVALID_PROTEIN_SEQUENCES"],
            ["build_model", { "protein_sequences": { "prot_1": "" } }, false, "INVALID_PROTEIN_SEQUENCES"],
            ["build_model", { "protein_sequences": { "prot_1": "MKVX" } }, false, "INVALID_PROTEIN_SEQUENCES"],
            ["build_model", { "protein_sequences": { "prot_1": "mkv" } }, false, "INVALID_PROTEIN_SEQUENCES"],
            ["build_model", { "protein_sequences": { "prot_1": "MKV" }, "template": "Gram-negative" }, false, "INVALID_TEMPLATE_NAME"],
            ["build_model", { "protein_sequences": { "prot_1": "MKV" }, "annotate_with_rast": true }, true, "RAST_UNAVAILABLE"],
            ["build_model", { "protein_sequences": { "prot_1": "MKV" }, "template": null }, true, null],
            ["build_model", { "protein_sequences": { "prot_1": "MKV" }, "template": "Core" }, true, null]
        ]),
        json!([
            ["gapfill_model", { "model_id": "demo_draft", "media_id": "media_001", "target_growth": 0 }, false, "INVALID_TARGET_GROWTH"],
            ["gapfill_model", { "model_id": "demo_draft", "media_id": "media_001", "target_growth": 5 }, false, "INVALID_TARGET_GROWTH"],
            ["gapfill_model", { "model_id": "demo_draft", "media_id": "media_001", "max_complexity": 0 }, false, "INVALID_MAX_COMPLEXITY"],
            ["gapfill_model", { "model_id": "demo_draft", "media_id": "media_001", "max_complexity": 101 }, false, "INVALID_MAX_COMPLEXITY"],
            // A bound broken after a check Gem-Flux makes first: that check's code.
            ["gapfill_model", { "model_id": "nope", "media_id": "media_001", "target_growth": 0 }, false, "MODEL_NOT_FOUND"],
            ["gapfill_model", { "model_id": "demo_draft", "media_id": "media_001", "target_growth": 4.99, "max_complexity": 100 }, true, null],
            ["run_fba", { "model_id": "demo_draft.gf", "media_id": "media_001", "flux_threshold": -1e-9 }, false, "INVALID_FLUX_THRESHOLD"],
            ["run_fba", { "model_id": "demo_draft.gf", "media_id": "media_001", "objective": "bio2", "flux_threshold": -1 }, false, "OBJECTIVE_NOT_FOUND"],
            ["run_fba", { "model_id": "demo_draft.gf", "media_id": "media_001", "flux_threshold": 0 }, true, null]
        ]),
    ];
    for case in cases.iter().flat_map(|group| group.as_array().unwrap()) {
        let [name, arguments, accepted, code] = case.as_array().unwrap().as_slice() else {
            panic!("{case}");
        };
        let name = name.as_str().unwrap();
        assert_eq!(Some(accepts(name, arguments)), accepted.as_bool(), "{case}");
        let request = CallToolRequestParams::new(name.to_owned())
            .with_arguments(arguments.as_object().unwrap().clone());
        let result = client.call_tool(request).await.expect("a tool result");
        assert_eq!(result.is_error, Some(!code.is_null()), "{case}: {result:?}");
        if !code.is_null() {
            assert_eq!(&mcp_envelope(&result)["error_code"], code, "{case}");
        }
    }
    let _ = finish(client, stderr).await;
}

/// Every suggestion the catalog can send speaks of what the model can use: each
/// snake_case word is a served tool, an argument of one, a placeholder filled from
/// the error, or `details.<key>` of a key the error has; and every next call names
/// a served tool.
#[tokio::test]
async fn suggestions_name_served_tools_arguments_or_details() {
    let (client, stderr) = connect().await;
    let tools = client.list_all_tools().await.unwrap();
    let served: BTreeSet<String> = tools.iter().map(|tool| tool.name.to_string()).collect();
    let arguments: BTreeSet<String> = tools
        .iter()
        .filter_map(|tool| tool.input_schema.get("properties")?.as_object())
        .flat_map(|properties| properties.keys().cloned())
        .collect();
    let _ = finish(client, stderr).await;

    let mut checked = 0;
    for (_, entry) in <GemFluxError as StaticCatalog>::CATALOG.leaves() {
        let fields: Vec<&str> = entry.fields().iter().map(|field| field.name()).collect();
        let mut suggestions = entry.suggestions().to_vec();
        if entry.has_dynamic_suggestions() {
            // INVALID_COMPOUND_IDS: its two documented wordings.
            suggestions.extend(CompoundIdReport::NotInDatabase.suggestions());
            suggestions.extend(CompoundIdReport::InvalidProvided.suggestions());
        }
        for text in suggestions {
            let words = text
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                .map(|word| word.trim_matches('.'));
            for word in words {
                if let Some(key) = word.strip_prefix("details.") {
                    assert!(fields.contains(&key), "{}: {key} in {text:?}", entry.code());
                } else if word.contains('_') {
                    let known = served.contains(word)
                        || arguments.contains(word)
                        || text.contains(&format!("{{{word}}}"));
                    assert!(known, "{}: {word} in {text:?}", entry.code());
                }
            }
            checked += 1;
        }
        for call in entry.next_calls() {
            assert!(served.contains(call.tool()), "{}", entry.code());
        }
    }
    assert!(checked > 60, "{checked} suggestions");
}
