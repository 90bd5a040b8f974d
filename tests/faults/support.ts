/**
 * The fault and abuse suite's harness (issue "Hardening"). It runs seqgen the two ways it is
 * deployed (docs/architecture.md §2):
 *
 * - `one-process`: scripts/start.ts with `npm start`'s settings and flags, every service in one
 *   Node process, as `npm start` runs it — on the embedded defaults, or on the real servers;
 * - `per-service`: each service its own process (as in a pod), on the real servers only (the
 *   embedded bus cannot cross processes), so one service can be stopped (SIGSTOP), resumed or
 *   killed and started again while the others run.
 *
 * On the real servers every run has its own database, stream, subjects and key prefix, and
 * reaches PostgreSQL, NATS and Redis through fault proxies (kit testing): a test takes a server
 * "down" by cutting its proxy, so the shared servers other test files use keep running whatever
 * happens, and every outage is undone by `restore()` or by `stop()`.
 *
 * Every line each process logs is kept (`logs()`), parsed, for the log-scanning checks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createTestDatabase, type FaultProxy, freePort, REAL_INFRA, startFaultProxy } from '@seqgen/kit/testing';

export { freePort };

import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const SERVICES = ['auth', 'waitlist', 'generation', 'quota', 'library', 'billing', 'analytics'] as const;
export type ServiceName = (typeof SERVICES)[number];
/** The gateway setting that points at each service. */
const UPSTREAM_SETTING: Record<ServiceName, string> = {
  auth: 'AUTH_URL',
  waitlist: 'WAITLIST_URL',
  generation: 'GENERATION_URL',
  quota: 'QUOTA_URL',
  library: 'LIBRARY_URL',
  billing: 'BILLING_URL',
  analytics: 'ANALYTICS_URL',
};

/** Waits for a condition rather than a fixed time; the timeout is sized for a loaded 2-core machine. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 30_000, intervalMs = 100, what = 'condition' } = {},
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

/** One log line as pino wrote it (anything that is not JSON is kept as `{ raw }`). */
export type LogLine = Record<string, unknown> & { raw: string };

/** A child Node process running one entry point, with its output kept. */
export class NodeProcess {
  readonly name: string;
  #child: ChildProcess | undefined;
  #output = '';
  readonly #entry: string;
  readonly #env: Record<string, string>;
  readonly #nodeArgs: string[];

  constructor(name: string, entry: string, env: Record<string, string>, nodeArgs: string[] = []) {
    this.name = name;
    this.#entry = entry;
    this.#env = env;
    this.#nodeArgs = nodeArgs;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get running(): boolean {
    return this.#child !== undefined && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  output(): string {
    return this.#output;
  }

