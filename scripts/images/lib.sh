# Shared by the scripts in scripts/images/ (sourced, not run). Sets up podman for these machines
# and names what the image scripts share: the base image, the service list, the cache folder.
# shellcheck shell=bash

images_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$images_dir/../.." && pwd)

# runc + cgroupfs + no default ulimits (containers.conf explains why). A CONTAINERS_CONF of the
# caller's own is kept.
export CONTAINERS_CONF=${CONTAINERS_CONF:-$images_dir/containers.conf}

# The eight services, one image each (services/<name>, charts/seqgen values `services:`).
SERVICES=(gateway waitlist auth generation quota library billing analytics)

# Tag of the images built here; the chart is rendered with the same tag for the smoke run.
IMAGE_TAG=${IMAGE_TAG:-local}
# Images are named as the chart names them with image.registry=localhost: localhost/seqgen-<name>.
IMAGE_REPO=${IMAGE_REPO:-localhost/seqgen-}

# Kept across runs (and CI runs on the same machine): the npm package of npm for the base image.
cache_dir=${SEQGEN_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/seqgen-images}

log() { printf '%s\n' "$*" >&2; }
die() {
  log "images: $*"
  exit 1
}
now_ms() { date +%s%3N; }
seconds_since() { # start_ms -> "12.3"
  local ms=$(($(now_ms) - $1))
  printf '%d.%d' $((ms / 1000)) $(((ms % 1000) / 100))
}

# podman, buildah, runc and debootstrap from Debian's packages (root), when one is missing.
ensure_tools() {
  local missing=()
  command -v podman >/dev/null || missing+=(podman)
  command -v buildah >/dev/null || missing+=(buildah)
  [ -x /usr/sbin/runc ] || [ -x /usr/bin/runc ] || missing+=(runc)
  command -v debootstrap >/dev/null || [ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
  [ "${#missing[@]}" -eq 0 ] && return 0
  log "installing ${missing[*]} (Debian packages)"
  local sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  { "${sudo[@]}" apt-get install -y "${missing[@]}" || { "${sudo[@]}" apt-get update && "${sudo[@]}" apt-get install -y "${missing[@]}"; }; } >/dev/null ||
    die "could not install ${missing[*]}"
}
