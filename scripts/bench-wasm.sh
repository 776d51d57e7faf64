#!/usr/bin/env bash
# Benchmark: the same puzzles solved natively (the CLI) and in WebAssembly (the optimised module the
# page uses, run by Node's V8 — Chromium's engine), side by side in one run, with the ratio.
# Usage: scripts/bench-wasm.sh [repetitions]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
cargo build --release --quiet
# The very module the page loads (www/pkg, optimised), so the figures are the page's.
bash scripts/build-wasm.sh
node benches/wasm.mjs "${1:-7}"
