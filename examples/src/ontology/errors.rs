//! The ontology server's errors: the documented code table ([`OntologyError`]),
//! Template 7's two repository codes ([`RepositoryError`]) and the system failures
//! sent as JSON-RPC errors ([`ProtocolError`]), with [`classify`], Template 7 itself.

use std::fmt;

use serde_json::{Value, json};
use tool_error::ToolError;

use super::params::{JsonType, ParamError, Uuid};
// Only the doc comment of `OntologyError` links to them.
#[cfg(doc)]
use super::codes::{code_reference, code_table};
use crate::go::quoted;

/// The ontology server's codes, in the order of its "Standard Error Codes" table.
///
/// Its convention: SCREAMING_SNAKE_CASE for `*_NOT_FOUND` codes, snake_case
/// for the others, with `ontology_not_found` and `QUERY_NOT_APPROVED` as the
/// exceptions it lists. `rename_all = "snake_case"` derives the lowercase codes
/// from the variant names; the uppercase ones are given with `code = "..."`.
///
/// Each variant's doc comment is the code's line in the server's reference, then its
/// `Usage:` and `Example:` cells of the table; [`code_reference`] and
/// [`code_table`] are generated from them.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(domain = "ontology", rename_all = "snake_case")]
pub enum OntologyError {
    /// Parameter validation failure (general)
    ///
    /// Usage: Parameter is missing, empty, wrong type, or invalid format
    ///
    /// Example: `table` parameter is empty string, `role` parameter has invalid value
    #[error("{message}")]
    #[tool_error(kind = validation)]
    InvalidParameters {
        /// The message, as the parameter template writes it.
        message: String,
        /// The template's details, if it has any.
        #[tool_error(details)]
        details: Option<Value>,
    },

    /// Table doesn't exist in schema
    ///
    /// Usage: Requested table doesn't exist in schema
    ///
    /// Example: Trying to update column in non-existent table
    #[error("table {} not found", quoted(.table))]
    #[tool_error(code = "TABLE_NOT_FOUND", kind = not_found)]
    TableNotFound {
        /// The table asked for.
        #[tool_error(skip)]
        table: String,
    },

    /// Column doesn't exist in schema
    ///
    /// Usage: Requested column doesn't exist in table
    ///
    /// Example: Trying to probe a column that doesn't exist
    #[error("column {} not found in table {}", quoted(.column), quoted(.table))]
    #[tool_error(code = "COLUMN_NOT_FOUND", kind = not_found)]
    ColumnNotFound {
        /// The table.
        #[tool_error(skip)]
        table: String,
        /// The column asked for.
        #[tool_error(skip)]
        column: String,
    },

    /// Entity doesn't exist in ontology
    ///
    /// Usage: Requested entity doesn't exist in ontology
    ///
    /// Example: Trying to update or delete non-existent entity
    #[error("entity {} not found", quoted(.entity))]
    #[tool_error(code = "ENTITY_NOT_FOUND", kind = not_found)]
    EntityNotFound {
        /// The entity asked for.
        #[tool_error(skip)]
        entity: String,
    },

    /// Relationship doesn't exist
    ///
    /// Usage: Requested relationship doesn't exist
    ///
    /// Example: Trying to delete relationship that doesn't exist
    #[error("relationship from {} to {} not found", quoted(.from), quoted(.to))]
    #[tool_error(code = "RELATIONSHIP_NOT_FOUND", kind = not_found)]
    RelationshipNotFound {
        /// The source entity.
        #[tool_error(skip)]
        from: String,
        /// The target entity.
        #[tool_error(skip)]
        to: String,
    },

    /// Knowledge fact doesn't exist
    ///
    /// Usage: Requested knowledge fact doesn't exist
    ///
    /// Example: Trying to delete non-existent fact
    #[error("fact {} not found", quoted(&.fact_id.to_string()))]
    #[tool_error(code = "FACT_NOT_FOUND", kind = not_found)]
    FactNotFound {
        /// The fact's id.
        #[tool_error(skip)]
        fact_id: Uuid,
    },

