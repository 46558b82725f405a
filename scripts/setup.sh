#!/usr/bin/env bash
# Everything the project needs before it runs, done only when something is missing or
# changed, so that `npm test`, `npm run demo` and `npm run dev` can each start with it:
#   - Chromium and Ghostscript for the sandbox's real files (Debian packages, when missing);
#   - the dev dependencies (again only when package-lock.json or Node changed), and the tests'
#     npm registry, Verdaccio (test/registry/);
#   - the two pinned n8n of the end-to-end tests (cached outside the checkout): 2.x on Node 24,
#     1.x on Node 22 (fetched into .toolchain/node22/ by scripts/toolchain.sh); none when the n8n
#     under test is a Docker image (PDF_NOODLE_N8N_IMAGE, scripts/e2e-3x.sh in the image jobs).
# A second run with nothing changed takes about a second.
# Runs under Node 24 (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bash scripts/ensure-system-packages.sh

# What is installed is known by the lockfile's hash and the Node version it was built with.
stamp="node_modules/.installed-lock-sha"
wanted="$(cat package-lock.json <(node --version) | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  echo "setup: installing the dev dependencies (the versions of package-lock.json)" >&2
  # `npm install --no-save`, not `npm ci`: the registry this project is built against lacks some
  # other platforms' builds of optional native packages (@swc/core, the resolver of jest), so
  # the lockfile cannot list them and `npm ci` refuses it as out of sync. This installs exactly
  # the locked versions for this platform and leaves package-lock.json as it is.
  npm install --no-save --no-audit --no-fund --loglevel=error >&2
  echo "$wanted" > "$stamp"
fi

# The tests' npm registry (Verdaccio), in a folder of its own: n8n's community-package rules
# forbid the `overrides` field it needs in the package's own package.json (test/registry/).
registry_stamp="test/registry/node_modules/.installed-lock-sha"
registry_wanted="$(cat test/registry/package-lock.json <(node --version) | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$registry_stamp" 2>/dev/null)" != "$registry_wanted" ]; then
  echo "setup: installing the tests' registry, Verdaccio (test/registry/package-lock.json)" >&2
  (cd test/registry && npm install --no-save --no-audit --no-fund --loglevel=error >&2)
  echo "$registry_wanted" > "$registry_stamp"
fi

# With a Docker image of n8n under test (PDF_NOODLE_N8N_IMAGE, the image jobs) no n8n is needed here.
if [ -z "${PDF_NOODLE_N8N_IMAGE:-}" ]; then
  bash scripts/e2e-install.sh test/e2e
  PDF_NOODLE_NODE_MAJOR=22 bash scripts/toolchain.sh bash scripts/e2e-install.sh test/e2e/n8n1
fi
