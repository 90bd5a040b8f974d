/**
 * In-run references (issue 25, item 6): on a shared 2-core machine an absolute figure says as much
 * about the neighbours as about seqgen, so every figure in the report is also given as a ratio to
 * a reference measured in the same run, on the same machine, at about the same moment:
 *
 * - cpu: a fixed single-threaded JavaScript workload (hashing, JSON, sorting), its median time
 *   in ms: times are divided by it ("× cpu");
 * - http: a bare node:http hello-world on loopback under the benches' own load generator, in
 *   requests/s: throughputs are divided by it ("× hello-world");
 * - rss: an idle Node process's resident memory, in MB: memory is divided by it ("× idle node").
 *
 * The machine's load (1-minute load average) is recorded before and after each bench.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { runLoad } from './load.ts';

export interface References {
  cpuMs: number;
  httpRps: number;
  rssMb: number;
  load1: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** One fixed unit of single-threaded work: the same bytes, the same steps, every run. */
function cpuUnit(): number {
  const started = performance.now();
  let digest = Buffer.alloc(32);
  for (let i = 0; i < 2_000; i++) digest = createHash('sha256').update(digest).update('seqgen').digest();
  const data = Array.from({ length: 20_000 }, (_, i) => ({ i, text: `row ${(i * 7919) % 20_000}`, tags: ['a', 'b'] }));
  const parsed = JSON.parse(JSON.stringify(data)) as { text: string }[];
  parsed.sort((a, b) => a.text.localeCompare(b.text));
  if (digest.length !== 32 || parsed.length !== data.length) throw new Error('reference workload broke');
  return performance.now() - started;
}

async function helloWorldRps(): Promise<number> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5' });
    response.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const result = await runLoad({
      base: `http://127.0.0.1:${port}`,
      path: '/',
      connections: 50,
      durationMs: 3_000,
      warmupMs: 500,
    });
    return result.requestsPerSecond;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function idleNodeRssMb(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  } finally {
    child.kill();
  }
}

export async function measureReferences(): Promise<References> {
  for (let i = 0; i < 3; i++) cpuUnit(); // warm the JIT
  const cpuMs = median(Array.from({ length: 9 }, cpuUnit));
  return {
    cpuMs: Math.round(cpuMs * 100) / 100,
    httpRps: Math.round(await helloWorldRps()),
    rssMb: Math.round((await idleNodeRssMb()) * 10) / 10,
    load1: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

const TIME_UNITS: Record<string, number> = { ms: 1, µs: 0.001, s: 1000 };

/**
 * The figure divided by the reference of its kind: a time by the cpu unit, a throughput by the
 * hello-world, memory by an idle Node; a figure that already is a ratio (%, ×) is itself.
 * Undefined for a figure of no known kind.
 */
export function relativeTo(
  refs: References,
  value: number | string,
  unit: string | undefined,
): { value: number; of: string } | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || unit === undefined) return undefined;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const scale = TIME_UNITS[unit];
  if (scale !== undefined) return { value: round((value * scale) / refs.cpuMs), of: '× cpu' };
  if (unit.endsWith('/s')) return { value: round(value / refs.httpRps), of: '× hello-world' };
  if (unit === 'MB' || unit === 'MiB') return { value: round(value / refs.rssMb), of: '× idle node' };
  if (unit === '%' || unit === '×') return { value, of: 'ratio' };
  return undefined;
}
