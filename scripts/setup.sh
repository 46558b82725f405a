#!/usr/bin/env bash
# The one install step on a fresh clone: Node 24 (when the machine has another Node),
# Chromium for the sandbox's real PDFs (when missing), and the dev dependencies (npm ci).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bash scripts/ensure-system-packages.sh
bash scripts/toolchain.sh npm ci --no-audit --no-fund
bash scripts/toolchain.sh bash scripts/e2e-install.sh
echo "setup: done. Next: npm run demo (renders PDFs in a real n8n into demo-output/) or npm test."
