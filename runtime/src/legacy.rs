//! The pre-2026 JSON-RPC application codes some servers still send.
//!
//! Servers written before 2026 often map their error categories into
//! -32000..=-32005, a range the MCP specification (2026-07-28) now calls legacy
//! ("SHOULD NOT use"). tool-error
//! never produces these codes unless a type opts in with
//! `#[tool_error(legacy_jsonrpc)]`; then a variant whose category is in the table
//! below defaults to that category's code, and explicit codes in -32019..=-32000 are
//! accepted. Variants without a listed category keep their kind's MCP default
//! ([`Kind::default_jsonrpc_code`]): opting a type in never moves a code silently.
//!
//! | category | code |
//! | --- | --- |
//! | `validation_error` | -32000 |
//! | `not_found_error` | -32001 |
//! | `infeasibility_error` | -32002 |
//! | `library_error` | -32003 |
//! | `database_error` | -32004 |
//! | `timeout_error` | -32005 |
//! | `server_error` | -32603 |

use crate::Kind;
use crate::catalog::str_eq;

/// `validation_error`: input validation failed.
const VALIDATION_ERROR: i32 = -32000;
/// `not_found_error`: a resource is missing.
const NOT_FOUND_ERROR: i32 = -32001;
/// `infeasibility_error`: the request cannot be satisfied as posed.
const INFEASIBILITY_ERROR: i32 = -32002;
/// `library_error`: a dependency failed.
const LIBRARY_ERROR: i32 = -32003;
/// `database_error`: a lookup failed.
const DATABASE_ERROR: i32 = -32004;
/// `timeout_error`: the operation ran out of time.
const TIMEOUT_ERROR: i32 = -32005;

/// The legacy code of a category name, if the table has it.
pub(crate) const fn category_code(category: &str) -> Option<i32> {
    const TABLE: [(&str, i32); 7] = [
        ("validation_error", VALIDATION_ERROR),
        ("not_found_error", NOT_FOUND_ERROR),
        ("infeasibility_error", INFEASIBILITY_ERROR),
        ("library_error", LIBRARY_ERROR),
        ("database_error", DATABASE_ERROR),
        ("timeout_error", TIMEOUT_ERROR),
        ("server_error", -32603),
    ];
    let mut i = 0;
    while i < TABLE.len() {
        if str_eq(TABLE[i].0, category) {
            return Some(TABLE[i].1);
        }
        i += 1;
    }
    None
}

/// The default code of a variant of an opted-in type: its category's legacy code if
/// the table has it, else its kind's MCP default.
pub(crate) const fn jsonrpc_code(kind: Kind, category: Option<&str>) -> i32 {
    match category {
        Some(category) => match category_code(category) {
            Some(code) => code,
            None => kind.default_jsonrpc_code(),
        },
        None => kind.default_jsonrpc_code(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_table() {
        assert_eq!(
            jsonrpc_code(Kind::Validation, Some("validation_error")),
            -32000
        );
        assert_eq!(
            jsonrpc_code(Kind::NotFound, Some("not_found_error")),
            -32001
        );
        assert_eq!(
            jsonrpc_code(Kind::Conflict, Some("infeasibility_error")),
            -32002
        );
        assert_eq!(jsonrpc_code(Kind::Internal, Some("library_error")), -32003);
        assert_eq!(jsonrpc_code(Kind::NotFound, Some("database_error")), -32004);
        assert_eq!(jsonrpc_code(Kind::Transient, Some("timeout_error")), -32005);
        // Without a listed category, the kind's MCP default stays.
        assert_eq!(
            jsonrpc_code(Kind::Transient, Some("something_else")),
            -31503
        );
        assert_eq!(jsonrpc_code(Kind::Validation, None), -32602);
        assert_eq!(jsonrpc_code(Kind::Permission, None), -31403);
    }
}
