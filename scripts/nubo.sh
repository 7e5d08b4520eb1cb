#!/usr/bin/env bash
# The project's commands (npm start, npm test, npm run bench|build|dev|lint) on a fresh clone:
# env.sh brings Node 24 and the packages; this builds what is stale and runs the command.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$NUBO_ROOT"

BUILD_STAMP=dist/.build-stamp
BUILD_INPUTS=(site drive-app shared content public extension astro.config.mjs package-lock.json)

build() {
  echo "nubo: building the site and the drive app" >&2
  npx astro build --silent
  npx vite build --config drive-app/vite.config.ts --logLevel warn
  # The share page's server render: the same components, as one module the server imports.
  npx vite build --config drive-app/vite.config.ts --ssr src/share-server.tsx --logLevel warn
  build_extension
  touch "$BUILD_STAMP"
}

# The browser extension from one source, for Chromium-based browsers and for Firefox: unpacked in
# dist/extension/<browser>-mv3 and packed as dist/extension/nubo-<browser>.zip, which Nubo serves.
build_extension() {
  (cd extension && npx wxt zip -b chromium >/dev/null && npx wxt zip -b firefox >/dev/null)
}

# The server's own build (dist/server, scripts/build-server.ts): under a second, so made every time.
build_server() {
  node scripts/build-server.ts
}

build_if_stale() {
  if [ ! -f "$BUILD_STAMP" ] || [ -n "$(find "${BUILD_INPUTS[@]}" -newer "$BUILD_STAMP" -print -quit)" ]; then
    build
  fi
}

# What the tests need from Debian, installed with apt when run as root, otherwise named with the
# command to run: ensure_debian_package <program> <package> <what it is for>.
ensure_debian_package() {
  local program="$1" package="$2" purpose="$3"
  [ -x "$program" ] && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "nubo: installing Debian's $package for $purpose" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  else
    echo "nubo: $purpose needs Debian's $package at $program; install it with: sudo apt-get install -y $package" >&2
    exit 1
  fi
}

# Server tests run on SQLite and on PostgreSQL: TEST_DATABASE_URL, or the one at 127.0.0.1:5432.
ensure_postgres() {
  [ -n "${TEST_DATABASE_URL:-}" ] && return
  pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null && return
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -n "$(ls /etc/postgresql 2>/dev/null)" ]; then
    echo "nubo: starting the local PostgreSQL cluster" >&2
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && return; sleep 1; done
  fi
  echo "nubo: the server tests need PostgreSQL at 127.0.0.1:5432 (trust auth, database test); see the README's \"Test it\"" >&2
  exit 1
}

# The server's V8 flags (server/node-flags, where they are explained).
server_flags() {
  grep -v -e '^#' -e '^[[:space:]]*$' server/node-flags
}

lint() {
  echo "nubo: type-checking and linting" >&2
  local status=0
  npx tsc --noEmit -p . || status=$?
  npx biome ci --error-on-warnings . || status=$?
  npx knip --no-progress || status=$?
  return "$status"
}

command="${1:-}"
shift || true
case "$command" in
  start)
    build_if_stale
    build_server
    exec node $(server_flags) dist/server/main.mjs
    ;;
  dev)
    build_if_stale
    exec node $(server_flags) --watch-path=server --watch-path=shared server/main.ts
    ;;
  build)
    build
    build_server
    ;;
  lint)
    lint
    ;;
  test)
    # The browser tests drive Debian's Chromium, never a browser a test tool downloads; the
    # scale-out test runs two servers behind Debian's nginx with deploy/'s configuration.
    ensure_debian_package /usr/bin/chromium chromium "the browser tests"
    ensure_debian_package /usr/sbin/nginx nginx-light "the scale-out test"
    ensure_debian_package /usr/bin/ffmpeg ffmpeg "the media tests"
    ensure_postgres
    build
    build_server
    status=0
    # A lint error fails the run, after the tests have had their say.
    lint || status=$?
    reports="$(mktemp -d -t nubo-reports-XXXXXX)"
    e2e_data="$(mktemp -d -t nubo-e2e-XXXXXX)"
    npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" "$@" || status=$?
    E2E_DATA_DIR="$e2e_data" PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
      npx playwright test --config tests/e2e/playwright.config.ts --reporter=list,json || status=$?
    # One closing line for both runners, so a reader (or CI) sees the whole count at once.
    node scripts/test-summary.ts "$reports/vitest.json" "$reports/playwright.json" || status=$?
    rm -rf "$e2e_data" "$reports"
    exit "$status"
    ;;
  bench)
    build_if_stale
    build_server
    exec node bench/run.ts "$@"
    ;;
  nubo)
    # The operator's commands (server/cli.ts), on the server's configuration.
    exec node server/cli.ts "$@"
    ;;
  *)
    echo "usage: npm start | npm test | npm run bench | npm run build | npm run dev | npm run lint | npm run nubo -- <command>" >&2
    exit 2
    ;;
esac
