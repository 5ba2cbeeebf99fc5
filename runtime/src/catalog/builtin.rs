//! The codes tool-error sends itself, which no type of the user's declares: every
//! crate catalog lists them, in their own section of its references and lock.

use super::model::{Catalog, Entry};
use super::unique::leaf_count;
use crate::StaticCatalog;
use crate::args::ArgumentError;
use crate::integrations::axum_catalog::REJECTION_CATALOG;
use crate::integrations::foreign::{FAILURE_CATALOG, FOREIGN_CATALOG};
use crate::integrations::protocol::CATALOG as PROTOCOL_CATALOG;

/// A catalog of built-in codes and what in tool-error sends them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Builtin {
    pub(crate) catalog: &'static Catalog,
    pub(crate) sent_by: &'static str,
}

/// Every catalog of built-in codes the enabled features can send, in the order the
/// references list them: a stdio MCP server's lock and reference do not list the
/// codes only the axum integration sends. New built-in codes are one more
/// `Builtin { catalog, sent_by }` here, under the features that send them: a
/// catalog compiled whatever the features (so the uniqueness check below covers
/// every one) and the words for what sends its codes. Codes reached through
/// `transparent` are listed once, with the first entry here that reaches them.
pub(crate) static BUILTIN: &[Builtin] = &[
    Builtin {
        catalog: <ArgumentError as StaticCatalog>::CATALOG,
        sent_by: "input that fails to deserialise or validate: `tool_error::args`, the rmcp \
                  integration's `Parameters`, jsonrpsee's `parse_params`, the axum \
                  integration's `Json`, `Query` and `Path`, garde and validator reports",
    },
    Builtin {
        catalog: &FOREIGN_CATALOG,
        sent_by: "always: any error without a contract of its own (I/O, JSON, boxed \
                  errors), and an `AnyError` whose cause chain holds no error with one",
    },
    Builtin {
        catalog: &FAILURE_CATALOG,
        sent_by: "an error without a contract whose cause chain says what failed: an I/O \
                  error of a connection refused, reset, aborted or unreachable \
                  (`CONNECTION_FAILED`) or one that timed out (`TIMED_OUT`); with the \
                  `reqwest` and `tokio` features, reqwest's failed connections and \
                  timeouts and `tokio::time::timeout`'s `Elapsed` too",
    },
    #[cfg(feature = "axum")]
    Builtin {
        catalog: &REJECTION_CATALOG,
        sent_by: "the axum integration: its `not_found` and `method_not_allowed` \
                  fallbacks (`ROUTE_NOT_FOUND`, `METHOD_NOT_ALLOWED`) and its `Json` \
                  extractor (the body codes)",
    },
    #[cfg(any(feature = "rmcp", feature = "jsonrpsee"))]
    Builtin {
        catalog: &PROTOCOL_CATALOG,
        sent_by: "a JSON-RPC error rmcp or jsonrpsee built, passed up through an \
                  `AnyError`: sent on with its own code by those two, under this code \
                  elsewhere",
    },
];

/// Every built-in catalog, whatever the features, for the compile-time check below.
const BUILTIN_CATALOGS: [&Catalog; 5] = [
    <ArgumentError as StaticCatalog>::CATALOG,
    &FOREIGN_CATALOG,
    &FAILURE_CATALOG,
    &REJECTION_CATALOG,
    &PROTOCOL_CATALOG,
];

// Two built-in entries with one code would be two contracts under one name: the
// build fails naming both, as `crate_catalog!` does for a crate's types.
const _: () =
    crate::__private::assert_unique::<{ leaf_count(&BUILTIN_CATALOGS) }>(&BUILTIN_CATALOGS);

/// A code tool-error sends on its own, whatever the crate declares: what
/// [`CrateCatalog::builtin_entries`](crate::CrateCatalog::builtin_entries) lists.
///
/// ```
/// # use tool_error::ToolError;
/// # #[derive(Debug, thiserror::Error, ToolError)]
/// # #[error("a")]
/// # #[tool_error(kind = validation)]
/// # pub struct BadInput;
/// tool_error::crate_catalog!(pub static ERROR_CODES = [BadInput]);
///
/// let invalid = ERROR_CODES
///     .builtin_entries()
///     .find(|builtin| builtin.code() == "INVALID_ARGUMENTS")
///     .unwrap();
/// assert_eq!(invalid.entry().http_status(), 400);
/// assert!(invalid.sent_by().contains("Parameters"));
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct BuiltinEntry {
    catalog: &'static Catalog,
    entry: &'static Entry,
    sent_by: &'static str,
}

impl BuiltinEntry {
    /// The code.
    pub const fn code(&self) -> &'static str {
        self.entry.code
    }

    /// The entry, with every property of the code.
    pub const fn entry(&self) -> &'static Entry {
        self.entry
    }

    /// The catalog of the tool-error type that sends the code (`ArgumentError`,
    /// `Rejection`...).
    pub const fn catalog(&self) -> &'static Catalog {
        self.catalog
    }

    /// Which part of tool-error sends the code, in words.
    pub const fn sent_by(&self) -> &'static str {
        self.sent_by
    }
}

/// Every built-in code once, in [`BUILTIN`] order.
pub(crate) fn builtin_entries() -> impl Iterator<Item = BuiltinEntry> {
    let mut seen: Vec<&'static str> = Vec::new();
    BUILTIN
        .iter()
        .flat_map(|builtin| {
            builtin
                .catalog
                .leaves()
                .map(move |(catalog, entry)| BuiltinEntry {
                    catalog,
                    entry,
                    sent_by: builtin.sent_by,
                })
        })
        .filter(move |builtin| {
            let new = !seen.contains(&builtin.code());
            if new {
                seen.push(builtin.code());
            }
            new
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    // Also run by CI without any integration's feature: the list follows them.
    #[test]
    fn every_built_in_code_the_features_send_is_listed_once_with_its_sender() {
        let codes: Vec<&str> = builtin_entries().map(|builtin| builtin.code()).collect();
        let mut expected = vec![
            "INVALID_ARGUMENTS",
            "INTERNAL_ERROR",
            "CONNECTION_FAILED",
            "TIMED_OUT",
        ];
        if cfg!(feature = "axum") {
            expected.extend([
                "ROUTE_NOT_FOUND",
                "METHOD_NOT_ALLOWED",
                "UNSUPPORTED_MEDIA_TYPE",
                "BODY_TOO_LARGE",
                "BODY_UNREADABLE",
            ]);
        }
        if cfg!(any(feature = "rmcp", feature = "jsonrpsee")) {
            expected.extend([
                "PARSE_ERROR",
                "INVALID_REQUEST",
                "METHOD_NOT_FOUND",
                "INVALID_PARAMS",
                "RESOURCE_NOT_FOUND",
                "PROTOCOL_ERROR",
            ]);
        }
        assert_eq!(codes, expected);
        // Reached again through `Rejection`'s transparent variants, the codes keep the
        // sender of their own catalog.
        let invalid = builtin_entries()
            .find(|builtin| builtin.code() == ArgumentError::CODE)
            .map(|builtin| (builtin.catalog().type_name(), builtin.sent_by()));
        assert_eq!(invalid, Some(("ArgumentError", BUILTIN[0].sent_by)));
    }
}
