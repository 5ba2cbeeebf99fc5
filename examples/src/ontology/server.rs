//! [`OntologyServer`], a small in-memory server whose tools follow the documented
//! templates, with its sample data.

use std::collections::BTreeMap;

use serde_json::{Value, json};
use tool_error::{RequestId, ToolError};

use super::errors::{OntologyError, ProtocolError, RepoError, classify, go_type_name};
use super::params::reader::echo;
use super::params::{ArrayOf, JsonType, ParamError, Params, Uuid};
use super::profile::{Reply, reply};
use crate::go::quoted;

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

/// Template 6: a required string (Template 1) holding a UUID in a form Go's
/// `uuid.Parse` reads ([`Uuid::parse_go`]).
fn required_uuid(
    params: &Params<'_>,
    name: &str,
) -> Result<Uuid, Box<dyn ToolError + Send + Sync>> {
    let text = params.required_str(name).map_err(invalid)?;
    Uuid::parse_go(text).ok_or_else(|| {
        invalid(ParamError::InvalidUuid {
            parameter: name.to_owned(),
            actual: echo(text),
        })
    })
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
        let fact_id = required_uuid(&params, "fact_id")?;
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
        let query_id = required_uuid(&params, "query_id")?;
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
                    actual_type: go_type_name(JsonType::of(value)),
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
