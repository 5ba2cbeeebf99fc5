//! What `#[derive(ToolError)]` produces: codes, kinds, messages, suggestions,
//! details, retry hints, nesting, sources, the catalog and every profile's output.
//!
//! Expected values are written by hand from the README's attribute reference, the
//! `Kind` defaults table, the `legacy` table and the documented wire formats; JSON is
//! compared as parsed `serde_json::Value`s, so key order is not what is tested here
//! (the runtime's own tests pin it).

use std::backtrace::Backtrace;
use std::fmt;
use std::time::Duration;

use serde::Serialize;
use serde_json::{Value, json};
use tool_error::{
    Catalog, Channel, Context, Envelope, JsonRpc, Kind, McpToolResult, Native, Options, Policy,
    Problem, Profile, RequestId, StaticCatalog, ToolError, assert_unique_codes, catalog::FieldInfo,
    profile::JsonRpcResponse,
};
use tool_error_tests::{TIMESTAMP, clock, native, native_with, parse_json};

// ---------------------------------------------------------------------------------
// Helpers (the shared `clock`, `native`, `native_with`, `parse_json` and `TIMESTAMP`
// are in `tool_error_tests`)

fn render(error: &dyn ToolError, profile: &impl Profile) -> Value {
    parse_json(&Envelope::new(error).render(profile))
}

fn message(error: &dyn ToolError) -> String {
    struct Message<'a>(&'a dyn ToolError);
    impl fmt::Display for Message<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.fmt_message(f)
        }
    }
    Message(error).to_string()
}

fn suggestions(error: &dyn ToolError) -> Value {
    native(error)
        .get("suggestions")
        .cloned()
        .unwrap_or(json!([]))
}

fn details(error: &dyn ToolError) -> Option<Value> {
    native(error).get("details").cloned()
}

// ---------------------------------------------------------------------------------
// The session error of the README, used across tests

/// Errors of a model session.
///
/// The second paragraph is not part of the summary.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux", kind = validation)]
enum SessionError {
    /// The model id is not in this session.
    ///
    /// Create the model first.
    #[error("Model '{model_id}' not found in current session")]
    #[tool_error(
        kind = not_found,
        suggest = "Use build_model tool to create a new model",
        suggest = "Check '{model_id}' spelling",
    )]
    ModelNotFound {
        model_id: String,
        available_models: Vec<String>,
    },

    /// The media is not valid.
    #[error("bad media {0:?}")]
    #[tool_error(
        code = "MEDIA_INVALID",
        suggest = "Fix {0:?} ({1} compounds)",
        suggest = "Write {{\"media\": ...}} with literal braces"
    )]
    BadMedia(#[tool_error(rename = "media")] String, usize),

    #[error("rate limited")]
    #[tool_error(kind = transient)]
    RateLimited {
        #[tool_error(retry_after)]
        wait: Duration,
    },

    #[error("storage failed: {0}")]
    #[tool_error(kind = internal)]
    Storage(#[source] std::io::Error),

    #[error("maintenance")]
    #[tool_error(
        kind = internal,
        message = "The server is under maintenance until {until}",
        channel = protocol
    )]
    Maintenance { until: String },
}

fn model_not_found() -> SessionError {
    SessionError::ModelNotFound {
        model_id: "m1".into(),
        available_models: vec!["m2".into()],
    }
}

// ---------------------------------------------------------------------------------
// Codes

#[test]
fn codes_are_explicit_or_derived_from_the_variant_name() {
    assert_eq!(model_not_found().code(), "MODEL_NOT_FOUND");
    assert_eq!(
        SessionError::BadMedia("x".into(), 1).code(),
        "MEDIA_INVALID"
    );
    assert_eq!(
        SessionError::RateLimited {
            wait: Duration::ZERO
        }
        .code(),
        "RATE_LIMITED"
    );
    assert_eq!(
        SessionError::Storage(std::io::Error::other("x")).code(),
        "STORAGE"
    );
}

macro_rules! renamed {
    ($name:ident, $rule:literal) => {
        #[derive(Debug, thiserror::Error, ToolError)]
        #[tool_error(rename_all = $rule, kind = validation)]
        enum $name {
            #[error("x")]
            ModelNotFound,
            #[error("x")]
            HTTPError,
            #[error("x")]
            Sha256Mismatch,
            #[error("x")]
            #[tool_error(code = "EXPLICIT_CODE")]
            Explicit,
        }
    };
}

renamed!(ScreamingRule, "SCREAMING_SNAKE_CASE");
renamed!(SnakeRule, "snake_case");
renamed!(UpperRule, "UPPERCASE");
renamed!(LowerRule, "lowercase");

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum DefaultRule {
    #[error("x")]
    ModelNotFound,
}

#[test]
fn rename_all_rules_derive_codes_and_explicit_codes_win() {
    assert_eq!(DefaultRule::ModelNotFound.code(), "MODEL_NOT_FOUND");

    assert_eq!(ScreamingRule::ModelNotFound.code(), "MODEL_NOT_FOUND");
    assert_eq!(ScreamingRule::HTTPError.code(), "HTTP_ERROR");
    assert_eq!(ScreamingRule::Sha256Mismatch.code(), "SHA256_MISMATCH");

    assert_eq!(SnakeRule::ModelNotFound.code(), "model_not_found");
    assert_eq!(SnakeRule::HTTPError.code(), "http_error");
    assert_eq!(SnakeRule::Sha256Mismatch.code(), "sha256_mismatch");

    assert_eq!(UpperRule::ModelNotFound.code(), "MODELNOTFOUND");
    assert_eq!(UpperRule::HTTPError.code(), "HTTPERROR");
    assert_eq!(UpperRule::Sha256Mismatch.code(), "SHA256MISMATCH");

    assert_eq!(LowerRule::ModelNotFound.code(), "modelnotfound");
    assert_eq!(LowerRule::HTTPError.code(), "httperror");
    assert_eq!(LowerRule::Sha256Mismatch.code(), "sha256mismatch");

    for code in [
        ScreamingRule::Explicit.code(),
        SnakeRule::Explicit.code(),
        UpperRule::Explicit.code(),
        LowerRule::Explicit.code(),
    ] {
        assert_eq!(code, "EXPLICIT_CODE");
    }
}

// ---------------------------------------------------------------------------------
// Kinds, recoverable, channel, JSON-RPC and HTTP

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = conflict)]
enum EveryKind {
    #[error("x")]
    #[tool_error(kind = validation)]
    Validation,
    #[error("x")]
    #[tool_error(kind = not_found)]
    NotFound,
    #[error("x")]
    Conflict,
    #[error("x")]
    #[tool_error(kind = permission)]
    Permission,
    #[error("x")]
    #[tool_error(kind = "transient")]
    Transient,
    #[error("x")]
    #[tool_error(kind = internal)]
    Internal,
}

