/**
 * seqgen as a user meets it: started the way `npm start` starts it, on loopback, with a fresh data
 * folder, and spoken to only through its public HTTP API. The company sites are served from
 * their own loopback ports. Nothing here reaches any address but 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const LOOPBACK = '127.0.0.1';

export interface StaticSite {
  origin: string;
  close: () => Promise<void>;
}

/** A folder served as a site: `/` is its index.html, `/case-studies` its case-studies.html. */
export async function serveSite(dir: string): Promise<StaticSite> {
  const pages: Record<string, string> = {
    '/': 'index.html',
    '/index.html': 'index.html',
    '/case-studies': 'case-studies.html',
    '/case-studies.html': 'case-studies.html',
  };
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://site').pathname.replace(/\/+$/, '') || '/';
    const file = pages[pathname];
    if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not found</h1>');
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(path.join(dir, file));
    } catch {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not found</h1>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;
  return { origin: `http://${LOOPBACK}:${port}`, close: () => closeServer(server) };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve());
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;
  await closeServer(server);
  return port;
}

/** Settings passed through only when they keep every call on loopback (an LLM stand-in, say). */
function loopbackLlmSettings(): Record<string, string> {
  const base = process.env.LLM_BASE_URL;
  if (!base) return {};
  const host = new URL(base).hostname;
  if (host !== LOOPBACK && host !== 'localhost' && host !== '[::1]') return {};
  const settings: Record<string, string> = { LLM_BASE_URL: base };
  for (const name of ['LLM_MODEL', 'OPENAI_API_KEY', 'LLM_TIMEOUT_MS', 'LLM_MAX_RETRIES']) {
    const value = process.env[name];
    if (value) settings[name] = value;
  }
  return settings;
}

export interface RunningApp {
  origin: string;
  /** Whether an LLM (on loopback) was configured, as the report says. */
  llm: boolean;
  stop: () => Promise<void>;
  /** The app's last lines of output (warnings and errors only: it logs at `warn`). */
  tail: (lines?: number) => string;
}

/**
 * Starts the app as `npm start` does (without the web build, which the API does not need), with
 * the embedded defaults only: the process gets a minimal environment, so no database, broker,
 * mail server, tracing endpoint or model outside this machine can be reached from a setting.
 */
export async function startApp(repoRoot: string, allowedOrigins: string[]): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seqgen-eval-'));
  const llm = loopbackLlmSettings();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? os.tmpdir(),
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    MALLOC_ARENA_MAX: '2',
    NODE_COMPILE_CACHE: path.join(repoRoot, 'node_modules/.cache/node-compile'),
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEQGEN_PRETTY_LOGS: '0',
    FETCH_ALLOWED_LOOPBACK_ORIGINS: allowedOrigins.join(','),
    ANALYSES_PER_10_MINUTES: '10000',
    GENERATIONS_PER_10_MINUTES: '10000',
    REGENERATIONS_PER_10_MINUTES: '10000',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...llm,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      './scripts/fast-resolve.ts',
      '--max-semi-space-size=4',
      '--max-old-space-size=256',
      'scripts/start.ts',
    ],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: false },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 2000) output.splice(0, output.length - 2000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null = null;
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? 128 : 1);
      resolve();
    });
  });
  const origin = `http://${LOOPBACK}:${port}`;
  const tail = (lines = 40) => output.join('').split('\n').slice(-lines).join('\n');
  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitedPromise;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) throw new Error(`seqgen exited with ${exited} before it was ready:\n${tail()}`);
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`seqgen was not ready within 3 minutes:\n${tail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, llm: Object.keys(llm).length > 0, stop, tail };
}

export interface ApiAnswer {
  status: number;
  body: unknown;
  ms: number;
}

/** A signed-in user's browser: its cookies, and the app's own origin on every write (the CSRF rule). */
export function apiClient(origin: string) {
  const cookies = new Map<string, string>();
  return async (method: string, pathname: string, body?: unknown, timeoutMs = 150_000): Promise<ApiAnswer> => {
    const started = performance.now();
    const headers: Record<string, string> = { accept: 'application/json', origin };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let response: Response;
    try {
      response = await fetch(`${origin}${pathname}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return {
        status: 0,
        body: { error: 'no_answer', message: (error as Error).message },
        ms: performance.now() - started,
      };
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed, ms: performance.now() - started };
  };
}
export type Api = ReturnType<typeof apiClient>;
