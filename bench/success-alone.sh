#!/usr/bin/env bash
# The success benchmark (tests/benches/success.rs) with tool-error's `rmcp` feature
# alone: no `jsonschema` (so no schema check), no `metrics`, no `tracing` beyond what
# `rmcp` turns on. The workspace's own run compiles every feature in, since its
# tests package enables them all.
#
#   bench/success-alone.sh [rounds]      default: 201 rounds
#
# It writes a package of its own under target/success-alone that builds the same
# benchmark file against tool-error with `features = ["rmcp"]`, with the
# workspace's lock file and release profile, into the workspace's target
# directory, so the dependencies the workspace's benchmarks built are reused.
set -euo pipefail
rounds=${1:-201}
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/target/success-alone"
mkdir -p "$work"
cat > "$work/Cargo.toml" <<EOF
[package]
name = "success-alone"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
tool-error = { path = "$root/runtime", features = ["rmcp"] }
rmcp = { version = "3.9", default-features = false, features = ["client", "transport-child-process", "transport-io", "server", "macros"] }
tokio = { version = "1.45", default-features = false, features = ["rt-multi-thread", "macros", "process", "io-util", "time", "net"] }
serde = { version = "1.0.219", features = ["derive"] }
serde_json = "1.0.140"
thiserror = "2.0.12"
schemars = { version = "1", features = ["derive"] }
# Only for the file's RECORDER=prometheus switch; with tool-error's metrics
# feature off, nothing records.
metrics-exporter-prometheus = { version = "0.18", default-features = false }
# Only for the file's TRACEPARENT switch (a propagator installed).
opentelemetry = { version = "0.33", default-features = false, features = ["trace"] }
opentelemetry_sdk = { version = "0.33", default-features = false, features = ["trace"] }

[[bench]]
name = "success"
path = "$root/tests/benches/success.rs"
harness = false

[profile.release]
lto = "thin"
codegen-units = 1
debug = "line-tables-only"

[profile.bench]
inherits = "release"
EOF
cp "$root/Cargo.lock" "$work/Cargo.lock"
CARGO_TARGET_DIR="$root/target" ROUNDS="$rounds" \
    cargo bench -q --manifest-path "$work/Cargo.toml" --bench success
