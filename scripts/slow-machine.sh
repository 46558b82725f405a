#!/usr/bin/env bash
# Runs a command the way a slower machine runs it: every core is kept busy by a spinning
# process of its own (`node -e 'for (;;) {}'`, at normal priority, what another build or test
# run on the machine would do) for as long as the command runs, so that the command gets about
# half of each core. The spinners are ended when the command ends, also when it fails or is
# interrupted. Exits with the command's status.
# Usage: bash scripts/slow-machine.sh <command> [arguments...]
#   e.g. bash scripts/slow-machine.sh bash scripts/jest.sh --selectProjects engine --testPathPatterns 'engine/trigger'
# `npm run test:slow` is `npm test` under it; scripts/stability.sh uses it for its busy run.
# Used before every submission that touches tests (docs/development.md).
set -uo pipefail
[ "$#" -gt 0 ] || { echo "usage: $0 <command> [arguments...]" >&2; exit 2; }

cores="$(nproc)"
spinners=()
stop_spinners() {
	[ "${#spinners[@]}" -eq 0 ] && return 0
	kill "${spinners[@]}" 2>/dev/null
	wait "${spinners[@]}" 2>/dev/null
	spinners=()
}
trap stop_spinners EXIT
trap 'stop_spinners; exit 130' INT
trap 'stop_spinners; exit 143' TERM

for _ in $(seq 1 "$cores"); do
	node -e 'for (;;) {}' &
	spinners+=("$!")
done
echo "slow-machine: $cores cores kept busy by $cores spinning processes (${spinners[*]}) while: $*" >&2

status=0
"$@" || status=$?
stop_spinners
echo "slow-machine: done (exit $status), spinners ended; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exit "$status"
