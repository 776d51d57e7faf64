#!/usr/bin/env bash
# Benchmark: the same puzzles solved natively (the CLI) and in WebAssembly (the optimised module the
# page uses, run by Node's V8 — Chromium's engine), side by side in one run, with the ratio.
# Usage: scripts/bench-wasm.sh [repetitions]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
cargo build --release --quiet
wasm-pack --log-level warn build --release --no-opt --target nodejs --out-dir target/wasm-node --out-name solvescope --no-pack
node_modules/.bin/wasm-opt -O3 --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-multivalue --enable-mutable-globals \
  target/wasm-node/solvescope_bg.wasm -o target/wasm-node/solvescope_bg.wasm
node benches/wasm.mjs "${1:-7}"
