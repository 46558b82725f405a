#!/usr/bin/env bash
# `npm test`: set up what is missing (scripts/setup.sh), build, lint (nodes, credential,
# package.json, the GitHub workflows), type-check the tests, then every test layer on jest:
#   1. unit, the sandbox's contract (test/sandboxContract) and engine, with coverage of nodes/ and credentials/
#      (thresholds in jest.config.js fail the run; the report goes to coverage/);
#   2. end-to-end in a real n8n, one file at a time per step (they share the pinned n8n
#      install): on n8n 2.x (Node 24), the examples, trigger, pause and hardened files under
#      n8n 3.x's defaults (scripts/e2e-3x.sh --profile; the others: --others), then the same
#      files on n8n 1.x (Node 22, PDF_NOODLE_N8N=1);
#   3. n8n's editor in a headless Chromium (test/ui): the credential form, the node panel, the
#      template picker and variable mapper, a step executed, the trigger's URLs;
#   4. queue mode: PostgreSQL, Redis, a main, a webhook processor and two workers (test/queue).
# The layers that start a real n8n run in three lanes side by side: one such file alone leaves
# about half of two cores idle while n8n waits for a render, a callback or its wait tracker
# (docs/development.md). Each lane's step prints its output whole when it ends, so the
# lanes' logs do not interleave. The time of each step, and when it started, is printed at the end
# (also when one fails).
# Runs under Node 24 (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

kept="$(mktemp -d)"
timings="$kept/timings"
: >"$timings"

# Runs one step, timed. Its line goes to the timings file, which the lanes share, after a sort
# key: when it started, in nanoseconds (a lane group starts before the steps inside it).
step() {
  local name="$1"; shift
  local started=$SECONDS started_ns status=0
  started_ns=$(date +%s%N)
  "$@" || status=$?
  printf '%s %-36s %5d s  (at %4d s)%s\n' "$started_ns" "$name" $((SECONDS - started)) "$started" \
    "$([ "$status" -eq 0 ] || echo "  (failed: $status)")" >>"$timings"
  [ "$status" -eq 0 ] || echo "${name#  }" >>"$kept/failed"
  return "$status"
}

# A step of a lane: its output kept in a file and printed whole when it ends (one lane at a time).
lane_step() {
  local name="$1"; shift
  local log status=0
  log="$(mktemp "$kept/step-XXXXXX")"
  step "  $name" "$@" >"$log" 2>&1 || status=$?
  {
    flock 9
    echo
    echo "=== $name: $([ "$status" -eq 0 ] && echo passed || echo "failed ($status)") ==="
    cat "$log"
  } 9>"$kept/print.lock"
  return "$status"
}

# Runs the given lane functions side by side; fails if any of them failed.
side_by_side() {
  local pids=() pid status=0
  for lane in "$@"; do "$lane" & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  return "$status"
}

report() {
  echo
  echo "npm test: time per step"
  sort -n -k1,1 "$timings" | cut -d' ' -f2- | sed 's/^/  /'
  printf '  %-36s %5d s\n' "all" "$SECONDS"
  if [ -s "$kept/failed" ]; then
    echo
    echo "npm test failed in: $(paste -sd ';' "$kept/failed" | sed 's/;/; /g')."
    echo "  Its output is above: jest's \"Summary of all failing tests\" names each failed file and test;"
    echo "  a step of the real-n8n lanes is printed whole under \"=== <step>: failed ===\"."
    if ! grep -q 'real n8n, three lanes' "$timings"; then
      echo "  The layers after it did not run. Each runs alone: npm run test:e2e (n8n 2.x, with the 3.x"
      echo "  defaults), npm run test:e2e:n8n1 (n8n 1.x), npm run test:queue (queue mode), npm run test:ui (the editor)."
    fi
  fi
  rm -rf "$kept"
}
trap report EXIT

# The lanes, balanced by the CPU their steps take (measured file by file, docs/development.md):
# three. On a quiet machine each step mostly waits for n8n (a render, a call back, its wait
# tracker, a restart); with both cores kept busy the steps are bound by the CPU, and three
# lanes still ended about 12 % sooner than two. n8n 1.x's files are split as n8n 2.x's are (the
# files run under the 3.x defaults, and the others), so that no lane carries two long steps;
# queue mode, the longest step, has a lane of its own.
profile_files="$(bash scripts/e2e-3x.sh --pattern)"
n8n1() { env PDF_NOODLE_N8N=1 bash scripts/jest.sh --selectProjects e2e --runInBand "$@"; }
profile_then_n8n1_others_then_editor() {
  lane_step "end-to-end, n8n 2.x, 3.x defaults" bash scripts/e2e-3x.sh --profile &&
    lane_step "end-to-end, n8n 1.x, the other files" n8n1 --testPathIgnorePatterns "$profile_files" &&
    lane_step "editor" bash scripts/jest.sh --selectProjects ui --runInBand
}
others_then_n8n1_profile_files() {
  lane_step "end-to-end, n8n 2.x" bash scripts/e2e-3x.sh --others &&
    lane_step "end-to-end, n8n 1.x, the 3.x-defaults files" n8n1 -- "$profile_files"
}
queue_mode() {
  lane_step "queue mode" bash scripts/jest.sh --selectProjects queue --runInBand
}

step "setup" bash scripts/setup.sh
step "build" npm run --silent build:node24
step "lint" npm run --silent lint:node24
step "type-check of the tests" tsc -p tsconfig.test.json
step "unit, contract, engine (coverage)" bash scripts/jest.sh --selectProjects unit contract engine --coverage
step "real n8n, three lanes side by side" side_by_side profile_then_n8n1_others_then_editor others_then_n8n1_profile_files queue_mode
