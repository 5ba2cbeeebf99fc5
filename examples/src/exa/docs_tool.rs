//! Exa's `DocsTool` over an in-memory store: parameter checks, the recovery of a
//! missing document, and `executeWithErrorHandling`.

use std::collections::BTreeMap;
use std::error::Error as StdError;
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::{Value, json};
use tool_error::clock::Clock;

use super::errors::{ExaError, js_typeof};
use super::foreign::{from_panic, normalize_named};
use super::handler::{ErrorContext, ErrorHandler};
use super::profile::Mode;

/// Whatever a tool's handler throws: any error, with the name of its type, which
/// [`normalize`](super::normalize) reports as `originalError` (JavaScript keeps a
/// thrown error's class name in `error.name`; a boxed Rust error forgets its type,
/// so the name is taken when the error is thrown).
#[derive(Debug)]
pub struct Thrown {
    type_name: &'static str,
    error: Box<dyn StdError + Send + Sync>,
}

impl Thrown {
    /// The error thrown.
    pub fn error(&self) -> &(dyn StdError + Send + Sync + 'static) {
        &*self.error
    }

    /// Its type's full name, as [`std::any::type_name`] writes it.
    pub fn type_name(&self) -> &'static str {
        self.type_name
    }
}

impl<E: StdError + Send + Sync + 'static> From<E> for Thrown {
    fn from(error: E) -> Self {
        Thrown {
            type_name: std::any::type_name::<E>(),
            error: Box::new(error),
        }
    }
}

/// How one parameter of an operation is checked (Exa's operation schema).
#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    /// The parameter's name.
    pub name: &'static str,
    /// The `typeof` it must have.
    pub js_type: &'static str,
    /// Whether it must be present.
    pub required: bool,
    /// A further check.
    pub validate: Option<fn(&Value) -> bool>,
    /// What the further check expects, for its error message.
    pub description: &'static str,
}

/// Exa's `validateParams`: required first, then `typeof`, then the custom
/// check, parameter by parameter in schema order.
pub fn validate_params(schema: &[ParamSpec], params: &Value) -> Result<(), ExaError> {
    for spec in schema {
        let value = params.get(spec.name);
        if spec.required && value.is_none() {
            return Err(ExaError::invalid_parameter(
                spec.name,
                None,
                "required value",
            ));
        }
        if let Some(value) = value {
            if js_typeof(Some(value)) != spec.js_type {
                return Err(ExaError::invalid_parameter(
                    spec.name,
                    Some(value),
                    spec.js_type,
                ));
            }
            if let Some(check) = spec.validate
                && !check(value)
            {
                return Err(ExaError::invalid_parameter(
                    spec.name,
                    Some(value),
                    spec.description,
                ));
            }
        }
    }
    Ok(())
}

/// The other places Exa's recovery manager looks for a missing document:
/// `.md` and `.mdx` swapped, and the directory's `index.md`.
pub fn alternative_paths(path: &str) -> Vec<String> {
    let mut alternatives = Vec::new();
    if let Some(stem) = path.strip_suffix(".md") {
        alternatives.push(format!("{stem}.mdx"));
    }
    if let Some(stem) = path.strip_suffix(".mdx") {
        alternatives.push(format!("{stem}.md"));
    }
    let directory = path.rsplit_once('/').map_or("", |(dir, _)| dir);
    alternatives.push(if directory.is_empty() {
        "index.md".to_owned()
    } else {
        format!("{directory}/index.md")
    });
    alternatives
}

/// A stored document: its text, or why it cannot be read.
pub type Document = Result<String, String>;

/// Exa's `DocsTool` over an in-memory store: `getDocumentation` and `search`,
/// each wrapped in Exa's `executeWithErrorHandling`.
#[derive(Debug)]
pub struct DocsTool {
    /// Documents by path.
    pub documents: BTreeMap<String, Document>,
    /// Whether the documentation root is configured.
    pub configured: bool,
    /// The error handler (log, metrics, alerts).
    pub handler: ErrorHandler,
    /// Calls made so far; the request id is `req-<n>`.
    pub calls: u64,
}

const GET_DOCUMENTATION: &[ParamSpec] = &[ParamSpec {
    name: "path",
    js_type: "string",
    required: true,
    validate: Some(non_blank),
    description: "non-empty path",
}];

const SEARCH: &[ParamSpec] = &[ParamSpec {
    name: "query",
    js_type: "string",
    required: true,
    validate: None,
    description: "search query",
}];

fn non_blank(value: &Value) -> bool {
    value.as_str().is_some_and(|s| !s.trim().is_empty())
}

impl DocsTool {
    /// The tool's name in responses.
    pub const NAME: &'static str = "docs";

