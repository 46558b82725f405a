#!/usr/bin/env bash
# `npm run test:stability`: the proof that the fast layers (unit, the sandbox's contract,
# engine) do not depend on an idle or fast machine. Runs them RUNS times in a row (default 3)
# as they are, then once more with every core kept busy by another process (a busy loop per
# core, at normal priority, for as long as that run takes: scripts/slow-machine.sh), and prints one line per run:
# pass or fail, its duration, and the load average at its end. Exits non-zero if any run failed.
# It takes about four times the engine layer (about 40 minutes on 2 cores), so CI does not
# run it; run it after a change to timing, the sandbox, or the harness.
# Usage: npm run test:stability [-- RUNS]
# Runs under Node 24 (scripts/toolchain.sh).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs="${1:-3}"
logs="$(mktemp -d "${TMPDIR:-/tmp}/pdf-noodle-stability-XXXXXX")"

bash scripts/setup.sh
npm run --silent build:node24 || exit 1

cores="$(nproc)"
echo "stability: $cores cores, $runs runs as they are, then one with $cores busy loops; logs in $logs"

summary=()
failed=0
run_layers() { # name [a command to run the layers under, e.g. bash scripts/slow-machine.sh]
  local name="$1"; shift
  local started=$SECONDS
  # Exactly the first step of `npm test` (coverage and its thresholds included), its report
  # kept out of coverage/.
  if "$@" bash scripts/jest.sh --selectProjects unit contract engine --coverage --coverageDirectory "$logs/coverage-$name" >"$logs/$name.log" 2>&1; then result=pass; else result=FAIL; failed=1; fi
  local counts
  counts="$(grep -E '^Tests:' "$logs/$name.log" | tail -1)"
  summary+=("$name: $result in $((SECONDS - started)) s, ${counts:-no summary}, load at end $(cut -d' ' -f1-3 /proc/loadavg)")
  echo "${summary[-1]}"
}

for run in $(seq 1 "$runs"); do run_layers "run-$run"; done

# A process per core keeps it busy, as another build or test run on the machine would.
run_layers "busy" bash scripts/slow-machine.sh

echo
echo "stability summary ($cores cores):"
printf '  %s\n' "${summary[@]}"
[ "$failed" = 0 ] || { echo "stability: a run failed; see its log in $logs" >&2; exit 1; }