#[test]
fn kinds_carry_their_documented_defaults() {
    // (variant, kind, recoverable, HTTP, JSON-RPC) from the README's table.
    let table = [
        (EveryKind::Validation, Kind::Validation, true, 400, -32602),
        (EveryKind::NotFound, Kind::NotFound, true, 404, -31404),
        (EveryKind::Conflict, Kind::Conflict, true, 409, -31409),
        (EveryKind::Permission, Kind::Permission, false, 403, -31403),
        (EveryKind::Transient, Kind::Transient, true, 503, -31503),
        (EveryKind::Internal, Kind::Internal, false, 500, -32603),
    ];
    for (error, kind, recoverable, http, jsonrpc) in table {
        assert_eq!(error.kind(), kind, "{error:?}");
        assert_eq!(error.recoverable(), recoverable, "{error:?}");
        assert_eq!(error.http_status(), http, "{error:?}");
        assert_eq!(error.jsonrpc_code(), jsonrpc, "{error:?}");
        assert_eq!(error.channel(), Channel::Result, "{error:?}");
        assert_eq!(error.category(), None);
        assert_eq!(error.domain(), None);
    }
}

/// One variant per kind the derive accepts, each named as its `kind = ...` is
/// spelt, in the order of `Kind::ALL`.
#[allow(non_camel_case_types)]
#[derive(Debug, thiserror::Error, ToolError)]
enum KindSpellings {
    #[error("x")]
    #[tool_error(kind = validation)]
    validation,
    #[error("x")]
    #[tool_error(kind = not_found)]
    not_found,
    #[error("x")]
    #[tool_error(kind = conflict)]
    conflict,
    #[error("x")]
    #[tool_error(kind = permission)]
    permission,
    #[error("x")]
    #[tool_error(kind = transient)]
    transient,
    #[error("x")]
    #[tool_error(kind = internal)]
    internal,
}

/// The runtime owns the kinds and their spellings (`Kind::attribute_name`); the
/// derive's spellings are checked against them here: each spelling gives the kind
/// of that name, and every kind has one.
#[test]
fn the_derives_kind_spellings_are_the_runtimes() {
    use KindSpellings::*;
    let derived = [
        validation, not_found, conflict, permission, transient, internal,
    ];
    assert_eq!(KindSpellings::CATALOG.entries().len(), Kind::ALL.len());
    for (error, kind) in derived.iter().zip(Kind::ALL) {
        assert_eq!(error.kind(), kind, "{error:?}");
        let entry = error.entry().unwrap();
        assert_eq!(entry.variant(), kind.attribute_name());
    }
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = internal, category = "server_error", channel = protocol)]
enum Overrides {
    #[error("x")]
    #[tool_error(recoverable)]
    RecoverableInternal,
    #[error("x")]
    #[tool_error(kind = validation, recoverable = false)]
    FatalValidation,
    #[error("x")]
    #[tool_error(kind = permission, recoverable = true, channel = result)]
    RetryablePermission,
    #[error("x")]
    #[tool_error(jsonrpc = -32600, http = 422, category = "input_error")]
    Custom,
    #[error("x")]
    #[tool_error(jsonrpc = 4001, http = 599)]
    Positive,
    #[error("x")]
    Defaults,
    #[error("x")]
    #[tool_error(kind = not_found, category = "not_found_error")]
    LegacyCategory,
}

#[test]
fn variant_keys_override_kind_defaults_and_enum_defaults() {
    assert!(Overrides::RecoverableInternal.recoverable());
    assert_eq!(Overrides::RecoverableInternal.kind(), Kind::Internal);
    assert!(!Overrides::FatalValidation.recoverable());
    assert_eq!(Overrides::FatalValidation.kind(), Kind::Validation);
    assert!(Overrides::RetryablePermission.recoverable());
    assert_eq!(Overrides::RetryablePermission.channel(), Channel::Result);

    let custom = Overrides::Custom;
    assert_eq!(custom.jsonrpc_code(), -32600);
    assert_eq!(custom.http_status(), 422);
    assert_eq!(custom.category(), Some("input_error"));
    assert_eq!(custom.channel(), Channel::Protocol);
    assert_eq!(Overrides::Positive.jsonrpc_code(), 4001);
    assert_eq!(Overrides::Positive.http_status(), 599);

    // The enum's category and channel are the defaults; the kind's codes stay.
    let defaults = Overrides::Defaults;
    assert_eq!(defaults.category(), Some("server_error"));
    assert_eq!(defaults.channel(), Channel::Protocol);
    assert_eq!(defaults.jsonrpc_code(), -32603);
    assert_eq!(defaults.http_status(), 500);
    assert!(!defaults.recoverable());
    // A category never picks a JSON-RPC code.
    assert_eq!(Overrides::LegacyCategory.jsonrpc_code(), -31404);
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(legacy_jsonrpc, kind = validation)]
enum Legacy {
    #[error("x")]
    #[tool_error(category = "validation_error", jsonrpc = -32000)]
    Validation,
    #[error("x")]
    #[tool_error(kind = not_found, category = "database_error")]
    CategoryOnly,
    #[error("x")]
    #[tool_error(kind = conflict)]
    KindFallback,
    #[error("x")]
    #[tool_error(kind = not_found, jsonrpc = -32019)]
    Explicit,
}

#[test]
fn legacy_jsonrpc_admits_explicit_codes_and_moves_none() {
    // The opt-in lets an explicit code into -32019..=-32000.
    assert_eq!(Legacy::Validation.jsonrpc_code(), -32000);
    assert_eq!(Legacy::Explicit.jsonrpc_code(), -32019);
    // A variant without a code of its own keeps its kind's MCP default, whatever
    // its category.
    assert_eq!(Legacy::CategoryOnly.jsonrpc_code(), -31404);
    assert_eq!(Legacy::KindFallback.jsonrpc_code(), -31409);
    // HTTP statuses are untouched by the opt-in.
    assert_eq!(Legacy::CategoryOnly.http_status(), 404);
}

// ---------------------------------------------------------------------------------
// Messages

#[test]
fn messages_come_from_display_or_from_message() {
    assert_eq!(
        message(&model_not_found()),
        "Model 'm1' not found in current session"
    );
    assert!(!model_not_found().message_is_public());
    assert_eq!(
        message(&SessionError::BadMedia("glc".into(), 3)),
        "bad media \"glc\""
    );

    let maintenance = SessionError::Maintenance {
        until: "noon".into(),
    };
    // `message` replaces Display for the caller; Display itself is unchanged.
    assert_eq!(
        message(&maintenance),
        "The server is under maintenance until noon"
    );
    assert_eq!(maintenance.to_string(), "maintenance");
    assert!(maintenance.message_is_public());
}

