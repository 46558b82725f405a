#!/usr/bin/env bash
# Installs a pinned n8n of the end-to-end tests, the demo and `npm run dev` (once; again only
# when its package.json or the Node version changes). It is about 2 to 3 GB and 4 to 8 minutes,
# so it lives in a cache outside the checkout (PDF_NOODLE_CACHE, default
# ~/.cache/n8n-nodes-pdf-noodle), shared by every clone on the machine; the pin folder's
# node_modules is a link to it.
#
# Usage: bash scripts/e2e-install.sh [pin folder]
#   test/e2e       (default) n8n 2.40.7, run under Node 24 (scripts/toolchain.sh);
#   test/e2e/n8n1  n8n 1.123.81, run under Node 22 (PDF_NOODLE_NODE_MAJOR=22 scripts/toolchain.sh).
# The native addons are built for the Node this runs under, the one that n8n then runs on.
#
# Both install here as follows: `xlsx` (and for 2.x `linkedom`) are overridden to versions the
# registry has (n8n's own xlsx is a tarball from a host this machine cannot reach), install
# scripts are skipped (the Kafka client's native build downloads sources and fails;
# isolated-vm, which runs n8n's expressions in both, ships prebuilt binaries for the Node each
# runs on: 6.x of n8n 1.x for Node 22, 7.x of n8n 2.x for Node 24), and only sqlite3 is built
# afterwards (about 2 minutes).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pin="$(cd "$root/${1:-test/e2e}" && pwd)"

# What is installed is known by the hash of package.json (the pinned n8n and the overrides)
# and the Node version.
key="$(cat "$pin/package.json" <(node --version) | sha256sum | cut -c1-16)"
cache="${PDF_NOODLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-pdf-noodle}/n8n-$key"

# One install at a time per cache: a second clone or worktree starting meanwhile waits for it
# instead of removing what the first is writing.
mkdir -p "$(dirname "$cache")"
exec 9>"$cache.lock"
flock 9

if [ ! -x "$cache/node_modules/.bin/n8n" ] || [ ! -f "$cache/.installed" ]; then
  echo "e2e: installing n8n $(node -p "require('$pin/package.json').dependencies.n8n") for Node $(node --version) into $cache (a few minutes, once per machine)" >&2
  rm -rf "$cache"
  mkdir -p "$cache"
  cp "$pin/package.json" "$pin/package-lock.json" "$cache/"
  # `npm install` with the lockfile, not `npm ci`: npm finds n8n's lockfile out of sync for
  # optional packages of other platforms (msgpackr-extract) and refuses `npm ci`.
  (cd "$cache" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2 \
    && npm rebuild sqlite3 --loglevel=error >&2)
  touch "$cache/.installed"
fi

# The checkout's link to the cache (an earlier in-place install is replaced).
if [ "$(readlink "$pin/node_modules" 2>/dev/null)" != "$cache/node_modules" ]; then
  rm -rf "$pin/node_modules"
  ln -s "$cache/node_modules" "$pin/node_modules"
fi
