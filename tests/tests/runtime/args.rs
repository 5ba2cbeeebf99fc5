//! Tool arguments that fail to deserialise become `VALIDATION` errors naming each
//! bad field: its path, what was expected in words, and what was given.

use std::collections::{BTreeMap, HashMap};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde::Deserialize;
use serde_json::{Value, json};
use tool_error::args::{self, ArgumentError, Violation, ViolationKind};
use tool_error::client::NextAction;
use tool_error::{Envelope, Kind, Native, ToolError};

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

/// The one violation of arguments that fail to deserialise.
fn fail<T: serde::de::DeserializeOwned + std::fmt::Debug>(value: Value) -> Violation {
    let error = args::from_value::<T>(value).expect_err("the arguments are invalid");
    assert_eq!(error.violations().len(), 1, "{error:?}");
    error.violations()[0].clone()
}

fn triple(violation: &Violation) -> (&str, &str, &str) {
    (violation.field(), violation.expected(), violation.actual())
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
    assert_eq!(error.kind(), ViolationKind::WrongType);
    assert_eq!(triple(&error), ("compounds[1]", "a string", "number"));
    // The message says what is wrong; the expectation and what was given are the
    // violation's own, said once.
    assert_eq!(error.to_string(), "'compounds[1]' has the wrong type");

    let error = fail::<BuildMedia>(json!({
        "compounds": ["cpd00027"],
        "custom_bounds": { "cpd00027": [-10, null] }
    }));
    assert_eq!(
        triple(&error),
        ("custom_bounds.cpd00027[1]", "a number", "null")
    );

    let error = fail::<BuildMedia>(json!({
        "compounds": ["cpd00027"],
        "custom_bounds": { "cpd00027": [-10, 5, 7] }
    }));
    assert_eq!(error.kind(), ViolationKind::WrongLength);
    assert_eq!(
        triple(&error),
        ("custom_bounds.cpd00027", "an array of 2 items", "3 items")
    );

    let error = fail::<BuildMedia>(json!({ "compounds": "cpd00027" }));
    assert_eq!(triple(&error), ("compounds", "an array", "string"));

    // Keys that are not identifiers are quoted.
    let error = fail::<BuildMedia>(json!({
        "compounds": [],
        "custom_bounds": { "EX cpd.1": "wide" }
    }));
    assert_eq!(error.field(), r#"custom_bounds["EX cpd.1"]"#);
}

#[test]
fn missing_unknown_and_enum_problems() {
    let error = fail::<BuildMedia>(json!({ "default_uptake": 1 }));
    assert_eq!(error.kind(), ViolationKind::Missing);
    assert_eq!(triple(&error), ("compounds", "a value", ""));
    assert_eq!(error.to_string(), "'compounds' is required");

    let error = fail::<BuildMedia>(json!({ "compounds": [], "uptake": 1 }));
    assert_eq!(error.kind(), ViolationKind::UnknownField);
    assert_eq!(
        triple(&error),
        (
            "uptake",
            "one of: compounds, default_uptake, custom_bounds",
            ""
        )
    );

    let error = fail::<Workflow>(json!({
        "steps": [{ "type": "fba", "objective": "bio1" }, { "type": "gapfill" }],
        "limits": {}
    }));
    // Internally tagged enums are buffered by serde; the field name still comes through.
    assert_eq!(error.kind(), ViolationKind::Missing);
    assert_eq!(error.field(), "steps[1].max_complexity");

    let error = fail::<Workflow>(json!({ "steps": [{ "type": "simulate" }], "limits": {} }));
    assert_eq!(error.kind(), ViolationKind::NotAllowed);
    assert_eq!(
        triple(&error),
        ("steps[0].type", "one of: fba, gapfill", "\"simulate\"")
    );

    let error = fail::<Workflow>(json!({ "steps": [], "limits": { "seven": [1] } }));
    assert_eq!(error.field(), "limits.seven");
    assert_eq!(error.expected(), "a non-negative integer");

    // Out of range: the range in words, the value as sent, never a Rust type name.
    let error = fail::<Workflow>(json!({ "steps": [], "limits": { "7": [1, 300] } }));
    assert_eq!(error.kind(), ViolationKind::InvalidValue);
    assert_eq!(
        triple(&error),
        ("limits.7[1]", "an integer from 0 to 255", "300")
    );
    let error = fail::<Workflow>(json!({ "steps": [], "limits": { "7": [-1] } }));
    assert_eq!(
        triple(&error),
        ("limits.7[0]", "an integer from 0 to 255", "-1")
    );
}

/// An externally tagged enum: the variant is a step of the path.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Priority {
    Low,
    High,
    Custom { level: u8 },
}

