#!/usr/bin/env bash
# Builds every service image (or the ones named) from the root Dockerfile with podman, as
# docs/images.md describes, and prints each build's time and each image's size.
#
#   bash scripts/images/build.sh                 # all eight: localhost/seqgen-<name>:local
#   bash scripts/images/build.sh gateway quota   # some
#   IMAGE_TAG=abc123 bash scripts/images/build.sh
#
# The base image comes from base-image.sh (no registry is reached for images: --pull=never). npm
# in the build reaches the registry with this machine's own npm settings (registry, proxy, CA
# file), passed as the Dockerfile's optional build secrets; its download cache is a cache mount
# that podman keeps between builds, and unchanged layers are reused.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

services=("$@")
[ "${#services[@]}" -gt 0 ] || services=("${SERVICES[@]}")
for name in "${services[@]}"; do
  [ -f "$root/services/$name/package.json" ] || die "no service $name"
done

ensure_tools
started=$(now_ms)
base=$(bash "$images_dir/base-image.sh")

work=$(mktemp -d "${TMPDIR:-/tmp}/seqgen-build.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The host's npm settings that decide how the registry is reached; nothing else (no tokens).
: >"$work/npmrc"
secrets=(--secret "id=npmrc,src=$work/npmrc")
setting() { npm config get "$1" 2>/dev/null | grep -v '^null$' || true; }
registry=$(setting registry)
[ -z "$registry" ] || echo "registry=$registry" >>"$work/npmrc"
for key in proxy https-proxy noproxy strict-ssl; do
  value=$(setting "$key")
  [ -z "$value" ] || echo "$key=$value" >>"$work/npmrc"
done
# The CA bundle npm trusts here: its own setting, else the one Node and OpenSSL are told to use, else
# the system's. A network whose TLS is re-signed by a proxy needs it, and CI's npm may not name it
# (a build there failed with SELF_SIGNED_CERT_IN_CHAIN on the first package not in the cache).
cafile=$(setting cafile)
for candidate in "${NODE_EXTRA_CA_CERTS:-}" "${SSL_CERT_FILE:-}" /etc/ssl/certs/ca-certificates.crt; do
  [ -n "$cafile" ] && [ -f "$cafile" ] && break
  cafile=$candidate
done
if [ -n "$cafile" ] && [ -f "$cafile" ]; then
  echo "cafile=/run/secrets/npm_ca" >>"$work/npmrc"
  secrets+=(--secret "id=npm_ca,src=$cafile")
fi

printf '%-11s %8s %9s\n' image build size >"$work/report"
for name in "${services[@]}"; do
  image="${IMAGE_REPO}${name}:${IMAGE_TAG}"
  t0=$(now_ms)
  log "building $image"
  if ! podman build --quiet --network host --pull=never --format docker \
    --build-arg "NODE_IMAGE=$base" --build-arg "SERVICE=$name" "${secrets[@]}" \
    --file "$root/Dockerfile" --tag "$image" "$root" >"$work/$name.log" 2>&1; then
    tail -n 40 "$work/$name.log" >&2
    die "building $image failed"
  fi
  size=$(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}')
  printf '%-11s %6s s %9s\n' "$name" "$(seconds_since "$t0")" "$size" >>"$work/report"
done
cat "$work/report" >&2
log "images built in $(seconds_since "$started") s (base $base)"
