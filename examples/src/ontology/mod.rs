//! The ontology tools MCP server, after its error-handling migration.
//!
//! Errors the caller can fix are tool results whose text is
//! `{"error": true, "code", "message", "details"?}` ([`ErrorResult`] inside
//! [`McpToolResult`]); system failures are JSON-RPC errors ([`ProtocolError`],
//! `channel = protocol`). The codes are the server's documented table, mixed case
//! included ([`OntologyError`]); parameters are checked over the untyped argument
//! map with the Go server's own templates ([`params`]), whose errors become `invalid_parameters` with the server's
//! messages and details. [`OntologyServer`] is a small in-memory server whose tools
//! follow the documented templates, and [`code_reference`] / [`code_table`]
//! regenerate the server's code reference from the catalog.

use std::collections::BTreeMap;
use std::fmt;

use crate::go::quoted;
use params::{ArrayOf, JsonType, ParamError, Params, Uuid};
use serde::ser::SerializeMap;
use serde_json::{Value, json};
use tool_error::{
    Catalog, Channel, Envelope, JsonRpc, JsonRpcResponse, McpToolResult, Native, Profile,
    RequestId, StaticCatalog, ToolError,
};

use crate::Sample;

pub mod params;

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
        /// The JSON type given.
        actual_type: JsonType,
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
    /// A parameter template's failure, as the server's `invalid_parameters` result:
    /// the same message, the same details (none for the templates without).
    fn from(error: ParamError) -> Self {
        let details = Envelope::new(&error)
            .to_value(&Native)
            .get("details")
            .cloned();
        OntologyError::InvalidParameters {
            message: error.to_string(),
            details,
        }
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

/// The server's `ErrorResponse`: `{"error": true, "code", "message", "details"?}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ErrorResult;

impl Profile for ErrorResult {
    fn serialize_envelope<S: serde::Serializer>(
        &self,
        envelope: &Envelope<'_>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("error", &true)?;
        map.serialize_entry("code", envelope.code())?;
        map.serialize_entry("message", &envelope.message())?;
        let details = envelope.details();
        if !details.is_empty() {
            map.serialize_entry("details", &details)?;
        }
        map.end()
    }
}

/// What one tool call sends back.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// The tool's result.
    Success(Value),
    /// An MCP tool result with `isError: true` and an [`ErrorResult`] as its text.
    ToolError(Value),
    /// A JSON-RPC error response.
    ProtocolError(Value),
}

impl Reply {
    /// The JSON sent.
    pub fn value(&self) -> &Value {
        match self {
            Reply::Success(value) | Reply::ToolError(value) | Reply::ProtocolError(value) => value,
        }
    }

    /// For a tool error, its text parsed back (what the server's tests unmarshal).
    pub fn error_response(&self) -> Option<Value> {
        match self {
            Reply::ToolError(result) => {
                let text = result["content"][0]["text"].as_str()?;
                serde_json::from_str(text).ok()
            }
            _ => None,
        }
    }
}

/// Sends `error` on its channel: a tool result for what the caller can fix, a
/// JSON-RPC error (with the native envelope as `data`) for system failures.
pub fn reply(error: &dyn ToolError, id: RequestId<'_>) -> Reply {
    let envelope = Envelope::new(error);
    match error.channel() {
        Channel::Result => {
            Reply::ToolError(envelope.to_value(&McpToolResult::with_profile(ErrorResult)))
        }
        Channel::Protocol => {
            Reply::ProtocolError(envelope.to_value(&JsonRpcResponse::new(id, JsonRpc::new())))
        }
    }
}

/// The roles a column may have (Template 4's list).
pub const ROLES: [&str; 4] = ["dimension", "measure", "identifier", "attribute"];

/// A stored query.
#[derive(Clone, Debug)]
pub struct StoredQuery {
    /// `approved`, `pending` or `rejected`.
    pub status: &'static str,
    /// The SQL parameters it takes, with their SQL types (`integer` or `text`).
    pub parameters: Vec<(&'static str, &'static str)>,
    /// Tags for listing.
    pub tags: Vec<&'static str>,
}

