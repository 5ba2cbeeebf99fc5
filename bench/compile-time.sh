#!/usr/bin/env bash
# Compile-time cost of #[derive(ToolError)] beside thiserror, measured in one run.
#
#   bench/compile-time.sh [runs] [sizes]      defaults: 5 runs, sizes "250 1000 2000"
#
# For each size N it generates three crates with an N-variant enum (see bench/gen.py;
# SHAPES=k varies the field types over k combinations, default 1; 0: all distinct;
# FIELD_NAMES=distinct gives every variant field names of its own):
# thiserror only, thiserror + the derive, thiserror + a hand-written ToolError impl.
# Dependencies are built first; each timed run touches the crate's lib.rs and runs
# `cargo build` of that crate alone (debug, CARGO_INCREMENTAL=0: an incremental
# rebuild of an unchanged file would measure nothing). It prints the median CPU time
# (user + system, of cargo and the rustc it runs) of each and the ratios, then the
# clean build time of the two proc-macro crates. CPU time rather than wall time: on
# a shared 2-core machine, wall time swings with whatever else runs; `WALL=1` reports
# wall time instead.
set -euo pipefail
runs=${1:-5}
sizes=${2:-"250 1000 2000"}
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/target/compile-time"
rm -rf "$work"
mkdir -p "$work"
python3 "$root/bench/gen.py" "$work" "$root/runtime" "$sizes"
cd "$work"
export CARGO_INCREMENTAL=0 CARGO_TERM_COLOR=never

echo "== warming dependencies"
cargo build -q --workspace

# Runs a command and prints its cost in seconds: CPU time (user + system of it and its
# children) by default, wall time with WALL=1.
cost() {
  local out
  out=$(mktemp)
  /usr/bin/time -f "%e %U %S" -o "$out" "$@"
  if [[ ${WALL:-0} == 1 ]]; then awk '{print $1}' "$out"; else awk '{print $2 + $3}' "$out"; fi
  rm -f "$out"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
med() { printf '%s\n' "$@" | median; }

build_cost() {
  touch "$1/src/lib.rs"
  cost cargo build -q -p "$1"
}

# The three crates of one size are timed in turn within each run (rotating which goes
# first), so a slow phase of the machine hits all three; ratios are medians of the
# per-run ratios, times are medians of the runs.
printf '\n%-6s %12s %12s %12s %10s %10s\n' N thiserror derive handwritten derive/te derive/hand
declare -A derive_at
for n in $sizes; do
  te=() de=() hw=() r_te=() r_hw=()
  for run in $(seq "$runs"); do
    declare -A got=()
    order=(thiserror derive handwritten)
    for i in 0 1 2; do
      flavour=${order[$(( (i + run) % 3 ))]}
      got[$flavour]=$(build_cost "gen-$flavour-$n")
    done
    te+=("${got[thiserror]}") de+=("${got[derive]}") hw+=("${got[handwritten]}")
    r_te+=("$(echo "${got[derive]} / ${got[thiserror]}" | bc -l)")
    r_hw+=("$(echo "${got[derive]} / ${got[handwritten]}" | bc -l)")
    unset got
  done
  derive_at[$n]=$(med "${de[@]}")
  printf '%-6s %11.2fs %11.2fs %11.2fs %9.2fx %9.2fx\n' "$n" "$(med "${te[@]}")" \
    "${derive_at[$n]}" "$(med "${hw[@]}")" "$(med "${r_te[@]}")" "$(med "${r_hw[@]}")"
done
if [[ -n ${derive_at[1000]:-} && -n ${derive_at[2000]:-} ]]; then
  printf '\nderive N=2000 / N=1000: %.2fx\n' "$(echo "${derive_at[2000]} / ${derive_at[1000]}" | bc -l)"
fi

echo
echo "== proc-macro crates, clean build (syn and friends prebuilt), median of $runs"
for crate in thiserror-impl tool-error-macros; do
  samples=()
  for _ in $(seq "$runs"); do
    cargo clean -q -p "$crate"
    samples+=("$(cost cargo build -q -p "$crate")")
  done
  printf '%-18s %6.2fs\n' "$crate" "$(med "${samples[@]}")"
done
echo
echo "== syn features each proc-macro crate asks for (cargo unifies them in a build)"
registry=$(dirname "$(cargo metadata -q --format-version 1 | python3 -c '
import json, sys
for p in json.load(sys.stdin)["packages"]:
    if p["name"] == "thiserror-impl":
        print(p["manifest_path"])')")
printf '%-18s %s\n' tool-error-macros "$(grep -o 'syn = .*' "$root/macros/Cargo.toml")"
printf '%-18s %s\n' thiserror-impl \
  "$(awk '/^\[dependencies.syn\]/{on=1;next} /^\[/{on=0} on' "$registry/Cargo.toml" | tr '\n' ' ')"
