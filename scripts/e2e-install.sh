#!/usr/bin/env bash
# Installs the pinned n8n of the end-to-end tests into test/e2e/ (once; again only when its
# package.json changes). n8n 2.40.7 installs here with Node 24 as follows: `xlsx` and `linkedom`
# are overridden to versions the registry has (package.json), install scripts are skipped
# (the Kafka client's native build downloads sources and fails; isolated-vm ships prebuilt
# binaries), and only sqlite3 is built afterwards. About 4 minutes and 2.8 GB.
# Runs under Node 24 (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root/test/e2e"

# What is installed is known by the hash of package.json (the pinned n8n and the overrides).
stamp="node_modules/.installed-package-sha"
wanted="$(sha256sum package.json | cut -d' ' -f1)"
if [ -x node_modules/.bin/n8n ] && [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ]; then
  exit 0
fi

echo "e2e: installing n8n $(node -p 'require("./package.json").dependencies.n8n') into test/e2e (a few minutes, once)" >&2
# `npm install` with the lockfile, not `npm ci`: npm finds n8n's lockfile out of sync for
# optional packages of other platforms (msgpackr-extract) and refuses `npm ci`.
npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2
npm rebuild sqlite3 --loglevel=error >&2
echo "$wanted" > "$stamp"
