/**
 * `node scripts/bench/polling.ts` (issue 12): usage polling capacity and `npm start`'s footprint.
 *
 * Embedded (default): `npm start` itself, as a user runs it (its web build check, its node flags),
 * on a data folder it has used before, so the start measured is a second start; then, on the
 * same process:
 * - ready: from spawning `npm start` to the gateway answering /readyz. Target ≤ 3 s.
 * - idle resident memory after it settles. Target ≤ 350 MB.
 * - GET /api/usage through the gateway with 50 connections, as every signed-in tab polls it
 *   (each poll sends the ETag it holds, as the web app does; answers are 304 while nothing
 *   changes), then without ETags (every answer a 200 with its body). Target ≥ 3,000 req/s at
 *   p99 < 50 ms, and ≥ 0.6× GET /api/billing/config, the cheapest proxied route, in the same run.
 * - the same polls straight to quota (gateway vs direct).
 * - peak resident memory under that load. Target ≤ 500 MB.
 * `BENCH_INFRA=real`: every service its own process on the machine's PostgreSQL, NATS and Redis
 * (tests/faults/support.ts startSystem), the same loads; memory is each process's own.
 *
 * The log level is the default (info), so what is measured is what runs. Only loopback traffic.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { client, freePort, repoRoot, startSystem, waitFor } from '../../tests/faults/support.ts';
import { type LoadResult, runLoad } from './load.ts';

const infra = process.env.BENCH_INFRA === 'real' ? 'real' : 'embedded';
const CONNECTIONS = 50;
const DURATION_MS = Number(process.env.BENCH_POLL_MS ?? 10_000);
const WARMUP_MS = 3_000;
/** Far above any load here: the bench measures the route, not the per-address limiter. */
const RATE_LIMIT = '100000000';

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const mb = (kb: number) => Math.round(kb / 1024);

/** VmRSS of a process, in kB (Linux /proc). */
function residentKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/** The node process under `root` (itself or a descendant) running `entry` (not the shell that started it). */
function findNodeProcess(root: number, entry: string): number | undefined {
  const runsEntry = (pid: number) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return path.basename(argv[0] ?? '') === 'node' && argv.some((arg) => arg.endsWith(entry));
    } catch {
      return false;
    }
  };
  const children = (pid: number): number[] => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    if (runsEntry(pid)) return pid;
    queue.push(...children(pid));
  }
  return undefined;
}

/** CPU time so far of a process, from /proc (Linux), in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Samples the resident memory of `pids` every 100 ms while `work` runs: the peak of their sum,
 * and each one's own peak.
 */
async function peakWhile<T>(
  pids: number[],
  work: () => Promise<T>,
): Promise<{ result: T; peakKb: number; peaksKb: number[] }> {
  let peakKb = 0;
  const peaksKb = pids.map(() => 0);
  const sample = () => {
    const each = pids.map(residentKb);
    each.forEach((kb, index) => {
      peaksKb[index] = Math.max(peaksKb[index] ?? 0, kb);
    });
    peakKb = Math.max(
      peakKb,
      each.reduce((sum, kb) => sum + kb, 0),
    );
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, peakKb, peaksKb };
  } finally {
    clearInterval(timer);
  }
}

interface Running {
  url: string;
  quotaUrl: string;
  /** The processes whose memory counts: npm start's one, or every service's and the gateway's. */
  pids: number[];
  /** Each pid's service, where every service is its own process (real). */
  names?: string[];
  readyMs?: number;
  stop(): Promise<void>;
}

