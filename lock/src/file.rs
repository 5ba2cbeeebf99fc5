//! The lock file itself: what it records of each code, written as sorted JSON.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use tool_error::{Catalog, Channel, CrateCatalog, Entry, Kind};

use crate::FORMAT;

/// The contents of a lock file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Lock {
    /// The format version.
    pub(crate) format: u32,
    /// Every code of the listed types, sorted.
    pub(crate) codes: BTreeMap<String, LockedCode>,
    /// Every built-in code the listed types do not declare, sorted.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) builtin: BTreeMap<String, LockedCode>,
}

/// The locked properties of one code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct LockedCode {
    /// The declaring type.
    #[serde(rename = "type")]
    pub(crate) type_name: String,
    /// The declaring variant.
    pub(crate) variant: String,
    /// The decision class.
    pub(crate) kind: Kind,
    /// The category, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) category: Option<String>,
    /// Whether retrying may succeed.
    pub(crate) recoverable: bool,
    /// Tool result or protocol error.
    pub(crate) channel: Channel,
    /// The JSON-RPC code.
    pub(crate) jsonrpc: i32,
    /// The HTTP status.
    pub(crate) http: u16,
    /// The detail keys.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) details: Vec<String>,
    /// The detail keys that are redacted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) redacted: Vec<String>,
    /// Whether a retry hint is sent.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub(crate) retry_after: bool,
    /// Whether the call is refused before it has any effect, so a retry is safe.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub(crate) no_effect: bool,
    /// The doc comment (informational: changes never break).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) description: String,
}

impl Lock {
    /// The lock of a crate catalog as it is now.
    pub(crate) fn of(catalog: &CrateCatalog) -> Lock {
        let codes: BTreeMap<String, LockedCode> = catalog
            .entries()
            .map(|(owner, entry)| (entry.code().to_owned(), LockedCode::of(owner, entry)))
            .collect();
        let builtin = catalog
            .builtin_entries()
            .filter(|builtin| !codes.contains_key(builtin.code()))
            .map(|builtin| {
                let locked = LockedCode::of(builtin.catalog(), builtin.entry());
                (builtin.code().to_owned(), locked)
            })
            .collect();
        Lock {
            format: FORMAT,
            codes,
            builtin,
        }
    }

    /// A lock with no code, what a missing lock file compares as.
    pub(super) fn empty() -> Lock {
        Lock {
            format: FORMAT,
            codes: BTreeMap::new(),
            builtin: BTreeMap::new(),
        }
    }

    /// Both sections as one map: on the wire, codes have one namespace. [`Lock::of`]
    /// never puts a code in both; in an edited file, `codes` wins.
    pub(crate) fn all_codes(&self) -> BTreeMap<&String, &LockedCode> {
        self.builtin.iter().chain(&self.codes).collect()
    }

    /// The file text: pretty JSON with a trailing newline.
    pub(crate) fn to_text(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Parses a lock file.
    pub(crate) fn from_text(text: &str) -> Result<Lock, serde_json::Error> {
        serde_json::from_str(text)
    }
}

impl LockedCode {
    /// The locked properties of `entry`, declared by `owner`.
    fn of(owner: &Catalog, entry: &Entry) -> LockedCode {
        LockedCode {
            type_name: owner.type_name().to_owned(),
            variant: entry.variant().to_owned(),
            kind: entry.kind(),
            category: entry.category().map(str::to_owned),
            recoverable: entry.recoverable(),
            channel: entry.channel(),
            jsonrpc: entry.jsonrpc_code(),
            http: entry.http_status(),
            details: entry.fields().iter().map(|f| f.name().to_owned()).collect(),
            redacted: entry
                .fields()
                .iter()
                .filter(|f| f.is_redacted())
                .map(|f| f.name().to_owned())
                .collect(),
            retry_after: entry.has_retry_after(),
            no_effect: entry.no_effect(),
            description: entry.doc().to_owned(),
        }
    }
}