#[derive(Debug, Deserialize, PartialEq)]
struct Ticket {
    priority: Priority,
}

#[test]
fn enum_choices_are_listed_and_variant_contents_have_paths() {
    let ticket: Ticket = args::from_value(json!({ "priority": "high" })).unwrap();
    assert_eq!(ticket.priority, Priority::High);
    let ticket: Ticket =
        args::from_value(json!({ "priority": { "custom": { "level": 3 } } })).unwrap();
    assert_eq!(ticket.priority, Priority::Custom { level: 3 });

    let error = fail::<Ticket>(json!({ "priority": "urgent" }));
    assert_eq!(
        triple(&error),
        ("priority", "one of: low, high, custom", "\"urgent\"")
    );
    let error = fail::<Ticket>(json!({ "priority": { "custom": { "level": "max" } } }));
    assert_eq!(
        triple(&error),
        ("priority.custom.level", "a non-negative integer", "string")
    );
    let error = fail::<Ticket>(json!({ "priority": 2 }));
    assert_eq!(error.kind(), ViolationKind::WrongType);
    assert_eq!(error.field(), "priority");
}

#[test]
fn syntax_errors_are_about_the_whole_input() {
    let error = args::from_str::<BuildMedia>("{\"compounds\": [").unwrap_err();
    let violation = &error.violations()[0];
    assert_eq!(violation.kind(), ViolationKind::Syntax);
    assert_eq!(violation.field(), "");
    assert_eq!(violation.expected(), "valid JSON");
    assert_eq!(violation.to_string(), "the input is not valid JSON");
}

#[test]
fn the_error_is_a_validation_tool_error() {
    let error = args::from_value::<BuildMedia>(json!({ "compounds": ["cpd00027", 42] }))
        .expect_err("invalid");
    assert_eq!(error.code(), "INVALID_ARGUMENTS");
    assert_eq!(error.code(), ArgumentError::CODE);
    assert_eq!(error.kind(), Kind::Validation);
    assert!(error.recoverable());
    assert_eq!(error.jsonrpc_code(), -32602);
    assert_eq!(NextAction::for_error(&error), NextAction::FixInput);
    assert_eq!(
        Envelope::new(&error).to_value(&Native),
        json!({
            "code": "INVALID_ARGUMENTS",
            "kind": "VALIDATION",
            "message": "'compounds[1]' has the wrong type",
            "recoverable": true,
            "details": { "violations": [{
                "field": "compounds[1]",
                "violation": "wrong_type",
                "expected": "a string",
                "actual": "number"
            }] }
        })
    );
}

