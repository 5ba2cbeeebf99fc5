//! The `schemars` feature: JSON Schema for `ParsedEnvelope`, `Kind` and `Channel`,
//! checked against what the runtime really writes and reads.

use std::time::Duration;

use serde_json::{Value, json};
use tool_error::client::ParsedEnvelope;
use tool_error::{Channel, Envelope, Kind, Native, Policy, ToolError};
use tool_error_tests::clock;

fn schema_of<T: schemars::JsonSchema>() -> Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap()
}

fn validator<T: schemars::JsonSchema>() -> jsonschema::Validator {
    jsonschema::validator_for(&schema_of::<T>()).expect("the schema compiles")
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "demo")]
enum DemoError {
    #[error("Model '{model_id}' not found")]
    #[tool_error(kind = not_found, category = "not_found_error", suggest = "Build one")]
    ModelNotFound {
        model_id: String,
        available: Vec<String>,
    },

    #[error("slow down")]
    #[tool_error(kind = transient)]
    RateLimited {
        #[tool_error(retry_after)]
        wait: Duration,
    },

    #[error("disk failed")]
    #[tool_error(kind = internal)]
    Disk(#[source] std::io::Error),
}

fn samples() -> Vec<Value> {
    let server = tool_error::Options::new()
        .with_server_version("1.2.3")
        .with_clock(clock());
    let errors = [
        DemoError::ModelNotFound {
            model_id: "m1".into(),
            available: vec!["m2".into()],
        },
        DemoError::RateLimited {
            wait: Duration::from_millis(2500),
        },
        DemoError::Disk(std::io::Error::other("sector 7")),
    ];
    let verbose = Policy::DEFAULT.with_verbose(true);
    let tiny =
        Policy::DEFAULT.with_limits(tool_error::Limits::DEFAULT.with_max_envelope_bytes(150));
    let mut out = Vec::new();
    for error in &errors {
        let context = server
            .context()
            .with_tool("run_fba")
            .with_operation("optimize")
            .with_request_id("req_9")
            .with_idempotent(false);
        for policy in [&Policy::DEFAULT, &verbose, &tiny] {
            let envelope = Envelope::new(error)
                .with_context(context)
                .with_policy(policy);
            out.push(envelope.to_value(&Native));
        }
    }
    out
}

#[test]
fn every_native_rendering_fits_the_owned_envelope_schema() {
    let validator = validator::<ParsedEnvelope>();
    let samples = samples();
    assert!(samples.iter().any(|s| s.get("debug").is_some()));
    assert!(samples.iter().any(|s| s.get("truncated").is_some()));
    assert!(samples.iter().any(|s| s.get("retry_after").is_some()));
    assert!(samples.iter().any(|s| s.get("retry").is_some()));
    for sample in samples {
        assert!(validator.is_valid(&sample), "{sample}");
        // And the type the schema describes reads it back, then writes a valid value.
        let owned: ParsedEnvelope = serde_json::from_value(sample).unwrap();
        assert!(validator.is_valid(&serde_json::to_value(&owned).unwrap()));
    }
}

#[test]
fn the_schema_rejects_what_owned_envelope_rejects() {
    let validator = validator::<ParsedEnvelope>();
    let good = json!({ "code": "X", "kind": "VALIDATION", "message": "m", "recoverable": true });
    assert!(validator.is_valid(&good));
    for (key, bad) in [
        ("code", Value::Null),
        ("kind", json!("NOPE")),
        ("kind", json!("validation")),
        ("recoverable", json!("yes")),
        ("suggestions", json!("one")),
        ("retry_after", json!("30")),
        ("truncated", json!(1)),
    ] {
        let mut value = good.clone();
        value[key] = bad;
        assert!(!validator.is_valid(&value), "{value}");
        assert!(serde_json::from_value::<ParsedEnvelope>(value).is_err());
    }
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("message");
    assert!(!validator.is_valid(&missing));
    assert!(serde_json::from_value::<ParsedEnvelope>(missing).is_err());
    // Optional fields may be null, as serde reads them.
    let mut nulls = good;
    for key in [
        "retry",
        "category",
        "domain",
        "retry_after",
        "details",
        "tool",
        "timestamp",
        "debug",
    ] {
        nulls[key] = Value::Null;
    }
    assert!(validator.is_valid(&nulls));
    assert!(serde_json::from_value::<ParsedEnvelope>(nulls).is_ok());
}

/// The same fields and serde attributes, with the derive: the hand-written schema
/// must describe the same properties and requirements.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Mirror {
    code: String,
    kind: Kind,
    message: String,
    recoverable: bool,
    #[serde(default)]
    retry: Option<tool_error::envelope::Retry>,
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    domain: Option<String>,
    #[serde(default)]
    retry_after: Option<f64>,
    #[serde(default)]
    details: Option<Value>,
    #[serde(default)]
    suggestions: Vec<String>,
    #[serde(default)]
    next_calls: Vec<tool_error::client::ParsedNextCall>,
    #[serde(default)]
    docs: Option<String>,
    #[serde(default)]
    tool: Option<String>,
    #[serde(default)]
    operation: Option<String>,
    #[serde(default)]
    request_id: Option<String>,
    #[serde(default)]
    timestamp: Option<String>,
    #[serde(default)]
    debug: Option<Value>,
    #[serde(default)]
    truncated: bool,
}

#[test]
fn same_shape_as_a_derived_schema() {
    let ours = schema_of::<ParsedEnvelope>();
    let derived = schema_of::<Mirror>();
    let keys = |schema: &Value| -> Vec<String> {
        schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    };
    assert_eq!(keys(&ours), keys(&derived));
    assert_eq!(ours["required"], derived["required"]);
    // A request id is read from a string or a JSON-RPC number, which a derived
    // schema of `Option<String>` cannot say.
    assert_eq!(
        ours["properties"]["request_id"]["type"],
        json!(["string", "integer", "null"])
    );
    for key in keys(&ours).into_iter().filter(|key| key != "request_id") {
        assert_eq!(
            ours["properties"][&key]["type"], derived["properties"][&key]["type"],
            "{key}"
        );
    }
    assert_eq!(ours["properties"]["kind"]["$ref"], "#/$defs/Kind");
}

#[test]
fn kind_and_channel_schemas_list_every_wire_name() {
    let kinds = validator::<Kind>();
    for kind in Kind::ALL {
        assert!(kinds.is_valid(&serde_json::to_value(kind).unwrap()));
    }
    assert!(!kinds.is_valid(&json!("not_found")));
    assert_eq!(
        schema_of::<Kind>()["enum"],
        json!([
            "VALIDATION",
            "NOT_FOUND",
            "CONFLICT",
            "PERMISSION",
            "TRANSIENT",
            "INTERNAL"
        ])
    );

    let channels = validator::<Channel>();
    for channel in [Channel::Result, Channel::Protocol] {
        assert!(channels.is_valid(&serde_json::to_value(channel).unwrap()));
    }
    assert!(!channels.is_valid(&json!("Result")));
    assert_eq!(
        schema_of::<Channel>()["enum"],
        json!(["result", "protocol"])
    );
}
