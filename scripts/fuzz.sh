#!/usr/bin/env bash
# Fuzzing as a habit (docs/FUZZING.md §4): every cargo-fuzz target of fuzz/ for
# SOLVESCOPE_FUZZ_SECONDS seconds each, one after the other. Off unless that variable is set, so
# `npm test` (which calls this last) stays well inside CI's 90 minutes; with it, the run takes the
# first build of the targets (about 5 minutes on 2 cores) plus 5 x the seconds.
#
#   SOLVESCOPE_FUZZ_SECONDS=120 npm test        # or: SOLVESCOPE_FUZZ_SECONDS=120 bash scripts/fuzz.sh
#
# The corpus is kept between runs in SOLVESCOPE_FUZZ_CORPUS (default ~/.cache/solvescope/fuzz-corpus,
# outside the work tree, so a fresh clone on the same machine, as CI is, starts from what earlier
# runs learnt); fuzz/seeds/ is read as well, never written. An input that makes a target fail is
# copied to fuzz/regressions/TARGET/, where `cargo test --test fuzz_regressions` replays it, and
# the run fails: fix the bug, give the file a name saying what it found, and commit it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

seconds=${SOLVESCOPE_FUZZ_SECONDS:-}
if [ -z "$seconds" ] || [ "$seconds" = 0 ]; then
  echo "fuzz: skipped (set SOLVESCOPE_FUZZ_SECONDS to fuzz each target that many seconds)" >&2
  exit 0
fi
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -gt 3600 ]; then
  echo "fuzz: SOLVESCOPE_FUZZ_SECONDS must be a whole number of seconds from 1 to 3600, got '$seconds'" >&2
  exit 2
fi
corpus=${SOLVESCOPE_FUZZ_CORPUS:-$HOME/.cache/solvescope/fuzz-corpus}

# cargo-fuzz from crates.io, once; libFuzzer needs nightly features, which RUSTC_BOOTSTRAP allows
# on the stable toolchain.
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked
export RUSTC_BOOTSTRAP=1

targets=$(awk '/^\[\[bin\]\]/ { getline; gsub(/name = |"/, ""); print }' fuzz/Cargo.toml)
[ -n "$targets" ] || { echo "fuzz: no [[bin]] targets in fuzz/Cargo.toml" >&2; exit 1; }
logs=$(mktemp -d)
failed=""
for t in $targets; do
  mkdir -p "$corpus/$t"
  rm -rf "fuzz/artifacts/$t"
  before=$(find "$corpus/$t" -type f | wc -l)
  # -timeout: one input may take 10 s (wasm_args clamps its budgets far below); -rss_limit_mb
  # leaves room for the other work on a shared machine.
  if (cd fuzz && cargo fuzz run -O "$t" "$corpus/$t" "seeds/$t" -- \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1) >"$logs/$t.log" 2>&1; then
    status=ok
  else
    status=FAILED
    failed="$failed $t"
    mkdir -p "fuzz/regressions/$t"
    for f in fuzz/artifacts/"$t"/*; do
      [ -f "$f" ] && cp "$f" "fuzz/regressions/$t/" && echo "fuzz: $t: kept $(basename "$f") in fuzz/regressions/$t/" >&2
    done
    tail -40 "$logs/$t.log" >&2
  fi
  after=$(find "$corpus/$t" -type f | wc -l)
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$logs/$t.log" | grep -o '[0-9]*$' || echo '?')
  cov=$(grep -o 'cov: [0-9]*' "$logs/$t.log" | tail -1 | grep -o '[0-9]*' || echo '?')
  echo "fuzz: $t: $status, ${seconds} s, $runs executions, coverage $cov edges, corpus $before -> $after inputs" >&2
done
rm -rf "$logs"
if [ -n "$failed" ]; then
  echo "fuzz: failed:$failed (the inputs are in fuzz/regressions/)" >&2
  exit 1
fi
