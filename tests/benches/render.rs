//! Render speed against what servers write by hand today, measured in one run.
//!
//! The error is seed-000-like: two detail fields (one a `Vec<String>`), three
//! suggestions (one interpolated), a tool name and a timestamp. Baselines produce the
//! same JSON content (checked before measuring):
//! - `json_macro`: `serde_json::json!` plus `to_string`, the common hand-written way;
//! - `serde_struct`: a hand-written borrowed `#[derive(Serialize)]` struct that formats
//!   the message and suggestions straight into the serializer, the practical limit.
//!
//! `cargo bench -p tool-error-tests --bench render`

use std::fmt;
use std::hint::black_box;
use std::time::SystemTime;

use criterion::{Criterion, criterion_group, criterion_main};
use serde::{Serialize, Serializer};
use tool_error::{Context, Envelope, FixedClock, JsonRpc, Native, StaticCatalog, ToolError};

// Some variants exist only so lookups are not trivially first-entry.
#[allow(dead_code)]
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux")]
enum MediaError {
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

const TOOL: &str = "build_media";

fn sample() -> MediaError {
    MediaError::InvalidCompoundIds {
        invalid_ids: vec!["cpd99999".into(), "cpd00ABC".into()],
        total_invalid: 2,
    }
}

/// Baseline (a): what servers hand-write today.
fn json_macro(ids: &[String], total: usize, now: SystemTime) -> String {
    let value = serde_json::json!({
        "code": "INVALID_COMPOUND_IDS",
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
    });
    serde_json::to_string(&value).unwrap_or_default()
}

/// Serialises a `Display` value as a string without building it.
struct Collect<D>(D);

impl<D: fmt::Display> Serialize for Collect<D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

#[derive(Serialize)]
struct WireDetails<'a> {
    invalid_ids: &'a [String],
    total_invalid: usize,
}

#[derive(Serialize)]
#[serde(bound = "")]
struct Wire<'a, M: fmt::Display, S: fmt::Display, T: fmt::Display> {
    code: &'a str,
    kind: &'a str,
    message: Collect<M>,
    recoverable: bool,
    domain: &'a str,
    details: WireDetails<'a>,
    suggestions: (&'a str, Collect<S>, &'a str),
    tool: &'a str,
    timestamp: Collect<T>,
}

/// Baseline (b): a careful hand-written borrowed struct.
fn serde_struct(ids: &[String], total: usize, now: SystemTime, out: &mut Vec<u8>) {
    let wire = Wire {
        code: "INVALID_COMPOUND_IDS",
        kind: "VALIDATION",
        message: Collect(format_args!(
            "{total} compound IDs not found in ModelSEED database"
        )),
        recoverable: true,
        domain: "gem-flux",
        details: WireDetails {
            invalid_ids: ids,
            total_invalid: total,
        },
        suggestions: (
            "Use search_compounds tool to find correct compound IDs",
            Collect(format_args!("Check the {total} invalid IDs for typos")),
            "Use get_compound_name to validate individual IDs",
        ),
        tool: TOOL,
        timestamp: Collect(humantime::format_rfc3339_seconds(now)),
    };
    let _ = serde_json::to_writer(out, &wire);
}

fn same_content(a: &[u8], b: &[u8]) -> bool {
    let a: serde_json::Value = serde_json::from_slice(a).unwrap_or_default();
    let b: serde_json::Value = serde_json::from_slice(b).unwrap_or_default();
    a == b && a.is_object()
}

fn benches(c: &mut Criterion) {
    let clock = FixedClock::from_rfc3339("2025-10-27T14:32:15Z")
        .unwrap_or(FixedClock(SystemTime::UNIX_EPOCH));
    let now = clock.0;
    let error = sample();
    let MediaError::InvalidCompoundIds {
        invalid_ids,
        total_invalid,
    } = &error
    else {
        return;
    };
    let context = Context::new().with_tool(TOOL).with_clock(&clock);

    // The three produce the same JSON content; measure only if they do.
    let ours = Envelope::new(&error).with_context(context).to_json();
    let mut struct_out = Vec::new();
    serde_struct(invalid_ids, *total_invalid, now, &mut struct_out);
    assert!(same_content(
        ours.as_bytes(),
        json_macro(invalid_ids, *total_invalid, now).as_bytes()
    ));
    assert!(same_content(ours.as_bytes(), &struct_out), "{ours}");

    let mut group = c.benchmark_group("render");
    group.bench_function("native/string", |b| {
        b.iter(|| {
            Envelope::new(black_box(&error))
                .with_context(context)
                .to_json()
        })
    });
    let mut buffer = Vec::with_capacity(1024);
    group.bench_function("native/reused", |b| {
        b.iter(|| {
            buffer.clear();
            Envelope::new(black_box(&error))
                .with_context(context)
                .render_into(&Native, &mut buffer);
        })
    });
    group.bench_function("jsonrpc/string", |b| {
        b.iter(|| {
            Envelope::new(black_box(&error))
                .with_context(context)
                .render(&JsonRpc::new())
        })
    });
    group.bench_function("jsonrpc/reused", |b| {
        b.iter(|| {
            buffer.clear();
            Envelope::new(black_box(&error))
                .with_context(context)
                .render_into(&JsonRpc::new(), &mut buffer);
        })
    });
    group.bench_function("baseline/json_macro", |b| {
        b.iter(|| json_macro(black_box(invalid_ids), black_box(*total_invalid), now))
    });
    group.bench_function("baseline/serde_struct/string", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(256);
            serde_struct(
                black_box(invalid_ids),
                black_box(*total_invalid),
                now,
                &mut out,
            );
            String::from_utf8(out).unwrap_or_default()
        })
    });
    group.bench_function("baseline/serde_struct/reused", |b| {
        b.iter(|| {
            buffer.clear();
            serde_struct(
                black_box(invalid_ids),
                black_box(*total_invalid),
                now,
                &mut buffer,
            );
        })
    });
    group.finish();

    let mut group = c.benchmark_group("lookup");
    let last = MediaError::BoundsOutOfOrder {
        lower: 1.0,
        upper: 0.0,
    };
    group.bench_function("code", |b| b.iter(|| black_box(&last).code()));
    group.bench_function("kind", |b| b.iter(|| black_box(&last).kind()));
    group.bench_function("catalog_find", |b| {
        b.iter(|| <MediaError as StaticCatalog>::CATALOG.find(black_box("BOUNDS_OUT_OF_ORDER")))
    });
    group.finish();
}

criterion_group!(render, benches);
criterion_main!(render);
