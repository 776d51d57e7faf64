#!/usr/bin/env bash
# Builds the wasm modules the page and the package import (www/pkg), optimised with the npm binaryen's wasm-opt.
# Debian's wasm-opt is never used (it corrupts wasm-bindgen output; see Cargo.toml).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# One puzzle per module for the page (www/pkg/<puzzle>/solvescope_<puzzle>.js and _bg.wasm; each
# view's worker loads only its own),
# and every puzzle in one module for the JavaScript package (www/pkg/, scripts/package.mjs). The
# page's worker is typed by the one-puzzle modules' own .d.ts files. The per-puzzle builds differ only in cargo features (see
# Cargo.toml's [features]); they share target/, so after the first only the final link is rebuilt.
# The list is the registry's (src/puzzles/mod.rs), as `cargo test` writes it to www/generated/.
PUZZLES=$(node -p "require('./www/generated/puzzles.json').join(' ')")

# --no-opt: wasm-pack would pick up any wasm-opt on PATH, and Debian's is broken; we run our own below.
# The generated .d.ts lets tsc check the worker against the module's real exports.
# opt-level "s" for the page's module only (the native CLI keeps the release profile's 3): 589 KB ->
# 540 KB after wasm-opt, and no slower in an A/B run (count n = 14 on one worker 140 ms both,
# repair n = 10^6 187-231 ms against 201-330 ms, load average 3-5; BENCHMARKS.md).
# --converge repeats -O3's passes until the module stops shrinking (the same optimisations, run
# again): 400 bytes off the Hashiwokakero module, which sits at issue 11's 400,000 B target.
build() { # out-dir name [cargo args...]
  local out=$1 name=$2
  shift 2
  CARGO_PROFILE_RELEASE_OPT_LEVEL=s \
    wasm-pack --log-level warn build --release --no-opt --target web --out-dir "$out" --out-name "$name" --no-pack -- "$@"
  test -f "$out/${name}_bg.wasm" || { echo "wasm build failed ($out)" >&2; exit 1; }

  local opt=node_modules/.bin/wasm-opt
  if [ -x "$opt" ]; then
    "$opt" -O3 --converge --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-multivalue --enable-mutable-globals \
      "$out/${name}_bg.wasm" -o "$out/${name}_bg.opt.wasm"
    mv "$out/${name}_bg.opt.wasm" "$out/${name}_bg.wasm"
  fi
}

# Every puzzle's directory is made afresh, so a puzzle dropped from the list leaves nothing behind.
rm -rf www/pkg
build www/pkg solvescope
for p in $PUZZLES; do
  build "www/pkg/$p" "solvescope_$p" --no-default-features --features "$p"
done
