//! Render speed against what servers write by hand today (criterion: absolute
//! times). The error and the baselines are in `support`; `ratios.rs` measures the
//! same functions interleaved, for ratios that survive a noisy machine.
//!
//! `cargo bench -p tool-error-tests --bench render`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tool_error::{StaticCatalog, ToolError};

mod support;

use support::{Fixture, MediaError};

fn benches(c: &mut Criterion) {
    let fixture = Fixture::new();
    fixture.check();
    let error = &fixture.error;
    let mut buffer = Vec::with_capacity(1024);

    let mut group = c.benchmark_group("render");
    group.bench_function("native/string", |b| {
        b.iter(|| fixture.native_string(black_box(error)))
    });
    group.bench_function("native/reused", |b| {
        b.iter(|| {
            buffer.clear();
            fixture.native_into(black_box(error), &mut buffer);
        })
    });
    group.bench_function("jsonrpc/string", |b| {
        b.iter(|| fixture.jsonrpc_string(black_box(error)))
    });
    group.bench_function("jsonrpc/reused", |b| {
        b.iter(|| {
            buffer.clear();
            fixture.jsonrpc_into(black_box(error), &mut buffer);
        })
    });
    group.bench_function("baseline/json_macro/native", |b| {
        b.iter(|| black_box(&fixture).json_macro())
    });
    group.bench_function("baseline/json_macro/jsonrpc", |b| {
        b.iter(|| black_box(&fixture).json_macro_jsonrpc())
    });
    group.bench_function("baseline/serde_struct/native/string", |b| {
        b.iter(|| black_box(&fixture).serde_struct_string())
    });
    group.bench_function("baseline/serde_struct/native/reused", |b| {
        b.iter(|| {
            buffer.clear();
            black_box(&fixture).serde_struct_into(&mut buffer);
        })
    });
    group.bench_function("baseline/serde_struct/jsonrpc/string", |b| {
        b.iter(|| black_box(&fixture).serde_struct_jsonrpc_string())
    });
    group.bench_function("baseline/serde_struct/jsonrpc/reused", |b| {
        b.iter(|| {
            buffer.clear();
            black_box(&fixture).serde_struct_jsonrpc_into(&mut buffer);
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
