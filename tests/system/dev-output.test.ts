/**
 * What `npm start` prints (issue 11, item 6). Piped (CI, containers, log shippers): JSON lines
 * only, one "listening" line per service. At a terminal (forced here with SEQGEN_PRETTY_LOGS=1,
 * the setting README documents): one start-up summary, then one readable line per request, no
 * secret. And a service started alone from a fresh directory answers, as README says it does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_MS = 90_000;
/** A start from a fresh directory plus the requests: room for a machine busy with other suites. */
const TEST_MS = STARTUP_MS + 30_000;

/** Settings that would pick real servers or change the output are left out: embedded defaults. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const dropped =
    /^(DATABASE_URL|NATS_URL|REDIS_URL|SMTP_URL|OPENAI_API_KEY|LLM_BASE_URL|STRIPE_|SESSION_SECRET|SEQGEN_PRETTY_LOGS|LOG_LEVEL|PORT|HOST|DATA_DIR|NODE_ENV|.*_URL$)/;
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !dropped.test(key)));
  return { ...(env as Record<string, string>), ...extra };
}

interface Running {
  child: ChildProcess;
  output: () => string;
  errors: () => string;
}

const running: Running[] = [];
const dirs: string[] = [];

function freshDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'seqgen-dev-output-'));
  dirs.push(dir);
  return dir;
}

/** stdout is a pipe here, so the process sees no terminal. */
function run(args: string[], env: Record<string, string>, cwd = root): Running {
  const child = spawn(process.execPath, args, { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const started = { child, output: () => stdout, errors: () => stderr };
  running.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(
    running.splice(0).map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The gateway URL once start-up is over, from either form of output. */
async function gatewayUrl(app: Running, pretty: boolean): Promise<string> {
  let url = '';
  await expect
    .poll(
      () => {
        const match = pretty
          ? /seqgen is running at (http:\/\/\S+)/.exec(app.output())
          : /"url":"(http:\/\/localhost:\d+)"[^\n]*"msg":"all services started"/.exec(app.output());
        url = match?.[1] ?? '';
        return url;
      },
      { timeout: STARTUP_MS, interval: 200 },
    )
    .not.toBe('');
  return url;
}

describe('npm start output', () => {
  it(
    'is JSON lines only when stdout is not a terminal, one "listening" line per service',
    async () => {
      const app = run(['scripts/start.ts'], { PORT: '0', DATA_DIR: freshDir() });
      const url = await gatewayUrl(app, false);
      const response = await fetch(`${url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: 'json-lines@example.com' }),
      });
      expect(response.status).toBe(201);
      await expect
        .poll(() => app.output(), { timeout: 10_000 })
        .toMatch(/"service":"gateway"[^\n]*"request completed"/);

      const lines = jsonLines(app.output()); // throws on any line that is not JSON
      const listening = lines.filter((line) => /listening/i.test(String(line.msg)));
      expect(listening.map((line) => line.service).sort()).toEqual(
        ['analytics', 'auth', 'billing', 'gateway', 'generation', 'library', 'quota', 'waitlist'].sort(),
      );
      // The banner scripts wait for goes to stderr, whatever LOG_LEVEL: stdout stays JSON.
      expect(app.output()).not.toContain('seqgen is running at');
      expect(app.errors()).toBe(`seqgen is running at ${url}\n`);
    },
    TEST_MS,
  );

  it(
    'at a terminal: one summary, then one readable line per request, and no secret',
    async () => {
      const dataDir = freshDir();
      const app = run(['scripts/start.ts'], { PORT: '0', DATA_DIR: dataDir, SEQGEN_PRETTY_LOGS: '1' });
      const url = await gatewayUrl(app, true);
      const summary = app.output();
      expect(summary.match(/seqgen is running at/g)).toHaveLength(1);
      expect(summary).toContain(`database  PGlite at ${path.join(dataDir, 'pglite')}`);
      expect(summary).toMatch(/bus {7}in-process/);

      const post = (path: string, body: unknown) =>
        fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify(body),
        });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await post('/api/waitlist', { email: 'pretty@example.com' })).status).toBe(201);
      expect(
        (await post('/api/login', { email: 'nobody@example.com', password: 'pretty-secret-password' })).status,
      ).toBe(401);
      await expect
        .poll(() => app.output().split('\n').length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(summary.split('\n').length + 3);

      const after = app.output().slice(summary.length).trim().split('\n');
      expect(after).toEqual([
        expect.stringMatching(/^\d\d:\d\d:\d\d GET \/healthz 200 \d+ ms gateway$/),
        expect.stringMatching(/^\d\d:\d\d:\d\d POST \/api\/waitlist 201 \d+ ms waitlist$/),
        expect.stringMatching(/^\d\d:\d\d:\d\d POST \/api\/login 401 \d+ ms auth \S.*\(invalid_credentials\)$/),
      ]);
      expect(app.output()).not.toContain('{"level"');
      expect(app.output()).not.toContain('pretty-secret-password');
    },
    TEST_MS,
  );
});

describe('a service alone', () => {
  it(
    'starts from a fresh directory with no settings and answers /healthz and /readyz',
    async () => {
      const cwd = freshDir();
      const service = run([path.join(root, 'services/waitlist/src/main.ts')], { PORT: '0' }, cwd);
      let url = '';
      await expect
        .poll(
          () => {
            url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"listening"/.exec(service.output())?.[1] ?? '';
            return url;
          },
          { timeout: STARTUP_MS, interval: 200 },
        )
        .not.toBe('');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      // Its data under ./data of the directory it was started in (DATA_DIR's default).
      expect(existsSync(path.join(cwd, 'data', 'pglite'))).toBe(true);
    },
    TEST_MS,
  );
});
