//! Render-time ratios against the hand-written baselines, measured interleaved.
//!
//! Criterion (`render.rs`) measures each function in its own time window; on a
//! shared or throttled machine the windows see different conditions and the ratios
//! of their means drift by tens of percent between runs. Here every round times one
//! batch of each function back to back, in rotating order, and a ratio is the median
//! of the per-round ratios, so slow phases of the machine cancel out.
//!
//! `cargo bench -p tool-error-tests --bench ratios` (`ROUNDS=n` to change the 201
//! rounds; without `--bench`, as under `cargo test --benches`, one quick round).

use std::hint::black_box;

#[path = "support/rounds.rs"]
mod rounds;
mod support;

use rounds::{Candidate, Ratio, Settings};
use support::Fixture;

fn main() {
    let settings = Settings::from_args();
    let fixture = Fixture::new();
    fixture.check();
    let error = &fixture.error;
    let f = &fixture;
    let mut buffers: Vec<Vec<u8>> = (0..4).map(|_| Vec::with_capacity(1024)).collect();
    let [native_buf, jsonrpc_buf, struct_buf, struct_rpc_buf] = &mut buffers[..] else {
        return;
    };

    let mut candidates = vec![
        Candidate::new("native/string", || {
            black_box(f.native_string(black_box(error)));
        }),
        Candidate::new("native/reused", || {
            native_buf.clear();
            f.native_into(black_box(error), native_buf);
            black_box(&native_buf);
        }),
        Candidate::new("jsonrpc/string", || {
            black_box(f.jsonrpc_string(black_box(error)));
        }),
        Candidate::new("jsonrpc/reused", || {
            jsonrpc_buf.clear();
            f.jsonrpc_into(black_box(error), jsonrpc_buf);
            black_box(&jsonrpc_buf);
        }),
        Candidate::new("(a) json!/native", || {
            black_box(black_box(f).json_macro());
        }),
        Candidate::new("(a) json!/jsonrpc", || {
            black_box(black_box(f).json_macro_jsonrpc());
        }),
        Candidate::new("(b) struct/native/string", || {
            black_box(black_box(f).serde_struct_string());
        }),
        Candidate::new("(b) struct/native/reused", || {
            struct_buf.clear();
            black_box(f).serde_struct_into(struct_buf);
            black_box(&struct_buf);
        }),
        Candidate::new("(b) struct/jsonrpc/string", || {
            black_box(black_box(f).serde_struct_jsonrpc_string());
        }),
        Candidate::new("(b) struct/jsonrpc/reused", || {
            struct_rpc_buf.clear();
            black_box(f).serde_struct_jsonrpc_into(struct_rpc_buf);
            black_box(&struct_rpc_buf);
        }),
    ];

    rounds::run(&mut candidates, &settings);
    rounds::print_times(&candidates, &settings);
    rounds::print_ratios(
        &candidates,
        &[
            Ratio {
                top: "(a) json!/native",
                bottom: "native/string",
                label: "native: speed-up over (a)",
                target: ">= 1.2",
            },
            Ratio {
                top: "native/string",
                bottom: "(b) struct/native/string",
                label: "native/string: time / (b)",
                target: "-",
            },
            Ratio {
                top: "native/reused",
                bottom: "(b) struct/native/reused",
                label: "native/reused: time / (b)",
                target: "-",
            },
            Ratio {
                top: "(a) json!/jsonrpc",
                bottom: "jsonrpc/string",
                label: "jsonrpc: speed-up over (a)",
                target: "-",
            },
            Ratio {
                top: "jsonrpc/string",
                bottom: "(b) struct/jsonrpc/string",
                label: "jsonrpc/string: time / (b)",
                target: "-",
            },
            Ratio {
                top: "jsonrpc/reused",
                bottom: "(b) struct/jsonrpc/reused",
                label: "jsonrpc/reused: time / (b)",
                target: "-",
            },
        ],
    );
}