/// An in-memory ontology server with the documented tools and templates.
#[derive(Clone, Debug, Default)]
pub struct OntologyServer {
    /// Tables and their columns.
    pub tables: BTreeMap<String, Vec<String>>,
    /// Entities and their relationships (`from -> [to]`).
    pub entities: BTreeMap<String, Vec<String>>,
    /// Knowledge facts.
    pub facts: BTreeMap<Uuid, String>,
    /// Stored queries.
    pub queries: BTreeMap<Uuid, StoredQuery>,
    /// Whether an ontology has been extracted.
    pub ontology_active: bool,
    /// When set, every repository access fails with this error.
    pub repository_failure: Option<RepoError>,
}

type ToolOutcome = Result<Value, Box<dyn ToolError + Send + Sync>>;

fn invalid(error: ParamError) -> Box<dyn ToolError + Send + Sync> {
    Box::new(OntologyError::from(error))
}

fn fail(error: OntologyError) -> ToolOutcome {
    Err(fail_box(error))
}

fn fail_box(error: OntologyError) -> Box<dyn ToolError + Send + Sync> {
    Box::new(error)
}

/// Ids of the sample data.
pub const FACT_ID: &str = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";
/// The approved sample query.
pub const APPROVED_QUERY: &str = "11111111-2222-4333-8444-555555555555";
/// The pending sample query.
pub const PENDING_QUERY: &str = "99999999-8888-4777-8666-555555555555";

impl OntologyServer {
    /// A server with a little data: tables `orders` and `customers`, entities
    /// `Customer` and `Order` (Customer -> Order), one fact, one approved and one
    /// pending query.
    pub fn sample() -> Self {
        let id = |text: &str| Uuid::parse(text).unwrap_or(Uuid::from_bytes([0; 16]));
        let mut server = OntologyServer {
            ontology_active: true,
            ..OntologyServer::default()
        };
        server.tables.insert(
            "orders".into(),
            vec!["id".into(), "customer_id".into(), "total".into()],
        );
        server
            .tables
            .insert("customers".into(), vec!["id".into(), "name".into()]);
        server
            .entities
            .insert("Customer".into(), vec!["Order".into()]);
        server.entities.insert("Order".into(), vec![]);
        server
            .facts
            .insert(id(FACT_ID), "Fiscal year starts in April".into());
        server.queries.insert(
            id(APPROVED_QUERY),
            StoredQuery {
                status: "approved",
                parameters: vec![("customer_id", "integer"), ("region", "text")],
                tags: vec!["sales", "customers"],
            },
        );
        server.queries.insert(
            id(PENDING_QUERY),
            StoredQuery {
                status: "pending",
                parameters: vec![],
                tags: vec!["finance"],
            },
        );
        server
    }

    /// Calls `tool` with `arguments` as the MCP request `id`.
    pub fn call(&self, tool: &str, arguments: &Value, id: RequestId<'_>) -> Reply {
        let outcome = match tool {
            "get_schema" => self.get_schema(arguments),
            "update_column" => self.update_column(arguments),
            "get_entity" => self.get_entity(arguments),
            "delete_relationship" => self.delete_relationship(arguments),
            "update_entity" => self.update_entity(arguments),
            "delete_project_knowledge" => self.delete_project_knowledge(arguments),
            "list_approved_queries" => self.list_approved_queries(arguments),
            "execute_approved_query" => self.execute_approved_query(arguments),
            other => Err(Box::new(ProtocolError::UnknownTool {
                name: other.to_owned(),
            }) as Box<dyn ToolError + Send + Sync>),
        };
        match outcome {
            Ok(value) => Reply::Success(value),
            Err(error) => reply(&*error, id),
        }
    }

    fn repository(&self) -> Result<(), RepoError> {
        match &self.repository_failure {
            Some(error) => Err(error.clone()),
            None => Ok(()),
        }
    }

    /// `get_schema`: Template 2 (`include_semantic`, an optional boolean).
    fn get_schema(&self, arguments: &Value) -> ToolOutcome {
        let params = Params::new(arguments).map_err(invalid)?;
        let semantic = params
            .optional_bool("include_semantic")
            .map_err(invalid)?
            .unwrap_or(false);
        if semantic && !self.ontology_active {
            return fail(OntologyError::OntologyNotFound);
        }
        Ok(json!({ "tables": self.tables, "semantic": semantic }))
    }

