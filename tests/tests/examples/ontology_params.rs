//! The ontology server's parameter validation: every validation template, rendered through every
//! profile, and hostile inputs (huge strings, deep nesting, nulls, arbitrary JSON).

use proptest::prelude::*;
use serde_json::{Value, json};
use tool_error::{
    Envelope, JsonRpc, Kind, Limits, McpToolResult, Problem, StaticCatalog, ToolError,
};
use tool_error_examples::go::quoted;
use tool_error_examples::ontology::params::{
    ArrayOf, CODE, JsonType, MAX_ECHO_CHARS, ParamError, Params, Uuid,
};
use tool_error_tests::{native, parse_json};

#[test]
fn the_contract_of_every_param_error() {
    let error = Params::new(&json!({}))
        .unwrap()
        .required_str("table")
        .unwrap_err();
    assert_eq!(error.code(), CODE);
    assert_eq!(error.code(), "INVALID_PARAMETERS");
    assert_eq!(error.kind(), Kind::Validation);
    assert!(error.recoverable());
    assert_eq!(error.jsonrpc_code(), -32602, "JSON-RPC's invalid params");
    assert_eq!(error.http_status(), 400);
    assert_eq!(error.parameter(), Some("table"));
    let catalog = <ParamError as StaticCatalog>::CATALOG;
    assert_eq!(catalog.codes().collect::<Vec<_>>(), [CODE]);
    assert_eq!(error.entry().map(|e| e.code()), Some(CODE));
}

#[test]
fn arguments_must_be_an_object_or_null() {
    assert!(Params::new(&json!({})).is_ok());
    // `null` means no arguments: everything is absent.
    let none = Params::new(&Value::Null).unwrap();
    assert_eq!(none.get("x"), None);
    assert_eq!(none.optional_bool("x"), Ok(None));
    for (arguments, actual) in [
        (json!([]), JsonType::Array),
        (json!("x"), JsonType::String),
        (json!(1), JsonType::Number),
        (json!(true), JsonType::Boolean),
    ] {
        let error = Params::new(&arguments).unwrap_err();
        assert_eq!(
            error,
            ParamError::NotAnObject {
                actual_type: actual
            }
        );
        assert_eq!(error.to_string(), "arguments must be an object");
        assert_eq!(error.parameter(), None);
        assert_eq!(
            native(&error)["details"],
            json!({"expected_type": "object", "actual_type": actual.name()})
        );
    }
}

// Template 1: required string, non-empty after trimming.
#[test]
fn required_string() {
    let arguments = json!({
        "padded": "  orders \n",
        "empty": "",
        "blank": " \t\r\n",
        "ideographic": "\u{3000}",
        "null": null,
        "number": 123,
        "list": ["a"],
        "object": {"a": 1},
        "flag": false,
    });
    let params = Params::new(&arguments).unwrap();
    assert_eq!(params.required_str("padded"), Ok("orders"));
    for name in ["missing", "empty", "blank", "ideographic", "null"] {
        let error = params.required_str(name).unwrap_err();
        assert_eq!(
            error,
            ParamError::Empty {
                parameter: name.into()
            }
        );
        assert_eq!(
            error.to_string(),
            format!("parameter '{name}' cannot be empty")
        );
        // The template has no details.
        assert!(native(&error).get("details").is_none());
    }
    for (name, actual) in [
        ("number", "number"),
        ("list", "array"),
        ("object", "object"),
        ("flag", "boolean"),
    ] {
        let error = params.required_str(name).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("parameter '{name}' must be a string")
        );
        assert_eq!(
            native(&error)["details"],
            json!({"parameter": name, "expected_type": "string", "actual_type": actual})
        );
    }
}

