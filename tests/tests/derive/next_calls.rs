//! Next calls: declared per variant, rendered in the native envelope beside the
//! suggestions, listed in the catalog and read back by the client.

use serde_json::json;
use tool_error::next_call::Call;
use tool_error::{Envelope, Native, Policy, ToolError};
use tool_error_tests::native_with;

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "lab")]
enum LabError {
    /// A compound ID that is not in the database.
    #[error("compound {compound_id} not found")]
    #[tool_error(
        kind = not_found,
        suggest = "Search compounds by name with search_compounds",
        next_call(tool = "search_compounds", args(query = _, limit = 5), read_only),
        next_call(tool = "get_compound", args(compound_id = "{closest}"), read_only)
    )]
    CompoundNotFound {
        compound_id: String,
        closest: String,
    },

    /// A model that cannot grow.
    #[error("model {model_id} is infeasible")]
    #[tool_error(
        kind = conflict,
        next_call(tool = "export_model", args(model_id), read_only),
        next_call(
            tool = "gapfill_model",
            args(model_id, media_ids = media, target = 0.5, strict = false, attempt = attempts)
        )
    )]
    Infeasible {
        model_id: String,
        media: Vec<String>,
        attempts: u32,
        #[tool_error(redact)]
        token: String,
    },

    /// Nothing to suggest.
    #[error("busy")]
    #[tool_error(kind = transient)]
    Busy,
}

#[test]
fn next_calls_render_after_the_suggestions() {
    let error = LabError::CompoundNotFound {
        compound_id: "cpd99999".into(),
        closest: "cpd00027".into(),
    };
    let value = native_with(&error, &Policy::DEFAULT);
    assert_eq!(
        value["next_calls"],
        json!([
            {"tool": "search_compounds", "arguments": {"limit": 5}, "caller_supplies": ["query"], "read_only": true},
            {"tool": "get_compound", "arguments": {"compound_id": "cpd00027"}, "read_only": true},
        ])
    );
    let keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let at = |key| keys.iter().position(|k| *k == key).unwrap();
    assert_eq!(at("next_calls"), at("suggestions") + 1, "{keys:?}");
}

#[test]
fn field_values_keep_their_json_type_and_calls_need_confirmation_by_default() {
    let error = LabError::Infeasible {
        model_id: "m1".into(),
        media: vec!["glc".into(), "nh4".into()],
        attempts: 2,
        token: "secret-token".into(),
    };
    let value = native_with(&error, &Policy::DEFAULT);
    assert_eq!(
        value["next_calls"],
        json!([
            {"tool": "export_model", "arguments": {"model_id": "m1"}, "read_only": true},
            {"tool": "gapfill_model", "arguments": {
                "model_id": "m1", "media_ids": ["glc", "nh4"], "target": 0.5, "strict": false, "attempt": 2
            }, "read_only": false},
        ])
    );
    assert!(!value.to_string().contains("secret-token"));
}

#[test]
fn no_next_calls_no_key() {
    let value = native_with(&LabError::Busy, &Policy::DEFAULT);
    assert!(value.get("next_calls").is_none(), "{value}");
}

