#!/usr/bin/env bash
# Builds the base image every service image starts from, without any registry: Debian bookworm
# (debootstrap, minbase) plus the Node 24 binary of the npm package `node` this repository pins
# (node_modules/node) and npm for the Dockerfile's `npm ci`. Stands in for node:24-slim, which
# cannot be pulled here, and is passed to the Dockerfile as NODE_IMAGE.
#
#   bash scripts/images/base-image.sh        # prints the image name, e.g. localhost/node24-slim:24.21.0-…
#
# Cached: the image is tagged with a key of its inputs (Node and npm versions, Debian suite, this
# script), and an image with that tag in podman's storage is reused (about 1 minute to build
# otherwise). It is also tagged localhost/node24-slim:local.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

suite=${DEBIAN_SUITE:-bookworm}
# The mirror apt uses on this machine (deb.debian.org unless DEBIAN_MIRROR says otherwise).
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
npm_version=${BASE_NPM_VERSION:-11.19.1}
node_bin="$root/node_modules/node/bin/node"
[ -x "$node_bin" ] || die "no $node_bin: run npm install (or npm ci) first"
node_version=$("$node_bin" --version)
node_version=${node_version#v}
case $node_version in 24.*) ;; *) die "node_modules/node is Node $node_version, not 24" ;; esac

key=$( (
  echo "$suite $mirror $node_version $npm_version"
  cat "${BASH_SOURCE[0]}"
) | sha256sum | cut -c1-12)
image=localhost/node24-slim:$node_version-$key

ensure_tools
if podman image exists "$image"; then
  podman tag "$image" localhost/node24-slim:local
  log "base image $image (cached)"
  echo "$image"
  exit 0
fi
[ "$(id -u)" = 0 ] || die "building the base image needs root (debootstrap); or pass NODE_IMAGE=node:24-slim where a registry is reachable"

started=$(now_ms)
work=$(mktemp -d "${TMPDIR:-/tmp}/seqgen-base.XXXXXX")
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs

log "debootstrap --variant=minbase $suite ($mirror)"
debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log" >&2; die "debootstrap failed"; }

# npm, as an npm package (integrity-checked by npm pack), kept in the cache between runs.
npm_tgz=$cache_dir/npm-$npm_version.tgz
if [ ! -f "$npm_tgz" ]; then
  mkdir -p "$cache_dir" "$work/pack"
  (cd "$work/pack" && npm pack "npm@$npm_version" --silent >/dev/null) || die "npm pack npm@$npm_version failed"
  mv "$work"/pack/npm-*.tgz "$npm_tgz"
fi
mkdir -p "$rootfs/usr/local/lib/node_modules/npm" "$rootfs/usr/local/bin"
tar -xzf "$npm_tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"

# The `node` user (1000:1000) of the official images, so USER 1000 has a name and a home.
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# What a container never needs: package lists and archives, docs, man pages, locales; podman
# provides /etc/hosts and /etc/resolv.conf at run time.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/* \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* \
  "$rootfs"/etc/hosts "$rootfs"/etc/resolv.conf "$rootfs"/etc/hostname

tar --numeric-owner -C "$rootfs" -c . |
  podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$node_version" \
    --change 'CMD ["node"]' \
    - "$image" >/dev/null
podman tag "$image" localhost/node24-slim:local
podman run --rm --network none "$image" node -e 'process.exit(process.versions.node.startsWith("24.") ? 0 : 1)' ||
  die "the base image does not run node"
log "base image $image built in $(seconds_since "$started") s ($(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}'))"
echo "$image"
