//! Exa's error classes as one enum, [`ExaError`], with the constructors and helpers
//! its messages and suggestions use.

use std::fmt;

use serde_json::Value;

/// The suggestion Exa adds when similar paths are known: `Did you mean: <first>?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DidYouMean(pub String);

impl fmt::Display for DidYouMean {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Did you mean: {}?", self.0)
    }
}

/// Exa's error classes, one variant each; `UNKNOWN_ERROR` is what Exa's
/// normaliser makes of everything else.
#[derive(Clone, Debug, thiserror::Error, tool_error::ToolError)]
#[tool_error(domain = "exa")]
pub enum ExaError {
    /// No document at the requested path (`DocumentNotFoundError`).
    #[error("Document not found: {path}")]
    #[tool_error(
        code = "DOC_NOT_FOUND",
        kind = not_found,
        http = 404,
        suggest = "Check if the path is correct",
        suggest = "Use the search function to find the document"
    )]
    DocumentNotFound {
        /// The requested path.
        path: String,
        /// Similar existing paths; `None` when nobody looked (`details.suggestions`
        /// is then left out, as JavaScript leaves out `undefined`).
        #[tool_error(rename = "suggestions")]
        similar: Option<Vec<String>>,
        /// `Did you mean: <first similar path>?`; set by
        /// [`ExaError::document_not_found`].
        #[tool_error(suggestions)]
        did_you_mean: Option<DidYouMean>,
    },

    /// A parameter is missing, of the wrong type or invalid (`InvalidParameterError`).
    #[error("Invalid parameter '{param}': expected {expected}, got {}", js_typeof(.value.as_ref()))]
    #[tool_error(
        code = "INVALID_PARAM",
        kind = validation,
        http = 400,
        suggest = "Provide a valid {expected}",
        suggest = "Check the parameter documentation"
    )]
    InvalidParameter {
        /// The parameter's name.
        param: String,
        /// The value given; `None` is JavaScript's `undefined` (left out of details),
        /// `Some(Value::Null)` is `null`.
        value: Option<Value>,
        /// What was expected, e.g. `string` or `required value`.
        expected: String,
    },

    /// The document exists but could not be read (`DocumentLoadError`).
    #[error("Failed to load document: {reason}")]
    #[tool_error(code = "DOC_LOAD_ERROR", kind = internal, http = 500)]
    DocumentLoad {
        /// The document's path.
        path: String,
        /// Why loading failed.
        reason: String,
    },

    /// The search failed (`SearchError`). Recoverable, and both of Exa's
    /// suggestions ask for a different query, so the kind is `VALIDATION` (fix the
    /// input) while the status stays Exa's 500.
    #[error("Search failed: {reason}")]
    #[tool_error(
        code = "SEARCH_ERROR",
        kind = validation,
        http = 500,
        suggest = "Try a simpler search query",
        suggest = "Check if the search syntax is correct"
    )]
    Search {
        /// The query.
        query: String,
        /// Why it failed.
        reason: String,
    },

    /// The server is misconfigured (`ConfigurationError`); alerts the operators.
    #[error("Configuration error: {issue}")]
    #[tool_error(code = "CONFIG_ERROR", kind = internal, http = 500)]
    Configuration {
        /// What is wrong.
        issue: String,
        /// How to fix it, when known.
        resolution: Option<String>,
    },

    /// Anything else, normalised (Exa's base `ExaError` with `UNKNOWN_ERROR`).
    #[error("{message}")]
    #[tool_error(code = "UNKNOWN_ERROR", kind = internal, http = 500)]
    Unknown {
        /// The original error's message.
        message: String,
        /// `{"originalError": <type name>}` or `{"error": <thrown value>}`.
        #[tool_error(details)]
        details: Value,
    },
}

impl ExaError {
    /// `new DocumentNotFoundError(path, suggestions)`: with similar paths, the
    /// response suggests the first one.
    pub fn document_not_found(path: &str, similar: Option<Vec<String>>) -> Self {
        let did_you_mean = similar
            .as_ref()
            .and_then(|paths| paths.first())
            .map(|first| DidYouMean(first.clone()));
        ExaError::DocumentNotFound {
            path: path.to_owned(),
            similar,
            did_you_mean,
        }
    }

    /// `new InvalidParameterError(param, value, expected)`.
    pub fn invalid_parameter(param: &str, value: Option<&Value>, expected: &str) -> Self {
        ExaError::InvalidParameter {
            param: param.to_owned(),
            value: value.cloned(),
            expected: expected.to_owned(),
        }
    }

    /// The class name `toJSON()` reports as `name`.
    pub fn class_name(code: &str) -> &'static str {
        match code {
            "DOC_NOT_FOUND" => "DocumentNotFoundError",
            "INVALID_PARAM" => "InvalidParameterError",
            "DOC_LOAD_ERROR" => "DocumentLoadError",
            "SEARCH_ERROR" => "SearchError",
            "CONFIG_ERROR" => "ConfigurationError",
            _ => "ExaError",
        }
    }
}

/// JavaScript's `typeof` of a JSON value (`None` is `undefined`): `null`, arrays
/// and objects are all `object`.
pub fn js_typeof(value: Option<&Value>) -> &'static str {
    match value {
        None => "undefined",
        Some(Value::Bool(_)) => "boolean",
        Some(Value::Number(_)) => "number",
        Some(Value::String(_)) => "string",
        Some(Value::Null | Value::Array(_) | Value::Object(_)) => "object",
    }
}