    /// `update_column`: Templates 1 and 4, then table and column lookups.
    fn update_column(&self, arguments: &Value) -> ToolOutcome {
        let params = Params::new(arguments).map_err(invalid)?;
        let table = params.required_str("table").map_err(invalid)?;
        let column = params.required_str("column").map_err(invalid)?;
        let role = params.required_choice("role", &ROLES).map_err(invalid)?;
        let columns = self.tables.get(table).ok_or_else(|| {
            fail_box(OntologyError::TableNotFound {
                table: table.into(),
            })
        })?;
        if !columns.iter().any(|c| c == column) {
            return fail(OntologyError::ColumnNotFound {
                table: table.into(),
                column: column.into(),
            });
        }
        Ok(json!({ "table": table, "column": column, "role": role }))
    }

    /// `get_entity`: Template 1, then Template 5 (a lookup error is a system error).
    fn get_entity(&self, arguments: &Value) -> ToolOutcome {
        let params = Params::new(arguments).map_err(invalid)?;
        let name = params.required_str("entity").map_err(invalid)?;
        self.repository().map_err(|source| {
            Box::new(ProtocolError::LookupFailed {
                what: "entity",
                source,
            }) as Box<dyn ToolError + Send + Sync>
        })?;
        match self.entities.get(name) {
            Some(related) => Ok(json!({ "entity": name, "related": related })),
            None => fail(OntologyError::EntityNotFound {
                entity: name.into(),
            }),
        }
    }

    /// `delete_relationship`: both entities must exist, then the relationship;
    /// repository errors go through Template 7.
    fn delete_relationship(&self, arguments: &Value) -> ToolOutcome {
        let params = Params::new(arguments).map_err(invalid)?;
        let from = params.required_str("from_entity").map_err(invalid)?;
        let to = params.required_str("to_entity").map_err(invalid)?;
        self.repository().map_err(classify)?;
        for entity in [from, to] {
            if !self.entities.contains_key(entity) {
                return fail(OntologyError::EntityNotFound {
                    entity: entity.into(),
                });
            }
        }
        let related = self.entities.get(from).map(Vec::as_slice).unwrap_or(&[]);
        if !related.iter().any(|r| r == to) {
            return fail(OntologyError::RelationshipNotFound {
                from: from.into(),
                to: to.into(),
            });
        }
        Ok(json!({ "deleted": { "from": from, "to": to } }))
    }

    /// `update_entity`: aliases (Template 3) and a key column that must belong to
    /// the entity's table, a multi-field rule.
    fn update_entity(&self, arguments: &Value) -> ToolOutcome {
        let params = Params::new(arguments).map_err(invalid)?;
        let entity = params.required_str("entity").map_err(invalid)?;
        let aliases = params
            .optional_array("aliases", ArrayOf::of(JsonType::String).called("alias"))
            .map_err(invalid)?
            .unwrap_or(&[]);
        let key_column = params.optional_str("key_column").map_err(invalid)?;
        if !self.entities.contains_key(entity) {
            return fail(OntologyError::EntityNotFound {
                entity: entity.into(),
            });
        }
        let table = format!("{}s", entity.to_lowercase());
        if let Some(key_column) = key_column {
            let columns = self.tables.get(&table).map(Vec::as_slice).unwrap_or(&[]);
            if !columns.iter().any(|c| c == key_column) {
                return fail(OntologyError::ValidationError {
                    message: format!(
                        "key_column {} is not a column of table {}",
                        quoted(key_column),
                        quoted(&table)
                    ),
                    details: Some(json!({
                        "entity": entity,
                        "key_column": key_column,
                        "table": table,
                        "available_columns": columns,
                    })),
                });
            }
        }
        Ok(json!({ "entity": entity, "aliases": aliases, "key_column": key_column }))
    }

    /// `delete_project_knowledge`: Template 6 (`fact_id`, a UUID), then the lookup.
    fn delete_project_knowledge(&self, arguments: &Value) -> ToolOutcome {
        let params = Params::new(arguments).map_err(invalid)?;
        let fact_id = params.required_uuid("fact_id").map_err(invalid)?;
        if !self.facts.contains_key(&fact_id) {
            return fail(OntologyError::FactNotFound { fact_id });
        }
        Ok(json!({ "deleted": fact_id }))
    }

