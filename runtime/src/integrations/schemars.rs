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
//! These three schemas are written by hand, not derived: a derive would describe
//! each field and variant with its rustdoc, written for Rust readers, where these
//! descriptions are written for the client reading the schema. The types inside
//! the envelope (`ParsedNextCall`, `Retry`) derive theirs. The tests check every
//! field against serialised values. [`Native::SCHEMA`](crate::Native::SCHEMA) is
//! the stricter schema of what the [`Native`](crate::Native) profile writes.

use std::borrow::Cow;

use ::schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde_json::json;

use crate::client::{ParsedEnvelope, ParsedNextCall};
use crate::envelope::Retry;
use crate::{Channel, Kind};

impl JsonSchema for Kind {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("Kind")
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed("tool_error::Kind")
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = Kind::ALL.iter().map(|kind| kind.as_str()).collect();
        json_schema!({
            "description": "The decision class: what the caller should do (fix input, work around, escalate, retry, give up).",
            "type": "string",
            "enum": names,
        })
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
        json_schema!({
            "description": "Where an error travels: a tool result the model reads, or a JSON-RPC protocol error.",
            "type": "string",
            "enum": [Channel::Result.as_str(), Channel::Protocol.as_str()],
        })
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
        let kind = generator.subschema_for::<Kind>();
        let next_call = generator.subschema_for::<ParsedNextCall>();
        let retry = generator.subschema_for::<Option<Retry>>();
        let optional_string =
            |description: &str| json!({ "type": ["string", "null"], "description": description });
        json_schema!({
            "description": "An error a tool returned, in the native tool-error format, as a client reads it back.",
            "type": "object",
            "properties": {
                "code": { "type": "string", "description": "Stable machine identifier, e.g. MODEL_NOT_FOUND." },
                "kind": kind,
                "message": { "type": "string", "description": "Human-readable summary." },
                "recoverable": { "type": "boolean", "description": "Whether the operation may succeed if retried, possibly with changed input." },
                "retry": retry,
                "category": optional_string("Finer, free-form label beside the kind."),
                "domain": optional_string("The domain the code belongs to."),
                "retry_after": { "type": ["number", "null"], "format": "double", "description": "Seconds to wait before retrying." },
                "details": { "description": "Structured context for recovery; usually an object." },
                "suggestions": { "type": "array", "items": { "type": "string" }, "description": "Recovery steps, most useful first." },
                "next_calls": { "type": "array", "items": next_call, "description": "Tool calls that may fix the error, most useful first; run one without asking only when read_only is true and the server is trusted." },
                "docs": optional_string("Where the code is documented (a URL)."),
                "tool": optional_string("The tool that failed."),
                "operation": optional_string("The operation inside the tool."),
                "request_id": { "type": ["string", "integer", "null"], "description": "The request id: a string, or a numeric JSON-RPC id." },
                "timestamp": optional_string("When the error happened (RFC 3339)."),
                "debug": { "description": "Debug info (verbose servers only): error_chain, backtrace, server_version." },
                "truncated": { "type": "boolean", "description": "Whether the server's limits removed something." },
            },
            "required": ["code", "kind", "message", "recoverable"],
        })
    }
}