  start(): void {
    const child = spawn(process.execPath, [...this.#nodeArgs, this.#entry], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...this.#env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.#output += chunk.toString('utf8');
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.#child = child;
  }

  /** SIGSTOP: the process stays, answers nothing, holds its connections (a stalled pod). */
  pause(): void {
    if (this.#child?.pid) process.kill(this.#child.pid, 'SIGSTOP');
  }

  resume(): void {
    if (this.#child?.pid) process.kill(this.#child.pid, 'SIGCONT');
  }

  /** Ends the process: SIGTERM (graceful) or SIGKILL (a crash); resolves once it has exited. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.pid) process.kill(child.pid, 'SIGCONT');
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * What `npm start` runs after building the web app, read from package.json so the one-process
 * layout runs seqgen exactly as users do: the settings before `node` (environment), the node
 * flags, and the entry point (scripts/start.ts explains each).
 */
export function npmStartCommand(): { env: Record<string, string>; nodeArgs: string[]; entry: string } {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = (manifest.scripts.start.split('&&').at(-1) ?? '').trim().split(/\s+/);
  const env: Record<string, string> = {};
  let word = words.shift();
  while (word?.includes('=')) {
    const [name = '', ...value] = word.split('=');
    env[name] = value.join('=');
    word = words.shift();
  }
  if (word !== 'node') throw new Error(`npm start does not run node: ${manifest.scripts.start}`);
  const entry = words.pop();
  if (!entry?.endsWith('.ts')) throw new Error(`npm start's entry point not found: ${manifest.scripts.start}`);
  if (env.NODE_COMPILE_CACHE) env.NODE_COMPILE_CACHE = path.resolve(repoRoot, env.NODE_COMPILE_CACHE);
  return { env, nodeArgs: words, entry: path.join(repoRoot, entry) };
}

export interface SystemOptions {
  infra: 'embedded' | 'real';
  layout?: 'one-process' | 'per-service';
  /**
   * Real servers only: reach them through fault proxies (default), so a test can cut one; a
   * benchmark connects straight to them instead, as a deployment does.
   */
  faultProxies?: boolean;
  /** Extra settings for every process (e.g. FETCH_ALLOWED_LOOPBACK_ORIGINS, LLM settings). */
  env?: Record<string, string>;
  /** Per-service settings on top (per-service layout only). */
  serviceEnv?: Partial<Record<ServiceName | 'gateway', Record<string, string>>>;
  logLevel?: string;
}

export interface RunningSystem {
  /** The gateway's base URL. */
  url: string;
  /** Direct base URL of a service (per-service layout only). */
  serviceUrl(name: ServiceName): string;
  process(name: ServiceName | 'gateway' | 'seqgen'): NodeProcess;
  /** Fault proxies in front of the real servers (real infra only). */
  proxies: { postgres?: FaultProxy; nats?: FaultProxy; redis?: FaultProxy };
  /** A connection to this run's own database (real infra only). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  logs(): LogLine[];
  stop(): Promise<void>;
}

export const SESSION_SECRET = 'fault-suite-session-secret-0123456789abcdef';

async function waitReady(url: string, proc: NodeProcess): Promise<void> {
  await waitFor(
    async () => {
      if (!proc.running) throw new Error(`${proc.name} exited:\n${proc.output()}`);
      const response = await fetch(`${url}/readyz`).catch(() => undefined);
      return response?.status === 200;
    },
    { timeoutMs: 120_000, intervalMs: 200, what: `${proc.name} at ${url} to be ready` },
  );
}

/** Starts seqgen; stop() ends every process, restores every proxy and drops what the run created. */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const { infra, layout = 'one-process', env = {}, serviceEnv = {}, logLevel = 'info', faultProxies = true } = options;
  if (layout === 'per-service' && infra === 'embedded') {
    throw new Error('per-service layout needs the real servers: the embedded bus lives inside one process');
  }
  const cleanups: (() => Promise<void>)[] = [];
  const processes = new Map<string, NodeProcess>();
  const serviceUrls = new Map<ServiceName, string>();
  const proxies: RunningSystem['proxies'] = {};
  let queryUrl: string | undefined;

  const base: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: logLevel,
    SESSION_SECRET,
    DATA_DIR: path.join(os.tmpdir(), `seqgen-faults-${randomBytes(4).toString('hex')}`),
    ...env,
  };

  const stop = async () => {
    for (const proc of [...processes.values()].reverse()) await proc.stop().catch(() => {});
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };

  try {
    if (infra === 'real') {
      const database = await createTestDatabase();
      cleanups.push(database.drop);
      queryUrl = database.url;
      const runId = randomBytes(4).toString('hex');
      const stream = `FAULTS_${runId}`;
      const db = new URL(database.url);
      const nats = new URL(REAL_INFRA.NATS_URL);
      const redis = new URL(REAL_INFRA.REDIS_URL);
      if (faultProxies) {
        proxies.postgres = await startFaultProxy({ host: db.hostname, port: Number(db.port || 5432) });
        proxies.nats = await startFaultProxy({ host: nats.hostname, port: Number(nats.port || 4222) });
        proxies.redis = await startFaultProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
        for (const proxy of Object.values(proxies)) cleanups.push(() => proxy.close());
      }
      cleanups.push(async () => {
        const nc = await connect({ servers: REAL_INFRA.NATS_URL });
        await (await jetstreamManager(nc)).streams.delete(stream).catch(() => {});
        await nc.close();
      });
      const throughProxy = (url: URL, proxy: FaultProxy | undefined) => {
        if (!proxy) return url.toString();
        const copy = new URL(url);
        copy.hostname = '127.0.0.1';
        copy.port = String(proxy.port);
        return copy.toString();
      };
      Object.assign(base, {
        DATABASE_URL: throughProxy(db, proxies.postgres),
        NATS_URL: throughProxy(nats, proxies.nats),
        REDIS_URL: throughProxy(redis, proxies.redis),
        NATS_STREAM: stream,
        NATS_SUBJECT_PREFIX: `faults-${runId}`,
        REDIS_KEY_PREFIX: `faults:${runId}`,
      });
    }

    let gatewayUrl: string;
    if (layout === 'one-process') {
      const port = await freePort();
      const npmStart = npmStartCommand();
      const proc = new NodeProcess(
        'seqgen',
        npmStart.entry,
        { ...npmStart.env, ...base, PORT: String(port) },
        npmStart.nodeArgs,
      );
      processes.set('seqgen', proc);
      proc.start();
      gatewayUrl = `http://127.0.0.1:${port}`;
      await waitReady(gatewayUrl, proc);
    } else {
      const upstreams: Record<string, string> = {};
      await Promise.all(
        SERVICES.map(async (name) => {
          const port = await freePort();
          const url = `http://127.0.0.1:${port}`;
          const proc = new NodeProcess(name, path.join(repoRoot, `services/${name}/src/main.ts`), {
            ...base,
            HOST: '127.0.0.1',
            PORT: String(port),
            ...serviceEnv[name],
          });
          processes.set(name, proc);
          serviceUrls.set(name, url);
          upstreams[UPSTREAM_SETTING[name]] = url;
          proc.start();
          await waitReady(url, proc);
        }),
      );
      const port = await freePort();
      const proc = new NodeProcess('gateway', path.join(repoRoot, 'services/gateway/src/main.ts'), {
        ...base,
        ...upstreams,
        HOST: '127.0.0.1',
        PORT: String(port),
        ...serviceEnv.gateway,
      });
      processes.set('gateway', proc);
      proc.start();
      gatewayUrl = `http://127.0.0.1:${port}`;
      await waitReady(gatewayUrl, proc);
    }

    return {
      url: gatewayUrl,
      serviceUrl: (name) => {
        const url = serviceUrls.get(name);
        if (!url) throw new Error(`no separate ${name} process in the ${layout} layout`);
        return url;
      },
      process: (name) => {
        const proc = processes.get(name);
        if (!proc) throw new Error(`no ${name} process in the ${layout} layout`);
        return proc;
      },
      proxies,
      query: async <T>(sql: string, params: unknown[] = []) => {
        if (!queryUrl) throw new Error('query() needs the real servers');
        const client = new pg.Client({ connectionString: queryUrl });
        await client.connect();
        try {
          return (await client.query(sql, params)).rows as T[];
        } finally {
          await client.end();
        }
      },
      logs: () =>
        [...processes.values()].flatMap((proc) =>
          proc
            .output()
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((raw) => {
              try {
                return { ...(JSON.parse(raw) as Record<string, unknown>), raw };
              } catch {
                return { raw };
              }
            }),
        ),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The wizard's answers for a generic sequence (any persona, any industry, no prospect): what most
 * system tests generate with. `overrides` changes a field or two (a tone, a context).
 */
export function genericCustomization(overrides: { tone?: number; additionalContext?: string } = {}) {
  return {
    persona: 'generic',
    specificPersona: '',
    seniority: '',
    industry: 'agnostic',
    specificIndustry: '',
    tone: 50,
    additionalContext: '',
    targetSpecificCompany: 'no',
    prospectCompanyUrl: '',
    language: 'auto',
    ...overrides,
  };
}

/**
 * A browser-like client for the gateway: keeps cookies, sends the Origin the CSRF guard wants,
 * JSON in and out, and reports how long each call took.
 */
export function client(base: string, { forwardedFor }: { forwardedFor?: string } = {}) {
  let cookies: Record<string, string> = {};
  return async (
    method: string,
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
    /** Told each piece of the body as it arrives (a stream read as a browser reads it). */
    onText?: (text: string) => void,
  ): Promise<{ status: number; body: any; ms: number; headers: Headers }> => {
    const started = performance.now();
    const response = await fetch(`${base}${pathname}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: base,
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') {
        const { [name.trim()]: _gone, ...rest } = cookies;
        cookies = rest;
      } else cookies[name.trim()] = value;
    }
    let text = '';
    if (onText && response.body) {
      const decoder = new TextDecoder();
      for await (const piece of response.body) {
        const decoded = decoder.decode(piece, { stream: true });
        text += decoded;
        onText(decoded);
      }
      text += decoder.decode();
    } else {
      text = await response.text();
    }
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (an HTML page): kept as text.
    }
    return { status: response.status, body: parsed, ms: performance.now() - started, headers: response.headers };
  };
}

/**
 * Records a fault test's figure (time to answer, added latency, counts), a line that starts with
 * "[fault NN]": printed with the test output and appended to .tmp/fault-figures.log, where the
 * closing note reads it.
 */
export function figure(line: string): void {
  process.stdout.write(`${line}\n`);
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  appendFileSync(path.join(repoRoot, '.tmp/fault-figures.log'), `${new Date().toISOString()} ${line}\n`);
}

const NORTHWIND = new URL('../../services/generation/test/fixtures/sites/northwind-ledger/', import.meta.url);

/**
 * A company site on loopback (let through by FETCH_ALLOWED_LOOPBACK_ORIGINS): the given pages by
 * path, 404 elsewhere. Without pages, the analyser's Northwind Ledger fixture: its home page at
 * / and its case studies at /customers.
 */
export async function startCompanySite(
  pages: Record<string, string | Buffer> = {
    '/': readFileSync(new URL('index.html', NORTHWIND)),
    '/customers': readFileSync(new URL('case-studies.html', NORTHWIND)),
  },
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const page = pages[(request.url ?? '/').split('?')[0] ?? '/'];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? '<h1>Not found</h1>');
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((done) => server.close(() => done())) };
}
