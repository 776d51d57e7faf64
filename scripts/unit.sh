#!/usr/bin/env bash
# Unit tests of the page's pure modules (reducers, player, text helpers) with `node --test`:
# compiles them with tsconfig.unit.json to build/unit, then runs tests/unit/*.test.mjs.
# The trace replay test needs the wasm package (bash scripts/build-wasm.sh) in www/pkg.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf build/unit
node_modules/.bin/tsc -p tsconfig.unit.json
node --import ./tests/unit/register.mjs --test --test-concurrency=1 tests/unit/
