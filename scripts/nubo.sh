#!/usr/bin/env bash
# The project's commands (npm start, npm test, npm run bench|build|dev|lint) on a fresh clone:
# env.sh brings Node 24 and the packages; this builds what is stale and runs the command.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$NUBO_ROOT"

BUILD_STAMP=dist/.build-stamp
BUILD_INPUTS=(site drive-app shared content public astro.config.mjs package-lock.json)

build() {
  echo "nubo: building the site and the drive app" >&2
  npx astro build --silent
  npx vite build --config drive-app/vite.config.ts --logLevel warn
  # The share page's server render: the same components, as one module the server imports.
  npx vite build --config drive-app/vite.config.ts --ssr src/share-server.tsx --logLevel warn
  touch "$BUILD_STAMP"
}

build_if_stale() {
  if [ ! -f "$BUILD_STAMP" ] || [ -n "$(find "${BUILD_INPUTS[@]}" -newer "$BUILD_STAMP" -print -quit)" ]; then
    build
  fi
}

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

command="${1:-}"
shift || true
case "$command" in
  start)
    build_if_stale
    exec node server/main.ts
    ;;
  dev)
    build_if_stale
    exec node --watch-path=server --watch-path=shared server/main.ts
    ;;
  build)
    build
    ;;
  lint)
    npx tsc --noEmit -p .
    ;;
  test)
    build
    echo "nubo: type-checking" >&2
    npx tsc --noEmit -p .
    reports="$(mktemp -d -t nubo-reports-XXXXXX)"
    e2e_data="$(mktemp -d -t nubo-e2e-XXXXXX)"
    status=0
    npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" "$@" || status=$?
    E2E_PORT="$(free_port)" E2E_DATA_DIR="$e2e_data" PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
      npx playwright test --config tests/e2e/playwright.config.ts --reporter=list,json || status=$?
    # One closing line for both runners, so a reader (or CI) sees the whole count at once.
    node scripts/test-summary.ts "$reports/vitest.json" "$reports/playwright.json" || status=$?
    rm -rf "$e2e_data" "$reports"
    exit "$status"
    ;;
  bench)
    build_if_stale
    exec node bench/run.ts "$@"
    ;;
  *)
    echo "usage: npm start | npm test | npm run bench | npm run build | npm run dev | npm run lint" >&2
    exit 2
    ;;
esac
