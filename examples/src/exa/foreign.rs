//! Exa's `normalizeError`: foreign errors and panics turned into [`ExaError`]s.

use std::any::Any;
use std::error::Error as StdError;
use std::io;

use serde_json::{Value, json};

use super::errors::ExaError;

/// Exa's `normalizeError`: an `ExaError` stays as it is; an I/O "not found"
/// (or a message mentioning `ENOENT`) anywhere in the cause chain becomes
/// `DOC_NOT_FOUND` for `path` (else for the path quoted in the message); "invalid
/// argument" becomes `INVALID_PARAM`; anything else `UNKNOWN_ERROR` with the
/// error's message and `{"originalError": <class name>}`, the name of the error's
/// type (see [`class_name_of`]), as JavaScript's `error.name` is its class's.
pub fn normalize<E: StdError + 'static>(error: &E, path: Option<&str>) -> ExaError {
    normalize_named(error, std::any::type_name::<E>(), path)
}

/// [`normalize`] for an error whose type is known only by name, e.g. one boxed as
/// `dyn Error` after its type name was taken (`type_name` as
/// [`std::any::type_name`] writes it).
pub fn normalize_named(
    error: &(dyn StdError + 'static),
    type_name: &str,
    path: Option<&str>,
) -> ExaError {
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
        details: json!({ "originalError": class_name_of(type_name) }),
    }
}

/// The class name of a Rust error type, from its full name as
/// [`std::any::type_name`] writes it: the type's own name, without module path or
/// generic arguments (`std::num::ParseIntError` is `ParseIntError`). A type called
/// just `Error` keeps the module that names it in its public path (`io::Error`,
/// `fmt::Error`, `serde_json::Error`), since `Error` alone names nothing.
///
/// ```
/// use tool_error_examples::exa::class_name_of;
///
/// assert_eq!(class_name_of("core::num::error::ParseIntError"), "ParseIntError");
/// assert_eq!(class_name_of("std::io::error::Error"), "io::Error");
/// assert_eq!(class_name_of("serde_json::error::Error"), "serde_json::Error");
/// assert_eq!(class_name_of("my_app::Failure<alloc::string::String>"), "Failure");
/// ```
pub fn class_name_of(type_name: &str) -> String {
    let path = type_name
        .split('<')
        .next()
        .unwrap_or(type_name)
        .trim_start_matches('&')
        .trim_start_matches("dyn ");
    let mut segments = path.rsplit("::");
    let name = segments.next().unwrap_or(path);
    if name != "Error" {
        return name.to_owned();
    }
    // The private module a type is defined in is often named after it (`io::error`).
    let module = segments.find(|segment| {
        !segment.eq_ignore_ascii_case(name) && !matches!(*segment, "std" | "core" | "alloc")
    });
    match module {
        Some(module) => format!("{module}::{name}"),
        None => name.to_owned(),
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