#[test]
fn internal_messages_are_masked_unless_explicit_or_verbose() {
    let storage = SessionError::Storage(std::io::Error::other("disk on fire"));
    assert_eq!(native(&storage)["message"], "Internal error");
    let verbose = Policy::DEFAULT.with_verbose(true);
    assert_eq!(
        native_with(&storage, &verbose)["message"],
        "storage failed: disk on fire"
    );
    // An explicit `message` was written for the caller: shown even for `internal`.
    let maintenance = SessionError::Maintenance {
        until: "noon".into(),
    };
    assert_eq!(
        native(&maintenance)["message"],
        "The server is under maintenance until noon"
    );
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum Templates {
    #[error("x")]
    #[tool_error(message = "{name} / {name:?} / {{name}} / {{{name}}} / {count}")]
    Named { name: String, count: u32 },
    #[error("x")]
    #[tool_error(message = "{1}:{0:?}", suggest = "Use {0} instead of {1}")]
    Tuple(String, i64),
    #[error("x")]
    #[tool_error(message = "plain {{ text }}", suggest = "braces {{}} only")]
    Escapes,
    #[error("x")]
    #[tool_error(message = "{count}", suggest = "Try {r#type}", suggest = "Or {type:?}")]
    RawNames { count: u8, r#type: char },
}

#[test]
fn message_templates_interpolate_display_debug_positions_and_escapes() {
    let named = Templates::Named {
        name: "a\"b".into(),
        count: 2,
    };
    assert_eq!(message(&named), r#"a"b / "a\"b" / {name} / {a"b} / 2"#);
    let tuple = Templates::Tuple("x".into(), -4);
    assert_eq!(message(&tuple), "-4:\"x\"");
    assert_eq!(suggestions(&tuple), json!(["Use x instead of -4"]));
    assert_eq!(message(&Templates::Escapes), "plain { text }");
    assert_eq!(suggestions(&Templates::Escapes), json!(["braces {} only"]));
    // Raw identifiers are named with or without `r#`.
    let raw = Templates::RawNames {
        count: 1,
        r#type: 'q',
    };
    assert_eq!(message(&raw), "1");
    assert_eq!(suggestions(&raw), json!(["Try q", "Or 'q'"]));
    assert_eq!(details(&raw), Some(json!({"count": 1, "type": "q"})));
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum PlainAndTemplated {
    #[error("x")]
    #[tool_error(
        suggest = "Plain first",
        suggest = "Then {name}",
        suggest = "Escaped {{braces}}",
        suggest = "Plain last"
    )]
    Mixed { name: String },
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum TrickyTemplates {
    #[error("x")]
    #[tool_error(
        suggest = "{name}",
        suggest = "{{{name}}} and {{}} around {count:?}{count}",
        suggest = "é{name}ü{r#type}…{name:?}",
        suggest = "Plain"
    )]
    Filled {
        name: String,
        count: u8,
        r#type: &'static str,
    },
}

#[test]
fn suggestions_with_placeholders_anywhere_render_exactly() {
    let filled = TrickyTemplates::Filled {
        name: "n{1}".into(),
        count: 7,
        r#type: "t",
    };
    assert_eq!(
        suggestions(&filled),
        json!([
            "n{1}",
            "{n{1}} and {} around 77",
            "én{1}üt…\"n{1}\"",
            "Plain"
        ])
    );
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum LongTemplate {
    #[error("x")]
    #[tool_error(
        suggest = "{id} first; xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx then {id} past byte 253"
    )]
    Long { id: u32 },
}

#[test]
fn a_long_template_renders_every_placeholder() {
    let long = LongTemplate::Long { id: 9 };
    let text = format!("9 first; {} then 9 past byte 253", "x".repeat(260));
    assert_eq!(suggestions(&long), json!([text]));
}

#[test]
fn plain_and_templated_suggestions_each_render_right() {
    let mixed = PlainAndTemplated::Mixed { name: "n".into() };
    assert_eq!(
        suggestions(&mixed),
        json!(["Plain first", "Then n", "Escaped {braces}", "Plain last"])
    );
    // Plain text is copied rather than formatted, and cut the same way, by
    // characters: "Plain first" and "Plain last" lose their tails like the others.
    let limits = tool_error::Limits::DEFAULT.with_max_string_chars(7);
    let value = native_with(&mixed, &Policy::DEFAULT.with_limits(limits));
    let cut = |text: &str| format!("{text}{}", tool_error::Limits::TRUNCATION_MARK);
    assert_eq!(
        value["suggestions"],
        json!([cut("Plain f"), "Then n", cut("Escaped"), cut("Plain l")])
    );
    assert_eq!(value["truncated"], true);
    // At the limit exactly, nothing is cut.
    let limits = tool_error::Limits::DEFAULT.with_max_string_chars(11);
    let value = native_with(&mixed, &Policy::DEFAULT.with_limits(limits));
    assert_eq!(value["suggestions"][0], "Plain first");
    assert_eq!(value.get("truncated"), Some(&json!(true)));
}

// ---------------------------------------------------------------------------------
// Suggestions

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum Suggesting {
    #[error("x")]
    #[tool_error(suggest = "First", suggest = "Then check {id:?}")]
    Static {
        id: String,
        #[tool_error(suggestions)]
        more: Vec<String>,
    },
    #[error("x")]
    Dynamic {
        #[tool_error(suggestions)]
        hints: Option<&'static str>,
    },
    #[error("x")]
    #[tool_error(suggest = "Only this")]
    NoFields,
}

#[test]
fn suggestions_are_interpolated_in_order_then_the_field_is_appended() {
    let error = Suggesting::Static {
        id: "m\"1".into(),
        more: vec!["Runtime one".into(), "Runtime two".into()],
    };
    assert_eq!(
        suggestions(&error),
        json!([
            "First",
            "Then check \"m\\\"1\"",
            "Runtime one",
            "Runtime two"
        ])
    );
    // The suggestions field is not a detail.
    assert_eq!(details(&error), Some(json!({"id": "m\"1"})));

    assert_eq!(
        suggestions(&Suggesting::Dynamic {
            hints: Some("From an option")
        }),
        json!(["From an option"])
    );
    let none = Suggesting::Dynamic { hints: None };
    assert_eq!(suggestions(&none), json!([]));
    assert!(native(&none).get("suggestions").is_none());
    assert_eq!(suggestions(&Suggesting::NoFields), json!(["Only this"]));

    let bad_media = SessionError::BadMedia("glc".into(), 3);
    assert_eq!(
        suggestions(&bad_media),
        json!([
            "Fix \"glc\" (3 compounds)",
            "Write {\"media\": ...} with literal braces"
        ])
    );
}

// ---------------------------------------------------------------------------------
// Details

