//! The agent's decision class.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

/// What an agent should do about an error: the decision class behind every code.
///
/// Six kinds, because an agent has roughly four responses to a failure: retry
/// unchanged ([`Transient`](Kind::Transient)), fix its input and retry
/// ([`Validation`](Kind::Validation)), work around or escalate the resource
/// ([`NotFound`](Kind::NotFound), [`Conflict`](Kind::Conflict),
/// [`Permission`](Kind::Permission)), or give up ([`Internal`](Kind::Internal)).
///
/// Each kind carries documented defaults, all overridable per variant:
///
/// | kind | wire name | recoverable | HTTP | JSON-RPC |
/// | --- | --- | --- | --- | --- |
/// | `Validation` | `VALIDATION` | yes | 400 | -32602 (invalid params) |
/// | `NotFound` | `NOT_FOUND` | yes | 404 | -31404 |
/// | `Conflict` | `CONFLICT` | yes | 409 | -31409 |
/// | `Permission` | `PERMISSION` | no | 403 | -31403 |
/// | `Transient` | `TRANSIENT` | yes | 503 | -31503 |
/// | `Internal` | `INTERNAL` | no | 500 | -32603 (internal error) |
///
/// `recoverable` means "the operation may succeed if retried, possibly with changed
/// input". The JSON-RPC defaults follow the MCP specification (2026-07-28): the two
/// standard JSON-RPC codes where one fits, otherwise an application code outside
/// the reserved range -32768..=-32000, built as `-31000 - http_status` so it reads
/// back easily. A server migrating from pre-2026 codes in -32019..=-32000 sets them
/// per variant with the derive's `jsonrpc` key, under `legacy_jsonrpc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Kind {
    /// The input is wrong: fix it and retry.
    Validation,
    /// The referenced resource does not exist: use another or create it.
    NotFound,
    /// The resource is in a conflicting state (held, already exists, infeasible): work around it.
    Conflict,
    /// The caller may not do this: escalate to a human.
    Permission,
    /// A temporary failure: retry, maybe after a delay; unchanged when the
    /// envelope's [`Retry`](crate::envelope::Retry) advice says it is safe.
    Transient,
    /// The server failed: give up and report.
    Internal,
}

impl Kind {
    /// Every kind, in declaration order.
    pub const ALL: [Kind; 6] = [
        Kind::Validation,
        Kind::NotFound,
        Kind::Conflict,
        Kind::Permission,
        Kind::Transient,
        Kind::Internal,
    ];

    /// The wire name: `VALIDATION`, `NOT_FOUND`, `CONFLICT`, `PERMISSION`, `TRANSIENT`, `INTERNAL`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::Validation => "VALIDATION",
            Kind::NotFound => "NOT_FOUND",
            Kind::Conflict => "CONFLICT",
            Kind::Permission => "PERMISSION",
            Kind::Transient => "TRANSIENT",
            Kind::Internal => "INTERNAL",
        }
    }

    /// The attribute spelling used by `#[tool_error(kind = ...)]`: `validation`, `not_found`, ...
    pub const fn attribute_name(self) -> &'static str {
        match self {
            Kind::Validation => "validation",
            Kind::NotFound => "not_found",
            Kind::Conflict => "conflict",
            Kind::Permission => "permission",
            Kind::Transient => "transient",
            Kind::Internal => "internal",
        }
    }

    /// Whether an agent may succeed by retrying, possibly with changed input.
    pub const fn default_recoverable(self) -> bool {
        !matches!(self, Kind::Permission | Kind::Internal)
    }

    /// The default HTTP status.
    pub const fn default_http_status(self) -> u16 {
        match self {
            Kind::Validation => 400,
            Kind::NotFound => 404,
            Kind::Conflict => 409,
            Kind::Permission => 403,
            Kind::Transient => 503,
            Kind::Internal => 500,
        }
    }

    /// The default JSON-RPC error code (never inside the MCP-reserved -32099..=-32000).
    pub const fn default_jsonrpc_code(self) -> i32 {
        match self {
            Kind::Validation => -32602,
            Kind::Internal => -32603,
            other => -31000 - other.default_http_status() as i32,
        }
    }

    /// The kind an HTTP status maps to, for an error that says only its status (a
    /// problem+json document without `kind`, a failed call to an HTTP API): 401 and
    /// 403 `Permission`, 404 and 410 `NotFound`, 409 and 412 `Conflict`, 408, 429
    /// and every 5xx `Transient`; any other 4xx is `Validation`, anything else
    /// `Internal`.
    pub const fn from_http_status(status: u16) -> Kind {
        match status {
            401 | 403 => Kind::Permission,
            404 | 410 => Kind::NotFound,
            409 | 412 => Kind::Conflict,
            408 | 429 | 500..=599 => Kind::Transient,
            400..=499 => Kind::Validation,
            _ => Kind::Internal,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error returned when parsing an unknown kind name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownKind;

impl fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown kind: expected one of VALIDATION, NOT_FOUND, CONFLICT, PERMISSION, TRANSIENT, INTERNAL")
    }
}

impl std::error::Error for UnknownKind {}

impl FromStr for Kind {
    type Err = UnknownKind;

    /// Accepts the wire name (`NOT_FOUND`) or the attribute spelling (`not_found`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Kind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == s || kind.attribute_name() == s)
            .ok_or(UnknownKind)
    }
}
