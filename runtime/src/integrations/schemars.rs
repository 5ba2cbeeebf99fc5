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
//! `ParsedEnvelope` derives its schema, as the types inside it (`ParsedNextCall`,
//! `Retry`) do: each field is described by its rustdoc. `Kind` and `Channel` are
//! written by hand, as the upper-case words the wire has. The tests check every
//! field against serialised values. [`Native::SCHEMA`](crate::Native::SCHEMA) is
//! the stricter schema of what the [`Native`](crate::Native) profile writes.

use std::borrow::Cow;

use ::schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

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

/// A request id as the wire has it, which `ParsedEnvelope` reads into text.
pub(crate) fn request_id_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "The request id: a string, or a numeric JSON-RPC id.",
        "type": ["string", "integer", "null"],
    })
}