#[derive(Debug, Serialize)]
struct Limits {
    max: u32,
    unit: &'static str,
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum Detailed {
    #[error("x")]
    Fields {
        plain: u32,
        #[tool_error(skip)]
        skipped: String,
        #[tool_error(redact)]
        token: String,
        #[tool_error(rename = "requested_id")]
        id: String,
        present: Option<String>,
        absent: Option<String>,
        nested: Limits,
        #[source]
        cause: std::fmt::Error,
    },
    #[error("x")]
    Whole {
        #[tool_error(details)]
        limits: Limits,
        ignored: u32,
    },
    #[error("x")]
    WholeArray {
        #[tool_error(details)]
        problems: Vec<&'static str>,
    },
    #[error("x")]
    Tuple(
        #[tool_error(rename = "path")] String,
        u32,
        #[tool_error(rename = "secret", redact)] String,
    ),
    #[error("x")]
    OnlyHidden(u32, #[tool_error(skip)] String),
}

#[test]
fn details_follow_skip_redact_rename_and_option_rules() {
    let error = Detailed::Fields {
        plain: 1,
        skipped: "hidden".into(),
        token: "sk-123".into(),
        id: "r1".into(),
        present: Some("here".into()),
        absent: None,
        nested: Limits { max: 3, unit: "MB" },
        cause: fmt::Error,
    };
    assert_eq!(
        details(&error),
        Some(json!({
            "plain": 1,
            "token": "[REDACTED]",
            "requested_id": "r1",
            "present": "here",
            "nested": {"max": 3, "unit": "MB"}
        }))
    );
    // Redaction is the policy's: turned off explicitly, the value shows; the marker
    // is configurable.
    let revealed = native_with(&error, &Policy::DEFAULT.with_redaction(false));
    assert_eq!(revealed["details"]["token"], "sk-123");
    let marked = native_with(&error, &Policy::DEFAULT.with_redaction_marker("***"));
    assert_eq!(marked["details"]["token"], "***");
    // Dropped altogether when the policy hides details.
    assert!(
        native_with(&error, &Policy::DEFAULT.with_details(false))
            .get("details")
            .is_none()
    );
}

/// Variants whose fields look alike to different degrees: the derive gives variants
/// that share a shape one `fields` arm, so each must still see its own values, names
/// and templates.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(kind = validation)]
enum LikeShapes {
    #[error("a")]
    #[tool_error(code = "SHAPE_A", suggest = "Check {id}")]
    Id { id: String, count: u64 },
    // Same types under other names: one arm with `Id`.
    #[error("b")]
    #[tool_error(code = "SHAPE_B", suggest = "Look up {name}")]
    Name { name: String, total: u64 },
    // Same names, other types: its own arm.
    #[error("c")]
    #[tool_error(code = "SHAPE_C", suggest = "Check {id}")]
    Number { id: u64, count: String },
    // Same types, but an `Option`: its own arm.
    #[error("d")]
    #[tool_error(code = "SHAPE_D", suggest = "Check {id:?}")]
    Maybe { id: Option<String>, count: u64 },
    // Same types, but the template formats with `Debug`.
    #[error("e")]
    #[tool_error(code = "SHAPE_E", suggest = "Check {id:?}")]
    Quoted { id: String, count: u64 },
    // Same types, one of them redacted (the catalog says so, not the arm).
    #[error("f")]
    #[tool_error(code = "SHAPE_F")]
    Secret {
        id: String,
        #[tool_error(redact)]
        count: u64,
    },
    #[error("g")]
    #[tool_error(code = "SHAPE_G")]
    Tuple(
        #[tool_error(rename = "id")] String,
        #[tool_error(rename = "count")] u64,
    ),
}

#[test]
fn variants_of_one_shape_each_render_their_own_fields() {
    let cases = [
        (
            LikeShapes::Id {
                id: "x1".into(),
                count: 1,
            },
            json!({"id": "x1", "count": 1}),
            json!(["Check x1"]),
        ),
        (
            LikeShapes::Name {
                name: "n2".into(),
                total: 2,
            },
            json!({"name": "n2", "total": 2}),
            json!(["Look up n2"]),
        ),
        (
            LikeShapes::Number {
                id: 3,
                count: "three".into(),
            },
            json!({"id": 3, "count": "three"}),
            json!(["Check 3"]),
        ),
        (
            LikeShapes::Maybe { id: None, count: 4 },
            json!({"count": 4}),
            json!(["Check None"]),
        ),
        (
            LikeShapes::Quoted {
                id: "q5".into(),
                count: 5,
            },
            json!({"id": "q5", "count": 5}),
            json!(["Check \"q5\""]),
        ),
        (
            LikeShapes::Secret {
                id: "s6".into(),
                count: 6,
            },
            json!({"id": "s6", "count": "[REDACTED]"}),
            json!([]),
        ),
        (
            LikeShapes::Tuple("t7".into(), 7),
            json!({"id": "t7", "count": 7}),
            json!([]),
        ),
    ];
    for (error, expected_details, expected_suggestions) in cases {
        assert_eq!(details(&error), Some(expected_details), "{error:?}");
        assert_eq!(suggestions(&error), expected_suggestions, "{error:?}");
    }
}

#[test]
fn a_details_field_is_the_whole_details_value() {
    let whole = Detailed::Whole {
        limits: Limits {
            max: 10,
            unit: "req",
        },
        ignored: 5,
    };
    assert_eq!(details(&whole), Some(json!({"max": 10, "unit": "req"})));
    let array = Detailed::WholeArray {
        problems: vec!["a", "b"],
    };
    assert_eq!(details(&array), Some(json!(["a", "b"])));
}

#[test]
fn tuple_fields_are_details_only_when_renamed() {
    let error = Detailed::Tuple("/tmp".into(), 7, "pw".into());
    assert_eq!(
        details(&error),
        Some(json!({"path": "/tmp", "secret": "[REDACTED]"}))
    );
    assert_eq!(details(&Detailed::OnlyHidden(1, "x".into())), None);
    // Unit variants have no details key at all.
    assert!(native(&EveryKind::Conflict).get("details").is_none());
}

// ---------------------------------------------------------------------------------
// Retry hints

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = transient)]
enum Retry {
    #[error("x")]
    Duration {
        #[tool_error(retry_after)]
        wait: Duration,
    },
    #[error("x")]
    Seconds {
        #[tool_error(retry_after)]
        seconds: u64,
    },
    #[error("x")]
    Signed(#[tool_error(retry_after)] i32),
    #[error("x")]
    MaybeDuration {
        #[tool_error(retry_after)]
        wait: Option<Duration>,
    },
    #[error("x")]
    MaybeSeconds {
        #[tool_error(retry_after)]
        seconds: Option<u32>,
    },
    #[error("x")]
    None,
}

#[test]
fn retry_hints_from_durations_integers_and_options() {
    let cases: [(Retry, Option<Duration>, Option<Value>); 8] = [
        (
            Retry::Duration {
                wait: Duration::from_millis(1500),
            },
            Some(Duration::from_millis(1500)),
            Some(json!(1.5)),
        ),
        (
            Retry::Seconds { seconds: 30 },
            Some(Duration::from_secs(30)),
            Some(json!(30)),
        ),
        (
            Retry::Signed(2),
            Some(Duration::from_secs(2)),
            Some(json!(2)),
        ),
        // Negative seconds mean "no hint".
        (Retry::Signed(-1), None, None),
        (
            Retry::MaybeDuration {
                wait: Some(Duration::from_secs(4)),
            },
            Some(Duration::from_secs(4)),
            Some(json!(4)),
        ),
        (Retry::MaybeDuration { wait: None }, None, None),
        (
            Retry::MaybeSeconds { seconds: Some(9) },
            Some(Duration::from_secs(9)),
            Some(json!(9)),
        ),
        (Retry::None, None, None),
    ];
    for (error, hint, rendered) in cases {
        assert_eq!(error.retry_after(), hint, "{error:?}");
        let envelope = native(&error);
        assert_eq!(envelope.get("retry_after").cloned(), rendered, "{error:?}");
        // The hint's field is never a detail.
        assert!(envelope.get("details").is_none(), "{error:?}");
    }
}

// ---------------------------------------------------------------------------------
// Transparent nesting, three levels deep, with a source chain

#[derive(Debug, thiserror::Error)]
#[error("firmware crashed")]
struct FirmwareCrash;

#[derive(Debug, thiserror::Error)]
#[error("controller reset")]
struct ControllerReset(#[source] FirmwareCrash);

/// Disk errors.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "disk", kind = transient, category = "io_error")]
enum DiskError {
    /// The disk is busy.
    #[error("disk {device} busy")]
    #[tool_error(
        suggest = "Wait for {device}",
        jsonrpc = -31999,
        http = 429,
        channel = protocol
    )]
    Busy {
        device: String,
        #[tool_error(retry_after)]
        seconds: u32,
        #[source]
        cause: ControllerReset,
    },
}