/// A derived enum wraps argument errors with `transparent`, keeping their code.
#[derive(Debug, thiserror::Error, ToolError)]
enum HandlerError {
    #[error(transparent)]
    #[tool_error(transparent)]
    Arguments(#[from] ArgumentError),
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
    assert_eq!(json["details"]["violations"][0]["field"], "compounds[0]");
}

#[test]
fn several_violations_are_one_error_each_said_once() {
    let mut error = ArgumentError::new(Violation::new(
        ViolationKind::Missing,
        "query",
        "a value",
        "",
    ));
    error.push(
        Violation::new(
            ViolationKind::Rule,
            "limit",
            "an integer from 1 to 100",
            "500",
        )
        .with_message("at most 100 results"),
    );
    assert_eq!(
        error.to_string(),
        "2 fields are invalid: 'query' is required; 'limit' is invalid: at most 100 results"
    );
    let json = Envelope::new(&error).to_value(&Native);
    assert_eq!(
        json["details"]["violations"][1],
        json!({
            "field": "limit",
            "violation": "rule",
            "expected": "an integer from 1 to 100",
            "actual": "500",
            "message": "at most 100 results"
        })
    );
    // A missing field has nothing given to show.
    assert_eq!(
        json["details"]["violations"][0],
        json!({ "field": "query", "violation": "missing", "expected": "a value" })
    );
    // Each violation says what to send; suggestions would only say it again.
    assert!(json.get("suggestions").is_none(), "{json}");
    assert!(ArgumentError::from_violations([]).is_none());
}

#[derive(Debug, Deserialize, PartialEq)]
struct Query {
    query: String,
    limit: u8,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Search {
    query: Query,
}

#[test]
fn a_missing_field_named_like_its_parent_keeps_both_steps() {
    let error = fail::<Search>(json!({ "query": { "limit": 5 } }));
    assert_eq!(error.kind(), ViolationKind::Missing);
    assert_eq!(error.field(), "query.query");
    let error = fail::<BTreeMap<String, Query>>(json!({ "limit": { "query": "x" } }));
    assert_eq!(error.field(), "limit.limit");
}

#[test]
fn map_keys_must_be_json_numbers_like_serde_json_reads_them() {
    for key in ["+7", "07", "NaN", "seven", ""] {
        let value = json!({ key: 1 });
        assert!(serde_json::from_value::<BTreeMap<u32, u8>>(value.clone()).is_err());
        let error = fail::<BTreeMap<u32, u8>>(value);
        assert_eq!(error.kind(), ViolationKind::WrongType, "{key:?}");
        assert_eq!(
            error.message(),
            Some("the key must be a non-negative integer"),
            "{key:?}"
        );
    }
    let keys: BTreeMap<u32, u8> = args::from_value(json!({ "7": 1, "0": 2 })).unwrap();
    assert_eq!(keys.into_keys().collect::<Vec<_>>(), [0, 7]);
    let flags: BTreeMap<bool, u8> = args::from_value(json!({ "true": 1 })).unwrap();
    assert_eq!(flags[&true], 1);
}

#[test]
fn an_enum_given_the_wrong_type_lists_its_variants() {
    let error = fail::<Ticket>(json!({ "priority": 2 }));
    assert_eq!(
        triple(&error),
        ("priority", "one of: low, high, custom", "number")
    );
}

/// The first 22 elements: more choices than a list names.
#[derive(Debug, Deserialize)]
#[allow(dead_code)] // only its failures are read
enum Element {
    H,
    He,
    Li,
    Be,
    B,
    C,
    N,
    O,
    F,
    Ne,
    Na,
    Mg,
    Al,
    Si,
    P,
    S,
    Cl,
    Ar,
    K,
    Ca,
    Sc,
    Ti,
}

#[test]
fn a_long_list_of_choices_names_twenty_and_counts_the_rest() {
    let twenty = "H, He, Li, Be, B, C, N, O, F, Ne, Na, Mg, Al, Si, P, S, Cl, Ar, K, Ca";
    let expected = format!("one of: {twenty}, and 2 more");
    // An unknown choice, and a value of the wrong type, read the same.
    assert_eq!(fail::<Element>(json!("Xx")).expected(), expected);
    assert_eq!(fail::<Element>(json!(26)).expected(), expected);
}

#[test]
fn a_long_string_given_is_cut_inside_its_quotes_wherever_it_is_echoed() {
    // Its first 64 characters as a JSON string, then `…`: still a quoted string.
    let long = "x".repeat(100);
    let shown = format!("\"{}\"…", "x".repeat(64));
    // A bad value (a text value that is not a number)...
    let error = args::from_pairs::<u8, _, _>([("limit", long.as_str())]).unwrap_err();
    assert_eq!(error.violations()[0].kind(), ViolationKind::InvalidValue);
    assert_eq!(error.violations()[0].actual(), shown);
    // ... reads as an unknown variant does.
    let error = fail::<Ticket>(json!({ "priority": long }));
    assert_eq!(error.kind(), ViolationKind::NotAllowed);
    assert_eq!(error.actual(), shown);
}

/// JSON built from the keys and values the types above read, so that some values
/// deserialise and most fail somewhere deep.
fn arguments() -> impl Strategy<Value = Value> {
    let word = prop::sample::select(vec![
        "compounds",
        "default_uptake",
        "custom_bounds",
        "cpd00027",
        "EX cpd.1",
        "7",
        "-1",
        "steps",
        "limits",
        "note",
        "type",
        "fba",
        "gapfill",
        "objective",
        "max_complexity",
        "priority",
        "low",
        "high",
        "custom",
        "level",
    ]);
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-300i64..300).prop_map(Value::from),
        prop_oneof![Just(-10.0), Just(100.5), Just(1e300)].prop_map(Value::from),
        word.clone().prop_map(Value::from),
    ];
    leaf.prop_recursive(5, 48, 5, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((word.clone(), inner), 0..5).prop_map(|entries| Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.to_owned(), v))
                    .collect()
            )),
        ]
    })
}

