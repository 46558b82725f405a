#!/usr/bin/env bash
# The one install step on a fresh clone: Node 24 (when the machine has another Node),
# Chromium for the sandbox's real PDFs (when missing), and the dev dependencies (npm ci).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bash scripts/ensure-chromium.sh
bash scripts/toolchain.sh npm ci --no-audit --no-fund
echo "setup: done. Next: npm run sandbox (a local pdf noodle API) or npm test."