    /// `list_approved_queries`: Template 3 (`tags`, an array of strings).
    fn list_approved_queries(&self, arguments: &Value) -> ToolOutcome {
        let params = Params::new(arguments).map_err(invalid)?;
        let tags = params
            .optional_array("tags", ArrayOf::of(JsonType::String).called("tag"))
            .map_err(invalid)?;
        let wanted: Vec<&str> = tags
            .unwrap_or(&[])
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let ids: Vec<String> = self
            .queries
            .iter()
            .filter(|(_, query)| query.status == "approved")
            .filter(|(_, query)| wanted.iter().all(|tag| query.tags.contains(tag)))
            .map(|(id, _)| id.to_string())
            .collect();
        Ok(json!({ "queries": ids }))
    }

    /// `execute_approved_query`: the id (Template 6), existence and approval, then
    /// the SQL parameters: names, types and a crude injection check.
    fn execute_approved_query(&self, arguments: &Value) -> ToolOutcome {
        let params = Params::new(arguments).map_err(invalid)?;
        let query_id = params.required_uuid("query_id").map_err(invalid)?;
        let given = match params.get("parameters") {
            None => serde_json::Map::new(),
            Some(Value::Object(map)) => map.clone(),
            Some(other) => {
                return Err(invalid(ParamError::WrongType {
                    parameter: "parameters".into(),
                    expected_type: JsonType::Object,
                    actual_type: JsonType::of(other),
                }));
            }
        };
        self.repository().map_err(classify)?;
        let query = match self.queries.get(&query_id) {
            Some(query) => query,
            None => return fail(OntologyError::QueryNotFound { query_id }),
        };
        if query.status != "approved" {
            return fail(OntologyError::QueryNotApproved {
                query_id,
                status: query.status.into(),
            });
        }
        let missing: Vec<String> = query
            .parameters
            .iter()
            .filter(|(name, _)| !given.contains_key(*name))
            .map(|(name, _)| (*name).to_owned())
            .collect();
        let unknown: Vec<String> = given
            .keys()
            .filter(|key| !query.parameters.iter().any(|(name, _)| name == key))
            .cloned()
            .collect();
        if !missing.is_empty() || !unknown.is_empty() {
            return fail(OntologyError::ParameterValidation { missing, unknown });
        }
        for (name, sql_type) in &query.parameters {
            let value = given.get(*name).unwrap_or(&Value::Null);
            let fits = match *sql_type {
                "integer" => value.as_i64().is_some(),
                _ => value.is_string(),
            };
            if !fits {
                return fail(OntologyError::TypeValidation {
                    parameter: (*name).to_owned(),
                    expected_type: (*sql_type).to_owned(),
                    actual_type: JsonType::of(value),
                });
            }
            if value
                .as_str()
                .is_some_and(|text| text.contains("--") || text.contains(';'))
            {
                return fail(OntologyError::SecurityViolation {
                    parameter: (*name).to_owned(),
                    rule: "statement separator or comment".to_owned(),
                });
            }
        }
        if given.get("region").and_then(Value::as_str) == Some("") {
            return fail(OntologyError::QueryError {
                reason: "new row violates check constraint \"region_not_empty\"".to_owned(),
            });
        }
        Ok(json!({ "rows": [], "query_id": query_id }))
    }
}

/// The server's "Error Code Reference": every code with its one-line description,
/// in case-insensitive alphabetical order, generated from the catalog.
pub fn code_reference() -> String {
    let mut entries: Vec<(&str, &str)> = <OntologyError as StaticCatalog>::CATALOG
        .leaves()
        .map(|(_, entry)| (entry.code(), entry.summary()))
        .collect();
    entries.sort_by_key(|(code, _)| code.to_lowercase());
    entries
        .iter()
        .map(|(code, summary)| format!("{code:<25}- {summary}\n"))
        .collect()
}

/// The server's "Standard Error Codes" table (Markdown), generated from the catalog.
pub fn code_table() -> String {
    let catalog: &'static Catalog = <OntologyError as StaticCatalog>::CATALOG;
    let mut out = String::from(
        "| Error Code | Usage | Example Scenario |\n|------------|-------|------------------|\n",
    );
    for (_, entry) in catalog.leaves() {
        let line = |prefix: &str| {
            entry
                .doc()
                .lines()
                .find_map(|line| line.strip_prefix(prefix))
                .unwrap_or("")
        };
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            entry.code(),
            line("Usage: "),
            line("Example: ")
        ));
    }
    out
}

