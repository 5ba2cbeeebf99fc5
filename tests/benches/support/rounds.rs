//! Interleaved rounds: every round times one batch of each function back to back,
//! in rotating order, and a ratio is the median of the per-round ratios, so slow
//! phases of a shared machine cancel out.
//!
//! Criterion (`render.rs`) measures each function in its own time window; on a
//! shared or throttled machine the windows see different conditions and the ratios
//! of their means drift by tens of percent between runs.

use std::time::{Duration, Instant};

/// A function under measurement and the batch size that makes one batch last long
/// enough to time.
pub(crate) struct Candidate<'a> {
    name: &'static str,
    run: Box<dyn FnMut() + 'a>,
    iterations: u32,
    samples: Vec<f64>,
}

impl<'a> Candidate<'a> {
    pub(crate) fn new(name: &'static str, run: impl FnMut() + 'a) -> Self {
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

/// How long a run is: `cargo bench` passes `--bench` (201 rounds of ~2 ms
/// batches, `ROUNDS=n` to change the count); without it, as under
/// `cargo test --benches`, one quick round.
pub(crate) struct Settings {
    pub(crate) rounds: usize,
    pub(crate) batch: Duration,
}

impl Settings {
    pub(crate) fn from_args() -> Settings {
        let full = std::env::args().any(|arg| arg == "--bench");
        let rounds = match std::env::var("ROUNDS") {
            Ok(text) => text.parse().unwrap_or(201),
            Err(_) if full => 201,
            Err(_) => 1,
        };
        let batch = if full {
            Duration::from_millis(2)
        } else {
            Duration::from_micros(50)
        };
        Settings { rounds, batch }
    }
}

/// Calibrates every candidate, then runs the rounds. `ONLY=text` keeps only the
/// candidates whose name contains `text` (to profile one of them).
pub(crate) fn run(candidates: &mut Vec<Candidate<'_>>, settings: &Settings) {
    if let Ok(only) = std::env::var("ONLY") {
        candidates.retain(|candidate| candidate.name.contains(&only));
    }
    // `ITERATIONS=n`: batches of exactly `n` calls, for counting instructions per
    // call under a profiler (whose slowness would throw the calibration off).
    let fixed = std::env::var("ITERATIONS")
        .ok()
        .and_then(|n| n.parse().ok());
    for candidate in candidates.iter_mut() {
        match fixed {
            Some(iterations) => candidate.iterations = iterations,
            None => candidate.calibrate(settings.batch),
        }
    }
    let count = candidates.len();
    for round in 0..settings.rounds {
        for offset in 0..count {
            let candidate = &mut candidates[(round + offset) % count];
            let nanos = candidate.batch();
            candidate.samples.push(nanos);
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

/// Median, p10 and p90 of each candidate's time per call.
pub(crate) fn print_times(candidates: &[Candidate<'_>], settings: &Settings) {
    println!(
        "{} interleaved rounds of ~{:?} batches per function\n",
        settings.rounds, settings.batch
    );
    println!(
        "{:<36} {:>12} {:>12} {:>12}",
        "function", "median ns", "p10", "p90"
    );
    for candidate in candidates {
        let samples = sorted(candidate.samples.clone());
        println!(
            "{:<36} {:>12.0} {:>12.0} {:>12.0}",
            candidate.name,
            quantile(&samples, 0.5),
            quantile(&samples, 0.1),
            quantile(&samples, 0.9)
        );
    }
}

/// One ratio to report: `top`'s time over `bottom`'s, per round.
pub(crate) struct Ratio {
    pub(crate) top: &'static str,
    pub(crate) bottom: &'static str,
    pub(crate) label: &'static str,
    pub(crate) target: &'static str,
}

/// Median, p10 and p90 of the per-round ratios.
pub(crate) fn print_ratios(candidates: &[Candidate<'_>], ratios: &[Ratio]) {
    println!(
        "\n{:<40} {:>8} {:>8} {:>8} {:>8}",
        "ratio", "median", "p10", "p90", "guard"
    );
    let find = |name: &str| candidates.iter().find(|c| c.name == name);
    for ratio in ratios {
        let (Some(top), Some(bottom)) = (find(ratio.top), find(ratio.bottom)) else {
            continue;
        };
        let per_round = sorted(
            top.samples
                .iter()
                .zip(&bottom.samples)
                .map(|(t, b)| t / b)
                .collect(),
        );
        println!(
            "{:<40} {:>8.3} {:>8.3} {:>8.3} {:>8}",
            ratio.label,
            quantile(&per_round, 0.5),
            quantile(&per_round, 0.1),
            quantile(&per_round, 0.9),
            ratio.target
        );
    }
}