/// Store errors.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "store", kind = internal)]
enum StoreError {
    #[error(transparent)]
    #[tool_error(transparent)]
    Disk(#[from] DiskError),
    /// The store is corrupt.
    #[error("store corrupt")]
    Corrupt,
}

/// Service errors.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "service", kind = validation)]
enum ServiceError {
    #[error(transparent)]
    #[tool_error(transparent)]
    Store(#[from] StoreError),
    /// The request was malformed.
    #[error("bad request")]
    BadRequest,
}

assert_unique_codes!(ServiceError, SessionError);

fn busy_service() -> ServiceError {
    ServiceError::from(StoreError::from(DiskError::Busy {
        device: "sda".into(),
        seconds: 4,
        cause: ControllerReset(FirmwareCrash),
    }))
}

#[test]
fn transparent_nesting_forwards_everything_from_the_innermost_error() {
    let error = busy_service();
    assert_eq!(error.code(), "BUSY");
    assert_eq!(error.kind(), Kind::Transient);
    assert!(error.recoverable());
    assert_eq!(error.category(), Some("io_error"));
    assert_eq!(error.domain(), Some("disk"));
    assert_eq!(error.jsonrpc_code(), -31999);
    assert_eq!(error.http_status(), 429);
    assert_eq!(error.channel(), Channel::Protocol);
    assert_eq!(error.retry_after(), Some(Duration::from_secs(4)));
    assert_eq!(message(&error), "disk sda busy");
    assert_eq!(
        error.entry().map(|entry| entry.summary()),
        Some("The disk is busy.")
    );
    // The outer catalog is the outer type's; the entry is the inner variant's.
    assert_eq!(
        error.catalog().map(|catalog| catalog.type_name()),
        Some("ServiceError")
    );

    assert_eq!(
        native(&error),
        json!({
            "code": "BUSY",
            "kind": "TRANSIENT",
            "message": "disk sda busy",
            "recoverable": true,
            "category": "io_error",
            "domain": "disk",
            "retry_after": 4,
            "details": {"device": "sda"},
            "suggestions": ["Wait for sda"]
        })
    );

    // The middle level's own variant keeps the middle level's contract.
    let corrupt = ServiceError::Store(StoreError::Corrupt);
    assert_eq!(corrupt.code(), "CORRUPT");
    assert_eq!(corrupt.kind(), Kind::Internal);
    assert_eq!(corrupt.domain(), Some("store"));
    assert_eq!(ServiceError::BadRequest.domain(), Some("service"));
}

#[test]
fn the_source_chain_is_forwarded_through_nesting() {
    let error = busy_service();
    let chain: Vec<String> = std::iter::successors(error.source_error(), |cause| cause.source())
        .map(ToString::to_string)
        .collect();
    assert_eq!(chain, ["controller reset", "firmware crashed"]);

    let verbose = Policy::DEFAULT.with_verbose(true);
    let rendered = native_with(&error, &verbose);
    assert_eq!(
        rendered["debug"],
        json!({"error_chain": ["controller reset", "firmware crashed"]})
    );
    assert!(native(&error).get("debug").is_none());
    assert!(ServiceError::BadRequest.source_error().is_none());
}

// ---------------------------------------------------------------------------------
// Sources and backtraces

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = internal)]
enum Sources {
    #[error("boxed")]
    Boxed(#[source] Box<dyn std::error::Error + Send + Sync>),
    #[error("optional")]
    Optional {
        #[source]
        cause: Option<std::io::Error>,
    },
    #[error("named")]
    Named { source: ControllerReset },
    #[error("none")]
    Nothing,
}

/// thiserror needs a nightly compiler for `Backtrace` fields, so this type writes its
/// own `Display`.
#[derive(Debug, ToolError)]
#[tool_error(kind = internal)]
struct Crashed {
    source: FirmwareCrash,
    backtrace: Backtrace,
}

impl fmt::Display for Crashed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("crashed")
    }
}

/// A backtrace that may not have been captured.
#[derive(Debug, ToolError)]
#[tool_error(kind = internal)]
struct MaybeTraced {
    backtrace: Option<Backtrace>,
    attempt: u32,
}

impl fmt::Display for MaybeTraced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "attempt {} failed", self.attempt)
    }
}

#[test]
fn source_error_reads_every_source_shape() {
    let boxed = Sources::Boxed("disk on fire".into());
    assert_eq!(
        boxed.source_error().map(ToString::to_string).as_deref(),
        Some("disk on fire")
    );
    let optional = Sources::Optional {
        cause: Some(std::io::Error::other("late")),
    };
    assert_eq!(
        optional.source_error().map(ToString::to_string).as_deref(),
        Some("late")
    );
    assert!(Sources::Optional { cause: None }.source_error().is_none());
    let named = Sources::Named {
        source: ControllerReset(FirmwareCrash),
    };
    assert_eq!(
        named.source_error().map(ToString::to_string).as_deref(),
        Some("controller reset")
    );
    assert!(Sources::Nothing.source_error().is_none());
    // Sources are never details.
    assert_eq!(details(&named), None);
}

