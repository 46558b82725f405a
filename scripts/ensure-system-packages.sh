#!/usr/bin/env bash
# The sandbox renders real PDFs and PNGs with a headless Chromium and compresses PDFs
# with Ghostscript; the queue-mode tests need Redis and PostgreSQL. Debian's packages are
# used (a browser download at npm install time is not possible everywhere); on a Debian or
# Ubuntu machine where we are root the missing ones are installed, elsewhere we say what to do.
set -euo pipefail

missing=()
chromium_found=""
for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then chromium_found="$candidate"; break; fi
done
[ -n "$chromium_found" ] || missing+=(chromium fonts-liberation fonts-dejavu-core)
command -v gs >/dev/null 2>&1 || missing+=(ghostscript)
# The queue-mode tests run n8n on a real Redis and PostgreSQL, started by the tests themselves
# (no system services): Debian keeps PostgreSQL's programs in /usr/lib/postgresql/<major>/bin.
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing ${missing[*]} from the distribution's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "${missing[@]}" >&2
  exit 0
fi

echo "setup: the tests need ${missing[*]}. Install them (Debian/Ubuntu: sudo apt-get install ${missing[*]})," >&2
echo "       or point CHROMIUM_PATH at a Chrome or Chromium binary." >&2
exit 1
