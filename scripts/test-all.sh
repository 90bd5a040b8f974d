#!/usr/bin/env bash
# Installs what the tests need and runs every test: typecheck, lint, unit, component (embedded
# defaults and real PostgreSQL/NATS/Redis), end-to-end in Chromium. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

step() { printf '\n=== %s ===\n' "$*"; }

step "npm dependencies"
# `npm install` honours the lock file; `npm ci` refuses locks that omit other platforms' optional
# packages (biome, esbuild), which npm 11 writes on this machine.
npm install --no-audit --no-fund || exit 1
# npm scripts run under the Node 24 that the `node` package installs; so do these steps.
export PATH="$root/node_modules/.bin:$PATH"
node --version

step "Chromium for the end-to-end tests"
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get install -y chromium || (apt-get update && apt-get install -y chromium)) >/dev/null
  else
    sudo apt-get install -y chromium >/dev/null
  fi
fi
/usr/bin/chromium --version || echo "Chromium missing: the end-to-end tests will fail"

checks_passed=0
checks_failed=0
check() {
  local name=$1
  shift
  step "$name"
  if "$@"; then checks_passed=$((checks_passed + 1)); else checks_failed=$((checks_failed + 1)); echo "FAILED: $name"; fi
}

check "typecheck" npm run typecheck --silent
check "lint" npm run lint --silent
check "web build" npm run build --silent
check "helm chart (lint + template)" bash scripts/deploy-check.sh

step "vitest: unit, component (embedded + real infrastructure), end-to-end"
mkdir -p .tmp
rm -f .tmp/vitest.json
vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
vitest_status=$?

node scripts/summarize-tests.ts .tmp/vitest.json "$checks_passed" "$checks_failed" "$vitest_status"
