//! The `rmcp` feature: derived errors in rmcp tool handlers, the scope that carries
//! the tool name, the explicit conversions, and a whole server driven in-process.

use std::collections::BTreeMap;
use std::time::Duration;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResponse, CallToolResult, ErrorCode};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;
use tool_error::next_call::Call;
use tool_error::rmcp::{
    McpOptions, Parameters, scope, to_call_tool_result, to_error_data, to_response,
};
use tool_error::{Channel, ClientContext, Options, Policy, ToolError};
use tool_error_tests::{TIMESTAMP, clock, mcp_envelope, mcp_text, serve_in_process, tool_call};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "demo")]
enum DemoError {
    #[error("Media '{media_id}' not found")]
    #[tool_error(kind = not_found, suggest = "Call list_media to see what exists")]
    MediaNotFound { media_id: String },

    /// The store is down: the model cannot act on it.
    #[error("media store unavailable")]
    #[tool_error(kind = transient, channel = protocol)]
    StoreDown,

    #[error("disk full")]
    #[tool_error(kind = internal)]
    Disk(#[source] std::io::Error),

    /// The store timed out: the write may or may not have happened.
    #[error("media store timed out")]
    #[tool_error(kind = transient)]
    StoreTimeout,

    /// A failure whose next calls are built from the call's data.
    #[error("stuck")]
    #[tool_error(kind = conflict)]
    Stuck {
        #[tool_error(next_calls)]
        next: Vec<Call>,
    },
}

#[derive(Debug, thiserror::Error, ToolError)]
#[error("database lookup failed")]
#[tool_error(legacy_jsonrpc, kind = not_found, category = "database_error", jsonrpc = -32004, channel = protocol)]
struct LegacyLookup;

fn complete(response: CallToolResponse) -> CallToolResult {
    match response {
        CallToolResponse::Complete(result) => result,
        other => panic!("expected a complete result, got {other:?}"),
    }
}

#[test]
fn explicit_conversion_renders_the_envelope_as_text() {
    let options = Options::new().with_clock(clock());
    let context = options.context().with_tool("get_media");
    let error = DemoError::MediaNotFound {
        media_id: "m9".into(),
    };
    let result = to_call_tool_result(&error, &context, &options);
    assert_eq!(result.is_error, Some(true));
    assert_eq!(result.structured_content, None);
    // What the model can act on, and nothing of the call it already knows.
    assert_eq!(
        mcp_envelope(&result),
        json!({
            "code": "MEDIA_NOT_FOUND",
            "kind": "NOT_FOUND",
            "message": "Media 'm9' not found",
            "recoverable": true,
            "details": { "media_id": "m9" },
            "suggestions": ["Call list_media to see what exists"],
        })
    );

    // Options that show the whole context send what an explicit envelope shows.
    let showing = options.clone().with_client_context(ClientContext::ALL);
    let result = to_call_tool_result(&error, &context, &showing);
    let envelope = mcp_envelope(&result);
    assert_eq!(envelope["domain"], "demo");
    assert_eq!(envelope["tool"], "get_media");
    assert_eq!(envelope["timestamp"], TIMESTAMP);
}

#[test]
fn structured_content_is_switchable_per_tool() {
    let options = Options::new()
        .with_clock(clock())
        .with_mcp(McpOptions::new().with_structured_content_for("get_media", true));
    let error = DemoError::MediaNotFound {
        media_id: "m9".into(),
    };
    let with = to_call_tool_result(&error, &options.context().with_tool("get_media"), &options);
    assert_eq!(with.structured_content, Some(mcp_envelope(&with)));
    let without = to_call_tool_result(&error, &options.context().with_tool("list_media"), &options);
    assert_eq!(without.structured_content, None);

    let everywhere = options.clone().with_mcp(
        McpOptions::new()
            .with_structured_content(true)
            .with_structured_content_for("get_media", false),
    );
    let structured = |tool: Option<&str>| {
        let context = match tool {
            Some(tool) => everywhere.context().with_tool(tool),
            None => everywhere.context(),
        };
        to_call_tool_result(&error, &context, &everywhere)
            .structured_content
            .is_some()
    };
    assert!(structured(Some("list_media")));
    assert!(structured(None));
    assert!(!structured(Some("get_media")));
}

#[test]
fn protocol_channel_becomes_error_data() {
    let options = Options::new()
        .with_clock(clock())
        .with_client_context(ClientContext::ALL);
    let context = options.context().with_tool("check_store");
    assert_eq!(DemoError::StoreDown.channel(), Channel::Protocol);
    let data = to_error_data(&DemoError::StoreDown, &context, &options);
    assert_eq!(data.code, ErrorCode(-31503));
    assert_eq!(data.message, "media store unavailable");
    let envelope = data.data.expect("the envelope is the data");
    assert_eq!(envelope["code"], "STORE_DOWN");
    assert_eq!(envelope["kind"], "TRANSIENT");
    assert_eq!(envelope["tool"], "check_store");
    // Nothing says the call is idempotent: check before repeating it.
    assert_eq!(envelope["retry"], "check_first");

    // to_response routes by channel.
    assert!(to_response(&DemoError::StoreDown, &context, &options).is_err());
    let result = to_response(
        &DemoError::MediaNotFound {
            media_id: "x".into(),
        },
        &context,
        &options,
    );
    assert_eq!(complete(result.unwrap()).is_error, Some(true));

    // A type that opted into the legacy mapping keeps its -32004.
    let legacy = to_error_data(&LegacyLookup, &context, &options);
    assert_eq!(legacy.code, ErrorCode(-32004));
}

#[test]
fn internal_messages_are_masked_by_the_policy() {
    let error = DemoError::Disk(std::io::Error::other("/var/lib/secret: no space"));
    let options = Options::new().without_clock();
    let result = to_call_tool_result(&error, &options.context(), &options);
    let envelope = mcp_envelope(&result);
    assert_eq!(envelope["message"], "Internal error");
    assert!(!mcp_text(&result).contains("secret"));
    assert_eq!(envelope.get("timestamp"), None);

    let verbose = options.with_policy(Policy::DEFAULT.with_verbose(true));
    let result = to_call_tool_result(&error, &verbose.context(), &verbose);
    assert_eq!(mcp_envelope(&result)["message"], "disk full");
}

#[tokio::test]
async fn question_mark_in_a_handler_gives_an_error_result_inside_the_scope() {
    let options = Options::new()
        .with_clock(clock())
        .with_client_context(ClientContext::ALL);
    let handler = || -> Result<String, DemoError> {
        Err::<(), _>(DemoError::MediaNotFound {
            media_id: "m1".into(),
        })?;
        Ok("unreachable".into())
    };
    let response = scope(&options, "get_media", async {
        handler().into_call_tool_result()
    })
    .await;
    let result = complete(response.expect("a tool result, not a protocol error"));
    assert_eq!(result.is_error, Some(true));
    let envelope = mcp_envelope(&result);
    assert_eq!(envelope["tool"], "get_media");
    assert_eq!(envelope["timestamp"], TIMESTAMP);

    // Protocol-channel errors come out as Err(ErrorData).
    let response = scope(&options, "check_store", async {
        Err::<String, _>(DemoError::StoreDown).into_call_tool_result()
    })
    .await;
    assert_eq!(response.unwrap_err().code, ErrorCode(-31503));
}

#[test]
fn outside_a_scope_errors_still_convert_without_a_tool() {
    let response = DemoError::MediaNotFound {
        media_id: "m1".into(),
    }
    .into_call_tool_result();
    let result = complete(response.unwrap());
    let envelope = mcp_envelope(&result);
    assert_eq!(envelope["code"], "MEDIA_NOT_FOUND");
    assert_eq!(envelope.get("tool"), None);
    assert_eq!(envelope.get("timestamp"), None);
}

/// The tool a conversion right now would name (inside a scope whose options show
/// it).
fn tool_seen() -> Option<String> {
    let response = DemoError::MediaNotFound {
        media_id: "m".into(),
    }
    .into_call_tool_result();
    mcp_envelope(&complete(response.unwrap()))
        .get("tool")
        .and_then(|tool| tool.as_str().map(str::to_owned))
}

#[test]
fn boxed_errors_convert_too() {
    let boxed: Box<dyn ToolError + Send + Sync> = Box::new(DemoError::StoreDown);
    assert_eq!(
        boxed.into_call_tool_result().unwrap_err().code,
        ErrorCode(-31503)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_scopes_never_see_each_others_tool() {
    let options = Options::new()
        .without_clock()
        .with_client_context(ClientContext::ALL);
    let tasks: Vec<_> = (0..16)
        .map(|index| {
            let tool = format!("tool_{index}");
            let scoped = scope(&options, tool.clone(), async move {
                for _ in 0..index % 4 + 1 {
                    tokio::task::yield_now().await;
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
                let response = DemoError::MediaNotFound {
                    media_id: "m".into(),
                }
                .into_call_tool_result();
                (tool_seen(), response)
            });
            tokio::spawn(async move { (tool, scoped.await) })
        })
        .collect();
    for task in tasks {
        let (tool, (current, response)) = task.await.unwrap();
        assert_eq!(current.as_deref(), Some(tool.as_str()));
        assert_eq!(mcp_envelope(&complete(response.unwrap()))["tool"], tool);
    }
    assert_eq!(tool_seen(), None);
}

#[tokio::test]
async fn nested_scopes_restore_the_outer_one() {
    let options = Options::new().with_client_context(ClientContext::ALL);
    let outer = scope(&options, "outer", async {
        let inner = scope(&options, "inner", async { tool_seen() }).await;
        (inner, tool_seen())
    });
    assert_eq!(
        outer.await,
        (Some("inner".to_owned()), Some("outer".to_owned()))
    );
}

// A whole server, in-process over a duplex pipe.

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct MediaArgs {
    media_id: String,
    #[serde(default)]
    custom_bounds: Option<BTreeMap<String, (f64, f64)>>,
}

/// How a note is filed.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
enum Shelf {
    Inbox,
    Archive,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct NoteArgs {
    #[schemars(length(min = 1))]
    title: String,
    /// How urgent the note is, 1 = low.
    #[schemars(range(min = 1, max = 5))]
    priority: u8,
    shelf: Shelf,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct FollowUpArgs {
    which: Vec<String>,
}

#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
struct MediaInfo {
    compounds: usize,
}

#[derive(Clone)]
struct Demo {
    tool_router: ToolRouter<Self>,
    errors: Options,
}

#[tool_router]
impl Demo {
    #[tool(description = "Fetch a media by id")]
    fn get_media(&self, Parameters(args): Parameters<MediaArgs>) -> Result<String, DemoError> {
        match (args.media_id.as_str(), args.custom_bounds) {
            ("minimal", bounds) => Ok(format!(
                "minimal ({} bounds)",
                bounds.map_or(0, |b| b.len())
            )),
            (other, _) => Err(DemoError::MediaNotFound {
                media_id: other.to_owned(),
            }),
        }
    }

    /// Declares an `outputSchema` (rmcp derives it from `Json<MediaInfo>`).
    #[tool(description = "Describe a media")]
    fn describe_media(
        &self,
        Parameters(args): Parameters<MediaArgs>,
    ) -> Result<rmcp::handler::server::wrapper::Json<MediaInfo>, DemoError> {
        Err(DemoError::MediaNotFound {
            media_id: args.media_id,
        })
    }

    #[tool(description = "Check the media store")]
    async fn check_store(&self) -> Result<String, DemoError> {
        Err(DemoError::StoreDown)
    }

    #[tool(description = "Write a note")]
    fn add_note(&self, Parameters(_args): Parameters<NoteArgs>) -> Result<String, DemoError> {
        Ok("added".into())
    }

    /// No annotations: each call creates one more media (MCP's defaults).
    #[tool(description = "Create a media")]
    async fn create_media(&self) -> Result<String, DemoError> {
        Err(DemoError::StoreTimeout)
    }

    #[tool(
        description = "Store a media under its id",
        annotations(idempotent_hint = true)
    )]
    async fn put_media(&self) -> Result<String, DemoError> {
        Err(DemoError::StoreTimeout)
    }

    #[tool(description = "Count the media", annotations(read_only_hint = true))]
    async fn count_media(&self) -> Result<String, DemoError> {
        Err(DemoError::StoreTimeout)
    }

    /// Fails with the next calls `which` names, built at run time.
    #[tool(description = "Fail with next calls")]
    fn follow_up(&self, Parameters(args): Parameters<FollowUpArgs>) -> Result<String, DemoError> {
        let next = args
            .which
            .iter()
            .map(|which| match which.as_str() {
                // No such tool.
                "unserved" => Call::new("delete_everything").read_only(),
                // `media_id` is a string in get_media's schema.
                "bad_arguments" => Call::new("get_media").with("media_id", 7),
                // add_note needs a title too, which the caller supplies.
                "caller_supplies" => Call::new("add_note")
                    .with("priority", 2)
                    .with("shelf", "inbox")
                    .caller_supplies("title"),
                // get_media declares no annotations, so it is not read-only.
                "unannotated_read_only" => {
                    Call::new("get_media").with("media_id", "m1").read_only()
                }
                // count_media declares `readOnlyHint`.
                "annotated_read_only" => Call::new("count_media").read_only(),
                other => Call::new(other.to_owned()),
            })
            .collect();
        Err(DemoError::Stuck { next })
    }

    #[tool(description = "Save the media")]
    async fn save_media(&self) -> Result<String, DemoError> {
        Err(DemoError::Disk(std::io::Error::other(
            "/var/lib/SECRET: no space",
        )))
    }
}

// The one line: no call_tool of our own.
#[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router).with_options(&self.errors))]
impl ServerHandler for Demo {}

type Client = rmcp::service::RunningService<rmcp::RoleClient, ()>;

/// The demo server on one end of a pipe, a client on the other.
async fn serve_demo(errors: Options) -> (Client, tokio::task::JoinHandle<()>) {
    serve_demo_with(Demo::tool_router(), errors).await
}

/// The demo server with the tools `tool_router` serves.
async fn serve_demo_with(
    tool_router: ToolRouter<Demo>,
    errors: Options,
) -> (Client, tokio::task::JoinHandle<()>) {
    serve_in_process(Demo {
        tool_router,
        errors,
    })
    .await
}

#[tokio::test]
async fn a_server_with_the_router_and_no_call_tool() {
    let (client, server_task) = serve_demo(Options::new().with_clock(clock())).await;

    // The input schema comes from MediaArgs through tool_error's Parameters.
    let tools = client.list_all_tools().await.unwrap();
    let get_media = tools.iter().find(|tool| tool.name == "get_media").unwrap();
    assert_eq!(get_media.input_schema["required"], json!(["media_id"]));

    let ok = client
        .call_tool(tool_call("get_media", json!({ "media_id": "minimal" })))
        .await
        .unwrap();
    assert_eq!(ok.is_error, Some(false));
    assert_eq!(mcp_text(&ok), "minimal (0 bounds)");

    // A derived error: a tool result with the envelope, and nothing that changes
    // from call to call (no tool name, request id or timestamp), so two identical
    // failures read the same, byte for byte.
    let missing = client
        .call_tool(tool_call("get_media", json!({ "media_id": "rich" })))
        .await
        .unwrap();
    assert_eq!(missing.is_error, Some(true));
    let envelope = mcp_envelope(&missing);
    assert_eq!(envelope["code"], "MEDIA_NOT_FOUND");
    for key in ["tool", "request_id", "timestamp", "domain"] {
        assert_eq!(envelope.get(key), None, "{key}");
    }
    let again = client
        .call_tool(tool_call("get_media", json!({ "media_id": "rich" })))
        .await
        .unwrap();
    assert_eq!(mcp_text(&again), mcp_text(&missing));

    // No outputSchema on get_media, so the envelope is structuredContent too; a tool
    // that declares one keeps the envelope in the text alone, since clients check
    // structuredContent against that schema even on errors.
    assert_eq!(missing.structured_content, Some(envelope.clone()));
    let describe = client
        .call_tool(tool_call("describe_media", json!({ "media_id": "rich" })))
        .await
        .unwrap();
    assert!(
        tools
            .iter()
            .any(|tool| tool.name == "describe_media" && tool.output_schema.is_some())
    );
    assert_eq!(describe.is_error, Some(true));
    assert_eq!(describe.structured_content, None);
    assert_eq!(mcp_envelope(&describe)["code"], "MEDIA_NOT_FOUND");

    // Bad arguments: a VALIDATION result naming the nested field.
    let bad = client
        .call_tool(tool_call(
            "get_media",
            json!({ "media_id": "minimal", "custom_bounds": { "cpd00027": [-10, "x"] } }),
        ))
        .await
        .unwrap();
    assert_eq!(bad.is_error, Some(true));
    let envelope = mcp_envelope(&bad);
    assert_eq!(envelope["code"], "INVALID_ARGUMENTS");
    assert_eq!(envelope["kind"], "VALIDATION");
    assert_eq!(
        envelope["details"],
        json!({ "violations": [{
            "field": "custom_bounds.cpd00027[1]",
            "violation": "wrong_type",
            "expected": "a number",
            "actual": "string"
        }] })
    );

    let absent = client
        .call_tool(tool_call("get_media", json!({})))
        .await
        .unwrap();
    let envelope = mcp_envelope(&absent);
    assert_eq!(envelope["details"]["violations"][0]["field"], "media_id");
    // Nothing was given, so nothing is said to have been.
    assert!(envelope["details"]["violations"][0].get("actual").is_none());
    assert_eq!(envelope["message"], "'media_id' is required");

    // Protocol channel: a JSON-RPC error with the envelope as data.
    let down = client
        .call_tool(tool_call("check_store", json!({})))
        .await
        .unwrap_err();
    let rmcp::ServiceError::McpError(data) = down else {
        panic!("expected a JSON-RPC error, got {down:?}")
    };
    assert_eq!(data.code, ErrorCode(-31503));
    assert_eq!(data.data.unwrap()["code"], "STORE_DOWN");

    // An unknown tool is a protocol error, -32602.
    let unknown = client
        .call_tool(tool_call("no_such_tool", json!({})))
        .await
        .unwrap_err();
    let rmcp::ServiceError::McpError(data) = unknown else {
        panic!("expected a JSON-RPC error, got {unknown:?}")
    };
    assert_eq!(data.code, ErrorCode::INVALID_PARAMS);

    client.cancel().await.unwrap();
    server_task.await.unwrap();
}

#[tokio::test]
async fn a_transient_error_says_whether_a_retry_is_safe_from_the_tools_annotations() {
    let (client, server_task) = serve_demo(Options::new()).await;
    let mut texts = Vec::new();
    for (tool, advice) in [
        ("create_media", "check_first"),
        ("put_media", "safe"),
        ("count_media", "safe"),
    ] {
        let result = client.call_tool(tool_call(tool, json!({}))).await.unwrap();
        assert_eq!(result.is_error, Some(true));
        assert_eq!(mcp_envelope(&result)["retry"], advice, "{tool}");
        texts.push(mcp_text(&result).to_owned());
    }
    // The text alone tells the two apart, and says nothing else different.
    assert_eq!(
        texts[0],
        r#"{"code":"STORE_TIMEOUT","kind":"TRANSIENT","message":"media store timed out","recoverable":true,"retry":"check_first"}"#
    );
    assert_eq!(texts[1], texts[0].replace("check_first", "safe"));
    assert_eq!(texts[2], texts[1]);
    client.cancel().await.unwrap();
    server_task.await.unwrap();
}

#[tokio::test]
async fn the_input_schema_is_enforced_before_the_handler_runs() {
    let (client, server_task) = serve_demo(Options::new()).await;
    let add_note = |arguments: serde_json::Value| {
        let client = &client;
        async move {
            let result = client.call_tool(tool_call("add_note", arguments)).await;
            result.expect("a tool result")
        }
    };
    // `add_note` answers "added" whenever its handler runs.
    let good = add_note(json!({ "title": "milk", "priority": 2, "shelf": "inbox" })).await;
    assert_eq!(mcp_text(&good), "added");
    let violations = |result: &CallToolResult| {
        assert_eq!(result.is_error, Some(true), "{result:?}");
        let envelope = mcp_envelope(result);
        assert_eq!(envelope["code"], "INVALID_ARGUMENTS", "{envelope}");
        // What each field expects is said in its violation, and only there.
        assert!(envelope.get("suggestions").is_none(), "{envelope}");
        envelope["details"]["violations"]
            .as_array()
            .unwrap()
            .clone()
    };

    // Out of the declared range: refused, with the rule stated.
    let high = add_note(json!({ "title": "milk", "priority": 9, "shelf": "inbox" })).await;
    assert_eq!(
        violations(&high),
        [json!({
            "field": "priority",
            "violation": "invalid_value",
            "expected": "an integer from 1 to 5 (How urgent the note is, 1 = low)",
            "actual": "9"
        })]
    );
    // Shorter than declared.
    let empty = add_note(json!({ "title": "", "priority": 2, "shelf": "inbox" })).await;
    assert_eq!(
        violations(&empty),
        [json!({
            "field": "title",
            "violation": "wrong_length",
            "expected": "a non-empty string",
            "actual": "\"\""
        })]
    );

    // Every missing field in one error.
    let nothing = add_note(json!({})).await;
    let missing: Vec<serde_json::Value> = violations(&nothing)
        .iter()
        .map(|violation| json!([violation["field"], violation["violation"]]))
        .collect();
    assert_eq!(
        missing,
        [
            json!(["title", "missing"]),
            json!(["priority", "missing"]),
            json!(["shelf", "missing"])
        ]
    );
    assert_eq!(
        mcp_envelope(&nothing)["message"],
        "3 fields are invalid: 'title' is required; 'priority' is required; 'shelf' is required"
    );

    // Three bad fields, three violations.
    let three = add_note(json!({ "title": 5, "priority": 0, "shelf": "desk" })).await;
    let kinds: Vec<serde_json::Value> = violations(&three)
        .iter()
        .map(|violation| json!([violation["field"], violation["violation"]]))
        .collect();
    assert_eq!(kinds.len(), 3, "{kinds:?}");
    for expected in [
        json!(["title", "wrong_type"]),
        json!(["priority", "invalid_value"]),
        json!(["shelf", "not_allowed"]),
    ] {
        assert!(kinds.contains(&expected), "{expected} in {kinds:?}");
    }

    // One missing field: short, and its rule said once.
    let priority = add_note(json!({ "title": "milk", "shelf": "inbox" })).await;
    let text = mcp_text(&priority);
    assert!(text.len() <= 250, "{} characters: {text}", text.len());
    assert_eq!(text.matches("from 1 to 5").count(), 1, "{text}");
    assert_eq!(mcp_envelope(&priority)["message"], "'priority' is required");

    client.cancel().await.unwrap();
    server_task.await.unwrap();
}

#[tokio::test]
async fn with_the_check_off_the_handler_runs_and_the_words_state_only_types() {
    let options = Options::new().with_mcp(McpOptions::new().with_argument_check(false));
    let (client, server_task) = serve_demo(options).await;
    let add_note = |arguments: serde_json::Value| {
        let client = &client;
        async move {
            client
                .call_tool(tool_call("add_note", arguments))
                .await
                .unwrap()
        }
    };
    // Out of the declared range, yet nothing refuses it: the handler runs.
    let high = add_note(json!({ "title": "milk", "priority": 9, "shelf": "inbox" })).await;
    assert_eq!(mcp_text(&high), "added");
    // A missing field is stated without the bound nothing checks.
    let missing = add_note(json!({ "title": "milk", "shelf": "inbox" })).await;
    let envelope = mcp_envelope(&missing);
    assert_eq!(
        envelope["details"]["violations"][0]["expected"],
        "an integer (How urgent the note is, 1 = low)",
        "{envelope}"
    );
    client.cancel().await.unwrap();
    server_task.await.unwrap();
}

/// A server whose tools declare input schemas that are not valid JSON Schema.
#[derive(Clone)]
struct Broken {
    tool_router: ToolRouter<Self>,
}

fn broken_schema() -> std::sync::Arc<rmcp::model::JsonObject> {
    let schema = json!({ "type": "object", "properties": { "x": { "type": 5 } } });
    std::sync::Arc::new(schema.as_object().unwrap().clone())
}

#[tool_router]
impl Broken {
    #[tool(description = "First", input_schema = broken_schema())]
    fn first(&self) -> Result<String, DemoError> {
        Ok("first ran".into())
    }

    #[tool(description = "Second", input_schema = broken_schema())]
    fn second(&self) -> Result<String, DemoError> {
        Ok("second ran".into())
    }
}

#[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router))]
impl ServerHandler for Broken {}

#[test]
fn each_tool_whose_schema_does_not_compile_is_named_once_and_still_runs() {
    let events = tool_error_tests::logs::capture(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let (client, server_task) = serve_in_process(Broken {
                tool_router: Broken::tool_router(),
            })
            .await;
            for tool in ["first", "second", "first", "second"] {
                let result = client.call_tool(tool_call(tool, json!({}))).await.unwrap();
                assert_eq!(mcp_text(&result), format!("{tool} ran"));
            }
            client.cancel().await.unwrap();
            server_task.await.unwrap();
        });
    });
    let warned: Vec<&str> = events
        .iter()
        .filter_map(|event| event.field("message"))
        .filter(|message| message.contains("not checked against it"))
        .collect();
    assert_eq!(warned.len(), 2, "{warned:?}");
    assert!(
        warned[0].contains("`first`") || warned[1].contains("`first`"),
        "{warned:?}"
    );
    assert!(
        warned[0].contains("`second`") || warned[1].contains("`second`"),
        "{warned:?}"
    );
}

#[tokio::test]
async fn next_calls_built_at_run_time_are_checked_against_the_served_tools() {
    let (client, server_task) = serve_demo(Options::new()).await;
    let sent = |which: &[&str]| {
        let client = &client;
        let arguments = json!({ "which": which });
        async move {
            let result = client
                .call_tool(tool_call("follow_up", arguments))
                .await
                .unwrap();
            let envelope = mcp_envelope(&result);
            assert_eq!(envelope["code"], "STUCK", "{envelope}");
            envelope.get("next_calls").cloned().unwrap_or(json!([]))
        }
    };

    // Withheld: a tool the server does not serve, arguments its schema refuses.
    assert_eq!(sent(&["unserved"]).await, json!([]));
    assert_eq!(sent(&["bad_arguments"]).await, json!([]));
    // Sent: a call the caller completes (its missing `title` is the caller's).
    assert_eq!(
        sent(&["caller_supplies"]).await,
        json!([{
            "tool": "add_note",
            "arguments": { "priority": 2, "shelf": "inbox" },
            "caller_supplies": ["title"],
            "read_only": false
        }])
    );
    // `read_only` only for a tool whose annotations say so.
    assert_eq!(
        sent(&["unannotated_read_only"]).await,
        json!([{ "tool": "get_media", "arguments": { "media_id": "m1" }, "read_only": false }])
    );
    assert_eq!(
        sent(&["annotated_read_only"]).await,
        json!([{ "tool": "count_media", "arguments": {}, "read_only": true }])
    );
    // Withheld calls leave the others, in order.
    let mixed = sent(&[
        "unserved",
        "annotated_read_only",
        "bad_arguments",
        "caller_supplies",
    ])
    .await;
    let tools: Vec<&str> = mixed
        .as_array()
        .unwrap()
        .iter()
        .map(|call| call["tool"].as_str().unwrap())
        .collect();
    assert_eq!(tools, ["count_media", "add_note"]);
    // The client reads them as any next calls.
    let result = client
        .call_tool(tool_call(
            "follow_up",
            json!({ "which": ["annotated_read_only"] }),
        ))
        .await
        .unwrap();
    let parsed = tool_error::client::parse(mcp_text(&result));
    assert_eq!(parsed.next_calls().len(), 1);
    assert_eq!(parsed.next_calls()[0].tool, "count_media");
    client.cancel().await.unwrap();
    server_task.await.unwrap();
}

#[tokio::test]
async fn next_calls_are_checked_against_the_tools_this_server_serves_now() {
    async fn follow_up(client: &Client) -> serde_json::Value {
        let arguments = json!({ "which": ["annotated_read_only"] });
        let result = client.call_tool(tool_call("follow_up", arguments)).await;
        let envelope = mcp_envelope(&result.unwrap());
        envelope.get("next_calls").cloned().unwrap_or(json!([]))
    }
    let count_media = json!([{ "tool": "count_media", "arguments": {}, "read_only": true }]);
    // Two servers of one type: one serves `count_media`, the other has it disabled.
    let (full, full_task) = serve_demo(Options::new()).await;
    let mut restricted_router = Demo::tool_router();
    restricted_router.disable_route("count_media");
    let (restricted, restricted_task) = serve_demo_with(restricted_router, Options::new()).await;
    for _ in 0..2 {
        assert_eq!(follow_up(&full).await, count_media);
        assert_eq!(follow_up(&restricted).await, json!([]));
    }
    for (client, task) in [(full, full_task), (restricted, restricted_task)] {
        client.cancel().await.unwrap();
        task.await.unwrap();
    }
}

#[test]
fn a_withheld_next_call_is_logged_once_with_its_reason() {
    let events = tool_error_tests::logs::capture(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let (client, server_task) = serve_demo(Options::new()).await;
            for _ in 0..3 {
                let arguments = json!({ "which": ["ghost_tool"] });
                client
                    .call_tool(tool_call("follow_up", arguments))
                    .await
                    .unwrap();
            }
            client.cancel().await.unwrap();
            server_task.await.unwrap();
        });
    });
    let reasons: Vec<&str> = events
        .iter()
        .filter_map(|event| event.field("message"))
        .filter(|message| message.contains("ghost_tool"))
        .collect();
    assert_eq!(
        reasons,
        ["a next call to `ghost_tool` was not sent: the server serves no such tool"]
    );
}

