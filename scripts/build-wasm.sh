#!/usr/bin/env bash
# Builds the wasm package the page imports (www/pkg), optimised with the npm binaryen's wasm-opt.
# Debian's wasm-opt is never used (it corrupts wasm-bindgen output; see Cargo.toml).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# --no-opt: wasm-pack would pick up any wasm-opt on PATH, and Debian's is broken; we run our own below.
# The generated .d.ts lets tsc check the worker against the module's real exports.
# opt-level "s" for the page's module only (the native CLI keeps the release profile's 3): 589 KB ->
# 540 KB after wasm-opt, and no slower in an A/B run (count n = 14 on one worker 140 ms both,
# repair n = 10^6 187-231 ms against 201-330 ms, load average 3-5; BENCHMARKS.md).
CARGO_PROFILE_RELEASE_OPT_LEVEL=s \
  wasm-pack --log-level warn build --release --no-opt --target web --out-dir www/pkg --out-name solvescope --no-pack
test -f www/pkg/solvescope_bg.wasm || { echo "wasm build failed" >&2; exit 1; }

opt=node_modules/.bin/wasm-opt
if [ -x "$opt" ]; then
  "$opt" -O3 --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-multivalue --enable-mutable-globals \
    www/pkg/solvescope_bg.wasm -o www/pkg/solvescope_bg.opt.wasm
  mv www/pkg/solvescope_bg.opt.wasm www/pkg/solvescope_bg.wasm
fi