    /// Query ID doesn't exist
    ///
    /// Usage: Requested query doesn't exist
    ///
    /// Example: Trying to execute query with invalid ID
    #[error("query {} not found", quoted(&.query_id.to_string()))]
    #[tool_error(code = "QUERY_NOT_FOUND", kind = not_found)]
    QueryNotFound {
        /// The query's id.
        #[tool_error(skip)]
        query_id: Uuid,
    },

    /// Query not enabled for execution
    ///
    /// Usage: Query exists but is not approved/enabled
    ///
    /// Example: Trying to execute pending or rejected query
    #[error("query {} is not approved (status: {status})", quoted(&.query_id.to_string()))]
    #[tool_error(code = "QUERY_NOT_APPROVED", kind = permission)]
    QueryNotApproved {
        /// The query's id.
        #[tool_error(skip)]
        query_id: Uuid,
        /// Its review status, e.g. `pending`.
        status: String,
    },

    /// No active ontology for project
    ///
    /// Usage: No active ontology exists for project
    ///
    /// Example: Requesting schema with semantic annotations before extraction
    #[error("no active ontology for this project; run ontology extraction first")]
    #[tool_error(kind = not_found)]
    OntologyNotFound,

    /// Complex validation failure
    ///
    /// Usage: Generic validation failure
    ///
    /// Example: Complex multi-field validation failures
    #[error("{message}")]
    #[tool_error(kind = validation)]
    ValidationError {
        /// What is inconsistent.
        message: String,
        /// The fields involved.
        #[tool_error(details)]
        details: Option<Value>,
    },

    /// SQL query parameter issue
    ///
    /// Usage: Query parameter validation failure
    ///
    /// Example: Missing/unknown SQL query parameters
    #[error("query parameters do not match the query: {} missing, {} unknown", .missing.len(), .unknown.len())]
    #[tool_error(kind = validation)]
    ParameterValidation {
        /// Parameters the query needs and the call did not give.
        missing: Vec<String>,
        /// Parameters the call gave and the query does not take.
        unknown: Vec<String>,
    },

    /// Type conversion error
    ///
    /// Usage: Type conversion error
    ///
    /// Example: SQL parameter type mismatch
    #[error("query parameter {} must be {expected_type}", quoted(.parameter))]
    #[tool_error(kind = validation)]
    TypeValidation {
        /// The query parameter.
        parameter: String,
        /// The SQL type it needs.
        expected_type: String,
        /// The type given, as Go's `%T` names it ([`go_type_name`]).
        actual_type: &'static str,
    },

    /// SQL execution error
    ///
    /// Usage: SQL query execution error
    ///
    /// Example: Syntax errors, constraint violations
    #[error("query failed: {reason}")]
    #[tool_error(kind = validation)]
    QueryError {
        /// The database's reason.
        reason: String,
    },

    /// Security rule violated
    ///
    /// Usage: Security rule violation
    ///
    /// Example: SQL injection attempt detected
    #[error("security violation: {rule} in query parameter {}", quoted(.parameter))]
    #[tool_error(kind = permission)]
    SecurityViolation {
        /// The query parameter.
        parameter: String,
        /// The rule broken.
        rule: String,
    },
}

impl From<ParamError> for OntologyError {
    /// A parameter template's failure, as the server's `invalid_parameters` result,
    /// in the Go server's words: the template's message and details, with types
    /// named as Go's `%T` names a decoded JSON value ([`go_type_name`]; Template 2
    /// writes `unknown` for `null`), and Template 6's message for every UUID
    /// ("invalid id format: ...").
    fn from(error: ParamError) -> Self {
        let message = match &error {
            ParamError::InvalidUuid { actual, .. } => {
                format!("invalid id format: {} is not a valid UUID", quoted(actual))
            }
            other => other.to_string(),
        };
        let details = match &error {
            ParamError::NotAnObject { actual_type } => Some(json!({
                "expected_type": JsonType::Object,
                "actual_type": go_type_name(*actual_type),
            })),
            ParamError::Missing { .. }
            | ParamError::Empty { .. }
            | ParamError::InvalidUuid { .. } => None,
            ParamError::WrongType {
                parameter,
                expected_type,
                actual_type,
            } => {
                // Template 2 (booleans) names nil "unknown"; the others print %T.
                let actual = match (expected_type, actual_type) {
                    (JsonType::Boolean, JsonType::Null) => "unknown",
                    (_, actual) => go_type_name(*actual),
                };
                Some(json!({
                    "parameter": parameter,
                    "expected_type": expected_type,
                    "actual_type": actual,
                }))
            }
            ParamError::WrongElementType {
                parameter,
                invalid_element_index,
                invalid_element_type,
                ..
            } => Some(json!({
                "parameter": parameter,
                "invalid_element_index": invalid_element_index,
                "invalid_element_type": go_type_name(*invalid_element_type),
            })),
            ParamError::NotOneOf {
                parameter,
                expected,
                actual,
                ..
            } => Some(json!({
                "parameter": parameter,
                "expected": expected,
                "actual": actual,
            })),
        };
        OntologyError::InvalidParameters { message, details }
    }
}