#[test]
fn optional_string() {
    let arguments = json!({"a": "  x ", "b": "   ", "c": null, "d": 5});
    let params = Params::new(&arguments).unwrap();
    assert_eq!(params.optional_str("a"), Ok(Some("x")));
    assert_eq!(params.optional_str("b"), Ok(Some("")));
    assert_eq!(params.optional_str("missing"), Ok(None));
    // Present means typed, `null` included.
    assert_eq!(
        params.optional_str("c"),
        Err(ParamError::WrongType {
            parameter: "c".into(),
            expected_type: JsonType::String,
            actual_type: JsonType::Null
        })
    );
    assert!(params.optional_str("d").is_err());
}

// Template 2: optional boolean with the actual type.
#[test]
fn booleans() {
    let arguments = json!({"yes": true, "no": false, "text": "true", "one": 1, "null": null});
    let params = Params::new(&arguments).unwrap();
    assert_eq!(params.optional_bool("yes"), Ok(Some(true)));
    assert_eq!(params.optional_bool("no"), Ok(Some(false)));
    assert_eq!(params.optional_bool("absent"), Ok(None));
    assert_eq!(params.required_bool("no"), Ok(false));
    for (name, actual) in [("text", "string"), ("one", "number"), ("null", "null")] {
        let error = params.optional_bool(name).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("parameter '{name}' must be a boolean")
        );
        assert_eq!(
            native(&error)["details"],
            json!({"parameter": name, "expected_type": "boolean", "actual_type": actual})
        );
    }
    let missing = params.required_bool("absent").unwrap_err();
    assert_eq!(missing.to_string(), "parameter 'absent' is required");
    assert!(native(&missing).get("details").is_none());
}

// Template 3: array with element type checking.
#[test]
fn arrays_and_their_elements() {
    let arguments = json!({
        "tags": ["a", "b"],
        "mixed": ["a", 1, null],
        "nested": ["a", ["b"], [["c"]]],
        "nulls": [null, null],
        "empty": [],
        "text": "a,b",
        "null": null,
    });
    let params = Params::new(&arguments).unwrap();
    let strings = ArrayOf::of(JsonType::String);
    assert_eq!(
        params.optional_array("tags", strings),
        Ok(Some(&[json!("a"), json!("b")][..]))
    );
    assert_eq!(params.optional_array("empty", strings), Ok(Some(&[][..])));
    assert_eq!(params.optional_array("absent", strings), Ok(None));
    assert_eq!(
        params
            .optional_array("mixed", ArrayOf::any())
            .map(|a| a.map(<[_]>::len)),
        Ok(Some(3))
    );

    // The first wrong element, with its index and type.
    let error = params
        .optional_array("mixed", strings.called("tag"))
        .unwrap_err();
    assert_eq!(error.to_string(), "all tag elements must be strings");
    assert_eq!(
        native(&error)["details"],
        json!({"parameter": "mixed", "invalid_element_index": 1, "invalid_element_type": "number"})
    );
    // Without a label the message names the parameter.
    let error = params.optional_array("nested", strings).unwrap_err();
    assert_eq!(
        error.to_string(),
        "all elements of parameter 'nested' must be strings"
    );
    assert_eq!(native(&error)["details"]["invalid_element_type"], "array");
    // Nested arrays are elements like any other.
    assert!(
        params
            .optional_array("nested", ArrayOf::of(JsonType::Array))
            .is_err()
    );
    assert_eq!(
        params
            .optional_array("nulls", ArrayOf::of(JsonType::Null))
            .map(|a| a.map(<[_]>::len)),
        Ok(Some(2))
    );
    let error = params
        .optional_array("nulls", ArrayOf::of(JsonType::Number).called("score"))
        .unwrap_err();
    assert_eq!(error.to_string(), "all score elements must be numbers");
    assert_eq!(native(&error)["details"]["invalid_element_type"], "null");

    // Not an array at all.
    for name in ["text", "null"] {
        let error = params.optional_array(name, strings).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("parameter '{name}' must be an array")
        );
        assert_eq!(native(&error)["details"]["expected_type"], "array");
    }
    assert_eq!(
        params
            .required_array("absent", strings)
            .unwrap_err()
            .to_string(),
        "parameter 'absent' is required"
    );
}