#[test]
fn a_backtrace_field_is_exposed_and_shown_only_when_verbose() {
    let error = Crashed {
        source: FirmwareCrash,
        backtrace: Backtrace::force_capture(),
    };
    assert!(error.backtrace().is_some());
    assert_eq!(
        error.source_error().map(ToString::to_string).as_deref(),
        Some("firmware crashed")
    );
    assert!(native(&error).get("debug").is_none());
    let verbose = native_with(&error, &Policy::DEFAULT.with_verbose(true));
    let backtrace = verbose["debug"]["backtrace"]
        .as_str()
        .expect("a captured backtrace is a string");
    assert!(!backtrace.is_empty());
    assert_eq!(verbose["debug"]["error_chain"], json!(["firmware crashed"]));
    assert!(verbose.get("details").is_none());

    // `Option<Backtrace>` is a backtrace too, not a detail.
    let traced = MaybeTraced {
        backtrace: Some(Backtrace::force_capture()),
        attempt: 2,
    };
    assert!(traced.backtrace().is_some());
    assert_eq!(details(&traced), Some(json!({"attempt": 2})));
    let untraced = MaybeTraced {
        backtrace: None,
        attempt: 3,
    };
    assert!(untraced.backtrace().is_none());
}

// ---------------------------------------------------------------------------------
// Shapes: structs, variants, generics, lifetimes

#[derive(Debug, thiserror::Error, ToolError)]
#[error("server is shutting down")]
#[tool_error(kind = transient)]
struct ShuttingDown;