/// A server's own error for bad arguments, e.g. to keep its code table.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("bad argument {parameter}")]
#[tool_error(code = "BAD_INPUT", kind = validation, category = "validation_error")]
struct BadInput {
    parameter: String,
}

#[tokio::test]
async fn argument_errors_can_be_mapped_to_the_servers_own_error() {
    let options = Options::new().with_mcp(McpOptions::new().with_argument_error(
        |error: tool_error::args::ArgumentError| BadInput {
            parameter: error.violations()[0].field().to_owned(),
        },
    ));
    let (client, server_task) = serve_demo(options).await;
    let bad = client
        .call_tool(tool_call("get_media", json!({ "media_id": 7 })))
        .await
        .unwrap();
    assert_eq!(bad.is_error, Some(true));
    let envelope = mcp_envelope(&bad);
    assert_eq!(envelope["code"], "BAD_INPUT");
    assert_eq!(envelope["category"], "validation_error");
    assert_eq!(envelope["details"], json!({ "parameter": "media_id" }));
    client.cancel().await.unwrap();
    server_task.await.unwrap();
}

/// The same, on the protocol channel: bad arguments as a JSON-RPC error.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("invalid params: {parameter}")]
#[tool_error(kind = validation, channel = protocol)]
struct InvalidParams {
    parameter: String,
}