/// One result per code of the server's table, and the two system failures, for the
/// tour. Tool errors are shown as their text (the `ErrorResponse`), protocol
/// errors as the JSON-RPC response.
pub fn samples() -> Vec<Sample> {
    let server = OntologyServer::sample();
    let mut no_ontology = OntologyServer::sample();
    no_ontology.ontology_active = false;
    let mut offline = OntologyServer::sample();
    offline.repository_failure = Some(RepoError(
        "dial tcp 10.0.0.5:5432: connection refused".into(),
    ));
    let mut slow = OntologyServer::sample();
    slow.repository_failure = Some(RepoError("context deadline exceeded".into()));
    let calls: Vec<(&str, &OntologyServer, &str, Value)> = vec![
        (
            "empty required string",
            &server,
            "update_column",
            json!({"table": "  ", "column": "id", "role": "measure"}),
        ),
        (
            "boolean of the wrong type",
            &server,
            "get_schema",
            json!({"include_semantic": "yes"}),
        ),
        (
            "array element of the wrong type",
            &server,
            "list_approved_queries",
            json!({"tags": ["sales", 7]}),
        ),
        (
            "value not in the enum",
            &server,
            "update_column",
            json!({"table": "orders", "column": "total", "role": "metric"}),
        ),
        (
            "not a UUID",
            &server,
            "delete_project_knowledge",
            json!({"fact_id": "42"}),
        ),
        (
            "table",
            &server,
            "update_column",
            json!({"table": "invoices", "column": "id", "role": "identifier"}),
        ),
        (
            "column",
            &server,
            "update_column",
            json!({"table": "orders", "column": "discount", "role": "measure"}),
        ),
        (
            "entity",
            &server,
            "get_entity",
            json!({"entity": "NonExistent"}),
        ),
        (
            "relationship",
            &server,
            "delete_relationship",
            json!({"from_entity": "Order", "to_entity": "Customer"}),
        ),
        (
            "fact",
            &server,
            "delete_project_knowledge",
            json!({"fact_id": "00000000-0000-4000-8000-000000000000"}),
        ),
        (
            "query",
            &server,
            "execute_approved_query",
            json!({"query_id": "00000000-0000-4000-8000-000000000001"}),
        ),
        (
            "query not approved",
            &server,
            "execute_approved_query",
            json!({"query_id": PENDING_QUERY}),
        ),
        (
            "no ontology",
            &no_ontology,
            "get_schema",
            json!({"include_semantic": true}),
        ),
        (
            "multi-field rule",
            &server,
            "update_entity",
            json!({"entity": "Customer", "key_column": "email"}),
        ),
        (
            "SQL parameters",
            &server,
            "execute_approved_query",
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "country": "DE"}}),
        ),
        (
            "SQL parameter type",
            &server,
            "execute_approved_query",
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": "seven", "region": "EU"}}),
        ),
        (
            "SQL execution",
            &server,
            "execute_approved_query",
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "region": ""}}),
        ),
        (
            "SQL injection",
            &server,
            "execute_approved_query",
            json!({"query_id": APPROVED_QUERY, "parameters": {"customer_id": 7, "region": "EU'; DROP TABLE orders;--"}}),
        ),
        (
            "database down (system error)",
            &offline,
            "get_entity",
            json!({"entity": "Customer"}),
        ),
        (
            "deadline exceeded (system error)",
            &slow,
            "delete_relationship",
            json!({"from_entity": "Customer", "to_entity": "Order"}),
        ),
    ];
    calls
        .into_iter()
        .enumerate()
        .map(|(index, (what, server, tool, arguments))| {
            let id = i64::try_from(index + 1).unwrap_or(i64::MAX);
            let reply = server.call(tool, &arguments, RequestId::Number(id));
            let (code, output) = match &reply {
                Reply::ToolError(_) => {
                    let response = reply.error_response().unwrap_or(Value::Null);
                    (response["code"].as_str().unwrap_or("").to_owned(), response)
                }
                other => {
                    let value = other.value().clone();
                    let code = value["error"]["data"]["code"]
                        .as_str()
                        .unwrap_or("")
                        .to_owned();
                    (code, value)
                }
            };
            Sample {
                system: "ontology",
                title: format!("{code}: {what} ({tool})"),
                output,
            }
        })
        .collect()
}