#[derive(Debug, thiserror::Error, ToolError)]
enum Wrapper {
    #[error(transparent)]
    #[tool_error(transparent)]
    Lab(#[from] LabError),
}

#[test]
fn a_transparent_wrapper_keeps_the_wrapped_calls() {
    let error = Wrapper::from(LabError::CompoundNotFound {
        compound_id: "x".into(),
        closest: "cpd00027".into(),
    });
    let value = native_with(&error, &Policy::DEFAULT);
    assert_eq!(
        value["next_calls"][1]["arguments"]["compound_id"],
        "cpd00027"
    );
}

fn infeasible(media: usize) -> LabError {
    LabError::Infeasible {
        model_id: "m".repeat(300),
        media: (0..media).map(|i| format!("media{i}")).collect(),
        attempts: 1,
        token: "t".into(),
    }
}

#[test]
fn next_calls_follow_the_suggestion_switches() {
    let error = infeasible(1);
    assert!(
        native_with(&error, &Policy::DEFAULT)
            .get("next_calls")
            .is_some()
    );
    let value = native_with(&error, &Policy::DEFAULT.with_suggestions(false));
    assert!(value.get("next_calls").is_none(), "{value}");
    let reduced = Envelope::new(&error)
        .with_reduction(tool_error::envelope::Reduction::Suggestions)
        .to_value(&Native);
    assert!(reduced.get("next_calls").is_none(), "{reduced}");
}

#[test]
fn limits_leave_out_calls_they_would_change_and_say_so() {
    // Three media: the second call's `media_ids` list is over an item limit of 2,
    // so that call is left out whole; the first fits.
    let limits = tool_error::Limits::DEFAULT.with_max_items(2);
    let value = native_with(&infeasible(3), &Policy::DEFAULT.with_limits(limits));
    let tools: Vec<&str> = value["next_calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|call| call["tool"].as_str().unwrap())
        .collect();
    assert_eq!(tools, ["export_model"], "{value}");
    assert_eq!(value["truncated"], true);
    assert!(!value.to_string().contains(r#""media_ids""#));

    // A model id over the string limit: both calls would send it cut.
    let limits = tool_error::Limits::DEFAULT.with_max_string_chars(10);
    let value = native_with(&infeasible(1), &Policy::DEFAULT.with_limits(limits));
    assert!(value.get("next_calls").is_none(), "{value}");
    assert_eq!(value["truncated"], true);

    // One call allowed: the first is written, the second counted as cut.
    let limits = tool_error::Limits::DEFAULT
        .with_max_items(1)
        .with_max_string_chars(1000);
    let error = LabError::Infeasible {
        model_id: "m1".into(),
        media: vec!["glc".into()],
        attempts: 1,
        token: "t".into(),
    };
    let value = native_with(&error, &Policy::DEFAULT.with_limits(limits));
    assert_eq!(value["next_calls"].as_array().unwrap().len(), 1, "{value}");
    assert_eq!(value["truncated"], true);
    let value = native_with(&error, &Policy::DEFAULT);
    assert_eq!(value["next_calls"].as_array().unwrap().len(), 2, "{value}");
    assert!(value.get("truncated").is_none(), "{value}");
}

/// Nothing but one call (`status`), built at run time, so only dropping the call
/// can make the envelope cut.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("busy")]
#[tool_error(code = "BUSY", kind = transient)]
struct OnlyACall {
    #[tool_error(next_calls)]
    call: Option<Call>,
}

fn only_a_call(call: Call) -> OnlyACall {
    OnlyACall {
        call: Some(call.read_only()),
    }
}

#[test]
fn no_room_for_items_leaves_the_key_out_and_says_truncated() {
    let error = only_a_call(Call::new("status"));
    let value = native_with(&error, &Policy::DEFAULT);
    assert_eq!(value["next_calls"][0]["tool"], "status");
    assert!(value.get("truncated").is_none(), "{value}");
    let limits = tool_error::Limits::DEFAULT.with_max_items(0);
    let value = native_with(&error, &Policy::DEFAULT.with_limits(limits));
    assert!(value.get("next_calls").is_none(), "{value}");
    assert_eq!(value["truncated"], true, "{value}");
}

#[test]
fn every_call_left_out_by_a_limit_says_truncated() {
    // Nothing else is cut: the tool name over the string limit, or the `ids` list
    // over the item limit, leaves the one call out, and only that makes it a cut.
    let error = only_a_call(Call::new("status").with("ids", json!([1, 2])));
    assert!(
        native_with(&error, &Policy::DEFAULT)
            .get("truncated")
            .is_none()
    );
    for limits in [
        tool_error::Limits::DEFAULT.with_max_string_chars(3),
        tool_error::Limits::DEFAULT.with_max_items(1),
    ] {
        let value = native_with(&error, &Policy::DEFAULT.with_limits(limits));
        assert!(value.get("next_calls").is_none(), "{value}");
        assert_eq!(value["truncated"], true, "{value}");
    }
}

#[test]
fn problem_json_carries_the_calls_as_an_extension_member() {
    let error = LabError::CompoundNotFound {
        compound_id: "cpd99999".into(),
        closest: "cpd00027".into(),
    };
    let value = Envelope::new(&error).to_value(&tool_error::Problem::default());
    assert_eq!(
        value["next_calls"],
        native_with(&error, &Policy::DEFAULT)["next_calls"]
    );
    assert_eq!(value["next_calls"][0]["tool"], "search_compounds");
    // And the client reads them back from problem+json.
    let parsed = tool_error::client::parse_value(&value);
    assert_eq!(parsed.next_calls()[1].arguments["compound_id"], "cpd00027");
}

#[test]
fn the_client_reads_the_calls_back() {
    let error = LabError::CompoundNotFound {
        compound_id: "cpd99999".into(),
        closest: "cpd00027".into(),
    };
    let text = Envelope::new(&error).render(&Native);
    let parsed = tool_error::client::parse(&text);
    let calls = parsed.next_calls();
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].tool, "search_compounds");
    assert_eq!(calls[0].caller_supplies, ["query"]);
    assert!(calls[0].read_only);
    let envelope = parsed.envelope().unwrap();
    let unattended: Vec<&str> = envelope
        .unattended_calls()
        .map(|c| c.tool.as_str())
        .collect();
    assert_eq!(unattended, ["get_compound"]);
    let arguments = calls[0].arguments_with([("query", json!("glucose"))]);
    assert_eq!(
        serde_json::Value::Object(arguments),
        json!({"limit": 5, "query": "glucose"})
    );

    // Inside an MCP tool result, and one malformed call among good ones.
    let result = json!({"content": [{"type": "text", "text": text}], "isError": true});
    assert_eq!(
        tool_error::client::parse_value(&result).next_calls().len(),
        2
    );
    let mixed = json!({"code": "X_Y", "kind": "NOT_FOUND", "message": "m", "recoverable": true,
        "next_calls": [{"arguments": {}}, {"tool": "ok_tool"}]});
    let parsed = tool_error::client::parse_value(&mixed);
    assert_eq!(parsed.next_calls().len(), 1);
    assert_eq!(parsed.next_calls()[0].tool, "ok_tool");
    assert!(
        !parsed.next_calls()[0].read_only,
        "absent read_only means confirm"
    );
}

#[test]
fn the_catalog_lists_the_declarations() {
    use tool_error::StaticCatalog;
    use tool_error::next_call::ArgumentValue;
    let entry = LabError::CATALOG.find("INFEASIBLE").unwrap();
    let calls = entry.next_calls();
    assert_eq!(calls.len(), 2);
    assert_eq!(
        (calls[0].tool(), calls[0].is_read_only()),
        ("export_model", true)
    );
    assert_eq!(
        (calls[1].tool(), calls[1].is_read_only()),
        ("gapfill_model", false)
    );
    let values: Vec<ArgumentValue> = calls[1].arguments().iter().map(|a| a.value()).collect();
    assert!(matches!(
        values[1],
        ArgumentValue::Field { field: "media", .. }
    ));
    assert_eq!(values[2], ArgumentValue::Number(0.5));
    assert_eq!(
        serde_json::Value::Object(calls[1].sample_arguments()),
        json!({"model_id": "model_id", "media_ids": ["media"], "target": 0.5, "strict": false, "attempt": 1})
    );
}

mod check {
    use rmcp::handler::server::router::tool::ToolRouter;
    use rmcp::handler::server::wrapper::Parameters;
    use rmcp::{tool, tool_router};
    use serde::Deserialize;
    use serde_json::{Map, Value, json};
    use tool_error::next_call::{self, ServedTool};
    use tool_error::{StaticCatalog, ToolError};

    use super::LabError;

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().expect("an object").clone()
    }

    /// The tools `LabError`'s next calls name, with the schemas they expect.
    fn lab_tools() -> Vec<(&'static str, Map<String, Value>)> {
        vec![
            (
                "search_compounds",
                object(json!({
                    "type": "object",
                    "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1}},
                    "required": ["query"],
                })),
            ),
            (
                "get_compound",
                object(json!({
                    "type": "object",
                    "properties": {"compound_id": {"type": "string"}},
                    "required": ["compound_id"],
                })),
            ),
            (
                "export_model",
                object(json!({
                    "type": "object",
                    "properties": {"model_id": {"type": "string"}},
                    "required": ["model_id"],
                })),
            ),
            (
                "gapfill_model",
                object(json!({
                    "type": "object",
                    "properties": {
                        "model_id": {"type": "string"},
                        "media_ids": {"type": "array", "items": {"type": "string"}},
                        "target": {"type": "number"},
                        "strict": {"type": "boolean"},
                        "attempt": {"type": "integer"},
                    },
                    "required": ["model_id", "media_ids"],
                    "additionalProperties": false,
                })),
            ),
        ]
    }

    /// The tools as served, the three that `LabError`'s `read_only` calls name
    /// annotated read-only.
    fn served<'a>(tools: &'a [(&'static str, Map<String, Value>)]) -> Vec<ServedTool<'a>> {
        tools
            .iter()
            .map(|(name, schema)| {
                let reads = ["search_compounds", "get_compound", "export_model"].contains(name);
                ServedTool::new(name, schema).with_read_only_hint(reads.then_some(true))
            })
            .collect()
    }

    #[test]
    fn calls_that_match_the_tools_pass() {
        let tools = lab_tools();
        // `query` is required but supplied by the caller: not a violation.
        next_call::match_tools([LabError::CATALOG], served(&tools)).unwrap();
    }

    #[test]
    fn a_missing_tool_is_reported_with_what_is_served() {
        let tools: Vec<_> = lab_tools()
            .into_iter()
            .filter(|(name, _)| *name != "export_model")
            .collect();
        let report = next_call::match_tools([LabError::CATALOG], served(&tools)).unwrap_err();
        assert_eq!(report.mismatches().len(), 1, "{report}");
        let problem = &report.mismatches()[0];
        assert_eq!(
            (problem.variant(), problem.code(), problem.tool()),
            ("Infeasible", "INFEASIBLE", "export_model")
        );
        assert_eq!(
            report.to_string(),
            "1 next call does not match the server's tools:\n- LabError::Infeasible (INFEASIBLE), next call 1 (`export_model`): no tool is named `export_model`; the server serves search_compounds, get_compound, gapfill_model"
        );
    }

    #[test]
    fn a_wrong_argument_type_names_the_argument_and_the_field() {
        let mut tools = lab_tools();
        // `media_ids` sent from a `Vec<String>` field, but this tool wants a string.
        tools[3].1 = object(json!({
            "type": "object",
            "properties": {
                "model_id": {"type": "string"}, "media_ids": {"type": "string"},
                "target": {"type": "number"}, "strict": {"type": "boolean"}, "attempt": {"type": "integer"},
            },
        }));
        let report = next_call::match_tools([LabError::CATALOG], served(&tools)).unwrap_err();
        assert_eq!(report.mismatches().len(), 1, "{report}");
        let violation = report.mismatches()[0].violation();
        assert!(
            violation.starts_with(
                "its arguments do not match the input schema of `gapfill_model` at `media_ids` (the field `media`, sampled from its type): "
            ),
            "{violation}"
        );
        assert!(
            violation.contains(r#"["media"] is not of type "string""#),
            "{violation}"
        );
    }

    #[test]
    fn an_undeclared_argument_and_a_broken_limit_are_both_reported() {
        let mut tools = lab_tools();
        tools[0].1 = object(json!({
            "type": "object",
            "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 10}},
            "required": ["query"],
        }));
        tools[1].1 = object(json!({
            "type": "object",
            "properties": {"id": {"type": "string"}},
        }));
        let report = next_call::match_tools([LabError::CATALOG], served(&tools)).unwrap_err();
        let violations: Vec<&str> = report.mismatches().iter().map(|p| p.violation()).collect();
        assert_eq!(violations.len(), 2, "{report}");
        assert!(
            violations[0].contains("at `limit`") && violations[0].contains("minimum of 10"),
            "{}",
            violations[0]
        );
        assert_eq!(
            violations[1],
            "`get_compound` has no argument `compound_id`; its arguments are id"
        );
    }

    #[test]
    fn a_caller_supplied_argument_is_excused_wherever_the_schema_requires_it() {
        let mut tools = lab_tools();
        // `query` required through `allOf`, as a flattened struct's schema says it:
        // the caller supplies it, as when an error sends the call.
        tools[0].1 = object(json!({
            "type": "object",
            "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1}},
            "allOf": [{"required": ["query"]}],
        }));
        next_call::match_tools([LabError::CATALOG], served(&tools)).unwrap();
    }

    #[derive(Debug, Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    struct ModelArgs {
        model_id: String,
    }

    #[derive(Debug, Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    struct GapfillArgs {
        model_id: String,
        media_ids: Vec<String>,
        target: f64,
        strict: bool,
        attempt: u32,
    }

    #[derive(Debug, Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    struct SearchArgs {
        query: String,
        limit: Option<u32>,
    }

    #[derive(Debug, Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    struct CompoundArgs {
        compound_id: String,
    }