#[tokio::test]
async fn mapped_argument_errors_on_the_protocol_channel_are_json_rpc_errors() {
    // The current-thread runtime runs the server's task on this thread too.
    let capture = super::otel::Capture::start();
    let options = Options::new().with_mcp(McpOptions::new().with_argument_error(
        |error: tool_error::args::ArgumentError| InvalidParams {
            parameter: error.violations()[0].field().to_owned(),
        },
    ));
    let (client, server_task) = serve_demo(options).await;
    let error = client
        .call_tool(tool_call("get_media", json!({})))
        .await
        .unwrap_err();
    let rmcp::ServiceError::McpError(data) = error else {
        panic!("expected a JSON-RPC error, got {error:?}")
    };
    assert_eq!(data.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(data.message, "invalid params: media_id");
    assert_eq!(data.data.unwrap()["code"], "INVALID_PARAMS");
    client.cancel().await.unwrap();
    server_task.await.unwrap();

    // The call's span carries the error it was answered with, as for any other.
    let spans = capture.spans();
    let call = spans
        .iter()
        .find(|span| span.name == "tools/call get_media")
        .expect("the call's span");
    let attribute = |key| super::otel::attribute(call, key);
    assert_eq!(
        attribute("tool_error.code").as_deref(),
        Some("INVALID_PARAMS")
    );
    assert_eq!(attribute("error.type").as_deref(), Some("-32602"));
}

/// The spans an OpenTelemetry pipeline receives: one per tool call, named and
/// attributed after the MCP conventions, an error only where the call failed.
#[tokio::test]
async fn each_tool_call_is_a_span_after_the_mcp_conventions() {
    use opentelemetry::trace::{SpanKind, Status};

    use super::otel::{Capture, attribute};

    // The current-thread runtime runs the server's task on this thread too.
    let capture = Capture::start();

    let (client, server_task) = serve_demo(Options::new()).await;
    let negotiated = client
        .peer_info()
        .expect("initialised")
        .protocol_version
        .clone();
    let missing = json!({ "media_id": "rich" });
    client
        .call_tool(tool_call("get_media", missing))
        .await
        .unwrap();
    let minimal = json!({ "media_id": "minimal" });
    client
        .call_tool(tool_call("get_media", minimal))
        .await
        .unwrap();
    let down = client.call_tool(tool_call("check_store", json!({}))).await;
    assert!(down.is_err());
    let masked = client
        .call_tool(tool_call("save_media", json!({})))
        .await
        .unwrap();
    assert_eq!(mcp_envelope(&masked)["message"], "Internal error");
    client.cancel().await.unwrap();
    server_task.await.unwrap();

    let spans = capture.spans();
    let calls: Vec<_> = spans
        .iter()
        .filter(|span| span.name.starts_with("tools/call"))
        .collect();
    assert_eq!(
        calls.len(),
        4,
        "{:?}",
        spans.iter().map(|s| &s.name).collect::<Vec<_>>()
    );
    for span in &calls {
        assert_eq!(span.span_kind, SpanKind::Server);
        assert_eq!(
            attribute(span, "mcp.method.name").as_deref(),
            Some("tools/call")
        );
        assert_eq!(
            attribute(span, "gen_ai.operation.name").as_deref(),
            Some("execute_tool")
        );
        assert!(attribute(span, "jsonrpc.request.id").is_some());
        // The version the client and server negotiated.
        assert_eq!(
            attribute(span, "mcp.protocol.version").as_deref(),
            Some(negotiated.as_str())
        );
    }

    // A derived error as a tool result: `error.type` is `tool_error`, status error,
    // and the contract under tool-error's own names.
    let failed = calls[0];
    assert_eq!(failed.name, "tools/call get_media");
    assert_eq!(
        attribute(failed, "gen_ai.tool.name").as_deref(),
        Some("get_media")
    );
    assert_eq!(
        attribute(failed, "error.type").as_deref(),
        Some("tool_error")
    );
    assert!(
        matches!(failed.status, Status::Error { .. }),
        "{:?}",
        failed.status
    );
    assert_eq!(
        attribute(failed, "tool_error.code").as_deref(),
        Some("MEDIA_NOT_FOUND")
    );
    assert_eq!(
        attribute(failed, "tool_error.kind").as_deref(),
        Some("NOT_FOUND")
    );
    assert_eq!(
        attribute(failed, "tool_error.recoverable").as_deref(),
        Some("true")
    );

    // A successful call is left unmarked.
    let succeeded = calls[1];
    assert_eq!(attribute(succeeded, "error.type"), None);
    assert_eq!(succeeded.status, Status::Unset);

    // A protocol error: `error.type` and `rpc.response.status_code` are its code.
    let protocol = calls[2];
    assert_eq!(protocol.name, "tools/call check_store");
    assert_eq!(attribute(protocol, "error.type").as_deref(), Some("-31503"));
    assert_eq!(
        attribute(protocol, "rpc.response.status_code").as_deref(),
        Some("-31503")
    );
    assert!(matches!(protocol.status, Status::Error { .. }));

    // A masked message is in no attribute of any span.
    assert_eq!(calls[3].name, "tools/call save_media");
    assert_eq!(
        attribute(calls[3], "tool_error.code").as_deref(),
        Some("DISK")
    );
    for span in &spans {
        for kv in &span.attributes {
            assert!(
                !kv.value.to_string().contains("SECRET"),
                "{}: {kv:?}",
                span.name
            );
        }
    }

    // No other span (rmcp's own, for the connection) is marked.
    for span in spans
        .iter()
        .filter(|span| !span.name.starts_with("tools/call"))
    {
        assert!(
            !matches!(span.status, Status::Error { .. }),
            "{}",
            span.name
        );
    }
}

/// The server of README's rmcp section, as written there (less `main`), answering
/// the three calls the README shows with the texts it shows.
mod readme_server {
    use rmcp::handler::server::router::tool::ToolRouter;
    use rmcp::{ServerHandler, schemars, tool, tool_handler, tool_router};
    use serde_json::{Value, json};
    use tool_error::ToolError;
    use tool_error::rmcp::Parameters;
    use tool_error_tests::{mcp_text, serve_in_process, tool_call};

    #[derive(Debug, thiserror::Error, ToolError)]
    enum NoteError {
        /// No note has the id.
        #[error("note '{note_id}' not found")]
        #[tool_error(kind = not_found, suggest = "List the notes with list_notes")]
        NoteNotFound { note_id: String },

        /// The store failed: the model reads a masked message, the log the cause.
        #[error("the note store failed")]
        #[tool_error(kind = internal)]
        Store(#[source] std::io::Error),
    }

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct NoteId {
        note_id: String,
    }

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct NewNote {
        #[schemars(length(min = 1))]
        title: String,
        /// How urgent the note is.
        #[schemars(range(min = 1, max = 5))]
        priority: u8,
    }

    #[derive(Clone)]
    struct Notes {
        tool_router: ToolRouter<Self>,
    }

    #[tool_router]
    impl Notes {
        #[tool(description = "Read a note", annotations(read_only_hint = true))]
        fn get_note(&self, Parameters(args): Parameters<NoteId>) -> Result<String, NoteError> {
            Err(NoteError::NoteNotFound {
                note_id: args.note_id,
            })
        }

        #[tool(description = "Add a note")]
        fn add_note(&self, Parameters(note): Parameters<NewNote>) -> Result<String, NoteError> {
            let _ = (note.title, note.priority);
            Err(NoteError::Store(std::io::Error::other(
                "/var/notes: no space left",
            )))
        }
    }

    #[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router))]
    impl ServerHandler for Notes {}

    /// The JSON blocks README's rmcp section shows after "What the model reads".
    fn shown_in_the_readme() -> Vec<String> {
        let readme = include_str!("../../../README.md");
        let start = readme
            .find("What the model reads is the text of the error result")
            .expect("README's rmcp section shows what the model reads");
        readme[start..]
            .split("```json\n")
            .skip(1)
            .take(3)
            .map(|block| block.split("\n```").next().unwrap().to_owned())
            .collect()
    }

    #[tokio::test]
    async fn the_model_reads_what_the_readme_shows() {
        let (client, server_task) = serve_in_process(Notes {
            tool_router: Notes::tool_router(),
        })
        .await;
        let mut texts = Vec::new();
        for (tool, arguments) in [
            ("get_note", json!({ "note_id": "n7" })),
            ("add_note", json!({ "title": "milk", "priority": 9 })),
            ("add_note", json!({ "title": "milk", "priority": 2 })),
        ] {
            let result = client.call_tool(tool_call(tool, arguments)).await.unwrap();
            assert_eq!(result.is_error, Some(true), "{result:?}");
            texts.push(mcp_text(&result).to_owned());
        }
        // The request id is the client's numbering: the README's is its own session's.
        let shown = shown_in_the_readme();
        let request_id =
            |text: &str| serde_json::from_str::<Value>(text).unwrap()["request_id"].clone();
        assert!(request_id(&texts[2]).is_u64(), "{}", texts[2]);
        let ours = texts[2].replace(
            &format!("\"request_id\":{}", request_id(&texts[2])),
            &format!("\"request_id\":{}", request_id(&shown[2])),
        );
        texts[2] = ours;
        assert_eq!(texts, shown);
        client.cancel().await.unwrap();
        server_task.await.unwrap();
    }
}
