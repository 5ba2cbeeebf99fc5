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
use std::time::{Duration, Instant};

mod support;

use support::Fixture;

/// A function under measurement and the batch size that makes one batch last long
/// enough to time.
struct Candidate<'a> {
    name: &'static str,
    run: Box<dyn FnMut() + 'a>,
    iterations: u32,
    samples: Vec<f64>,
}

impl<'a> Candidate<'a> {
    fn new(name: &'static str, run: impl FnMut() + 'a) -> Self {
        Candidate {
            name,
            run: Box::new(run),
            iterations: 1,
            samples: Vec::new(),
        }
    }

    /// Nanoseconds per call over one batch.
    fn batch(&mut self) -> f64 {
        let start = Instant::now();
        for _ in 0..self.iterations {
            (self.run)();
        }
        start.elapsed().as_nanos() as f64 / f64::from(self.iterations)
    }

    fn calibrate(&mut self, target: Duration) {
        while self.iterations < 1 << 24 {
            let start = Instant::now();
            for _ in 0..self.iterations {
                (self.run)();
            }
            if start.elapsed() >= target {
                return;
            }
            self.iterations *= 2;
        }
    }
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn sorted(mut values: Vec<f64>) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    values
}

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let rounds: usize = match std::env::var("ROUNDS") {
        Ok(text) => text.parse().unwrap_or(201),
        Err(_) if full => 201,
        Err(_) => 1,
    };

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

    let batch = if full {
        Duration::from_millis(2)
    } else {
        Duration::from_micros(50)
    };
    for candidate in &mut candidates {
        candidate.calibrate(batch);
    }
    let count = candidates.len();
    for round in 0..rounds {
        for offset in 0..count {
            let candidate = &mut candidates[(round + offset) % count];
            let nanos = candidate.batch();
            candidate.samples.push(nanos);
        }
    }

    println!("{rounds} interleaved rounds of ~{batch:?} batches per function\n");
    println!(
        "{:<28} {:>12} {:>12} {:>12}",
        "function", "median ns", "p10", "p90"
    );
    for candidate in &candidates {
        let samples = sorted(candidate.samples.clone());
        println!(
            "{:<28} {:>12.0} {:>12.0} {:>12.0}",
            candidate.name,
            quantile(&samples, 0.5),
            quantile(&samples, 0.1),
            quantile(&samples, 0.9)
        );
    }

    // (numerator, denominator, what the ratio means, target)
    let comparisons = [
        (
            "(a) json!/native",
            "native/string",
            "native: speed-up over (a)",
            ">= 2.5",
        ),
        (
            "native/string",
            "(b) struct/native/string",
            "native/string: time / (b)",
            "<= 1.0",
        ),
        (
            "native/reused",
            "(b) struct/native/reused",
            "native/reused: time / (b)",
            "<= 1.0",
        ),
        (
            "(a) json!/jsonrpc",
            "jsonrpc/string",
            "jsonrpc: speed-up over (a)",
            "-",
        ),
        (
            "jsonrpc/string",
            "(b) struct/jsonrpc/string",
            "jsonrpc/string: time / (b)",
            "-",
        ),
        (
            "jsonrpc/reused",
            "(b) struct/jsonrpc/reused",
            "jsonrpc/reused: time / (b)",
            "-",
        ),
    ];
    println!(
        "\n{:<30} {:>8} {:>8} {:>8} {:>8}",
        "ratio", "median", "p10", "p90", "target"
    );
    let find = |name: &str| candidates.iter().find(|c| c.name == name);
    for (top, bottom, label, target) in comparisons {
        let (Some(top), Some(bottom)) = (find(top), find(bottom)) else {
            continue;
        };
        let ratios = sorted(
            top.samples
                .iter()
                .zip(&bottom.samples)
                .map(|(t, b)| t / b)
                .collect(),
        );
        println!(
            "{label:<30} {:>8.2} {:>8.2} {:>8.2} {target:>8}",
            quantile(&ratios, 0.5),
            quantile(&ratios, 0.1),
            quantile(&ratios, 0.9)
        );
    }
}
