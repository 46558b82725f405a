#!/usr/bin/env bash
# Jest, with Node's VM modules on: test/support/pdf.ts reads PDFs with pdfjs-dist, which is
# published as ESM only and loads through Jest's ESM support. Jest's workers inherit the flags.
# Usage: bash scripts/jest.sh [jest arguments], e.g. --selectProjects unit --watch
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec node --experimental-vm-modules --disable-warning=ExperimentalWarning "$root/node_modules/jest/bin/jest.js" --config "$root/jest.config.js" "$@"