/** `npm start` on `dataDir`, timed from the spawn to a ready gateway. */
async function npmStart(dataDir: string): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
      POLL_RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
      ANONYMOUS_RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Kept small: only the start-up lines are read (the quota service's address).
  const keep = (chunk: Buffer) => {
    if (output.length < 1_000_000) output += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-(child.pid as number), 'SIGTERM');
    const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
        const response = await fetch(`${url}/readyz`).catch(() => undefined);
        return response?.status === 200;
      },
      { timeoutMs: 120_000, intervalMs: 20, what: 'npm start to be ready' },
    );
    const readyMs = performance.now() - started;
    const quotaUrl = /"QUOTA_URL":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output)?.[1];
    const pid = findNodeProcess(child.pid as number, 'scripts/start.ts');
    if (!quotaUrl || !pid) throw new Error(`npm start's quota address or process not found:\n${output.slice(0, 4000)}`);
    return { url, quotaUrl, pids: [pid], readyMs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function startReal(): Promise<Running> {
  const system = await startSystem({
    infra: 'real',
    layout: 'per-service',
    faultProxies: false,
    logLevel: 'info',
    env: {
      RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
      POLL_RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
      ANONYMOUS_RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
    },
  });
  const names = ['gateway', 'auth', 'quota', 'billing', 'generation', 'library', 'waitlist', 'analytics'];
  const pids = names.map((name) => system.process(name as never).pid as number);
  return { url: system.url, quotaUrl: system.serviceUrl('quota'), pids, names, stop: () => system.stop() };
}

async function signedInCookie(base: string): Promise<string> {
  const call = client(base);
  const registered = await call('POST', '/api/register', {
    email: `poll-${Date.now()}@example.com`,
    password: 'a long enough password',
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** The polling targets (issue 12): ≥ 3,000 req/s at p99 < 50 ms with 50 connections. */
const pollingFigures = (label: string, r: LoadResult) => [
  {
    metric: `${label}, 50 conns`,
    value: Math.round(r.requestsPerSecond),
    unit: 'req/s',
    target: '≥ 3000',
    met: r.requestsPerSecond >= 3000,
  },
  { metric: `${label}, p99`, value: round(r.p99Ms), unit: 'ms', target: '< 50', met: r.p99Ms < 50 },
];

const describe = (name: string, r: LoadResult) =>
  `${name.padEnd(44)} ${Math.round(r.requestsPerSecond).toString().padStart(6)} req/s  p50 ${r.p50Ms.toFixed(1)} ms  p99 ${r.p99Ms.toFixed(1)} ms  ${JSON.stringify(r.statuses)}`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seqgen-bench-polling-'));
let running: Running | undefined;
try {
  if (infra === 'embedded') {
    // A first start creates the database; the figures are a second start's, as a developer's is.
    await (await npmStart(dataDir)).stop();
    running = await npmStart(dataDir);
  } else {
    running = await startReal();
  }
  const { url, quotaUrl, pids } = running;
  await new Promise((resolve) => setTimeout(resolve, 8_000)); // settle: timers, GC, lazy work
  const idleEachKb = pids.map(residentKb);
  const idleKb = idleEachKb.reduce((sum, kb) => sum + kb, 0);

  const cookie = await signedInCookie(url);
  const usage = await fetch(`${url}/api/usage`, { headers: { cookie } });
  const etag = usage.headers.get('etag');
  if (usage.status !== 200 || !etag) throw new Error(`GET /api/usage: ${usage.status}, etag ${etag}`);

  const load = (base: string, route: string, options: { etags?: boolean } = {}) =>
    runLoad({
      base,
      path: route,
      headers: { cookie },
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
      ...(options.etags && {
        // Each connection is a tab: it sends the tag of the usage it holds.
        follow: (_status: number, head: string) => {
          const tag = /\r\netag:\s*([^\r\n]+)/i.exec(head)?.[1];
          return tag ? { 'if-none-match': tag } : undefined;
        },
      }),
    });

  const cpuBefore = pids.map(cpuMs);
  const loadStarted = performance.now();
  const {
    result: polled,
    peakKb,
    peaksKb,
  } = await peakWhile(pids, async () => {
    const withEtags = await load(url, '/api/usage', { etags: true });
    const plain = await load(url, '/api/usage');
    return { withEtags, plain };
  });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const cpuEach = pids.map((pid, index) => (cpuMs(pid) - (cpuBefore[index] ?? 0)) / loadSeconds / 1000);
  // Issue 25, item 5: what each service's process uses, idle and under the polling load, is what
  // the chart's requests and limits are sized from (charts/seqgen/footprint.json, checked by
  // scripts/deploy-check.sh).
  const footprint = running.names?.map((name, index) => ({
    service: name,
    idleMiB: mb(idleEachKb[index] ?? 0),
    peakMiB: mb(peaksKb[index] ?? 0),
    cpuCoresUnderLoad: round(cpuEach[index] ?? 0, 2),
  }));
  if (footprint) {
    process.stdout.write(`per process (idle MiB, peak MiB, cores under load): ${JSON.stringify(footprint)}\n`);
    writeFileSync(
      path.join(repoRoot, 'charts/seqgen/footprint.json'),
      `${JSON.stringify({ measured: new Date().toISOString(), by: 'npm run bench (polling, real)', load: `GET /api/usage via the gateway, ${CONNECTIONS} connections`, services: footprint }, null, 2)}\n`,
    );
  }
  const config = await load(url, '/api/billing/config');
  const direct = await load(quotaUrl, '/api/usage', { etags: true });

  for (const [name, result] of [
    ['GET /api/usage via gateway, ETags (as the web)', polled.withEtags],
    ['GET /api/usage via gateway, no ETags', polled.plain],
    ['GET /api/billing/config via gateway', config],
    ['GET /api/usage straight to quota, ETags', direct],
  ] as const) {
    process.stdout.write(`${describe(name, result)}\n`);
    const failed = Object.keys(result.statuses).filter((status) => status !== '200' && status !== '304');
    if (failed.length > 0) throw new Error(`${name}: answers ${JSON.stringify(result.statuses)}`);
  }

  const worst = polled.plain.requestsPerSecond < polled.withEtags.requestsPerSecond ? polled.plain : polled.withEtags;
  const ratio = worst.requestsPerSecond / config.requestsPerSecond;
  const summary = [
    ...(running.readyMs === undefined
      ? []
      : [
          {
            metric: 'npm start ready, second start',
            value: round(running.readyMs / 1000, 2),
            unit: 's',
            target: '≤ 3',
            met: running.readyMs <= 3000,
          },
        ]),
    {
      metric: infra === 'embedded' ? 'resident memory idle' : 'resident memory idle, all processes',
      value: mb(idleKb),
      unit: 'MB',
      ...(infra === 'embedded' && { target: '≤ 350', met: mb(idleKb) <= 350 }),
    },
    {
      metric: infra === 'embedded' ? 'resident memory under polling load' : 'resident memory under load, all processes',
      value: mb(peakKb),
      unit: 'MB',
      ...(infra === 'embedded' && { target: '≤ 500', met: mb(peakKb) <= 500 }),
    },
    { metric: 'memory loaded / idle', value: round(peakKb / idleKb, 2), unit: '×' },
    ...(footprint ?? []).flatMap((each) => [
      { metric: `${each.service}: resident memory idle`, value: each.idleMiB, unit: 'MB' },
      { metric: `${each.service}: resident memory under polling load`, value: each.peakMiB, unit: 'MB' },
    ]),
    ...pollingFigures('usage polls via gateway (ETags)', polled.withEtags),
    ...pollingFigures('usage polls via gateway (no ETags)', polled.plain),
    { metric: 'billing config via gateway', value: Math.round(config.requestsPerSecond), unit: 'req/s' },
    {
      metric: 'usage / billing config throughput',
      value: round(ratio, 2),
      unit: '×',
      target: '≥ 0.6',
      met: ratio >= 0.6,
    },
    { metric: 'usage polls straight to quota', value: Math.round(direct.requestsPerSecond), unit: 'req/s' },
    {
      metric: 'gateway / direct throughput',
      value: round(polled.withEtags.requestsPerSecond / direct.requestsPerSecond, 2),
      unit: '×',
    },
  ];
  process.stdout.write(`${JSON.stringify({ bench: 'polling', infra, summary })}\n`);
  await running.stop();
  running = undefined;
  if (summary.some((line) => 'met' in line && line.met === false)) process.exitCode = 1;
} finally {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
