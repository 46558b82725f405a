#!/usr/bin/env bash
# The sandbox renders real PDFs and PNGs with a headless Chromium. Debian's package is
# used (a browser download at npm install time is not possible everywhere); on a Debian
# or Ubuntu machine where we are root it is installed, elsewhere we say what to do.
set -euo pipefail

for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then
    exit 0
  fi
done

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing Chromium and fonts from the distribution's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium fonts-liberation fonts-dejavu-core >&2
  exit 0
fi

echo "setup: Chromium is needed for the sandbox. Install it (Debian/Ubuntu: sudo apt-get install chromium)" >&2
echo "       or point CHROMIUM_PATH at a Chrome or Chromium binary." >&2
exit 1