// Template 4: enum choice with the expected list.
#[test]
fn choices() {
    const ROLES: [&str; 4] = ["dimension", "measure", "identifier", "attribute"];
    let arguments = json!({
        "ok": " measure ",
        "bad": " Metric\n",
        "case": "MEASURE",
        "blank": "  ",
        "number": 3,
    });
    let params = Params::new(&arguments).unwrap();
    assert_eq!(params.required_choice("ok", &ROLES), Ok("measure"));
    let error = params.required_choice("bad", &ROLES).unwrap_err();
    assert_eq!(error.to_string(), "invalid bad \" Metric\\n\"");
    assert_eq!(
        native(&error)["details"],
        json!({"parameter": "bad", "expected": ROLES, "actual": "Metric"})
    );
    // Matching is exact after trimming: case matters.
    assert!(params.required_choice("case", &ROLES).is_err());
    // Template 1 comes first for a required choice.
    assert_eq!(
        params
            .required_choice("blank", &ROLES)
            .unwrap_err()
            .to_string(),
        "parameter 'blank' cannot be empty"
    );
    assert_eq!(
        params
            .required_choice("number", &ROLES)
            .unwrap_err()
            .to_string(),
        "parameter 'number' must be a string"
    );
    assert_eq!(params.optional_choice("absent", &ROLES), Ok(None));
    assert_eq!(params.optional_choice("ok", &ROLES), Ok(Some("measure")));
    assert!(params.optional_choice("bad", &ROLES).is_err());
    // An empty list accepts nothing.
    let error = params.required_choice("ok", &[]).unwrap_err();
    assert_eq!(native(&error)["details"]["expected"], json!([]));
}

// Template 6: UUID.
#[test]
fn uuids() {
    let arguments = json!({
        "lower": "67e55044-10b1-426f-9247-bb680e5fe0c8",
        "upper": " 67E55044-10B1-426F-9247-BB680E5FE0C8 ",
        "braces": "{67e55044-10b1-426f-9247-bb680e5fe0c8}",
        "urn": "urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8",
        "compact": "67e5504410b1426f9247bb680e5fe0c8",
        "short": "42",
        "quote": "\"; drop",
        "number": 42,
    });
    let params = Params::new(&arguments).unwrap();
    let expected = Uuid::parse("67e55044-10b1-426f-9247-bb680e5fe0c8").unwrap();
    assert_eq!(params.required_uuid("lower"), Ok(expected));
    assert_eq!(params.required_uuid("upper"), Ok(expected));
    assert_eq!(expected.to_string(), "67e55044-10b1-426f-9247-bb680e5fe0c8");
    assert_eq!(expected.as_bytes()[0], 0x67);
    assert_eq!(
        serde_json::to_value(expected).unwrap(),
        json!("67e55044-10b1-426f-9247-bb680e5fe0c8")
    );
    for name in ["braces", "urn", "compact", "short"] {
        let error = params.required_uuid(name).unwrap_err();
        let given = arguments[name].as_str().unwrap().trim();
        assert_eq!(
            error.to_string(),
            format!("invalid {name} format: \"{given}\" is not a valid UUID")
        );
        assert!(native(&error).get("details").is_none());
    }
    assert_eq!(
        params.required_uuid("quote").unwrap_err().to_string(),
        r#"invalid quote format: "\"; drop" is not a valid UUID"#
    );
    assert_eq!(
        params.required_uuid("number").unwrap_err().to_string(),
        "parameter 'number' must be a string"
    );
    assert_eq!(params.optional_uuid("absent"), Ok(None));
    assert_eq!(params.optional_uuid("lower"), Ok(Some(expected)));
    assert!(params.optional_uuid("short").is_err());
}

