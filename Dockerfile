# syntax=docker/dockerfile:1
#
# One Dockerfile, one image per service:
#   docker build --build-arg SERVICE=waitlist -t seqgen-waitlist .
#   docker build --build-arg SERVICE=gateway  -t seqgen-gateway  .   # also builds the SPA
#
# Services are TypeScript run directly by Node 24 (type stripping), so there is no compile step:
# the image is production node_modules + proto/ + checks/ + services/kit + services/$SERVICE.

ARG NODE_IMAGE=node:24-slim

# ---------------------------------------------------------------------------------------------
# manifests: every package.json plus the lock file, and nothing else. `npm ci` checks the lock
# against all workspaces, so all manifests are needed; copying only them keeps the install
# layers below cached until a dependency actually changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package-lock.json /manifests/ \
 && find . -name node_modules -prune -o -name package.json -type f -print \
    | xargs -r cp --parents -t /manifests

# The npm installs below read two optional build secrets, for networks where the registry is
# reached through a proxy or a private mirror: `npmrc` (an .npmrc: registry, proxy, token) and
# `npm_ca` (a CA bundle, mounted at /run/secrets/npm_ca for the npmrc's `cafile`), e.g.
#   docker build --secret id=npmrc,src=$HOME/.npmrc …
# Secrets are mounted for the one step only: nothing of them is kept in a layer or the cache key.
# scripts/images/build.sh passes the host's own npm settings this way.

# ---------------------------------------------------------------------------------------------
# prod-deps: runtime dependencies of one workspace (and the workspaces it links: kit, proto).
# npm nests a workspace's own copy of a package whose version differs from the hoisted one
# (kit's @opentelemetry/* for example) under <workspace>/node_modules: the runtime stage builds
# on this one, so every node_modules folder is in place without copying it (or its 130 MB) again.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
ARG SERVICE
RUN if [ -z "${SERVICE}" ]; then echo 'build arg SERVICE is required, e.g. --build-arg SERVICE=gateway' >&2; exit 1; fi; \
    if [ ! -f "services/${SERVICE}/package.json" ]; then echo "no workspace services/${SERVICE}" >&2; exit 1; fi
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    --mount=type=secret,id=npmrc,target=/root/.npmrc \
    --mount=type=secret,id=npm_ca \
    npm ci --omit=dev --workspace "services/${SERVICE}" --no-audit --no-fund --loglevel=warn

# ---------------------------------------------------------------------------------------------
# web: the SPA, built only when SERVICE=gateway. The dev install happens before SERVICE is
# read, so it is one cached layer shared by every service's build.
FROM ${NODE_IMAGE} AS web
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    --mount=type=secret,id=npmrc,target=/root/.npmrc \
    --mount=type=secret,id=npm_ca \
    npm ci --workspace web --no-audit --no-fund --loglevel=warn
COPY tsconfig.base.json ./
COPY proto/ proto/
COPY checks/ checks/
COPY web/ web/
ARG SERVICE
RUN if [ "${SERVICE}" = "gateway" ]; then npm run build -w web; else rm -rf web/dist && mkdir -p web/dist; fi

# ---------------------------------------------------------------------------------------------
# runtime: the production install above (/app: the manifests, the lock file and every
# node_modules folder) plus the sources the service runs.
FROM prod-deps AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# Everything is root-owned and read-only to the process; only /data (embedded PGlite, used when
# no DATABASE_URL is given) and /tmp are writable.
RUN mkdir -p /data && chown 1000:1000 /data
COPY proto/ proto/
COPY checks/ checks/
COPY services/kit/ services/kit/
COPY services/${SERVICE}/ services/${SERVICE}/
COPY --from=web /app/web/dist ./web/dist
# The numeric id (the `node` user of the base image) lets Kubernetes verify runAsNonRoot.
USER 1000:1000
EXPOSE 8080 8101 8102 8103 8104 8105 8106 8107
# No curl in the slim image; Node's fetch does the probe. PORT falls back to the service's
# documented default port.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "const d={gateway:8080,waitlist:8101,auth:8102,generation:8103,quota:8104,library:8105,billing:8106,analytics:8107};fetch('http://127.0.0.1:'+(process.env.PORT||d[process.env.SERVICE])+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# exec: node becomes PID 1 and receives SIGTERM directly for its graceful shutdown.
CMD ["/bin/sh", "-c", "exec node services/${SERVICE}/src/main.ts"]
