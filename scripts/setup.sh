#!/usr/bin/env bash
# Installs everything Solvescope needs on a fresh machine with Rust and Node, and nothing twice.
# Every step checks first, so a second run takes a second or two. Nothing is downloaded from
# outside the package registries (crates.io, npm, Debian): wasm-pack and wasm-bindgen are built
# with cargo, the browser comes from Debian's chromium packages.
#
# Usage: scripts/setup.sh [--no-browser]   (the playground alone does not need Chromium)
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=1
[ "${1:-}" = "--no-browser" ] && want_browser=0

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*" >&2; }
export PATH="$HOME/.cargo/bin:$PATH"

# 1. The wasm target.
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 1b. rustfmt and clippy, for the habits `npm test` checks (installed with rustup like the target).
for component in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

# 2. wasm-pack (no prebuilt download is reachable here, so build it).
if ! command -v wasm-pack >/dev/null 2>&1; then
  say "building wasm-pack with cargo (about 4 minutes, once)"
  cargo install wasm-pack --locked
fi

# 3. The wasm-bindgen CLI at exactly the version in Cargo.lock (a mismatch breaks the build).
lock_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have_version=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ -n "$lock_version" ] && [ "$have_version" != "$lock_version" ]; then
  say "building wasm-bindgen-cli $lock_version with cargo (about 5 minutes, once)"
  # Not --locked: the CLI's own lock file pins a webpki-roots release the registry no longer serves.
  cargo install wasm-bindgen-cli --version "$lock_version"
fi

# 4. Chromium and its driver, from Debian (for wasm-pack test and the end-to-end tests).
if [ "$want_browser" = 1 ]; then
  if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    say "installing Debian's chromium and chromium-driver"
    sudo_cmd=""
    [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
fi

# 5. npm packages, reinstalled only when package-lock.json changed since the last install.
stamp=node_modules/.solvescope-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  say "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
