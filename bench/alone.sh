#!/usr/bin/env bash
# A benchmark of tests/benches/ built against tool-error with only the features it
# measures, as a server that turns on just those builds it. The workspace's own
# runs compile every feature in, since its tests package enables them all; with
# `metrics` among them, each conversion also counts its error through the
# `metrics` facade, which a hand-written side never does.
#
#   bench/alone.sh success [rounds]       the `rmcp` feature alone: no `jsonschema`
#                                         (so no schema check), no `metrics`
#   bench/alone.sh conversions [rounds]   the three integrations (`rmcp`,
#                                         `jsonrpsee`, `axum`) and nothing else
#
# Default: 201 rounds. The benchmark's own switches (PHASE, ONLY, RECORDER, ...)
# pass through the environment.
#
# It writes a package of its own under target/alone-<bench> that builds the same
# benchmark file, with the workspace's lock file and release profile, into the
# workspace's target directory, so the dependencies the workspace's benchmarks
# built are reused.
set -euo pipefail
bench=${1:?"which benchmark: success or conversions"}
rounds=${2:-201}
root=$(cd "$(dirname "$0")/.." && pwd)
case "$bench" in
    success)
        features='"rmcp"'
        dependencies='rmcp = { version = "3.9", default-features = false, features = ["client", "transport-child-process", "transport-io", "server", "macros"] }
tokio = { version = "1.45", default-features = false, features = ["rt-multi-thread", "macros", "process", "io-util", "time", "net"] }
serde = { version = "1.0.219", features = ["derive"] }
serde_json = "1.0.140"
thiserror = "2.0.12"
schemars = { version = "1", features = ["derive"] }
# Only for the file'"'"'s RECORDER=prometheus switch; with tool-error'"'"'s metrics
# feature off, nothing records.
metrics-exporter-prometheus = { version = "0.18", default-features = false }
# Only for the file'"'"'s TRACEPARENT switch (a propagator installed).
opentelemetry = { version = "0.33", default-features = false, features = ["trace"] }
opentelemetry_sdk = { version = "0.33", default-features = false, features = ["trace"] }'
        ;;
    conversions)
        features='"rmcp", "jsonrpsee", "axum"'
        dependencies='rmcp = { version = "3.9", default-features = false, features = ["server"] }
jsonrpsee-types = "0.26"
axum = { version = "0.8.9", default-features = false }
axum-core = "0.5"
http = "1"
tokio = { version = "1.45", default-features = false, features = ["rt"] }
serde = { version = "1.0.219", features = ["derive"] }
serde_json = "1.0.140"
humantime = "2.2"
thiserror = "2.0.12"
tracing = { version = "0.1.41", default-features = false, features = ["std"] }
tracing-subscriber = { version = "0.3.19", default-features = false, features = ["std", "registry", "fmt"] }'
        ;;
    *)
        echo "unknown benchmark '$bench': success or conversions" >&2
        exit 2
        ;;
esac
work="$root/target/alone-$bench"
mkdir -p "$work"
cat > "$work/Cargo.toml" <<EOF
[package]
name = "alone-$bench"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
tool-error = { path = "$root/runtime", features = [$features] }
$dependencies

[[bench]]
name = "$bench"
path = "$root/tests/benches/$bench.rs"
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
    cargo bench -q --manifest-path "$work/Cargo.toml" --bench "$bench"
