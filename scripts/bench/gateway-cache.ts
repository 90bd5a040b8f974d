/**
 * `node scripts/bench/gateway-cache.ts`: latency of an analysis answered from the cache, through
 * the gateway, over real HTTP on loopback — the path a repeat "Analyze Company" click takes:
 * gateway (rate limit, CSRF check, proxy) → generation (session check, validation, cache read)
 * and back. Target: median ≤ 5 ms.
 *
 * Gateway and generation start as `npm start` starts them (their own start(), embedded
 * defaults); the company site is a fixture page on loopback, allowed through
 * FETCH_ALLOWED_LOOPBACK_ORIGINS. Session liveness, which auth answers in the full system, comes
 * from a stand-in responder on the in-process bus (the verifier caches it for 5 s either way).
 * `BENCH_INFRA=real` puts the cache in the machine's Redis (REDIS_URL) instead of the in-process store.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connectBus, issueSessionToken, Lifecycle, SESSION_COOKIE } from '@seqgen/kit';
import { quietLogger, REAL_INFRA } from '@seqgen/kit/testing';
import { requestCatalogue } from '@seqgen/proto';
import { start as startGateway } from '../../services/gateway/src/main.ts';
import { start as startGeneration } from '../../services/generation/src/main.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WARMUP = 200;
const CONCURRENCY = 8;
const THROUGHPUT_MS = 3_000;

const logger = quietLogger();
const lifecycle = new Lifecycle(logger);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seqgen-bench-'));
const sessionSecret = 'bench-session-secret-bench-session-secret-0123';

// The company site.
const page = readFileSync(
  new URL('../../services/generation/test/fixtures/sites/northwind-ledger/index.html', import.meta.url),
);
const site = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(page);
});
site.listen(0, '127.0.0.1');
await new Promise((resolve) => site.once('listening', resolve));
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

const shared = {
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SESSION_SECRET: sessionSecret,
  ...(process.env.BENCH_INFRA === 'real' ? { REDIS_URL: REAL_INFRA.REDIS_URL } : {}),
};
const bus = await connectBus({ logger, name: 'bench-auth-stand-in', requests: requestCatalogue });
const responder = await bus.respond('auth.session-status', async () => ({ live: true }));
const generation = await startGeneration(
  { ...shared, HOST: '127.0.0.1', PORT: '0', FETCH_ALLOWED_LOOPBACK_ORIGINS: siteUrl },
  lifecycle,
);
const gateway = await startGateway(
  {
    ...shared,
    HOST: '127.0.0.1',
    PORT: '0',
    GENERATION_URL: generation.url,
    RATE_LIMIT_PER_MINUTE: '10000000',
    POLL_RATE_LIMIT_PER_MINUTE: '10000000',
    ANONYMOUS_RATE_LIMIT_PER_MINUTE: '10000000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  },
  lifecycle,
);

const token = await issueSessionToken(new TextEncoder().encode(sessionSecret), {
  userId: 'bench-user',
  email: 'bench@acme.com',
  sessionId: 'bench-session',
});
const body = JSON.stringify({ companyUrl: `${siteUrl}/` });
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function analyze(base: string): Promise<{ status: number; cache: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/analyze-company`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `${SESSION_COOKIE}=${token}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, cache: String(response.headers['x-cache'] ?? '') }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function latencies(base: string, count: number) {
  for (let i = 0; i < WARMUP; i++) await analyze(base);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const { status, cache } = await analyze(base);
    samples.push(performance.now() - started);
    if (status !== 200 || cache !== 'hit') throw new Error(`expected a cache hit, got ${status} ${cache}`);
  }
  const sorted = samples.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function throughput(base: string) {
  let done = 0;
  const until = performance.now() + THROUGHPUT_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await analyze(base);
        done += 1;
      }
    }),
  );
  return done / (THROUGHPUT_MS / 1000);
}

const ms = (value: number) => Number(value.toFixed(2));
try {
  const primed = await analyze(gateway.url);
  if (primed.status !== 200 || primed.cache !== 'miss')
    throw new Error(`priming failed: ${primed.status} ${primed.cache}`);
  const viaGateway = await latencies(gateway.url, REQUESTS);
  const direct = await latencies(generation.url, REQUESTS);
  const rps = await throughput(gateway.url);
  const rows = [
    {
      path: 'gateway → generation (cache hit)',
      p50_ms: ms(viaGateway.p50),
      p95_ms: ms(viaGateway.p95),
      p99_ms: ms(viaGateway.p99),
    },
    { path: 'generation alone (cache hit)', p50_ms: ms(direct.p50), p95_ms: ms(direct.p95), p99_ms: ms(direct.p99) },
  ];
  process.stdout.write(
    `\nPOST /api/analyze-company answered from the cache over loopback HTTP (${REQUESTS} sequential requests after ${WARMUP} warm-up, store: ${process.env.BENCH_INFRA === 'real' ? 'Redis' : 'in-process'})\n`,
  );
  for (const row of rows) {
    process.stdout.write(`  ${row.path.padEnd(34)} p50 ${row.p50_ms} ms  p95 ${row.p95_ms} ms  p99 ${row.p99_ms} ms\n`);
  }
  process.stdout.write(`  throughput through the gateway, ${CONCURRENCY} connections: ${Math.round(rps)} requests/s\n`);
  process.stdout.write(
    `${JSON.stringify({
      bench: 'gateway-cache',
      rows,
      throughputRps: Math.round(rps),
      summary: [
        { metric: 'cache hit through the gateway, median', value: ms(viaGateway.p50), unit: 'ms', target: '≤ 5 ms' },
        { metric: 'cache hit through the gateway, p95', value: ms(viaGateway.p95), unit: 'ms' },
        { metric: `throughput, ${CONCURRENCY} connections`, value: Math.round(rps), unit: 'req/s' },
      ],
    })}\n`,
  );
} finally {
  agent.destroy();
  await responder.stop();
  await bus.close();
  await lifecycle.close();
  await new Promise((resolve) => site.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
