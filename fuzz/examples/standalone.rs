//! A seeded, reproducible stand-in for `cargo fuzz run` where libFuzzer is not
//! available: runs a target on random inputs and reports the first panic with the
//! seed and case number that reproduce it.
//!
//! ```text
//! cargo run --release --example standalone -- <derive_expand|client_parse|render> [--cases N] [--seed S] [--max-len BYTES]
//! cargo run --release --example standalone -- <target> --seed S --case K   # rerun one case
//! cargo run --release --example standalone -- <target> --input FILE        # one input file, e.g. a libFuzzer artifact
//! ```
//!
//! It is an example rather than a binary so that `cargo fuzz build`, which builds
//! every binary with coverage instrumentation, leaves it alone.

use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

type Target = fn(&[u8]);

const TARGETS: &[(&str, Target)] = &[
    ("derive_expand", tool_error_fuzz::derive_expand),
    ("client_parse", tool_error_fuzz::client_parse),
    ("render", tool_error_fuzz::render),
];

/// SplitMix64: a small, well-mixed generator, so every case is reproducible from
/// `(seed, case)` alone.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The input of case `case` under `seed`: mostly short, sometimes up to `max_len`.
fn input(seed: u64, case: u64, max_len: usize) -> Vec<u8> {
    let mut rng = Rng(seed ^ case.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let cap = match rng.next() % 8 {
        0..=4 => 64,
        5 | 6 => 512,
        _ => max_len,
    }
    .min(max_len);
    let len = (rng.next() % (cap as u64 + 1)) as usize;
    let mut data = Vec::with_capacity(len);
    while data.len() < len {
        data.extend_from_slice(&rng.next().to_le_bytes());
    }
    data.truncate(len);
    data
}

struct Args {
    target: Target,
    name: String,
    cases: u64,
    seed: u64,
    max_len: usize,
    case: Option<u64>,
    input: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let name = args.next().ok_or("name a target")?;
    let target = TARGETS
        .iter()
        .find(|(target, _)| *target == name)
        .map(|(_, run)| *run)
        .ok_or_else(|| format!("unknown target `{name}`"))?;
    let mut parsed = Args {
        target,
        name,
        cases: 100_000,
        seed: 1,
        max_len: 4096,
        case: None,
        input: None,
    };
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| format!("`{flag}` needs a value"))?;
        let number = || {
            value
                .replace('_', "")
                .parse::<u64>()
                .map_err(|e| format!("{flag}: {e}"))
        };
        match flag.as_str() {
            "--cases" => parsed.cases = number()?,
            "--seed" => parsed.seed = number()?,
            "--max-len" => parsed.max_len = number()? as usize,
            "--case" => parsed.case = Some(number()?),
            "--input" => parsed.input = Some(PathBuf::from(&value)),
            _ => return Err(format!("unknown flag `{flag}`")),
        }
    }
    Ok(parsed)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(problem) => {
            eprintln!(
                "{problem}\nusage: standalone <derive_expand|client_parse|render> [--cases N] [--seed S] [--max-len BYTES] [--case K] [--input FILE]"
            );
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.input {
        let data = match std::fs::read(path) {
            Ok(data) => data,
            Err(error) => {
                eprintln!("{}: {error}", path.display());
                return ExitCode::from(2);
            }
        };
        (args.target)(&data);
        println!(
            "{}: ran {} ({} bytes) without a panic",
            args.name,
            path.display(),
            data.len()
        );
        return ExitCode::SUCCESS;
    }
    let range = match args.case {
        Some(case) => case..case + 1,
        None => 0..args.cases,
    };
    let start = Instant::now();
    let mut ran = 0u64;
    for case in range {
        let data = input(args.seed, case, args.max_len);
        let result = panic::catch_unwind(AssertUnwindSafe(|| (args.target)(&data)));
        if result.is_err() {
            let path = PathBuf::from(format!(
                "artifacts/{}-seed{}-case{case}.bin",
                args.name, args.seed
            ));
            let saved = std::fs::create_dir_all("artifacts")
                .and_then(|()| std::fs::write(&path, &data))
                .map(|()| path.display().to_string())
                .unwrap_or_else(|error| format!("(not saved: {error})"));
            eprintln!(
                "\n{}: case {case} of seed {} panicked (input {} bytes, saved to {saved})\n\
                 reproduce: cargo run --release --example standalone -- {} --seed {} --case {case}",
                args.name,
                args.seed,
                data.len(),
                args.name,
                args.seed
            );
            return ExitCode::FAILURE;
        }
        ran += 1;
        if ran.is_multiple_of(100_000) {
            eprintln!("{}: {ran} cases, {:.0?}", args.name, start.elapsed());
        }
    }
    let elapsed = start.elapsed();
    println!(
        "{}: {ran} cases, seed {}, max input {} bytes, no panic, {:.1?} ({:.0} cases/s)",
        args.name,
        args.seed,
        args.max_len,
        elapsed,
        ran as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    ExitCode::SUCCESS
}
