//! JSON Schema for the envelope types, through [schemars](https://docs.rs/schemars) 1.x.
//!
//! With the `schemars` feature, [`ParsedEnvelope`], [`Kind`] and [`Channel`] implement
//! `schemars::JsonSchema`, so a tool can declare the error envelope in its own
//! schemas (an `outputSchema` that allows errors, an OpenAPI document) and a client
//! can validate what it reads back.
//!
//! ```
//! use tool_error::client::ParsedEnvelope;
//!
//! let schema = schemars::schema_for!(ParsedEnvelope);
//! let json = serde_json::to_value(&schema).unwrap();
//! assert_eq!(json["required"], serde_json::json!(["code", "kind", "message", "recoverable"]));
//! assert_eq!(json["properties"]["kind"]["$ref"], "#/$defs/Kind");
//! ```
//!
//! The schemas are written by hand to match the serde representation exactly (the
//! types live in modules that cannot carry a `cfg_attr` derive for an optional
//! dependency without it); the tests check every field against serialised values.
//! [`Native::SCHEMA`](crate::Native::SCHEMA) is the stricter schema of what the
//! [`Native`](crate::Native) profile writes.

use std::borrow::Cow;

use ::schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Map, Value, json};

use crate::client::ParsedEnvelope;
use crate::{Channel, Kind};

fn object(value: Value) -> Schema {
    match value {
        Value::Object(map) => Schema::from(map),
        _ => Schema::from(true),
    }
}

impl JsonSchema for Kind {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("Kind")
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed("tool_error::Kind")
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = Kind::ALL.iter().map(|kind| kind.as_str()).collect();
        object(json!({
            "description": "The decision class: what the caller should do (fix input, work around, escalate, retry, give up).",
            "type": "string",
            "enum": names,
        }))
    }
}

impl JsonSchema for Channel {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("Channel")
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed("tool_error::Channel")
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names = [Channel::Result.as_str(), Channel::Protocol.as_str()];
        object(json!({
            "description": "Where an error travels: a tool result the model reads, or a JSON-RPC protocol error.",
            "type": "string",
            "enum": names,
        }))
    }
}

impl JsonSchema for ParsedEnvelope {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("ParsedEnvelope")
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed("tool_error::client::ParsedEnvelope")
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let kind = generator.subschema_for::<Kind>().to_value();
        let next_call = generator
            .subschema_for::<crate::client::ParsedNextCall>()
            .to_value();
        let retry = generator
            .subschema_for::<Option<crate::envelope::Retry>>()
            .to_value();
        let optional_string =
            |description: &str| json!({ "type": ["string", "null"], "description": description });
        let mut properties = Map::new();
        let mut add = |name: &str, schema: Value| {
            properties.insert(name.to_owned(), schema);
        };
        add(
            "code",
            json!({ "type": "string", "description": "Stable machine identifier, e.g. MODEL_NOT_FOUND." }),
        );
        add("kind", kind);
        add(
            "message",
            json!({ "type": "string", "description": "Human-readable summary." }),
        );
        add(
            "recoverable",
            json!({ "type": "boolean", "description": "Whether the operation may succeed if retried, possibly with changed input." }),
        );
        add("retry", retry);
        add(
            "category",
            optional_string("Finer, free-form label beside the kind."),
        );
        add("domain", optional_string("The domain the code belongs to."));
        add(
            "retry_after",
            json!({ "type": ["number", "null"], "format": "double", "description": "Seconds to wait before retrying." }),
        );
        add(
            "details",
            json!({ "description": "Structured context for recovery; usually an object." }),
        );
        add(
            "suggestions",
            json!({ "type": "array", "items": { "type": "string" }, "description": "Recovery steps, most useful first." }),
        );
        add(
            "next_calls",
            json!({ "type": "array", "items": next_call, "description": "Tool calls that may fix the error, most useful first; run one without asking only when read_only is true and the server is trusted." }),
        );
        add(
            "docs",
            optional_string("Where the code is documented (a URL)."),
        );
        add("tool", optional_string("The tool that failed."));
        add(
            "operation",
            optional_string("The operation inside the tool."),
        );
        add(
            "request_id",
            json!({ "type": ["string", "integer", "null"], "description": "The request id: a string, or a numeric JSON-RPC id." }),
        );
        add(
            "timestamp",
            optional_string("When the error happened (RFC 3339)."),
        );
        add(
            "debug",
            json!({ "description": "Debug info (verbose servers only): error_chain, backtrace, server_version." }),
        );
        add(
            "truncated",
            json!({ "type": "boolean", "description": "Whether the server's limits removed something." }),
        );
        object(json!({
            "description": "An error a tool returned, in the native tool-error format, as a client reads it back.",
            "type": "object",
            "properties": properties,
            "required": ["code", "kind", "message", "recoverable"],
        }))
    }
}
