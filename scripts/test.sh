#!/usr/bin/env bash
# `npm test`: set up what is missing (scripts/setup.sh), build, lint (nodes, credential,
# package.json, the GitHub workflows), type-check the tests, then every test layer on jest:
#   1. unit, the sandbox's contract (test/sandboxContract) and engine, with coverage of nodes/ and credentials/
#      (thresholds in jest.config.js fail the run; the report goes to coverage/);
#   2. end-to-end in a real n8n, one file at a time (they share the pinned n8n install): on
#      n8n 2.x (Node 24), the examples, trigger, pause and hardened files under n8n 3.x's
#      defaults (scripts/e2e-3x.sh --layer), then the same files on n8n 1.x (Node 22,
#      PDF_NOODLE_N8N=1);
#   3. n8n's editor in a headless Chromium (test/ui): the credential form, the node panel, the
#      template picker and variable mapper, a step executed, the trigger's URLs;
#   4. queue mode: PostgreSQL, Redis, a main, a webhook processor and two workers (test/queue).
# Runs under Node 24 (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bash scripts/setup.sh
npm run --silent build:node24
npm run --silent lint:node24
tsc -p tsconfig.test.json
bash scripts/jest.sh --selectProjects unit contract engine --coverage
bash scripts/e2e-3x.sh --layer
PDF_NOODLE_N8N=1 bash scripts/jest.sh --selectProjects e2e --runInBand
bash scripts/jest.sh --selectProjects ui --runInBand
bash scripts/jest.sh --selectProjects queue --runInBand