/// What `args` reads agrees with what serde_json reads: the same value when both
/// succeed, a failure when serde_json fails.
fn reads_like_serde_json<T>(value: &Value) -> Result<(), TestCaseError>
where
    T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let ours = args::from_value::<T>(value.clone());
    let theirs = serde_json::from_value::<T>(value.clone());
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => prop_assert_eq!(ours, theirs),
        (Err(_), Err(_)) => {}
        (ours, theirs) => prop_assert!(
            false,
            "args read {ours:?}, serde_json read {theirs:?}, from {value}"
        ),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_json_reads_as_serde_json_reads_it(value in arguments()) {
        let ours: Value = args::from_value(value.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&ours, &value);
        reads_like_serde_json::<BuildMedia>(&value)?;
        reads_like_serde_json::<Workflow>(&value)?;
        reads_like_serde_json::<Ticket>(&value)?;
        reads_like_serde_json::<Vec<Priority>>(&value)?;
        reads_like_serde_json::<HashMap<String, Option<(i8, bool)>>>(&value)?;
    }
}

/// The input schema the check properties use: every rule the check puts in words,
/// and one (`oneOf`) it leaves to the validator's own explanation.
fn checked_schema() -> Value {
    json!({
        "type": "object",
        "required": ["title", "priority", "tags"],
        "properties": {
            "title": { "type": "string", "minLength": 1, "maxLength": 8 },
            "priority": { "type": "integer", "minimum": 1, "maximum": 5 },
            "tags": {
                "type": "array",
                "maxItems": 3,
                "items": { "type": "string", "enum": ["low", "high", "custom"] }
            },
            "email": { "type": "string", "format": "email" },
            "code": { "type": "string", "pattern": "^[a-z]+[0-9]$" },
            "nested": {
                "type": "object",
                "properties": { "level": { "type": "integer", "multipleOf": 2 } },
                "additionalProperties": false
            },
            "choice": { "oneOf": [{ "type": "integer" }, { "type": "string" }] }
        },
        "additionalProperties": false
    })
}

/// Arguments for [`checked_schema`]: its own field names and some it does not
/// accept, with values that satisfy a rule about as often as they break one.
fn checked_arguments() -> impl Strategy<Value = Value> {
    let key = prop::sample::select(vec![
        "title",
        "priority",
        "tags",
        "email",
        "code",
        "nested",
        "choice",
        "level",
        "extra",
        "\"quoted\"",
        "",
    ]);
    let text = prop::sample::select(vec![
        "",
        "milk",
        "way too long a title",
        "low",
        "high",
        "nope",
        "a@b.example",
        "not an email",
        "abc1",
        "ABC",
        "\u{1F600}\n\"\\",
        "</script>",
    ]);
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-3i64..9).prop_map(Value::from),
        prop_oneof![Just(2.5), Just(4.0), Just(-1e300)].prop_map(Value::from),
        text.prop_map(Value::from),
    ];
    let value = leaf.prop_recursive(3, 24, 4, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..4).prop_map(|entries| Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.to_owned(), v))
                    .collect()
            )),
        ]
    });
    let top_key = prop::sample::select(vec![
        "title", "priority", "tags", "email", "code", "nested", "choice", "extra",
    ]);
    prop_oneof![
        1 => value.clone(),
        6 => prop::collection::vec((top_key, value), 0..8).prop_map(|entries| Value::Object(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect()
        )),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The router's check refuses exactly what the validator it wraps refuses, built
    /// here on its own (so a failure the wrapper loses, or options that drift,
    /// fail), names every bad field once (the message the first five, the details
    /// all), and renders in every format as one JSON value.
    #[test]
    fn the_schema_check_refuses_what_the_schema_refuses_in_one_error(arguments in checked_arguments()) {
        let schema = checked_schema();
        let input = args::InputSchema::new(schema.as_object().unwrap().clone().into()).unwrap();
        let independent = jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .unwrap();
        let checked = input.check(&arguments);
        prop_assert_eq!(checked.is_ok(), independent.is_valid(&arguments), "{}", arguments);
        let Err(error) = checked else { return Ok(()) };

        let fields: Vec<&str> = error.violations().iter().map(Violation::field).collect();
        let mut unique = fields.clone();
        unique.sort_unstable();
        unique.dedup();
        prop_assert_eq!(unique.len(), fields.len(), "a field named twice: {:?}", fields);
        // The message names the first five, the details every one.
        let message = error.to_string();
        for field in fields.iter().take(5).filter(|field| !field.is_empty()) {
            prop_assert!(message.contains(&format!("'{field}'")), "{} does not name {}", message, field);
        }
        let native = Envelope::new(&error).to_value(&Native);
        let listed = native["details"]["violations"].as_array().map(Vec::len);
        prop_assert_eq!(listed, Some(fields.len()), "{}", native);
        for text in crate::checks::renderings(&Envelope::new(&error)) {
            crate::checks::json_value(&text).map_err(TestCaseError::fail)?;
        }
    }
}