    /// A configured tool over `documents`.
    pub fn new(mode: Mode, clock: impl Clock + 'static, documents: &[(&str, Document)]) -> Self {
        DocsTool {
            documents: documents
                .iter()
                .map(|(path, doc)| ((*path).to_owned(), doc.clone()))
                .collect(),
            configured: true,
            handler: ErrorHandler::new(mode, clock),
            calls: 0,
        }
    }

    /// `getDocumentation({path})`: the documents at `path` (a file, or a directory
    /// ending in `/`). A missing file is looked for at its alternative paths before
    /// `DOC_NOT_FOUND` is returned with similar paths.
    pub fn get_documentation(&mut self, params: &Value) -> Value {
        self.execute_with_error_handling("getDocumentation", GET_DOCUMENTATION, params, |tool| {
            let path = params.get("path").and_then(Value::as_str).unwrap_or("");
            match tool.load(path) {
                Err(ExaError::DocumentNotFound { .. }) => {
                    // Exa's recovery manager: a near miss is served, not failed.
                    let found = alternative_paths(path)
                        .into_iter()
                        .find_map(|alternative| tool.load(&alternative).ok());
                    found.ok_or_else(|| {
                        let similar = tool.similar_paths(path);
                        ExaError::document_not_found(path, Some(similar)).into()
                    })
                }
                other => other.map_err(Into::into),
            }
            .map(|documents| {
                json!({
                    "documents": documents,
                    "metadata": {"executionTime": 0, "documentsProcessed": documents.len()},
                })
            })
        })
    }

    /// `search({query})`: paths whose text contains the query. Unbalanced quotes
    /// are a `SEARCH_ERROR`.
    pub fn search(&mut self, params: &Value) -> Value {
        self.execute_with_error_handling("search", SEARCH, params, |tool| {
            let query = params.get("query").and_then(Value::as_str).unwrap_or("");
            if query.matches('"').count() % 2 == 1 {
                return Err(ExaError::Search {
                    query: query.to_owned(),
                    reason: "unbalanced quote in query".to_owned(),
                }
                .into());
            }
            let needle = query.trim_matches('"');
            let hits: Vec<&String> = tool
                .documents
                .iter()
                .filter(|(_, doc)| doc.as_ref().is_ok_and(|text| text.contains(needle)))
                .map(|(path, _)| path)
                .collect();
            Ok(json!({ "results": hits }))
        })
    }

    /// Exa's `executeWithErrorHandling`: configuration, then parameters, then
    /// the handler; any failure (a panic included) goes through the error handler.
    pub fn execute_with_error_handling(
        &mut self,
        operation: &str,
        schema: &[ParamSpec],
        params: &Value,
        handler: impl FnOnce(&Self) -> Result<Value, Thrown>,
    ) -> Value {
        self.calls += 1;
        let outcome = if self.configured {
            validate_params(schema, params)
                .map_err(Thrown::from)
                .and_then(|()| {
                    catch_unwind(AssertUnwindSafe(|| handler(self)))
                        .unwrap_or_else(|payload| Err(from_panic(&*payload).into()))
                })
        } else {
            Err(ExaError::Configuration {
                issue: "EXA_DOCS_ROOT is not set".to_owned(),
                resolution: Some("Set EXA_DOCS_ROOT to the documentation directory".to_owned()),
            }
            .into())
        };
        match outcome {
            Ok(data) => json!({ "success": true, "data": data }),
            Err(error) => {
                let path = params.get("path").and_then(Value::as_str);
                let error = normalize_named(error.error(), error.type_name(), path);
                let request_id = format!("req-{}", self.calls);
                let context = ErrorContext {
                    tool: Self::NAME,
                    operation,
                    params,
                    request_id: &request_id,
                };
                self.handler.handle_error(&error, &context)
            }
        }
    }

    /// The documents at `path`.
    fn load(&self, path: &str) -> Result<Vec<String>, ExaError> {
        let selected: Vec<(&String, &Document)> = if path.ends_with('/') {
            self.documents
                .iter()
                .filter(|(p, _)| p.starts_with(path))
                .collect()
        } else {
            self.documents.get_key_value(path).into_iter().collect()
        };
        if selected.is_empty() {
            return Err(ExaError::document_not_found(path, None));
        }
        selected
            .into_iter()
            .map(|(path, doc)| {
                doc.clone().map_err(|reason| ExaError::DocumentLoad {
                    path: path.clone(),
                    reason,
                })
            })
            .collect()
    }

    /// Stored paths with the same file name as `path`, closest first.
    fn similar_paths(&self, path: &str) -> Vec<String> {
        let name = path.rsplit('/').next().unwrap_or(path);
        let stem = name.split('.').next().unwrap_or(name);
        self.documents
            .keys()
            .filter(|candidate| {
                let candidate_name = candidate.rsplit('/').next().unwrap_or(candidate);
                candidate_name.split('.').next() == Some(stem)
            })
            .cloned()
            .collect()
    }
}
