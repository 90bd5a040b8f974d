/**
 * The image tests' side of podman and helm: the chart rendered with values-single-host.yaml and
 * free loopback ports, played with `podman kube play` from the images scripts/images/build.sh
 * made, against the host's PostgreSQL, NATS JetStream and Redis under names of the run's own (a
 * database, a stream and subject prefix, a key prefix), all removed again at the end.
 */

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createTestDatabase, freePort, REAL_INFRA } from '@seqgen/kit/testing';
import { Redis } from 'ioredis';
import YAML from 'yaml';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Every service, one image each (charts/seqgen values `services:`). */
export const SERVICES = [
  'gateway',
  'waitlist',
  'auth',
  'generation',
  'quota',
  'library',
  'billing',
  'analytics',
] as const;
export type Service = (typeof SERVICES)[number];

/** The tag scripts/images/build.sh gave the images (IMAGE_TAG, default "local"). */
export const IMAGE_TAG = process.env.IMAGE_TAG ?? 'local';
export const imageOf = (service: Service) => `localhost/seqgen-${service}:${IMAGE_TAG}`;

/** runc, cgroupfs, no default ulimits: what podman needs on these machines (scripts/images/containers.conf). */
const podmanEnv = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? path.join(repoRoot, 'scripts/images/containers.conf'),
};

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], { input, env }: { input?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<Result>((resolve) => {
    const child = execFile(
      command,
      args,
      { env: env ?? process.env, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** podman with this machine's settings; throws with its output unless `allowFailure`. */
export async function podman(
  args: string[],
  { input, allowFailure = false } = {} as { input?: string; allowFailure?: boolean },
) {
  const result = await run('podman', args, { input, env: podmanEnv });
  if (result.code !== 0 && !allowFailure) {
    throw new Error(
      `podman ${args.slice(0, 3).join(' ')} … exited ${result.code}: ${result.stderr.trim().slice(-2000)}`,
    );
  }
  return result;
}

/** What the image tests measure (sizes, start and stop times, recovery): printed and kept in .tmp. */
export function figure(line: string): void {
  process.stdout.write(`${line}\n`);
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  appendFileSync(path.join(repoRoot, '.tmp/image-figures.log'), `${new Date().toISOString()} ${line}\n`);
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | false>,
  { timeoutMs = 60_000, intervalMs = 200, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** GET on loopback; the status, or 0 when nothing answers. */
export async function statusOf(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

let helmPath: Promise<string> | undefined;
async function helm(args: string[]): Promise<string> {
  helmPath ??= run('bash', [path.join(repoRoot, 'scripts/helm.sh')]).then((r) => {
    if (r.code !== 0) throw new Error(`scripts/helm.sh failed: ${r.stderr}`);
    return r.stdout.trim();
  });
  const home = mkdtempSync(path.join(os.tmpdir(), 'seqgen-images-helm-'));
  try {
    // Offline, away from the user's own helm settings.
    const env = { ...process.env, HELM_CACHE_HOME: home, HELM_CONFIG_HOME: home, HELM_DATA_HOME: home };
    const result = await run(await helmPath, args, { env });
    if (result.code !== 0) throw new Error(`helm ${args[0]} failed: ${result.stderr.trim()}`);
    return result.stdout;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export interface SystemOptions {
  /** Settings of one service on top of the chart's (services.<name>.env). */
  env?: Partial<Record<Service, Record<string, string>>>;
  /** Shared settings on top of the chart's (config; an empty value leaves the setting out). */
  config?: Record<string, string>;
}

export interface RunningSystem {
  release: string;
  gatewayUrl: string;
  port(service: Service): number;
  metricsPort(service: Service): number;
  container(service: Service): string;
  /** The database the services share, for the tests' own look. */
  databaseUrl: string;
  /** The last 40 lines of a service's log, or all of it. */
  logs(service: Service, options?: { all?: boolean }): Promise<string>;
  /** For comparisons only (never printed): the SESSION_SECRET the services were given. */
  sessionSecret: string;
  stop(): Promise<void>;
}

/**
 * Renders the chart for one host with free ports and the run's own names, plays it with podman,
 * and waits until every service answers /readyz. The session secret is random and goes from here
 * to podman's secret store only (it is never printed).
 */
export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const runId = randomBytes(3).toString('hex');
  // A release name containing "seqgen" is the chart's full name: objects are seqgen-img…-<service>.
  const release = `seqgen-img${runId}`;
  const names = Object.fromEntries(SERVICES.map((s) => [s, `${release}-${s}`])) as Record<Service, string>;
  const ports = {} as Record<Service, number>;
  const metricsPorts = {} as Record<Service, number>;
  const taken = new Set<number>();
  const pick = async () => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  for (const s of SERVICES) {
    ports[s] = await pick();
    metricsPorts[s] = await pick();
  }
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;

  const database = await createTestDatabase();
  const stream = `IMAGES_${runId.toUpperCase()}`;
  const keyPrefix = `images:${runId}`;
  const secretName = `${release}-secrets`;
  const work = mkdtempSync(path.join(os.tmpdir(), 'seqgen-images-'));
  const manifestFile = path.join(work, 'seqgen.yaml');

  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  cleanups.push(() => database.drop());
  cleanups.push(async () => {
    const nc = await connect({ servers: REAL_INFRA.NATS_URL });
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => {});
    await nc.close();
  });
  cleanups.push(async () => {
    const redis = new Redis(REAL_INFRA.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  });

  try {
    // podman 4.3's kube play reads a secretKeyRef from its own secret store: a JSON map of
    // base64 values, one per key.
    const secret = {
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(48).toString('base64'),
    };
    const encoded = Object.fromEntries(Object.entries(secret).map(([k, v]) => [k, Buffer.from(v).toString('base64')]));
    // From a file of the run's own (podman takes stdin only from a named pipe), removed at once.
    const secretFile = path.join(work, 'secret.json');
    writeFileSync(secretFile, JSON.stringify(encoded), { mode: 0o600 });
    try {
      await podman(['secret', 'create', secretName, secretFile]);
    } finally {
      rmSync(secretFile, { force: true });
    }
    cleanups.push(() => podman(['secret', 'rm', secretName], { allowFailure: true }));

    const values = {
      image: { tag: IMAGE_TAG },
      secrets: { existingSecret: secretName },
      config: {
        PUBLIC_URL: gatewayUrl,
        NATS_STREAM: stream,
        NATS_SUBJECT_PREFIX: `images-${runId}`,
        REDIS_KEY_PREFIX: keyPrefix,
        ...options.config,
      },
      services: Object.fromEntries(
        SERVICES.map((s) => [
          s,
          { port: ports[s], metricsPort: metricsPorts[s], ...(options.env?.[s] ? { env: options.env[s] } : {}) },
        ]),
      ),
    };
    const valuesFile = path.join(work, 'values.yaml');
    writeFileSync(valuesFile, YAML.stringify(values));
    const rendered = await helm([
      'template',
      release,
      path.join(repoRoot, 'charts/seqgen'),
      '-f',
      path.join(repoRoot, 'charts/seqgen/values-single-host.yaml'),
      '-f',
      valuesFile,
    ]);
    writeFileSync(manifestFile, rendered);

    // kube play takes the Deployments and the ConfigMap they read, and passes over the Services.
    cleanups.push(() => podman(['kube', 'down', manifestFile], { allowFailure: true }));
    await podman(['kube', 'play', '--quiet', manifestFile]);

    const container = (s: Service) => `${names[s]}-pod-0-${s}`;
    const logs = async (s: Service, { all = false } = {}) => {
      const { stdout, stderr } = await podman(['logs', ...(all ? [] : ['--tail', '40']), container(s)], {
        allowFailure: true,
      });
      return `${stdout}${stderr}`;
    };
    const readyMs = Date.now();
    await Promise.all(
      SERVICES.map((s) =>
        waitFor(async () => (await statusOf(`http://127.0.0.1:${ports[s]}/readyz`)) === 200, {
          timeoutMs: 90_000,
          what: `${s} /readyz`,
        }).catch(async (error) => {
          throw new Error(`${error.message}\n--- ${s} log ---\n${await logs(s)}`);
        }),
      ),
    );
    figure(
      `[images] ${release}: all ${SERVICES.length} services ready ${((Date.now() - readyMs) / 1000).toFixed(1)} s after kube play`,
    );

    return {
      release,
      gatewayUrl,
      databaseUrl: database.url,
      port: (s) => ports[s],
      metricsPort: (s) => metricsPorts[s],
      container,
      logs,
      sessionSecret: secret.SESSION_SECRET,
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Runs `node -e script` inside a running container, as its own user; the script's stdout as JSON. */
export async function nodeIn(container: string, script: string): Promise<unknown> {
  const { stdout } = await podman(['exec', container, 'node', '-e', script]);
  return JSON.parse(stdout);
}
