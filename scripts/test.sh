#!/usr/bin/env bash
# `npm test`: build, lint, type-check, then every test layer (unit, sandbox contract,
# n8n engine, end-to-end in a real n8n) in one run of Node's test runner.
# Runs under Node 24 (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bash scripts/ensure-system-packages.sh
bash scripts/e2e-install.sh
npm run --silent build:node24
ESLINT_USE_FLAT_CONFIG=false eslint nodes credentials package.json
tsc -p tsconfig.test.json
node --import tsx --test --test-concurrency=2 \
  'test/unit/**/*.test.ts' \
  'test/api/**/*.test.ts' \
  'test/engine/**/*.test.ts' \
  'test/e2e/**/*.test.ts'
