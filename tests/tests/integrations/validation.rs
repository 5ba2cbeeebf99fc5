//! The `garde` and `validator` features: a validation library's report becomes the
//! same `INVALID_ARGUMENTS` envelope as a deserialisation failure, one `rule`
//! violation per field; and jsonrpsee methods report bad parameters the same way.

use serde_json::{Value, json};
use tool_error::ToolError;
use tool_error::args::{ArgumentError, ViolationKind};
use tool_error_tests::native;

#[derive(garde::Validate)]
struct GardeDoc {
    #[garde(length(min = 1, max = 8))]
    title: String,
    #[garde(range(min = 1, max = 5))]
    priority: u8,
    #[garde(dive)]
    tags: Vec<GardeTag>,
}

#[derive(garde::Validate)]
struct GardeTag {
    #[garde(ascii, length(chars, min = 2))]
    name: String,
}

#[test]
fn a_garde_report_is_one_rule_violation_per_field() {
    use garde::Validate;
    let doc = GardeDoc {
        title: "a title far too long".into(),
        priority: 9,
        tags: vec![
            GardeTag { name: "ok".into() },
            GardeTag { name: "é".into() },
        ],
    };
    let report = doc.validate().unwrap_err();
    let error = ArgumentError::from(report);
    assert_eq!(error.code(), "INVALID_ARGUMENTS");
    let fields: Vec<&str> = error.violations().iter().map(|v| v.field()).collect();
    assert_eq!(fields, ["priority", "tags[1].name", "title"]);
    assert!(
        error
            .violations()
            .iter()
            .all(|v| v.kind() == ViolationKind::Rule)
    );
    // Two rules failed on one field: one violation, both messages.
    let tag = &error.violations()[1];
    let message = tag.message().unwrap();
    assert!(message.contains("; "), "{message}");

    let envelope = native(&error);
    assert_eq!(envelope["kind"], "VALIDATION");
    assert_eq!(envelope["details"]["violations"][2]["violation"], "rule");
    assert_eq!(envelope["details"]["violations"][2]["field"], "title");
}

// validator's derive calls `validate` on nested values, so its trait is in scope.
use validator::Validate as _;

#[derive(validator::Validate)]
struct ValidatorDoc {
    #[validate(length(min = 1, max = 8))]
    title: String,
    #[validate(email)]
    author: String,
    #[validate(nested)]
    tags: Vec<ValidatorTag>,
}

#[derive(validator::Validate)]
struct ValidatorTag {
    #[validate(length(min = 2, message = "tags have at least two letters"))]
    name: String,
}

