#!/usr/bin/env bash
# `npm test`: set up what is missing (scripts/setup.sh), build, lint (nodes, credential,
# package.json, the GitHub workflows), type-check the tests, then every test layer on jest:
#   1. unit, the sandbox's contract (test/sandboxContract) and engine, with coverage of nodes/ and credentials/
#      (thresholds in jest.config.js fail the run; the report goes to coverage/);
#   2. end-to-end in a real n8n, one file at a time (they share the pinned n8n install): on
#      n8n 2.x (Node 24), the examples, trigger, pause and hardened files under n8n 3.x's
#      defaults (scripts/e2e-3x.sh --profile; the others: --others), then the same files on n8n 1.x (Node 22,
#      PDF_NOODLE_N8N=1);
#   3. n8n's editor in a headless Chromium (test/ui): the credential form, the node panel, the
#      template picker and variable mapper, a step executed, the trigger's URLs;
#   4. queue mode: PostgreSQL, Redis, a main, a webhook processor and two workers (test/queue).
# The time of each step is printed at the end (also when one fails).
# Runs under Node 24 (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# Each step timed; the times are printed at the end, also when a step fails.
timings=()
step() {
  local name="$1"; shift
  local started=$SECONDS status=0
  "$@" || status=$?
  timings+=("$(printf '%-34s %5d s%s' "$name" $((SECONDS - started)) "$([ "$status" -eq 0 ] || echo "  (failed: $status)")")")
  return "$status"
}
report() {
  echo
  echo "npm test: time per step"
  printf '  %s\n' "${timings[@]}"
  printf '  %-34s %5d s\n' "all" "$SECONDS"
}
trap report EXIT

step "setup" bash scripts/setup.sh
step "build" npm run --silent build:node24
step "lint" npm run --silent lint:node24
step "type-check of the tests" tsc -p tsconfig.test.json
step "unit, contract, engine (coverage)" bash scripts/jest.sh --selectProjects unit contract engine --coverage
step "end-to-end, n8n 2.x" bash scripts/e2e-3x.sh --others
step "end-to-end, n8n 2.x, 3.x defaults" bash scripts/e2e-3x.sh --profile
step "end-to-end, n8n 1.x" env PDF_NOODLE_N8N=1 bash scripts/jest.sh --selectProjects e2e --runInBand
step "editor" bash scripts/jest.sh --selectProjects ui --runInBand
step "queue mode" bash scripts/jest.sh --selectProjects queue --runInBand