    struct Lab;

    #[tool_router]
    impl Lab {
        #[tool(description = "Search compounds", annotations(read_only_hint = true))]
        fn search_compounds(&self, Parameters(_args): Parameters<SearchArgs>) -> String {
            String::new()
        }
        #[tool(description = "Get a compound", annotations(read_only_hint = true))]
        fn get_compound(&self, Parameters(_args): Parameters<CompoundArgs>) -> String {
            String::new()
        }
        #[tool(description = "Export a model", annotations(read_only_hint = false))]
        fn export_model(&self, Parameters(_args): Parameters<ModelArgs>) -> String {
            String::new()
        }
        #[tool(description = "Gapfill a model")]
        fn gapfill_model(&self, Parameters(_args): Parameters<GapfillArgs>) -> String {
            String::new()
        }
    }

    #[test]
    fn the_rmcp_check_reads_the_router_and_its_read_only_hints() {
        let router: ToolRouter<Lab> = Lab::tool_router();
        let report = tool_error::rmcp::check_next_calls(&router.list_all(), [LabError::CATALOG])
            .unwrap_err();
        // `export_model` says it writes, yet the next call marks it read-only.
        assert_eq!(report.mismatches().len(), 1, "{report}");
        assert_eq!(report.mismatches()[0].tool(), "export_model");
        assert!(
            report.mismatches()[0]
                .violation()
                .contains("readOnlyHint: false"),
            "{report}"
        );
    }

