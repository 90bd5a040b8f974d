#!/usr/bin/env bash
# Builds every image (scripts/images/build.sh) and runs the image tests (tests/images/): each
# image in production as the chart runs it, then the whole system from the images with a smoke
# run through the gateway. Needs PostgreSQL, NATS (JetStream) and Redis on their loopback ports,
# as the rest of the suite does; touches only a database, stream and key prefix of its own.
#
#   bash scripts/images/test.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$root"
bash scripts/images/build.sh
PATH="$root/node_modules/.bin:$PATH" vitest run --config tests/images/vitest.config.ts "$@"
