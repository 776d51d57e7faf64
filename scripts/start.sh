#!/usr/bin/env bash
# `npm start`: set up what the playground needs, build the solver, serve the page.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --no-browser
bash scripts/build-wasm.sh
echo "Solvescope: open the address Vite prints below (Ctrl+C stops it)." >&2
exec node_modules/.bin/vite --open=false "$@"