    /// One `read_only` next call per way a tool can be annotated, and one call
    /// that needs confirmation, to a destructive tool.
    #[derive(Debug, thiserror::Error, ToolError)]
    #[tool_error(domain = "shelf")]
    #[allow(dead_code)] // only its catalog is checked
    enum ShelfError {
        #[error("note {note_id} is locked")]
        #[tool_error(kind = conflict, next_call(tool = "peek_plain", args(note_id), read_only))]
        Plain { note_id: String },
        #[error("note {note_id} is locked")]
        #[tool_error(kind = conflict, next_call(tool = "peek_titled", args(note_id), read_only))]
        Titled { note_id: String },
        #[error("note {note_id} is locked")]
        #[tool_error(kind = conflict, next_call(tool = "peek_writing", args(note_id), read_only))]
        Writing { note_id: String },
        #[error("note {note_id} is locked")]
        #[tool_error(
            kind = conflict,
            next_call(tool = "peek_contradictory", args(note_id), read_only)
        )]
        Contradictory { note_id: String },
        #[error("note {note_id} is locked")]
        #[tool_error(kind = conflict, next_call(tool = "delete_note", args(note_id), read_only))]
        DeleteUnasked { note_id: String },
        #[error("note {note_id} is locked")]
        #[tool_error(kind = conflict, next_call(tool = "get_note", args(note_id), read_only))]
        Get { note_id: String },
        #[error("note {note_id} is locked")]
        #[tool_error(kind = conflict, next_call(tool = "list_notes", args(note_id), read_only))]
        List { note_id: String },
        #[error("note {note_id} is a duplicate")]
        #[tool_error(kind = conflict, next_call(tool = "delete_note", args(note_id)))]
        Duplicate { note_id: String },
    }

    /// The calls of `ShelfError` the check accepts, on their own.
    #[derive(Debug, thiserror::Error, ToolError)]
    #[tool_error(domain = "shelf")]
    #[allow(dead_code)] // only its catalog is checked
    enum AcceptedShelfError {
        #[error("note {note_id} is locked")]
        #[tool_error(kind = conflict, next_call(tool = "get_note", args(note_id), read_only))]
        Get { note_id: String },
        #[error("note {note_id} is locked")]
        #[tool_error(kind = conflict, next_call(tool = "list_notes", args(note_id), read_only))]
        List { note_id: String },
        #[error("note {note_id} is a duplicate")]
        #[tool_error(kind = conflict, next_call(tool = "delete_note", args(note_id)))]
        Duplicate { note_id: String },
    }

    const ANNOTATE_OR_DROP: &str = "if the tool only reads, annotate it `readOnlyHint: true` (rmcp: `#[tool(annotations(read_only_hint = true))]`); otherwise drop `read_only` from the next call so agents confirm it first";

    /// What the check must report for `ShelfError`: the five `read_only` calls to
    /// tools that do not declare `readOnlyHint: true`, or declare
    /// `destructiveHint: true`, and nothing else.
    fn shelf_violations() -> Vec<(&'static str, String)> {
        vec![
            (
                "peek_plain",
                format!("the call is marked `read_only`, but `peek_plain` has no readOnlyHint annotation (MCP's default is false): {ANNOTATE_OR_DROP}"),
            ),
            (
                "peek_titled",
                format!("the call is marked `read_only`, but `peek_titled` has no readOnlyHint annotation (MCP's default is false): {ANNOTATE_OR_DROP}"),
            ),
            (
                "peek_writing",
                format!("the call is marked `read_only`, but `peek_writing` declares readOnlyHint: false: {ANNOTATE_OR_DROP}"),
            ),
            (
                "peek_contradictory",
                "the call is marked `read_only`, but `peek_contradictory` declares readOnlyHint: true but also destructiveHint: true: drop `read_only` from the next call so agents confirm it first, or, if the tool only reads, remove its destructiveHint: true".to_owned(),
            ),
            (
                "delete_note",
                "the call is marked `read_only`, but `delete_note` declares destructiveHint: true: drop `read_only` from the next call so agents confirm it first, or, if the tool only reads, annotate it `readOnlyHint: true` (rmcp: `#[tool(annotations(read_only_hint = true))]`) and remove its destructiveHint: true".to_owned(),
            ),
        ]
    }

    fn violations(report: &next_call::Mismatches) -> Vec<(&'static str, String)> {
        report
            .mismatches()
            .iter()
            .map(|problem| (problem.tool(), problem.violation().to_owned()))
            .collect()
    }

    #[test]
    fn a_read_only_call_needs_a_tool_that_declares_read_only_and_not_destructive() {
        let schema = object(json!({
            "type": "object",
            "properties": {"note_id": {"type": "string"}},
            "required": ["note_id"],
        }));
        // (tool, readOnlyHint, destructiveHint)
        let annotated = [
            ("peek_plain", None, None),
            ("peek_titled", None, None),
            ("peek_writing", Some(false), None),
            ("peek_contradictory", Some(true), Some(true)),
            ("delete_note", None, Some(true)),
            ("get_note", Some(true), None),
            ("list_notes", Some(true), Some(false)),
        ];
        let tools = annotated.map(|(name, read_only_hint, destructive_hint)| {
            ServedTool::new(name, &schema)
                .with_read_only_hint(read_only_hint)
                .with_destructive_hint(destructive_hint)
        });
        // readOnlyHint: true with destructiveHint unset or false passes, and so
        // does a call that needs confirmation to the destructive `delete_note`.
        next_call::match_tools([AcceptedShelfError::CATALOG], tools).unwrap();
        let report = next_call::match_tools([ShelfError::CATALOG], tools).unwrap_err();
        assert_eq!(violations(&report), shelf_violations(), "{report}");
        assert!(
            report.to_string().contains(
                "- ShelfError::DeleteUnasked (DELETE_UNASKED), next call 1 (`delete_note`): the call is marked `read_only`"
            ),
            "{report}"
        );

        // A destructive tool that declares readOnlyHint: false as well.
        let tools = [ServedTool::new("delete_note", &schema)
            .with_read_only_hint(Some(false))
            .with_destructive_hint(Some(true))];
        let report = next_call::match_tools([ShelfError::CATALOG], tools).unwrap_err();
        let on_delete: Vec<&str> = report
            .mismatches()
            .iter()
            .filter(|problem| problem.variant() == "DeleteUnasked")
            .map(|problem| problem.violation())
            .collect();
        assert_eq!(
            on_delete,
            [
                "the call is marked `read_only`, but `delete_note` declares readOnlyHint: false and destructiveHint: true: drop `read_only` from the next call so agents confirm it first, or, if the tool only reads, annotate it `readOnlyHint: true` (rmcp: `#[tool(annotations(read_only_hint = true))]`) and remove its destructiveHint: true"
            ]
        );
        // The call that needs confirmation is fine with the destructive tool.
        assert!(
            report
                .mismatches()
                .iter()
                .all(|problem| problem.variant() != "Duplicate"),
            "{report}"
        );
    }

    #[derive(Debug, Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    struct NoteArgs {
        note_id: String,
    }

    struct Shelf;

    #[tool_router]
    impl Shelf {
        #[tool(description = "Peek at a note")]
        fn peek_plain(&self, Parameters(_args): Parameters<NoteArgs>) -> String {
            String::new()
        }
        #[tool(description = "Peek at a note", annotations(title = "Peek"))]
        fn peek_titled(&self, Parameters(_args): Parameters<NoteArgs>) -> String {
            String::new()
        }
        #[tool(description = "Peek at a note", annotations(read_only_hint = false))]
        fn peek_writing(&self, Parameters(_args): Parameters<NoteArgs>) -> String {
            String::new()
        }
        #[tool(
            description = "Peek at a note",
            annotations(read_only_hint = true, destructive_hint = true)
        )]
        fn peek_contradictory(&self, Parameters(_args): Parameters<NoteArgs>) -> String {
            String::new()
        }
        #[tool(description = "Delete a note", annotations(destructive_hint = true))]
        fn delete_note(&self, Parameters(_args): Parameters<NoteArgs>) -> String {
            String::new()
        }
        #[tool(description = "Get a note", annotations(read_only_hint = true))]
        fn get_note(&self, Parameters(_args): Parameters<NoteArgs>) -> String {
            String::new()
        }
        #[tool(
            description = "List notes",
            annotations(read_only_hint = true, destructive_hint = false)
        )]
        fn list_notes(&self, Parameters(_args): Parameters<NoteArgs>) -> String {
            String::new()
        }
    }

    #[test]
    fn the_rmcp_check_reads_both_hints_from_the_router() {
        let router: ToolRouter<Shelf> = Shelf::tool_router();
        let tools = router.list_all();
        // The router's tools carry the annotations as written, or none.
        let plain = tools.iter().find(|tool| tool.name == "peek_plain").unwrap();
        assert!(plain.annotations.is_none());
        let report = tool_error::rmcp::check_next_calls(&tools, [ShelfError::CATALOG]).unwrap_err();
        assert_eq!(violations(&report), shelf_violations(), "{report}");

        // Calls to the two read-only tools, and the one to `delete_note` that
        // needs confirmation, pass.
        tool_error::rmcp::check_next_calls(&tools, [AcceptedShelfError::CATALOG]).unwrap();
    }

    #[derive(Debug, thiserror::Error, ToolError)]
    #[allow(dead_code)] // only its catalog is checked
    enum FirstError {
        #[error("before")]
        #[tool_error(kind = not_found, next_call(tool = "first_a"))]
        Before,
        #[error(transparent)]
        #[tool_error(transparent)]
        Inner(#[from] InnerError),
        #[error("after")]
        #[tool_error(kind = not_found, next_call(tool = "first_b"))]
        After,
    }

    #[derive(Debug, thiserror::Error, ToolError)]
    #[allow(dead_code)] // only its catalog is checked
    enum InnerError {
        #[error("inner")]
        #[tool_error(kind = not_found, next_call(tool = "inner"))]
        Inner,
    }

    #[derive(Debug, thiserror::Error, ToolError)]
    #[allow(dead_code)] // only its catalog is checked
    enum SecondError {
        #[error("second")]
        #[tool_error(kind = not_found, next_call(tool = "second"))]
        Second,
    }

    /// The report follows the catalogs as given, each in declaration order, a
    /// `transparent` variant's calls in its place; a catalog met twice (listed, and
    /// wrapped by another) is reported once.
    #[test]
    fn mismatches_are_reported_in_declaration_order() {
        let catalogs = [
            FirstError::CATALOG,
            SecondError::CATALOG,
            InnerError::CATALOG,
        ];
        let report = next_call::match_tools(catalogs, []).unwrap_err();
        let sites: Vec<(&str, &str)> = report
            .mismatches()
            .iter()
            .map(|problem| (problem.type_name(), problem.tool()))
            .collect();
        assert_eq!(
            sites,
            [
                ("FirstError", "first_a"),
                ("InnerError", "inner"),
                ("FirstError", "first_b"),
                ("SecondError", "second"),
            ],
            "{report}"
        );
    }
}
