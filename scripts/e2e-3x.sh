#!/usr/bin/env bash
# The end-to-end examples (e2e.test.ts, approval.test.ts), the trigger, Pause Until Called Back
# (pause.test.ts) and the hardened n8n (hardened.test.ts) under
# n8n 3.x's defaults (test/e2e/n8n3Profile.ts), the package installed by n8n itself from
# N8N_COMMUNITY_PACKAGES with its checksum (test/e2e/listInstall.ts). The n8n is the input:
#   - by default the pinned n8n 2.40.7 of test/e2e (`npm run test:e2e:3x`);
#   - PDF_NOODLE_N8N_IMAGE=<image>: that Docker image of n8n instead, and with
#     PDF_NOODLE_RUNNERS_IMAGE=<image> its task-runner sidecar beside `n8n start` (3.x). This is
#     what the image jobs run (.github/workflows/docker.yml): the same files, the same
#     settings, only the n8n differs (test/e2e/n8nImage.ts).
#
# Usage: bash scripts/e2e-3x.sh            set up, build, run those files under the profile
#        bash scripts/e2e-3x.sh --layer    the whole end-to-end layer on n8n 2.40.7 as `npm test`
#                                          and `npm run test:e2e` run it (set up and built before):
#                                          the other files on 2.x's defaults (--others), then these
#                                          under the profile (--profile); docs/development.md says why
#        bash scripts/e2e-3x.sh --pattern  prints the files, as a jest path pattern
# Runs under Node 24 (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

profile_tests='test/e2e/(e2e|approval|pause|hardened)\.test\.ts$'

case "${1:-}" in
  --pattern)
    echo "$profile_tests"
    ;;
  --others)
    bash scripts/jest.sh --selectProjects e2e --runInBand --testPathIgnorePatterns "$profile_tests"
    ;;
  --profile)
    PDF_NOODLE_PROFILE=3x bash scripts/jest.sh --selectProjects e2e --runInBand -- "$profile_tests"
    ;;
  --layer)
    bash "$0" --others
    bash "$0" --profile
    ;;
  "")
    bash scripts/setup.sh
    npm run --silent build:node24
    bash "$0" --profile
    ;;
  *)
    echo "Usage: bash scripts/e2e-3x.sh [--layer | --others | --profile | --pattern]" >&2
    exit 2
    ;;
esac