#[test]
fn type_names_and_articles() {
    for (value, name) in [
        (json!(null), "null"),
        (json!(true), "boolean"),
        (json!(1.5), "number"),
        (json!(-1), "number"),
        (json!(""), "string"),
        (json!([]), "array"),
        (json!({}), "object"),
    ] {
        assert_eq!(JsonType::of(&value).name(), name);
        assert_eq!(JsonType::of(&value).to_string(), name);
        assert_eq!(
            serde_json::to_value(JsonType::of(&value)).unwrap(),
            json!(name)
        );
    }
    let wrong = |expected_type| {
        ParamError::WrongType {
            parameter: "p".into(),
            expected_type,
            actual_type: JsonType::Null,
        }
        .to_string()
    };
    assert_eq!(wrong(JsonType::Object), "parameter 'p' must be an object");
    assert_eq!(wrong(JsonType::Number), "parameter 'p' must be a number");
    assert_eq!(wrong(JsonType::Null), "parameter 'p' must be null");
}

#[test]
fn go_style_quoting() {
    assert_eq!(quoted("plain").to_string(), "\"plain\"");
    assert_eq!(
        quoted("a\"b\\c\n\t\r\u{7}\u{8}\u{b}\u{c}").to_string(),
        r#""a\"b\\c\n\t\r\a\b\v\f""#
    );
    assert_eq!(quoted("\u{1b}[31m").to_string(), r#""\x1b[31m""#);
    assert_eq!(quoted("naïve ✓").to_string(), "\"naïve ✓\"");
}

#[test]
fn every_profile_renders_param_errors() {
    let arguments = json!({"role": "x", "tags": [1]});
    let params = Params::new(&arguments).unwrap();
    let errors = [
        params.required_str("missing").unwrap_err(),
        params.required_choice("role", &["a", "b"]).unwrap_err(),
        params
            .optional_array("tags", ArrayOf::of(JsonType::String))
            .unwrap_err(),
        params.required_uuid("role").unwrap_err(),
        Params::new(&json!(7)).unwrap_err(),
    ];
    for error in &errors {
        let envelope = Envelope::new(error);
        let rpc = envelope.to_value(&JsonRpc::new());
        assert_eq!(rpc["code"], -32602);
        assert_eq!(rpc["message"], error.to_string());
        assert_eq!(rpc["data"]["kind"], "VALIDATION");
        let problem = envelope.to_value(&Problem::new());
        assert_eq!(problem["status"], 400);
        assert_eq!(problem["detail"], error.to_string());
        let mcp = envelope.to_value(&McpToolResult::new());
        assert_eq!(mcp["isError"], true);
        let text = parse_json(mcp["content"][0]["text"].as_str().unwrap());
        assert_eq!(text["code"], "INVALID_PARAMETERS");
        // And an agent reads it back as "fix the input".
        assert_eq!(
            tool_error::client::parse(&mcp.to_string()).next_action(),
            tool_error::client::NextAction::FixInput
        );
    }
}

#[test]
fn huge_values_are_cut_before_they_are_echoed() {
    let huge = "é".repeat(5_000_000);
    let arguments = json!({"role": huge, "id": huge});
    let params = Params::new(&arguments).unwrap();
    let error = params.required_choice("role", &["a"]).unwrap_err();
    let ParamError::NotOneOf { actual, given, .. } = &error else {
        panic!("{error:?}")
    };
    let mark = Limits::TRUNCATION_MARK.chars().count();
    assert_eq!(actual.chars().count(), MAX_ECHO_CHARS + mark);
    assert_eq!(given.chars().count(), MAX_ECHO_CHARS + mark);
    assert!(error.to_string().chars().count() < MAX_ECHO_CHARS + 40);
    let error = params.required_uuid("id").unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("[truncated]\" is not a valid UUID")
    );
    // A huge parameter *name* (server-chosen, but still) is bounded on the wire.
    let name = "n".repeat(100_000);
    let error = params.required_str(&name).unwrap_err();
    assert!(Envelope::new(&error).to_json().len() < 10_000);
}

