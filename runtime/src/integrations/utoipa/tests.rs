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
