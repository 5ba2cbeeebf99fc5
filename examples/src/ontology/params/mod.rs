//! The ontology server's validation of JSON tool arguments: Go-style checks over
//! an untyped argument map, reporting caller-fixable problems with the
//! `parameter` / `expected_type` / `actual_type` details its error guide promises.
//! A Rust server deserialises typed arguments with `tool_error::args` instead; this
//! module reproduces the Go server's templates exactly.
//!
//! An MCP tool receives its arguments as one JSON object. [`Params`] reads that
//! object and checks each parameter the way a careful hand-written handler would:
//! required strings are trimmed and must not be blank, optional values must have
//! the right type when present, array elements are checked one by one, choices are
//! checked against their allowed list, identifiers must be UUIDs. Every failure is
//! a [`ParamError`], a [`ToolError`] of kind [`Validation`](Kind::Validation) with
//! the code `INVALID_PARAMETERS`, so it renders through every profile and an agent
//! knows to fix its input and call again.
//!
//! ```
//! use serde_json::json;
//! use tool_error_examples::ontology::params::{ArrayOf, JsonType, ParamError, Params};
//! use tool_error::{Envelope, ToolError};
//!
//! fn update_column(arguments: &serde_json::Value) -> Result<String, ParamError> {
//!     let params = Params::new(arguments)?;
//!     let table = params.required_str("table")?;
//!     let role = params.required_choice("role", &["dimension", "measure", "identifier", "attribute"])?;
//!     let tags = params.optional_array("tags", ArrayOf::of(JsonType::String).called("tag"))?;
//!     let verbose = params.optional_bool("verbose")?.unwrap_or(false);
//!     Ok(format!("{table}: {role}, {} tags, verbose {verbose}", tags.map_or(0, <[_]>::len)))
//! }
//!
//! assert_eq!(
//!     update_column(&json!({"table": " orders ", "role": "measure"})).unwrap(),
//!     "orders: measure, 0 tags, verbose false"
//! );
//!
//! let error = update_column(&json!({"table": "orders", "role": "measure", "tags": ["a", 7]})).unwrap_err();
//! assert_eq!(error.to_string(), "all tag elements must be strings");
//! assert_eq!(error.code(), "INVALID_PARAMETERS");
//! let json = Envelope::new(&error).to_value(&tool_error::Native);
//! assert_eq!(
//!     json["details"],
//!     json!({"parameter": "tags", "invalid_element_index": 1, "invalid_element_type": "number"})
//! );
//! ```
//!
//! The messages and detail keys follow the templates of a production MCP server's
//! error guide. Type names are JSON's own (`string`, `number`, `boolean`, `array`,
//! `object`, `null`), the same in every language, and UUIDs are read in their
//! canonical form only; the ontology server, which promised its callers Go's
//! wording, translates (see [`OntologyError`](super::OntologyError)'s
//! `From<ParamError>`).
//!
//! Nothing here panics, whatever the input: values echoed back into messages and
//! details are cut to [`MAX_ECHO_CHARS`] characters, and nothing recurses into
//! nested values.
//!
//! - [`error`]: [`ParamError`], its code and catalog, and [`JsonType`].
//! - [`reader`]: [`Params`] and [`ArrayOf`].
//! - [`uuid`]: [`Uuid`], read from its 8-4-4-4-12 form.

pub mod error;
pub mod reader;
pub mod uuid;

// Only the module docs above link to them.
#[cfg(doc)]
use tool_error::{Kind, ToolError};

pub use error::{CATALOG, CODE, JsonType, MAX_ECHO_CHARS, ParamError};
pub use reader::{ArrayOf, Params};
pub use uuid::Uuid;
