//! Next calls: declared per variant, rendered in the native envelope beside the
//! suggestions, listed in the catalog and read back by the client.

use serde_json::json;
use tool_error::{Envelope, Native, Policy, ToolError};

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

fn native(error: &dyn ToolError, policy: &Policy) -> serde_json::Value {
    let text = Envelope::new(error).with_policy(policy).render(&Native);
    serde_json::from_str(&text).expect("valid JSON")
}

#[test]
fn next_calls_render_after_the_suggestions() {
    let error = LabError::CompoundNotFound {
        compound_id: "cpd99999".into(),
        closest: "cpd00027".into(),
    };
    let value = native(&error, &Policy::DEFAULT);
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
    let value = native(&error, &Policy::DEFAULT);
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
    let value = native(&LabError::Busy, &Policy::DEFAULT);
    assert!(value.get("next_calls").is_none(), "{value}");
}