#[test]
fn validator_errors_are_one_rule_violation_per_field() {
    let doc = ValidatorDoc {
        title: "a title far too long".into(),
        author: "not-an-email".into(),
        tags: vec![
            ValidatorTag { name: "ok".into() },
            ValidatorTag { name: "x".into() },
        ],
    };
    let error = ArgumentError::from(validator::Validate::validate(&doc).unwrap_err());
    let envelope = native(&error);
    assert_eq!(envelope["code"], "INVALID_ARGUMENTS");
    let violations = envelope["details"]["violations"].as_array().unwrap();
    let by_field = |field: &str| -> &Value {
        violations
            .iter()
            .find(|v| v["field"] == field)
            .unwrap_or_else(|| panic!("no {field} in {violations:?}"))
    };
    assert_eq!(violations.len(), 3, "{violations:?}");
    assert_eq!(
        by_field("title"),
        &json!({
            "field": "title",
            "violation": "rule",
            "expected": "a value that passes length (max 8, min 1)",
            "actual": "\"a title far too long\""
        })
    );
    assert_eq!(by_field("author")["expected"], "a value that passes email");
    // The violations say what each field expects; no suggestion repeats them.
    assert!(native(&error).get("suggestions").is_none());
    assert_eq!(by_field("author")["actual"], "\"not-an-email\"");
    let tag = by_field("tags[1].name");
    assert_eq!(tag["message"], "tags have at least two letters");
    // Ordered by path, so the envelope is the same on every run.
    let fields: Vec<&str> = violations
        .iter()
        .map(|v| v["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["author", "tags[1].name", "title"]);
}

#[test]
fn a_garde_violation_says_a_rule_failed_and_gives_the_rules_messages() {
    let mut report = garde::Report::new();
    let title = garde::Path::new("title".to_owned());
    report.append(title.clone(), garde::Error::new("too long"));
    report.append(title, garde::Error::new("not ascii"));
    assert_eq!(
        native(&ArgumentError::from(report))["details"]["violations"],
        json!([{
            "field": "title",
            "violation": "rule",
            "expected": "a value that passes validation",
            "actual": "a value that does not",
            "message": "too long; not ascii"
        }])
    );
}

#[test]
fn a_validator_violation_names_each_failed_rule_with_its_parameters() {
    use std::borrow::Cow;
    let mut errors = validator::ValidationErrors::new();
    let mut length =
        validator::ValidationError::new("length").with_message(Cow::Borrowed("too short"));
    length.add_param(Cow::Borrowed("min"), &5);
    length.add_param(Cow::Borrowed("max"), &"ten");
    // Echoed as JSON, cut to 64 characters.
    length.add_param(Cow::Borrowed("value"), &(0..40).collect::<Vec<u32>>());
    errors.add("author", length);
    let email =
        validator::ValidationError::new("email").with_message(Cow::Borrowed("not an email"));
    errors.add("author", email);
    errors.add("id", validator::ValidationError::new("odd"));
    assert_eq!(
        native(&ArgumentError::from(errors))["details"]["violations"],
        json!([
            {
                "field": "author",
                "violation": "rule",
                "expected": "a value that passes length (max ten, min 5) and email",
                "actual": "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,2…",
                "message": "too short; not an email"
            },
            {
                "field": "id",
                "violation": "rule",
                "expected": "a value that passes odd",
                "actual": "a value that does not pass"
            }
        ])
    );
}

#[test]
fn a_long_string_validator_rejected_is_cut_inside_its_quotes() {
    // As a deserialising failure shows a long string: its first 64 characters as a
    // JSON string, then `…`.
    let mut errors = validator::ValidationErrors::new();
    let mut length = validator::ValidationError::new("length");
    length.add_param(std::borrow::Cow::Borrowed("value"), &"x".repeat(100));
    errors.add("title", length);
    let error = ArgumentError::from(errors);
    assert_eq!(
        error.violations()[0].actual(),
        format!("\"{}\"…", "x".repeat(64))
    );
}

#[test]
fn a_validation_report_without_errors_is_one_violation_of_the_whole_input() {
    let whole = json!([{
        "field": "",
        "violation": "rule",
        "expected": "a value that passes validation",
        "actual": "a value that does not"
    }]);
    let garde = ArgumentError::from(garde::Report::new());
    assert_eq!(native(&garde)["details"]["violations"], whole);
    let validator = ArgumentError::from(validator::ValidationErrors::new());
    assert_eq!(native(&validator)["details"]["violations"], whole);
}

#[derive(Debug, serde::Deserialize)]
#[allow(dead_code)]
struct LookupParams {
    id: String,
    limit: u8,
}

#[tokio::test]
async fn jsonrpsee_methods_report_each_bad_parameter() {
    let mut module = jsonrpsee::RpcModule::new(());
    module
        .register_method("lookup", |params, _, _| {
            let args: LookupParams = tool_error::jsonrpsee::parse_params(&params)?;
            Ok::<_, jsonrpsee_types::ErrorObjectOwned>(args.id)
        })
        .unwrap();
    let request =
        r#"{"jsonrpc":"2.0","id":1,"method":"lookup","params":{"id":"q1","limit":"ten"}}"#;
    let (response, _) = module.raw_json_request(request, 1).await.unwrap();
    let response: Value = serde_json::from_str(response.get()).unwrap();
    let error = &response["error"];
    assert_eq!(error["code"], -32602, "{response}");
    assert_eq!(error["data"]["code"], "INVALID_ARGUMENTS");
    assert_eq!(
        error["data"]["details"]["violations"][0],
        json!({ "field": "limit", "violation": "wrong_type", "expected": "a non-negative integer", "actual": "string" })
    );
    // No serde text anywhere.
    assert!(!response.to_string().contains("invalid type"), "{response}");

    let request = r#"{"jsonrpc":"2.0","id":2,"method":"lookup","params":{"id":"q1","limit":7}}"#;
    let (response, _) = module.raw_json_request(request, 1).await.unwrap();
    let response: Value = serde_json::from_str(response.get()).unwrap();
    assert_eq!(response["result"], "q1");
}