#[test]
fn large_and_deep_arrays() {
    let mut items = vec![json!("ok"); 1_000_000];
    items.push(json!(false));
    let arguments = Value::Object(
        [("tags".to_owned(), Value::Array(items))]
            .into_iter()
            .collect(),
    );
    let params = Params::new(&arguments).unwrap();
    let error = params
        .optional_array("tags", ArrayOf::of(JsonType::String))
        .unwrap_err();
    assert_eq!(
        native(&error)["details"]["invalid_element_index"],
        1_000_000
    );

    // Deep nesting is never walked: only the top-level element types matter.
    let mut deep = json!("leaf");
    for _ in 0..2_000 {
        deep = Value::Array(vec![deep]);
    }
    let arguments = Value::Object(
        [("tags".to_owned(), Value::Array(vec![deep]))]
            .into_iter()
            .collect(),
    );
    let params = Params::new(&arguments).unwrap();
    assert!(
        params
            .optional_array("tags", ArrayOf::of(JsonType::Array))
            .is_ok()
    );
    let error = params
        .optional_array("tags", ArrayOf::of(JsonType::String))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "all elements of parameter 'tags' must be strings"
    );
    // Drop the deep value one level at a time, so the test itself cannot overflow.
    let mut value = arguments;
    loop {
        let next = match &mut value {
            Value::Object(map) => map.get_mut("tags").map(Value::take),
            Value::Array(items) => items.get_mut(0).map(Value::take),
            _ => None,
        };
        match next {
            Some(inner) => value = inner,
            None => break,
        }
    }
}

fn arbitrary_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        ".{0,40}".prop_map(Value::String),
        "[ \\t\\n0-9a-fA-F-]{0,40}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::btree_map(".{0,8}", inner, 0..8)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

proptest! {
    /// No input makes a reader panic, every error renders as valid JSON through
    /// every profile, and a success returns what the template promises.
    #[test]
    fn readers_never_panic(arguments in arbitrary_json(), name in prop_oneof![Just("p".to_owned()), ".{0,6}"]) {
        let wrapped = json!({ name.clone(): arguments.clone() });
        for candidate in [&arguments, &wrapped] {
            let Ok(params) = Params::new(candidate) else { continue };
            let results: Vec<Result<(), ParamError>> = vec![
                params.required_str(&name).map(|s| assert!(!s.is_empty() && s.trim() == s)),
                params.optional_str(&name).map(drop),
                params.optional_bool(&name).map(drop),
                params.required_bool(&name).map(drop),
                params.optional_array(&name, ArrayOf::of(JsonType::String)).map(|items| {
                    assert!(items.unwrap_or(&[]).iter().all(Value::is_string));
                }),
                params.required_array(&name, ArrayOf::any()).map(drop),
                params.required_choice(&name, &["a", "b"]).map(|c| assert!(c == "a" || c == "b")),
                params.optional_choice(&name, &[]).map(|c| assert!(c.is_none())),
                params.required_uuid(&name).map(|id| assert_eq!(id.to_string().len(), 36)),
                params.optional_uuid(&name).map(drop),
            ];
            for error in results.into_iter().filter_map(Result::err) {
                prop_assert_eq!(error.parameter(), Some(name.as_str()));
                for text in [
                    Envelope::new(&error).to_json(),
                    Envelope::new(&error).render(&JsonRpc::new()),
                    Envelope::new(&error).render(&McpToolResult::new()),
                    Envelope::new(&error).render(&Problem::new()),
                ] {
                    prop_assert!(serde_json::from_str::<Value>(&text).is_ok());
                }
            }
        }
    }

    /// `Uuid::parse` accepts exactly the 8-4-4-4-12 hex form and round-trips it.
    #[test]
    fn uuid_parse_accepts_exactly_the_canonical_form(text in "[0-9a-fA-F-]{30,40}|.{0,40}") {
        let canonical = text.len() == 36
            && text.char_indices().all(|(i, c)| {
                if [8, 13, 18, 23].contains(&i) { c == '-' } else { c.is_ascii_hexdigit() }
            });
        let parsed = Uuid::parse(&text);
        prop_assert_eq!(parsed.is_some(), canonical);
        if let Some(id) = parsed {
            prop_assert_eq!(id.to_string(), text.to_ascii_lowercase());
        }
    }
}