#[derive(Debug, thiserror::Error, ToolError)]
#[error("no model {0}")]
#[tool_error(kind = not_found, code = "NO_MODEL", suggest = "List models to find {0}")]
struct NoModel(#[tool_error(rename = "model_id")] String);

/// The caller spent its quota.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("quota exceeded: {used} of {limit}")]
#[tool_error(kind = permission, domain = "billing", http = 429)]
struct QuotaExceeded {
    used: u64,
    limit: u64,
}

#[test]
fn structs_are_one_code_each() {
    assert_eq!(
        native(&ShuttingDown),
        json!({"code": "SHUTTING_DOWN", "kind": "TRANSIENT", "message": "server is shutting down", "recoverable": true})
    );
    assert_eq!(
        native(&NoModel("m1".into())),
        json!({
            "code": "NO_MODEL",
            "kind": "NOT_FOUND",
            "message": "no model m1",
            "recoverable": true,
            "details": {"model_id": "m1"},
            "suggestions": ["List models to find m1"]
        })
    );
    let quota = QuotaExceeded {
        used: 12,
        limit: 10,
    };
    assert_eq!(
        native(&quota),
        json!({
            "code": "QUOTA_EXCEEDED",
            "kind": "PERMISSION",
            "message": "quota exceeded: 12 of 10",
            "recoverable": false,
            "domain": "billing",
            "details": {"used": 12, "limit": 10}
        })
    );
    assert_eq!(quota.http_status(), 429);
    assert_eq!(QuotaExceeded::CATALOG.entries().len(), 1);
    assert_eq!(
        QuotaExceeded::CATALOG.entries()[0].variant(),
        "QuotaExceeded"
    );
    assert_eq!(
        QuotaExceeded::CATALOG.entries()[0].doc(),
        "The caller spent its quota."
    );
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum Shapes {
    #[error("unit")]
    Unit,
    #[error("tuple {0}")]
    Tuple(#[tool_error(rename = "value")] u8, bool),
    #[error("struct")]
    Struct { a: u8, b: bool },
}

#[test]
fn unit_tuple_and_struct_variants() {
    assert_eq!(Shapes::Unit.code(), "UNIT");
    assert_eq!(details(&Shapes::Unit), None);
    assert_eq!(Shapes::Tuple(3, true).code(), "TUPLE");
    assert_eq!(details(&Shapes::Tuple(3, true)), Some(json!({"value": 3})));
    assert_eq!(message(&Shapes::Tuple(3, true)), "tuple 3");
    let shape = Shapes::Struct { a: 1, b: false };
    assert_eq!(shape.code(), "STRUCT");
    assert_eq!(details(&shape), Some(json!({"a": 1, "b": false})));
}

/// Generic over the offending value and the wrapped error.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum Generic<V, E: std::error::Error + ToolError + StaticCatalog + 'static> {
    #[error("invalid {value}")]
    #[tool_error(suggest = "Replace {value:?}")]
    Invalid { value: V },
    #[error(transparent)]
    #[tool_error(transparent)]
    Inner(E),
}

/// Generic `Option` fields: the bounds land on the inner types.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum OptionalGeneric<T, S: std::error::Error + 'static> {
    #[error("maybe")]
    Maybe { value: Option<T> },
    #[error("caused")]
    Caused {
        #[source]
        cause: Option<S>,
    },
    #[error("waiting")]
    Waiting {
        #[tool_error(retry_after)]
        wait: Option<T>,
    },
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
enum Borrowed<'a> {
    #[error("unexpected {token}")]
    #[tool_error(suggest = "Remove {token:?}")]
    Unexpected {
        token: &'a str,
        #[tool_error(retry_after)]
        wait: &'a u64,
    },
}

#[test]
fn generic_types_and_lifetimes() {
    let invalid: Generic<u32, ShuttingDown> = Generic::Invalid { value: 7 };
    assert_eq!(invalid.code(), "INVALID");
    assert_eq!(details(&invalid), Some(json!({"value": 7})));
    assert_eq!(suggestions(&invalid), json!(["Replace 7"]));
    let invalid: Generic<String, ShuttingDown> = Generic::Invalid { value: "x".into() };
    assert_eq!(suggestions(&invalid), json!(["Replace \"x\""]));
    assert_eq!(message(&invalid), "invalid x");

    let inner: Generic<u8, QuotaExceeded> = Generic::Inner(QuotaExceeded { used: 1, limit: 0 });
    assert_eq!(inner.code(), "QUOTA_EXCEEDED");
    assert_eq!(inner.domain(), Some("billing"));
    let codes: Vec<_> = <Generic<u8, QuotaExceeded>>::CATALOG.codes().collect();
    assert_eq!(codes, ["INVALID", "QUOTA_EXCEEDED"]);

    type Optional = OptionalGeneric<u32, std::fmt::Error>;
    assert_eq!(
        details(&Optional::Maybe { value: Some(3) }),
        Some(json!({"value": 3}))
    );
    assert_eq!(details(&Optional::Maybe { value: None }), None);
    assert_eq!(
        Optional::Caused {
            cause: Some(fmt::Error)
        }
        .source_error()
        .map(ToString::to_string)
        .as_deref(),
        Some("an error occurred when formatting an argument")
    );
    assert_eq!(
        Optional::Waiting { wait: Some(5) }.retry_after(),
        Some(Duration::from_secs(5))
    );

    let text = String::from("1 + x");
    let wait = 3;
    let borrowed = Borrowed::Unexpected {
        token: &text[4..],
        wait: &wait,
    };
    assert_eq!(
        native(&borrowed),
        json!({
            "code": "UNEXPECTED",
            "kind": "VALIDATION",
            "message": "unexpected x",
            "recoverable": true,
            "retry_after": 3,
            "details": {"token": "x"},
            "suggestions": ["Remove \"x\""]
        })
    );
}

// ---------------------------------------------------------------------------------
// The catalog

#[test]
fn the_catalog_lists_every_variant_with_its_static_contract() {
    let catalog: &Catalog = SessionError::CATALOG;
    assert_eq!(catalog.type_name(), "SessionError");
    assert_eq!(catalog.module_path(), module_path!());
    assert_eq!(catalog.domain(), Some("gem-flux"));
    assert_eq!(
        catalog.doc(),
        "Errors of a model session.\n\nThe second paragraph is not part of the summary."
    );
    assert_eq!(catalog.summary(), "Errors of a model session.");

    let variants: Vec<_> = catalog
        .entries()
        .iter()
        .map(|entry| entry.variant())
        .collect();
    assert_eq!(
        variants,
        [
            "ModelNotFound",
            "BadMedia",
            "RateLimited",
            "Storage",
            "Maintenance"
        ]
    );
    let codes: Vec<_> = catalog.codes().collect();
    assert_eq!(
        codes,
        [
            "MODEL_NOT_FOUND",
            "MEDIA_INVALID",
            "RATE_LIMITED",
            "STORAGE",
            "MAINTENANCE"
        ]
    );

    let entry = catalog.find("MODEL_NOT_FOUND").expect("listed");
    assert_eq!(entry.kind(), Kind::NotFound);
    assert!(entry.recoverable());
    assert_eq!(entry.jsonrpc_code(), -31404);
    assert_eq!(entry.http_status(), 404);
    assert_eq!(entry.channel(), Channel::Result);
    assert_eq!(entry.category(), None);
    assert!(entry.message().is_none());
    let templates: Vec<_> = entry.suggestions().to_vec();
    assert_eq!(
        templates,
        [
            "Use build_model tool to create a new model",
            "Check '{model_id}' spelling"
        ]
    );
    assert_eq!(
        entry.fields(),
        [
            FieldInfo::new("model_id"),
            FieldInfo::new("available_models")
        ]
    );
    assert!(
        !entry.has_dynamic_suggestions() && !entry.has_whole_details() && !entry.has_retry_after()
    );
    assert_eq!(
        entry.doc(),
        "The model id is not in this session.\n\nCreate the model first."
    );
    assert_eq!(entry.summary(), "The model id is not in this session.");
    assert!(entry.wrapped().is_none());

    let media = catalog.find("MEDIA_INVALID").expect("listed");
    assert_eq!(media.kind(), Kind::Validation, "the enum's default kind");
    assert_eq!(media.fields(), [FieldInfo::new("media")]);

    let rate = catalog.find("RATE_LIMITED").expect("listed");
    assert!(rate.has_retry_after());
    assert!(rate.fields().is_empty());
    assert_eq!(rate.doc(), "");

    let maintenance = catalog.find("MAINTENANCE").expect("listed");
    assert_eq!(
        maintenance.message(),
        Some("The server is under maintenance until {until}")
    );
    assert_eq!(maintenance.channel(), Channel::Protocol);
    assert!(catalog.find("NOPE").is_none());
}

#[test]
fn catalog_field_flags_and_whole_details() {
    let catalog = Detailed::CATALOG;
    let fields = catalog.find("FIELDS").expect("listed").fields();
    assert_eq!(
        fields,
        [
            FieldInfo::new("plain"),
            FieldInfo::redacted("token"),
            FieldInfo::new("requested_id"),
            FieldInfo::new("present"),
            FieldInfo::new("absent"),
            FieldInfo::new("nested"),
        ]
    );
    let whole = catalog.find("WHOLE").expect("listed");
    assert!(whole.has_whole_details());
    assert_eq!(whole.fields(), [FieldInfo::new("limits")]);
    assert_eq!(
        catalog.find("TUPLE").expect("listed").fields(),
        [FieldInfo::new("path"), FieldInfo::redacted("secret")]
    );
    assert!(
        Suggesting::CATALOG
            .find("DYNAMIC")
            .expect("listed")
            .has_dynamic_suggestions()
    );
}

#[test]
fn the_catalog_reaches_through_transparent_variants() {
    let catalog = ServiceError::CATALOG;
    // Own entries: the transparent one has no code and points at the inner catalog.
    assert_eq!(catalog.entries().len(), 2);
    let store = &catalog.entries()[0];
    assert_eq!(store.variant(), "Store");
    assert_eq!(store.code(), "");
    assert!(std::ptr::eq(
        store.wrapped().expect("transparent"),
        StoreError::CATALOG
    ));

    // Leaves: depth first, each paired with the catalog that declares it.
    let leaves: Vec<_> = catalog
        .leaves()
        .map(|(owner, entry)| (owner.type_name(), entry.code(), entry.summary()))
        .collect();
    assert_eq!(
        leaves,
        [
            ("DiskError", "BUSY", "The disk is busy."),
            ("StoreError", "CORRUPT", "The store is corrupt."),
            ("ServiceError", "BAD_REQUEST", "The request was malformed."),
        ]
    );
    let codes: Vec<_> = catalog.codes().collect();
    assert_eq!(codes, ["BUSY", "CORRUPT", "BAD_REQUEST"]);
    let busy = catalog.find("BUSY").expect("found through two levels");
    assert_eq!(busy.kind(), Kind::Transient);
    assert_eq!(busy.category(), Some("io_error"));
    assert_eq!(busy.http_status(), 429);
    assert!(std::ptr::eq(busy, &DiskError::CATALOG.entries()[0]));
    // The value's entry is the same static entry.
    assert!(std::ptr::eq(busy_service().entry().expect("entry"), busy));
}

// ---------------------------------------------------------------------------------
// Every profile

fn context(options: &Options) -> Context<'_> {
    options
        .context()
        .with_tool("run_fba")
        .with_operation("optimize")
        .with_request_id("req-1")
}

fn model_not_found_native() -> Value {
    json!({
        "code": "MODEL_NOT_FOUND",
        "kind": "NOT_FOUND",
        "message": "Model 'm1' not found in current session",
        "recoverable": true,
        "domain": "gem-flux",
        "details": {"model_id": "m1", "available_models": ["m2"]},
        "suggestions": ["Use build_model tool to create a new model", "Check 'm1' spelling"],
        "tool": "run_fba",
        "operation": "optimize",
        "request_id": "req-1",
        "timestamp": TIMESTAMP
    })
}

#[test]
fn native_profile() {
    let options = Options::new().with_clock(clock());
    let error = model_not_found();
    let envelope = Envelope::new(&error).with_context(context(&options));
    assert_eq!(
        parse_json(&envelope.render(&Native)),
        model_not_found_native()
    );
    assert_eq!(envelope.to_value(&Native), model_not_found_native());
}

