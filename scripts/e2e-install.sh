#!/usr/bin/env bash
# Installs the pinned n8n of the end-to-end tests, the demo and `npm run dev` (once; again
# only when test/e2e/package.json changes). It is about 2.8 GB and 4 minutes, so it lives in a
# cache outside the checkout (PDF_NOODLE_CACHE, default ~/.cache/n8n-nodes-pdf-noodle), shared
# by every clone on the machine; test/e2e/node_modules is a link to it.
#
# n8n 2.40.7 installs here with Node 24 as follows: `xlsx` and `linkedom` are overridden to
# versions the registry has (package.json), install scripts are skipped (the Kafka client's
# native build downloads sources and fails; isolated-vm ships prebuilt binaries), and only
# sqlite3 is built afterwards.
# Runs under Node 24 (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
e2e="$root/test/e2e"

# What is installed is known by the hash of package.json (the pinned n8n and the overrides)
# and the Node version.
key="$(cat "$e2e/package.json" <(node --version) | sha256sum | cut -c1-16)"
cache="${PDF_NOODLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-pdf-noodle}/n8n-$key"

if [ ! -x "$cache/node_modules/.bin/n8n" ] || [ ! -f "$cache/.installed" ]; then
  echo "e2e: installing n8n $(node -p "require('$e2e/package.json').dependencies.n8n") into $cache (a few minutes, once per machine)" >&2
  rm -rf "$cache"
  mkdir -p "$cache"
  cp "$e2e/package.json" "$e2e/package-lock.json" "$cache/"
  # `npm install` with the lockfile, not `npm ci`: npm finds n8n's lockfile out of sync for
  # optional packages of other platforms (msgpackr-extract) and refuses `npm ci`.
  (cd "$cache" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2 \
    && npm rebuild sqlite3 --loglevel=error >&2)
  touch "$cache/.installed"
fi

# The checkout's test/e2e/node_modules points at the cache (an earlier in-place install is replaced).
if [ "$(readlink "$e2e/node_modules" 2>/dev/null)" != "$cache/node_modules" ]; then
  rm -rf "$e2e/node_modules"
  ln -s "$cache/node_modules" "$e2e/node_modules"
fi
