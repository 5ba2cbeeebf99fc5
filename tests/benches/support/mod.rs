//! What both benches render: a Gem-Flux-style error and the two hand-written
//! baselines that produce the same JSON content, in the native and JSON-RPC shapes.
//!
//! - `json_macro`: `serde_json::json!` plus `to_string`, the common hand-written way;
//! - `serde_struct`: a hand-written borrowed `#[derive(Serialize)]` struct that formats
//!   the message and suggestions straight into the serializer, the practical limit.

use std::fmt;
use std::time::SystemTime;

use serde::{Serialize, Serializer};
use tool_error::clock::FixedClock;
use tool_error::{Context, Envelope, JsonRpc, Options, ToolError};

/// The error: two detail fields (one a `Vec<String>`), three suggestions (one
/// interpolated); the bench adds a tool name and a timestamp.
// Some variants exist only so lookups are not trivially first-entry.
#[allow(dead_code)]
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux")]
pub(crate) enum MediaError {
    /// Some compound ids are unknown.
    #[error("{total_invalid} compound IDs not found in ModelSEED database")]
    #[tool_error(
        kind = validation,
        suggest = "Use search_compounds tool to find correct compound IDs",
        suggest = "Check the {total_invalid} invalid IDs for typos",
        suggest = "Use get_compound_name to validate individual IDs",
    )]
    InvalidCompoundIds {
        invalid_ids: Vec<String>,
        total_invalid: usize,
    },
    /// Other variants, so lookups are not trivially first-entry.
    #[error("empty")]
    #[tool_error(kind = validation)]
    EmptyCompoundsList,
    #[error("negative")]
    #[tool_error(kind = validation)]
    NegativeUptake { value: f64 },
    #[error("bounds")]
    #[tool_error(kind = validation)]
    BoundsOutOfOrder { lower: f64, upper: f64 },
}

pub(crate) const TOOL: &str = "build_media";
pub(crate) const CODE: &str = "INVALID_COMPOUND_IDS";
/// The JSON-RPC code of a `validation` error (MCP 2026-07-28: invalid params).
pub(crate) const JSONRPC_CODE: i32 = -32602;

/// Everything a render needs, built once.
pub(crate) struct Fixture {
    pub(crate) error: MediaError,
    pub(crate) clock: FixedClock,
    /// The clock, where envelopes find it.
    options: Options,
}

impl Fixture {
    pub(crate) fn new() -> Fixture {
        let clock = FixedClock::from_rfc3339("2025-10-27T14:32:15Z")
            .unwrap_or(FixedClock(SystemTime::UNIX_EPOCH));
        Fixture {
            error: MediaError::InvalidCompoundIds {
                invalid_ids: vec!["cpd99999".into(), "cpd00ABC".into()],
                total_invalid: 2,
            },
            clock,
            options: Options::new().with_clock(clock),
        }
    }