#[test]
fn jsonrpc_profiles() {
    let options = Options::new().with_clock(clock());
    let error = model_not_found();
    let envelope = Envelope::new(&error).with_context(context(&options));
    assert_eq!(
        parse_json(&envelope.render(&JsonRpc::new())),
        json!({
            "code": -31404,
            "message": "Model 'm1' not found in current session",
            "data": model_not_found_native()
        })
    );
    assert_eq!(
        parse_json(&envelope.render(&JsonRpc::bare())),
        json!({"code": -31404, "message": "Model 'm1' not found in current session"})
    );
    assert_eq!(
        parse_json(&envelope.render(&JsonRpcResponse::new(RequestId::Number(7), JsonRpc::bare()))),
        json!({
            "jsonrpc": "2.0",
            "id": 7,
            "error": {"code": -31404, "message": "Model 'm1' not found in current session"}
        })
    );
    assert_eq!(
        parse_json(&envelope.render(&JsonRpcResponse::new(
            RequestId::String("abc"),
            JsonRpc::new()
        ))),
        json!({
            "jsonrpc": "2.0",
            "id": "abc",
            "error": {
                "code": -31404,
                "message": "Model 'm1' not found in current session",
                "data": model_not_found_native()
            }
        })
    );

    // A legacy type and an explicit code travel as they are declared.
    assert_eq!(
        render(&Legacy::Explicit, &JsonRpc::bare()),
        json!({"code": -32019, "message": "x"})
    );
    assert_eq!(
        render(&busy_service(), &JsonRpc::bare()),
        json!({"code": -31999, "message": "disk sda busy"})
    );
    // A masked internal message is masked in `message` and in `data` alike.
    let storage = SessionError::Storage(std::io::Error::other("disk on fire"));
    assert_eq!(
        render(&storage, &JsonRpc::new()),
        json!({
            "code": -32603,
            "message": "Internal error",
            "data": {
                "code": "STORAGE",
                "kind": "INTERNAL",
                "message": "Internal error",
                "recoverable": false,
                "domain": "gem-flux"
            }
        })
    );
}

#[test]
fn mcp_tool_result_profile_with_and_without_structured_content() {
    let options = Options::new().with_clock(clock());
    let error = model_not_found();
    let envelope = Envelope::new(&error).with_context(context(&options));

    let plain = parse_json(&envelope.render(&McpToolResult::new()));
    let text = plain["content"][0]["text"]
        .as_str()
        .expect("text content")
        .to_owned();
    assert_eq!(
        plain,
        json!({"content": [{"type": "text", "text": text}], "isError": true})
    );
    assert_eq!(parse_json(&text), model_not_found_native());

    let structured = parse_json(&envelope.render(&McpToolResult::new().structured(true)));
    let text = structured["content"][0]["text"]
        .as_str()
        .expect("text content")
        .to_owned();
    assert_eq!(
        structured,
        json!({
            "content": [{"type": "text", "text": text}],
            "structuredContent": model_not_found_native(),
            "isError": true
        })
    );
    assert_eq!(parse_json(&text), model_not_found_native());
}

#[test]
fn problem_profile() {
    let options = Options::new().with_clock(clock());
    let error = model_not_found();
    let envelope = Envelope::new(&error).with_context(context(&options));
    assert_eq!(
        parse_json(&envelope.render(&Problem::new())),
        json!({
            "type": "about:blank",
            "title": "Not Found",
            "status": 404,
            "detail": "Model 'm1' not found in current session",
            "instance": "req-1",
            "code": "MODEL_NOT_FOUND",
            "kind": "NOT_FOUND",
            "recoverable": true,
            "details": {"model_id": "m1", "available_models": ["m2"]},
            "suggestions": ["Use build_model tool to create a new model", "Check 'm1' spelling"],
            "tool": "run_fba",
            "timestamp": TIMESTAMP
        })
    );
    // With a type base, `type` names the code and `title` is the variant's summary.
    let typed =
        parse_json(&envelope.render(&Problem::with_type_base("https://errors.example.com/")));
    assert_eq!(typed["type"], "https://errors.example.com/MODEL_NOT_FOUND");
    assert_eq!(typed["title"], "The model id is not in this session.");

    // Through nesting: the innermost variant's status, category, hint and summary.
    assert_eq!(
        render(
            &busy_service(),
            &Problem::with_type_base("https://errors.example.com/")
        ),
        json!({
            "type": "https://errors.example.com/BUSY",
            "title": "The disk is busy.",
            "status": 429,
            "detail": "disk sda busy",
            "code": "BUSY",
            "kind": "TRANSIENT",
            "recoverable": true,
            "category": "io_error",
            "retry_after": 4,
            "details": {"device": "sda"},
            "suggestions": ["Wait for sda"]
        })
    );
    // Without a description, the title is the status's reason phrase.
    assert_eq!(
        render(
            &SessionError::RateLimited {
                wait: Duration::from_secs(2)
            },
            &Problem::with_type_base("https://errors.example.com/")
        )["title"],
        "Service Unavailable"
    );
}

#[test]
fn boxed_and_borrowed_derived_errors_render_like_the_value() {
    let boxed: Box<dyn ToolError> = Box::new(model_not_found());
    assert_eq!(boxed.code(), "MODEL_NOT_FOUND");
    let options = Options::new().with_clock(clock());
    let envelope = Envelope::new(&boxed).with_context(context(&options));
    assert_eq!(envelope.to_value(&Native), model_not_found_native());
}

/// A type that implements a foreign trait by hand opts out of the generated
/// integration impls, which would otherwise conflict with it once the feature is on.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[error("brewing")]
#[tool_error(kind = transient, integrations = false)]
struct HandRolledResponse;

impl axum_core::response::IntoResponse for HandRolledResponse {
    fn into_response(self) -> axum_core::response::Response {
        http::StatusCode::IM_A_TEAPOT.into_response()
    }
}

#[test]
fn integrations_can_be_turned_off_per_type() {
    use axum_core::response::IntoResponse;
    assert_eq!(HandRolledResponse.into_response().status(), 418);
    // The contract itself is unaffected.
    assert_eq!(
        tool_error::ToolError::code(&HandRolledResponse),
        "HAND_ROLLED_RESPONSE"
    );
}

/// Raw identifiers name the type and its variants in the catalog as written in
/// Rust source without the `r#`, as codes and detail keys already were.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = validation)]
#[allow(non_camel_case_types)]
enum r#RawNames {
    #[error("async")]
    r#async,
    #[error("type")]
    r#Type { r#type: u8 },
}

#[test]
fn raw_identifiers_are_catalogued_without_their_prefix() {
    let catalog = <r#RawNames as StaticCatalog>::CATALOG;
    assert_eq!(catalog.type_name(), "RawNames");
    let variants: Vec<&str> = catalog.entries().iter().map(|e| e.variant()).collect();
    assert_eq!(variants, ["async", "Type"]);
    assert_eq!(r#RawNames::r#async.code(), "ASYNC");
    assert_eq!(r#RawNames::r#Type { r#type: 1 }.code(), "TYPE");
}
