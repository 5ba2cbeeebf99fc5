//! Exa's `normalizeError`: foreign errors and panics turned into [`ExaError`]s.

use std::any::Any;
use std::error::Error as StdError;
use std::fmt;
use std::io;

use serde_json::{Value, json};

use super::errors::ExaError;

/// Exa's `normalizeError`: an `ExaError` stays as it is; an I/O "not found"
/// (or a message mentioning `ENOENT`) anywhere in the cause chain becomes
/// `DOC_NOT_FOUND` for `path` (else for the path quoted in the message); "invalid
/// argument" becomes `INVALID_PARAM`; anything else `UNKNOWN_ERROR` with the
/// error's message and `{"originalError": <type>}`.
pub fn normalize(error: &(dyn StdError + 'static), path: Option<&str>) -> ExaError {
    if let Some(exa) = error.downcast_ref::<ExaError>() {
        return exa.clone();
    }
    let message = error.to_string();
    let chain =
        || std::iter::successors(Some(error), |e: &&(dyn StdError + 'static)| (*e).source());
    let not_found = chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::NotFound)
            || e.to_string().contains("ENOENT")
    });
    if not_found {
        let path = path
            .map(str::to_owned)
            .or_else(|| extract_path(&message))
            .unwrap_or_default();
        return ExaError::document_not_found(&path, None);
    }
    let invalid = chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::InvalidInput)
            || e.to_string().contains("Invalid argument")
    });
    if invalid {
        return ExaError::invalid_parameter("unknown", Some(&Value::Null), "valid input");
    }
    ExaError::Unknown {
        message,
        details: json!({ "originalError": type_name(error) }),
    }
}

/// Exa's last resort for a thrown value that is not an `Error`; in Rust, a
/// panic payload.
pub fn from_panic(payload: &(dyn Any + Send)) -> ExaError {
    let thrown = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "[unknown]".to_owned());
    ExaError::Unknown {
        message: "An unexpected error occurred".to_owned(),
        details: json!({ "error": thrown }),
    }
}

/// The path in a Node-style message (`ENOENT: no such file or directory, open 'a/b.md'`).
fn extract_path(message: &str) -> Option<String> {
    let end = message.rfind('\'')?;
    let start = message.get(..end)?.rfind('\'')?;
    message.get(start + 1..end).map(str::to_owned)
}

/// A readable type name for `originalError` (JavaScript's `error.name`).
fn type_name(error: &(dyn StdError + 'static)) -> &'static str {
    if error.is::<io::Error>() {
        "io::Error"
    } else if error.is::<serde_json::Error>() {
        "serde_json::Error"
    } else if error.is::<fmt::Error>() {
        "fmt::Error"
    } else {
        "Error"
    }
}
