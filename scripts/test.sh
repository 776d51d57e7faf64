#!/usr/bin/env bash
# `npm test`: set up everything, then run every check and test suite; fails if any part fails.
#   1. habits: cargo fmt --check, cargo clippy -D warnings, cargo doc with warnings denied
#   2. cargo test                     native unit, integration and doc tests (and that the
#                                     TypeScript types generated from Rust are up to date); with
#                                     --all-features, the unit tests and the conformance suite
#                                     again with the opt-in puzzles (never in the page)
#   3. wasm-pack test --headless --chrome   the wasm boundary in real Chromium
#   4. tsc --noEmit                   the page's types
#   5. unit tests (scripts/unit.sh)   the page's pure modules, and real traces replayed through them
#   6. the JavaScript package         pkg/ imported in Node and in Chromium outside the page, and
#                                     the two examples (examples/web, examples/node)
#   7. the end-to-end tests           the built page in headless Chromium (playwright-core)
#   8. fuzzing, opt-in (scripts/fuzz.sh)   each cargo-fuzz target SOLVESCOPE_FUZZ_SECONDS seconds,
#                                     the corpus kept between runs; off when the variable is unset
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"

step() { printf '\n\033[1;34m== %s ==\033[0m\n' "$*" >&2; }

step "cargo fmt --check, clippy, doc"
cargo fmt --check
cargo clippy --locked --all-targets -- -D warnings
# Every feature, so the opt-in puzzles (never in the page) are linted too.
cargo clippy --locked --all-targets --all-features -- -D warnings
cargo clippy --locked --lib --target wasm32-unknown-unknown -- -D warnings
# The page's one-puzzle modules (scripts/build-wasm.sh): each feature alone must build cleanly too.
for p in $(node -p "require('./www/generated/puzzles.json').join(' ')"); do
  cargo clippy --locked --lib --target wasm32-unknown-unknown --no-default-features --features "$p" -- -D warnings
done
RUSTDOCFLAGS="-D warnings" cargo doc --locked --no-deps --quiet

step "cargo test"
cargo test --release --locked
# The opt-in puzzles too: their own tests and the conformance suite, which iterates the registry.
cargo test --release --locked --all-features --lib --test conformance

step "wasm-pack test --headless --chrome"
# Debian's chromedriver and chromium; wasm-pack would otherwise try to download a driver.
CHROMEDRIVER=$(command -v chromedriver) wasm-pack test --headless --chrome --release -- --test web

step "build the page"
bash scripts/build-wasm.sh
node_modules/.bin/tsc --noEmit
node_modules/.bin/vite build --logLevel warn

step "unit tests of the page (node --test)"
bash scripts/unit.sh

step "the JavaScript package and its examples (node --test)"
node scripts/package.mjs
node --test --test-concurrency=1 tests/package/

step "end-to-end tests in headless Chromium"
node --test --test-concurrency=1 tests/e2e/

step "fuzzing (opt-in: SOLVESCOPE_FUZZ_SECONDS=${SOLVESCOPE_FUZZ_SECONDS:-unset})"
bash scripts/fuzz.sh