    pub(crate) fn context(&self) -> Context<'_> {
        self.options.context().with_tool(TOOL)
    }

    /// The error's fields, for the baselines.
    pub(crate) fn parts(&self) -> (&[String], usize) {
        match &self.error {
            MediaError::InvalidCompoundIds {
                invalid_ids,
                total_invalid,
            } => (invalid_ids, *total_invalid),
            _ => (&[], 0),
        }
    }

    /// Ours, native, into a new `String`.
    pub(crate) fn native_string(&self, error: &MediaError) -> String {
        Envelope::new(error).with_context(self.context()).to_json()
    }

    /// Ours, native, appended to `out`.
    pub(crate) fn native_into(&self, error: &MediaError, out: &mut Vec<u8>) {
        Envelope::new(error)
            .with_context(self.context())
            .render_into(&tool_error::Native, out);
    }

    /// Ours, JSON-RPC error object, into a new `String`.
    pub(crate) fn jsonrpc_string(&self, error: &MediaError) -> String {
        Envelope::new(error)
            .with_context(self.context())
            .render(&JsonRpc::new())
    }

    /// Ours, JSON-RPC error object, appended to `out`.
    pub(crate) fn jsonrpc_into(&self, error: &MediaError, out: &mut Vec<u8>) {
        Envelope::new(error)
            .with_context(self.context())
            .render_into(&JsonRpc::new(), out);
    }

    /// Baseline (a), native.
    pub(crate) fn json_macro(&self) -> String {
        let (ids, total) = self.parts();
        serde_json::to_string(&native_value(ids, total, self.clock.0)).unwrap_or_default()
    }

    /// Baseline (a), JSON-RPC.
    pub(crate) fn json_macro_jsonrpc(&self) -> String {
        let (ids, total) = self.parts();
        let value = serde_json::json!({
            "code": JSONRPC_CODE,
            "message": format!("{total} compound IDs not found in ModelSEED database"),
            "data": native_value(ids, total, self.clock.0),
        });
        serde_json::to_string(&value).unwrap_or_default()
    }

    /// Baseline (b), native, appended to `out`.
    pub(crate) fn serde_struct_into(&self, out: &mut Vec<u8>) {
        let (ids, total) = self.parts();
        let _ = serde_json::to_writer(out, &native_wire(ids, total, self.clock.0));
    }

    /// Baseline (b), JSON-RPC, appended to `out`.
    pub(crate) fn serde_struct_jsonrpc_into(&self, out: &mut Vec<u8>) {
        let (ids, total) = self.parts();
        let wire = JsonRpcWire {
            code: JSONRPC_CODE,
            message: Collect(Message(total)),
            data: native_wire(ids, total, self.clock.0),
        };
        let _ = serde_json::to_writer(out, &wire);
    }

    /// Baseline (b), native, into a new `String`.
    pub(crate) fn serde_struct_string(&self) -> String {
        let mut out = Vec::with_capacity(256);
        self.serde_struct_into(&mut out);
        String::from_utf8(out).unwrap_or_default()
    }

    /// Baseline (b), JSON-RPC, into a new `String`.
    pub(crate) fn serde_struct_jsonrpc_string(&self) -> String {
        let mut out = Vec::with_capacity(256);
        self.serde_struct_jsonrpc_into(&mut out);
        String::from_utf8(out).unwrap_or_default()
    }

    /// Panics unless every baseline produces the same JSON content as ours: only
    /// then is the comparison fair.
    pub(crate) fn check(&self) {
        let same = |a: &str, b: &str| {
            let a: serde_json::Value = serde_json::from_str(a).unwrap_or_default();
            let b: serde_json::Value = serde_json::from_str(b).unwrap_or_default();
            a == b && a.is_object()
        };
        let native = self.native_string(&self.error);
        assert!(same(&native, &self.json_macro()), "{native}");
        assert!(same(&native, &self.serde_struct_string()), "{native}");
        let jsonrpc = self.jsonrpc_string(&self.error);
        assert!(same(&jsonrpc, &self.json_macro_jsonrpc()), "{jsonrpc}");
        assert!(
            same(&jsonrpc, &self.serde_struct_jsonrpc_string()),
            "{jsonrpc}"
        );
    }
}

pub(crate) fn native_value(ids: &[String], total: usize, now: SystemTime) -> serde_json::Value {
    serde_json::json!({
        "code": CODE,
        "kind": "VALIDATION",
        "message": format!("{total} compound IDs not found in ModelSEED database"),
        "recoverable": true,
        "domain": "gem-flux",
        "details": { "invalid_ids": ids, "total_invalid": total },
        "suggestions": [
            "Use search_compounds tool to find correct compound IDs",
            format!("Check the {total} invalid IDs for typos"),
            "Use get_compound_name to validate individual IDs",
        ],
        "tool": TOOL,
        "timestamp": humantime::format_rfc3339_seconds(now).to_string(),
    })
}

/// Serialises a `Display` value as a string without building it.
pub(crate) struct Collect<D>(pub(crate) D);

impl<D: fmt::Display> Serialize for Collect<D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

#[derive(Serialize)]
pub(crate) struct WireDetails<'a> {
    pub(crate) invalid_ids: &'a [String],
    pub(crate) total_invalid: usize,
}

#[derive(Serialize)]
pub(crate) struct Wire<'a> {
    code: &'a str,
    kind: &'a str,
    message: Collect<Message>,
    recoverable: bool,
    domain: &'a str,
    details: WireDetails<'a>,
    suggestions: (&'a str, Collect<Typos>, &'a str),
    tool: &'a str,
    timestamp: Collect<humantime::Rfc3339Timestamp>,
}

#[derive(Serialize)]
struct JsonRpcWire<'a> {
    code: i32,
    message: Collect<Message>,
    data: Wire<'a>,
}

pub(crate) fn native_wire(ids: &[String], total: usize, now: SystemTime) -> Wire<'_> {
    Wire {
        code: CODE,
        kind: "VALIDATION",
        message: Collect(Message(total)),
        recoverable: true,
        domain: "gem-flux",
        details: WireDetails {
            invalid_ids: ids,
            total_invalid: total,
        },
        suggestions: (
            "Use search_compounds tool to find correct compound IDs",
            Collect(Typos(total)),
            "Use get_compound_name to validate individual IDs",
        ),
        tool: TOOL,
        timestamp: Collect(humantime::format_rfc3339_seconds(now)),
    }
}

pub(crate) struct Message(pub(crate) usize);

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} compound IDs not found in ModelSEED database", self.0)
    }
}

pub(crate) struct Typos(pub(crate) usize);

impl fmt::Display for Typos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Check the {} invalid IDs for typos", self.0)
    }
}
