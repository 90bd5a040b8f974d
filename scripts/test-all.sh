#!/usr/bin/env bash
# Installs what the tests need and runs every test: typecheck, lint, unit, component (embedded
# defaults and real PostgreSQL/NATS/Redis), end-to-end in Chromium, then builds the container
# images with podman and runs the system from them. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
run_started=$(date +%s)
mkdir -p .tmp

step() { printf '\n=== %s ===\n' "$*"; }

step "npm dependencies"
# The lock file must be one `npm ci` accepts (the Dockerfile installs with it, in a Node 24
# image): it checks the lock against every workspace's package.json without installing. Counted
# below as a check; a refused lock still lets the rest run, installed with `npm install`.
if npm ci --dry-run --ignore-scripts --no-audit --no-fund >.tmp/npm-ci-check.log 2>&1; then
  lock_ok=1
else
  lock_ok=0
  grep -E 'npm error (`npm ci`|Missing|Invalid)' .tmp/npm-ci-check.log | head -n 20
fi
if [ "$lock_ok" = 1 ] && [ ! -d node_modules ]; then
  # A fresh clone (CI): the install itself is `npm ci`.
  npm ci --no-audit --no-fund || exit 1
else
  npm install --no-audit --no-fund || exit 1
fi
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

check "lock file: npm ci accepts it (.tmp/npm-ci-check.log)" test "$lock_ok" = 1
check "typecheck" npm run typecheck --silent
check "lint" npm run lint --silent
check "web build" npm run build --silent
check "helm chart (lint + template)" bash scripts/deploy-check.sh

step "vitest: unit, component (embedded + real infrastructure), end-to-end"
mkdir -p .tmp
rm -f .tmp/vitest.json
vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
vitest_status=$?

# Issue 24: every service image built from the Dockerfile with podman (base image and layers
# cached between runs), then each image in production and the whole system from them, played
# from the rendered chart (tests/images/). A broken Dockerfile, lock file or chart fails here.
rm -f .tmp/vitest-images.json .tmp/image-figures.log
images_started=$(date +%s)
failed_before_images=$checks_failed
check "container images: build all eight with podman (scripts/images/build.sh)" bash scripts/images/build.sh
images_built=$(date +%s)
if [ "$failed_before_images" = "$checks_failed" ]; then
  step "vitest: the images in production and the whole system from them (tests/images)"
  vitest run --config tests/images/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.tmp/vitest-images.json
  images_status=$?
else
  echo "images not built: their tests are counted as failed"
  images_status=1
fi
images_ended=$(date +%s)
printf '\ncontainer images: build %d s, tests %d s\n' $((images_built - images_started)) $((images_ended - images_built))
[ -f .tmp/image-figures.log ] && sed 's/^[^ ]* //' .tmp/image-figures.log

printf '\ntest-all took %d s\n' $(($(date +%s) - run_started))
node scripts/summarize-tests.ts .tmp/vitest.json "$checks_passed" "$checks_failed" "$vitest_status" \
  .tmp/vitest-images.json "$images_status"
