//! Tool arguments that fail to deserialise become `VALIDATION` errors naming the
//! bad field: `parameter` (its path), `expected`, `actual`.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;
use serde_json::{Value, json};
use tool_error::args::{self, ArgumentError, Problem};
use tool_error::{Envelope, Kind, Native, NextAction, ToolError};

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct BuildMedia {
    compounds: Vec<String>,
    #[serde(default)]
    default_uptake: Option<f64>,
    #[serde(default)]
    custom_bounds: Option<BTreeMap<String, [f64; 2]>>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Step {
    Fba { objective: String },
    Gapfill { max_complexity: u32 },
}

#[derive(Debug, Deserialize, PartialEq)]
struct Workflow {
    steps: Vec<Step>,
    limits: HashMap<u16, Vec<u8>>,
    note: Option<Box<str>>,
}

fn fail<T: serde::de::DeserializeOwned + std::fmt::Debug>(value: Value) -> ArgumentError {
    args::from_value::<T>(value).expect_err("the arguments are invalid")
}

fn triple(error: &ArgumentError) -> (&str, &str, &str) {
    (error.parameter(), error.expected(), error.actual())
}

#[test]
fn valid_arguments_read_like_serde_json() {
    let value = json!({
        "compounds": ["cpd00027", "cpd00007"],
        "default_uptake": 10,
        "custom_bounds": { "cpd00027": [-10, 100.5] }
    });
    let ours: BuildMedia = args::from_value(value.clone()).unwrap();
    assert_eq!(ours, serde_json::from_value::<BuildMedia>(value).unwrap());

    let value = json!({
        "steps": [{ "type": "fba", "objective": "bio1" }, { "type": "gapfill", "max_complexity": 3 }],
        "limits": { "7": [1, 2] },
        "note": null
    });
    let ours: Workflow = args::from_value(value.clone()).unwrap();
    assert_eq!(ours, serde_json::from_value::<Workflow>(value).unwrap());
}

#[test]
fn nested_paths() {
    let error = fail::<BuildMedia>(json!({ "compounds": ["cpd00027", 42] }));
    assert_eq!(error.problem(), Problem::InvalidType);
    assert_eq!(triple(&error), ("compounds[1]", "a string", "number"));
    assert_eq!(
        error.to_string(),
        "parameter 'compounds[1]' must be a string, got number"
    );

    let error = fail::<BuildMedia>(json!({
        "compounds": ["cpd00027"],
        "custom_bounds": { "cpd00027": [-10, null] }
    }));
    assert_eq!(triple(&error), ("custom_bounds.cpd00027[1]", "f64", "null"));

    let error = fail::<BuildMedia>(json!({
        "compounds": ["cpd00027"],
        "custom_bounds": { "cpd00027": [-10, 5, 7] }
    }));
    assert_eq!(error.problem(), Problem::InvalidLength);
    assert_eq!(error.parameter(), "custom_bounds.cpd00027");
    assert_eq!(error.actual(), "3 items");

    let error = fail::<BuildMedia>(json!({ "compounds": "cpd00027" }));
    assert_eq!(triple(&error), ("compounds", "a sequence", "string"));

    // Keys that are not identifiers are quoted.
    let error = fail::<BuildMedia>(json!({
        "compounds": [],
        "custom_bounds": { "EX cpd.1": "wide" }
    }));
    assert_eq!(error.parameter(), r#"custom_bounds["EX cpd.1"]"#);
}

#[test]
fn missing_unknown_and_enum_problems() {
    let error = fail::<BuildMedia>(json!({ "default_uptake": 1 }));
    assert_eq!(error.problem(), Problem::MissingField);
    assert_eq!(triple(&error), ("compounds", "a value", "missing"));

    let error = fail::<BuildMedia>(json!({ "compounds": [], "uptake": 1 }));
    assert_eq!(error.problem(), Problem::UnknownField);
    assert_eq!(error.parameter(), "uptake");
    assert_eq!(
        error.expected(),
        "one of `compounds`, `default_uptake`, `custom_bounds`"
    );

    let error = fail::<Workflow>(json!({
        "steps": [{ "type": "fba", "objective": "bio1" }, { "type": "gapfill" }],
        "limits": {}
    }));
    // Internally tagged enums are buffered by serde; the field name still comes through.
    assert_eq!(error.problem(), Problem::MissingField);
    assert_eq!(error.parameter(), "steps[1].max_complexity");

    let error = fail::<Workflow>(json!({ "steps": [], "limits": { "seven": [1] } }));
    assert_eq!(error.parameter(), "limits.seven");
    assert_eq!(error.expected(), "u16");

    let error = fail::<Workflow>(json!({ "steps": [], "limits": { "7": [1, 300] } }));
    assert_eq!(error.problem(), Problem::InvalidValue);
    assert_eq!(triple(&error), ("limits.7[1]", "u8", "integer `300`"));
}

#[test]
fn syntax_errors_are_about_the_whole_input() {
    let error = args::from_str::<BuildMedia>("{\"compounds\": [").unwrap_err();
    assert_eq!(error.problem(), Problem::Syntax);
    assert_eq!(error.parameter(), "");
    assert_eq!(error.expected(), "valid JSON");
}

#[test]
fn the_error_is_a_validation_tool_error() {
    let error = fail::<BuildMedia>(json!({ "compounds": ["cpd00027", 42] }));
    assert_eq!(error.code(), "INVALID_ARGUMENTS");
    assert_eq!(error.kind(), Kind::Validation);
    assert!(error.recoverable());
    assert_eq!(error.jsonrpc_code(), -32602);
    assert_eq!(NextAction::for_error(&error), NextAction::FixInput);
    assert_eq!(
        Envelope::new(&error).to_value(&Native),
        json!({
            "code": "INVALID_ARGUMENTS",
            "kind": "VALIDATION",
            "message": "parameter 'compounds[1]' must be a string, got number",
            "recoverable": true,
            "details": { "parameter": "compounds[1]", "expected": "a string", "actual": "number" },
            "suggestions": [
                "Send parameter 'compounds[1]' as a string",
                "The tool's inputSchema (tools/list) describes every parameter"
            ]
        })
    );
}

/// A derived enum can wrap both argument helpers, since their codes differ.
#[derive(Debug, thiserror::Error, ToolError)]
enum HandlerError {
    #[error(transparent)]
    #[tool_error(transparent)]
    Arguments(#[from] ArgumentError),
    #[error(transparent)]
    #[tool_error(transparent)]
    Parameters(#[from] tool_error::params::ParamError),
    #[error("Media '{media_id}' not found")]
    #[tool_error(kind = not_found)]
    MediaNotFound { media_id: String },
}

#[test]
fn question_mark_into_a_derived_error() {
    fn handler(arguments: Value) -> Result<usize, HandlerError> {
        let media: BuildMedia = args::from_value(arguments)?;
        Ok(media.compounds.len())
    }
    assert_eq!(handler(json!({ "compounds": ["a", "b"] })).unwrap(), 2);
    let missing = HandlerError::MediaNotFound {
        media_id: "m1".into(),
    };
    assert_eq!(missing.code(), "MEDIA_NOT_FOUND");
    let error = handler(json!({ "compounds": [1] })).unwrap_err();
    assert_eq!(error.code(), "INVALID_ARGUMENTS");
    let json = Envelope::new(&error).to_value(&Native);
    assert_eq!(json["details"]["parameter"], "compounds[0]");
}