/// What Go's `%T` prints for a value `encoding/json` decoded into `any`, which the
/// server's templates report as a type: `float64` for every number, `bool`,
/// `string`, `[]interface {}`, `map[string]interface {}`, and `<nil>` for `null`.
pub const fn go_type_name(json_type: JsonType) -> &'static str {
    match json_type {
        JsonType::Null => "<nil>",
        JsonType::Boolean => "bool",
        JsonType::Number => "float64",
        JsonType::String => "string",
        JsonType::Array => "[]interface {}",
        JsonType::Object => "map[string]interface {}",
    }
}

/// The two codes the server's Template 7 uses for repository errors it cannot name
/// better. They are missing from its code table, so they live apart from
/// [`OntologyError`] (whose catalog is the table).
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(domain = "ontology", rename_all = "snake_case")]
pub enum RepositoryError {
    /// A repository reported that something was not found.
    #[error("{message}")]
    #[tool_error(code = "RESOURCE_NOT_FOUND", kind = not_found)]
    ResourceNotFound {
        /// The repository's message.
        #[tool_error(skip)]
        message: String,
    },
    /// A repository refused the operation for a reason the caller may fix.
    #[error("{message}")]
    #[tool_error(kind = validation)]
    OperationFailed {
        /// The repository's message.
        #[tool_error(skip)]
        message: String,
    },
}

/// What a repository returns when it fails (a stand-in for the database layer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepoError(pub String);

impl fmt::Display for RepoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RepoError {}

/// System failures: the server's "return Go error" branch, which becomes a JSON-RPC
/// error rather than a tool result. Internal messages are masked on the wire.
#[derive(Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(domain = "ontology", channel = protocol)]
pub enum ProtocolError {
    /// A lookup failed in the database layer (Template 5).
    #[error("failed to lookup {what}: {source}")]
    #[tool_error(kind = internal)]
    LookupFailed {
        /// What was looked up, e.g. `entity`.
        what: &'static str,
        /// The repository's error.
        source: RepoError,
    },
    /// The database cannot be reached (Template 7's "connection").
    #[error("system error: {source}")]
    #[tool_error(kind = internal)]
    DatabaseUnavailable {
        /// The repository's error.
        source: RepoError,
    },
    /// A deadline passed (Template 7's "timeout" and "context").
    #[error("system error: {source}")]
    #[tool_error(kind = transient)]
    Timeout {
        /// The repository's error.
        source: RepoError,
    },
    /// No tool by that name; MCP makes this a protocol error.
    #[error("unknown tool: {name}")]
    #[tool_error(kind = validation)]
    UnknownTool {
        /// The name asked for.
        name: String,
    },
}

/// The server's Template 7: a repository error that is a business error becomes a
/// tool result, an infrastructure error a protocol error.
pub fn classify(error: RepoError) -> Box<dyn ToolError + Send + Sync> {
    let text = error.0.as_str();
    if text.contains("not found") {
        Box::new(RepositoryError::ResourceNotFound {
            message: text.to_owned(),
        })
    } else if text.contains("timeout") || text.contains("context") {
        Box::new(ProtocolError::Timeout { source: error })
    } else if text.contains("connection") {
        Box::new(ProtocolError::DatabaseUnavailable { source: error })
    } else {
        Box::new(RepositoryError::OperationFailed {
            message: text.to_owned(),
        })
    }
}
