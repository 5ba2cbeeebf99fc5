use super::*;

/// The component is the published schema, less the keywords that only a
/// standalone JSON Schema document has.
#[test]
fn the_component_is_the_published_schema() {
    let mut published: Value = serde_json::from_str(Problem::SCHEMA).unwrap();
    let object = published.as_object_mut().unwrap();
    object.remove("$schema");
    object.remove("$id");
    let component = serde_json::to_value(<Problem as PartialSchema>::schema()).unwrap();
    assert_eq!(component, published);
}

/// A status outside 400–599 is documented as the 500 it is sent as: the
/// response it is listed under, and its example's `status` and `title`.
#[test]
fn statuses_outside_the_error_range_are_sent_as_500() {
    static ODD: Catalog = Catalog::new(
        "Odd",
        module_path!(),
        &[
            Entry::new("Busy", "BUSY", Kind::Transient).with_http_status(429),
            Entry::new("Fine", "FINE", Kind::Validation).with_http_status(200),
            Entry::new("Beyond", "BEYOND", Kind::Validation).with_http_status(600),
        ],
    );
    let value = serde_json::to_value(responses(&[&ODD], &Options::new())).unwrap();
    let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["429", "500"]);
    for code in ["FINE", "BEYOND"] {
        let example =
            &value["500"]["content"]["application/problem+json"]["examples"][code]["value"];
        assert_eq!(example["status"], 500, "{code}");
        assert_eq!(example["title"], "Internal Server Error", "{code}");
    }
}

#[test]
fn any_error_is_the_default_response() {
    let responses = serde_json::to_value(<AnyError as IntoResponses>::responses()).unwrap();
    let content = &responses["default"]["content"][PROBLEM_JSON];
    assert_eq!(content["schema"]["$ref"], "#/components/schemas/Problem");
    assert!(content.get("examples").is_none());
}

/// A declared call's example is what the client receives with every field a
/// placeholder: a text's escaped braces are single, as sent.
#[test]
fn a_next_call_example_is_the_declared_call_with_placeholders() {
    use crate::next_call::{ArgumentSpec, ArgumentValue, CallSpec};

    const ARGUMENTS: &[ArgumentSpec] = &[
        ArgumentSpec::new("note", ArgumentValue::Text("{{literal}} {id} {id:?}")),
        ArgumentSpec::new(
            "ids",
            ArgumentValue::Field {
                field: "ids",
                index: 0,
                sample: None,
            },
        ),
        ArgumentSpec::new("limit", ArgumentValue::Integer(5)),
        ArgumentSpec::new("query", ArgumentValue::CallerSupplies),
    ];
    const FIND: &[CallSpec] = &[CallSpec::new("find", ARGUMENTS).read_only()];
    static CALLS: Catalog = Catalog::new(
        "Calls",
        module_path!(),
        &[Entry::new("Gone", "GONE", Kind::NotFound).with_next_calls(FIND)],
    );
    let value = serde_json::to_value(responses(&[&CALLS], &Options::new())).unwrap();
    let example = &value["404"]["content"][PROBLEM_JSON]["examples"]["GONE"]["value"];
    assert_eq!(
        example["next_calls"],
        serde_json::json!([{
            "tool": "find",
            "arguments": {"note": "{literal} {id} {id:?}", "ids": "{ids}", "limit": 5},
            "caller_supplies": ["query"],
            "read_only": true
        }])
    );
}
