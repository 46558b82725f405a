#!/usr/bin/env bash
# Installs the pinned n8n of the end-to-end tests into test/e2e/ (once; again only when its
# lockfile changes). n8n 2.40.7 installs here with Node 24 as follows: `xlsx` and `linkedom`
# are overridden to versions the registry has (package.json), install scripts are skipped
# (the Kafka client's native build downloads sources and fails; isolated-vm ships prebuilt
# binaries), and only sqlite3 is built afterwards. About 4 minutes and 2.8 GB.
# Runs under Node 24 (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root/test/e2e"

stamp="node_modules/.installed-lock-sha"
wanted="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ -x node_modules/.bin/n8n ] && [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ]; then
  exit 0
fi

echo "e2e: installing n8n $(node -p 'require("./package.json").dependencies.n8n') into test/e2e (a few minutes, once)" >&2
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2
npm rebuild sqlite3 --loglevel=error >&2
echo "$wanted" > "$stamp"
