{{/*
Chart name, truncated to the 63 characters a DNS label allows.
*/}}
{{- define "seqgen.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Release-qualified name: "<release>-seqgen", or the release name alone when it already contains
the chart name.
*/}}
{{- define "seqgen.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "seqgen.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Labels shared by every object of the release.
*/}}
{{- define "seqgen.commonLabels" -}}
helm.sh/chart: {{ include "seqgen.chart" . }}
app.kubernetes.io/name: {{ include "seqgen.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: seqgen
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- with .Chart.AppVersion }}
app.kubernetes.io/version: {{ . | quote }}
{{- end }}
{{- end }}

{{/*
The objects of one service. All the per-service helpers below take a dict:
  root  the chart's top-level context ($)
  name  the key of the service under .Values.services
  svc   its values
*/}}

{{/* Name of a service's objects, and the DNS name its Service answers on: "<fullname>-<name>". */}}
{{- define "seqgen.componentName" -}}
{{- $max := int (sub 62 (len .name)) }}
{{- printf "%s-%s" (include "seqgen.fullname" .root | trunc $max | trimSuffix "-") .name }}
{{- end }}

{{- define "seqgen.selectorLabels" -}}
app.kubernetes.io/name: {{ include "seqgen.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{- define "seqgen.labels" -}}
{{ include "seqgen.commonLabels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/*
Image reference: <registry>/<prefix><name>:<tag>[@<digest>], each part overridable per service.
skaffold sets services.<name>.image.repository and .tag (tag@digest) for the images it builds.
*/}}
{{- define "seqgen.image" -}}
{{- $global := .root.Values.image }}
{{- $image := .svc.image | default dict }}
{{- $repository := $image.repository }}
{{- if not $repository }}
{{- $repository = printf "%s%s" ($global.prefix | default "") .name }}
{{- with $global.registry }}
{{- $repository = printf "%s/%s" (trimSuffix "/" .) $repository }}
{{- end }}
{{- end }}
{{- /* trimSuffix: skaffold renders "tag@" when it has no digest (images not pushed). */}}
{{- $tag := $image.tag | default $global.tag | default .root.Chart.AppVersion | toString | trimSuffix "@" }}
{{- $ref := printf "%s:%s" $repository $tag }}
{{- with $image.digest }}
{{- $ref = printf "%s@%s" $ref . }}
{{- end }}
{{- $ref }}
{{- end }}

{{/*
Deployment + Service (+ HorizontalPodAutoscaler, + PodDisruptionBudget) of one service.
*/}}
{{- define "seqgen.service" -}}
{{- $root := .root }}
{{- $name := .name }}
{{- $svc := .svc }}
{{- $defaults := $root.Values.defaults }}
{{- if not (regexMatch "^[a-z]([-a-z0-9]*[a-z0-9])?$" $name) }}
{{- fail (printf "services.%s: a service name must be a lowercase DNS label" $name) }}
{{- end }}
{{- $port := required (printf "services.%s.port is required" $name) $svc.port | int }}
{{- $fullname := include "seqgen.componentName" . }}
{{- /* hasKey rather than `default`, so an explicit false or 0 in a service wins over the default. */}}
{{- $replicas := ternary $svc.replicas $defaults.replicas (hasKey $svc "replicas") }}
{{- $hpaValues := $svc.autoscaling | default dict }}
{{- $hpa := merge (deepCopy $hpaValues) (deepCopy $defaults.autoscaling) }}
{{- $hpaEnabled := ternary $hpaValues.enabled $defaults.autoscaling.enabled (hasKey $hpaValues "enabled") }}
{{- $pdbValues := $svc.pdb | default dict }}
{{- $pdb := merge (deepCopy $pdbValues) (deepCopy $defaults.pdb) }}
{{- $pdbEnabled := ternary $pdbValues.enabled $defaults.pdb.enabled (hasKey $pdbValues "enabled") }}
{{- $probes := $svc.probes | default $defaults.probes }}
{{- $serviceValues := merge (deepCopy ($svc.service | default dict)) (deepCopy $defaults.service) }}
{{- $preStop := ternary $svc.preStopSleepSeconds $defaults.preStopSleepSeconds (hasKey $svc "preStopSleepSeconds") }}
{{- $spread := ternary $svc.spreadAcrossNodes $defaults.spreadAcrossNodes (hasKey $svc "spreadAcrossNodes") }}
{{- $secretName := $svc.existingSecret | default $root.Values.secrets.existingSecret }}
{{- $image := $svc.image | default dict }}
{{- $dataDir := $root.Values.config.DATA_DIR | default "/data" }}
{{- $metrics := $root.Values.metrics }}
{{- $metricsPort := $svc.metricsPort | default $metrics.port | int }}
{{- $hostNetwork := ternary $svc.hostNetwork $defaults.hostNetwork (hasKey $svc "hostNetwork") }}
{{- /* On the host's network the ports are the node's own: podman kube play (4.3) refuses container
ports there, so none are declared and probes and the Service name the ports by number. */}}
{{- $httpPort := ternary $port "http" $hostNetwork }}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "seqgen.labels" . | nindent 4 }}
spec:
  {{- if not $hpaEnabled }}
  replicas: {{ $replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "seqgen.selectorLabels" . | nindent 6 }}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  template:
    metadata:
      labels:
        {{- include "seqgen.labels" . | nindent 8 }}
        {{- with ($svc.podLabels | default $defaults.podLabels) }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        # Roll the pods when the shared settings change.
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        {{- if $metrics.enabled }}
        # Annotation-based scraping (issue 11, item 2); the Operator uses the ServiceMonitor.
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $metricsPort | quote }}
        prometheus.io/path: /metrics
        {{- end }}
        {{- with ($svc.podAnnotations | default $defaults.podAnnotations) }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      # The services never call the Kubernetes API: no token in the pod (also off on the account).
      automountServiceAccountToken: false
      {{- if $root.Values.serviceAccounts.create }}
      serviceAccountName: {{ $fullname }}
      {{- end }}
      enableServiceLinks: false
      {{- if $hostNetwork }}
      # A single host without a cluster network (values-single-host.yaml): every port is the node's.
      hostNetwork: true
      dnsPolicy: ClusterFirstWithHostNet
      {{- end }}
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml ($svc.podSecurityContext | default $defaults.podSecurityContext) | nindent 8 }}
      terminationGracePeriodSeconds: {{ ternary $svc.terminationGracePeriodSeconds $defaults.terminationGracePeriodSeconds (hasKey $svc "terminationGracePeriodSeconds") }}
      containers:
        - name: {{ $name }}
          image: {{ include "seqgen.image" . | quote }}
          imagePullPolicy: {{ $image.pullPolicy | default $root.Values.image.pullPolicy }}
          {{- if not $hostNetwork }}
          ports:
            - name: http
              containerPort: {{ $port }}
              protocol: TCP
            {{- if $metrics.enabled }}
            - name: metrics
              containerPort: {{ $metricsPort }}
              protocol: TCP
            {{- end }}
          {{- end }}
          envFrom:
            - configMapRef:
                name: {{ include "seqgen.fullname" $root }}-config
          env:
            - name: PORT
              value: {{ $port | quote }}
            {{- if $metrics.enabled }}
            # GET /metrics on its own port, never the public one (issue 11, item 2).
            - name: METRICS_PORT
              value: {{ $metricsPort | quote }}
            {{- end }}
            {{- if $svc.upstreams }}
            {{- range $otherName, $other := $root.Values.services }}
            {{- if ne $otherName $name }}
            {{- $other = $other | default dict }}
            - name: {{ printf "%s_URL" ($otherName | replace "-" "_" | upper) }}
              value: {{ printf "http://%s:%d" ($root.Values.upstreamHost | default (include "seqgen.componentName" (dict "root" $root "name" $otherName))) (int (required (printf "services.%s.port is required" $otherName) $other.port)) | quote }}
            {{- end }}
            {{- end }}
            {{- end }}
            {{- /* Issue 25, item 5: Node's heap sized to the container's memory limit, so V8 collects
            before the kernel kills the pod; the rest of the limit is new space, code and buffers. */}}
            {{- $resources := $svc.resources | default $defaults.resources }}
            {{- $limitMi := include "seqgen.mebibytes" (dict "value" $resources.limits.memory "where" (printf "services.%s.resources.limits.memory" $name)) | int }}
            {{- if not (hasKey ($svc.env | default dict) "NODE_OPTIONS") }}
            - name: NODE_OPTIONS
              value: {{ printf "--max-old-space-size=%d" (div (mul $limitMi (int $root.Values.nodeHeap.percentOfLimit)) 100) | quote }}
            {{- end }}
            {{- if $svc.databasePool }}
            # This pod's share of the server's connections (values: database, databasePool).
            - name: DATABASE_POOL_MAX
              value: {{ $svc.databasePool | quote }}
            {{- end }}
            {{- range $key := keys ($svc.env | default dict) | sortAlpha }}
            - name: {{ $key }}
              value: {{ get $svc.env $key | toString | quote }}
            {{- end }}
            {{- range $svc.secretEnv }}
            {{- if not .name }}
            {{- fail (printf "services.%s.secretEnv: every entry needs a name" $name) }}
            {{- end }}
            - name: {{ .name }}
              valueFrom:
                secretKeyRef:
                  name: {{ .secret | default $secretName }}
                  key: {{ .key | default .name }}
                  {{- if .optional }}
                  optional: true
                  {{- end }}
            {{- end }}
          startupProbe:
            httpGet:
              path: /healthz
              port: {{ $httpPort }}
            {{- toYaml $probes.startup | nindent 12 }}
          livenessProbe:
            httpGet:
              path: /healthz
              port: {{ $httpPort }}
            {{- toYaml $probes.liveness | nindent 12 }}
          readinessProbe:
            httpGet:
              path: /readyz
              port: {{ $httpPort }}
            {{- toYaml $probes.readiness | nindent 12 }}
          {{- if gt (int $preStop) 0 }}
          lifecycle:
            preStop:
              exec:
                command: ["sleep", {{ $preStop | toString | quote }}]
          {{- end }}
          resources:
            {{- toYaml ($svc.resources | default $defaults.resources) | nindent 12 }}
          securityContext:
            {{- toYaml ($svc.securityContext | default $defaults.securityContext) | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            - name: data
              mountPath: {{ $dataDir }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ $svc.tmpSizeLimit | default $defaults.tmpSizeLimit }}
        - name: data
          emptyDir:
            sizeLimit: {{ $svc.dataSizeLimit | default $defaults.dataSizeLimit }}
      {{- if $spread }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "seqgen.selectorLabels" . | nindent 14 }}
      {{- end }}
      {{- with ($svc.nodeSelector | default $defaults.nodeSelector) }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with ($svc.tolerations | default $defaults.tolerations) }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with ($svc.affinity | default $defaults.affinity) }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "seqgen.labels" . | nindent 4 }}
  {{- with $serviceValues.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: {{ $serviceValues.type }}
  selector:
    {{- include "seqgen.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ $port }}
      targetPort: {{ $httpPort }}
      protocol: TCP
    {{- if $metrics.enabled }}
    - name: metrics
      port: {{ $metricsPort }}
      targetPort: {{ ternary $metricsPort "metrics" $hostNetwork }}
      protocol: TCP
    {{- end }}
{{- if $hpaEnabled }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "seqgen.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ $fullname }}
  minReplicas: {{ $hpa.minReplicas }}
  maxReplicas: {{ $hpa.maxReplicas }}
  metrics:
    {{- with $hpa.targetCPUUtilizationPercentage }}
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
    {{- with $hpa.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
{{- end }}
{{- if $pdbEnabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ $fullname }}
  labels:
    {{- include "seqgen.labels" . | nindent 4 }}
spec:
  {{- if hasKey $pdb "minAvailable" }}
  minAvailable: {{ $pdb.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $pdb.maxUnavailable | default 1 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "seqgen.selectorLabels" . | nindent 6 }}
{{- end }}
{{- end }}

{{/*
Whether services.<name> is rendered (an entry without `enabled` is). Takes the service's values.
*/}}
{{- define "seqgen.enabled" -}}
{{- $svc := . | default dict }}
{{- if ternary $svc.enabled true (hasKey $svc "enabled") }}true{{ end }}
{{- end }}

{{/*
Names and selector labels of the development servers (dev.infrastructure): "<fullname>-<server>".
Takes a dict: root, name (nats, postgres or redis).
*/}}
{{- define "seqgen.devSelectorLabels" -}}
app.kubernetes.io/name: {{ include "seqgen.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: dev-{{ .name }}
{{- end }}

{{/*
A Kubernetes memory quantity (512Mi, 1Gi, 400M, 1G) in MiB, or a clear failure naming `where`.
*/}}
{{- define "seqgen.mebibytes" -}}
{{- $value := toString .value }}
{{- if regexMatch "^[0-9]+Mi$" $value }}{{ trimSuffix "Mi" $value }}
{{- else if regexMatch "^[0-9]+Gi$" $value }}{{ mul (trimSuffix "Gi" $value | int) 1024 }}
{{- else if regexMatch "^[0-9]+M$" $value }}{{ div (mul (trimSuffix "M" $value | int) 1000000) 1048576 }}
{{- else if regexMatch "^[0-9]+G$" $value }}{{ div (mul (trimSuffix "G" $value | int) 1000000000) 1048576 }}
{{- else }}{{ fail (printf "%s: %q is not a memory quantity in Mi, Gi, M or G" .where $value) }}
{{- end }}
{{- end }}

{{/*
Issue 25, item 5: every pod's connections together (each service's most replicas × (its pool +
its extra connections, e.g. a leader's lock)) must fit the server's max_connections less what is
reserved; rendering fails otherwise, naming the sum.
*/}}
{{- define "seqgen.checkDatabaseConnections" -}}
{{- $root := . }}
{{- $defaults := $root.Values.defaults }}
{{- $total := 0 }}
{{- $parts := list }}
{{- range $name, $svc := $root.Values.services }}
{{- $svc = $svc | default dict }}
{{- if and (ternary $svc.enabled true (hasKey $svc "enabled")) $svc.databasePool }}
{{- $hpaValues := $svc.autoscaling | default dict }}
{{- $hpaEnabled := ternary $hpaValues.enabled $defaults.autoscaling.enabled (hasKey $hpaValues "enabled") }}
{{- $replicas := ternary $svc.replicas $defaults.replicas (hasKey $svc "replicas") }}
{{- $most := ternary ($hpaValues.maxReplicas | default $defaults.autoscaling.maxReplicas) $replicas $hpaEnabled | int }}
{{- $each := add ($svc.databasePool | int) ($svc.databaseExtraConnections | default 0 | int) }}
{{- $total = add $total (mul $most $each) }}
{{- $parts = append $parts (printf "%s %d×%d" $name $most $each) }}
{{- end }}
{{- end }}
{{- $budget := sub ($root.Values.database.maxConnections | int) ($root.Values.database.reservedConnections | int) }}
{{- if gt $total $budget }}
{{- fail (printf "database: the services may open %d PostgreSQL connections (%s), more than max_connections %d less %d reserved: lower databasePool or maxReplicas, or raise database.maxConnections" $total (join ", " $parts) ($root.Values.database.maxConnections | int) ($root.Values.database.reservedConnections | int)) }}
{{- end }}
{{- end }}
