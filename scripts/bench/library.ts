/**
 * `node scripts/bench/library.ts` (issue 25, items 4 and 6): what a view of the saved sequences
 * costs at 10 and at 10,000 saved. The library service (createApp, answered in process as the
 * gateway's request would be) on the embedded PGlite, or with BENCH_INFRA=real on PostgreSQL;
 * two users, one with 10 saved sequences and one with 10,000 (written straight to the table), each
 * of 7 emails of about 120 words.
 *
 * Timed, after a warm-up: the first page of the list as /saved-sequences asks for it
 * (`?limit=20`), the tenth page (following cursors), the spec's plain GET (whole sequences, the
 * newest 100 at most) and a search. The in-run reference is the same view of the small library:
 * the target is the large one's median ≤ 1.5× the small one's.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createSessionVerifier, issueSessionToken, SESSION_COOKIE } from '@seqgen/kit';
import { infraVariants, openTestInfrastructure, quietLogger } from '@seqgen/kit/testing';
import { createApp } from '../../services/library/src/app.ts';
import { savedSequences } from '../../services/library/src/data/schema.ts';
import { percentile } from './load.ts';

const INFRA = process.env.BENCH_INFRA === 'real' ? 'real' : 'embedded';
const SIZES = [10, 10_000] as const;
const RUNS = 200;
const TARGET = 1.5;
const secret = new TextEncoder().encode('bench-library-secret-bench-library-secret-0123');
const migrationsFolder = fileURLToPath(new URL('../../services/library/src/data/migrations', import.meta.url));
const out = (line = '') => process.stdout.write(`${line}\n`);
const body = (i: number, n: number) =>
  `Hi {{first_name|there}}, ${`email ${n} of sequence ${i} says something about routes and fuel costs. `.repeat(12)}`;

const variant = infraVariants.find((v) => v.name === INFRA);
if (!variant) throw new Error(`no infrastructure ${INFRA}`);
const logger = quietLogger();
const infra = await openTestInfrastructure(variant, 'library', migrationsFolder, { logger });
if (!infra) throw new Error(`${INFRA} infrastructure unavailable`);
let exitCode = 1;
try {
  const app = createApp({
    logger,
    readiness: infra.readiness,
    db: infra.database.db,
    store: infra.store,
    sessions: createSessionVerifier(secret),
    trustedProxies: 'loopback',
    now: () => new Date(),
  });
  await app.ready();
  const users = new Map<number, string>();
  const started = Date.parse('2026-01-01T00:00:00Z');
  for (const size of SIZES) {
    const userId = `bench-${size}-${randomUUID()}`;
    const cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId, email: `${userId}@example.com`, sessionId: 's' })}`;
    users.set(size, cookie);
    for (let from = 0; from < size; from += 500) {
      const rows = Array.from({ length: Math.min(500, size - from) }, (_, k) => {
        const i = from + k;
        return {
          id: randomUUID(),
          userId,
          title: i % 50 === 0 ? `Fintech push ${i}` : `Fleet outreach ${i}`,
          companyUrl: `https://carrier-${i}.example`,
          emailSequence: Array.from({ length: 7 }, (_, n) => ({ subject: `Step ${n + 1} for ${i}`, body: body(i, n) })),
          contentHash: randomUUID(),
          createdAt: new Date(started + i * 1000),
        };
      });
      await infra.database.db.insert(savedSequences).values(rows);
    }
  }
  out(`\nSaved-sequences views at ${SIZES.join(' and ')} saved (${INFRA} infrastructure, ${RUNS} runs each)`);

  const view = async (cookie: string, url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response;
  };
  /** The cursor of the tenth page, found once by following nine. */
  const tenthPage = async (cookie: string) => {
    let url = '/api/saved-sequences?limit=20';
    for (let page = 1; page < 10; page++) {
      const next = view(cookie, url).then((r) => r.json().nextCursor) as Promise<string | null>;
      const cursor = await next;
      if (!cursor) return url;
      url = `/api/saved-sequences?limit=20&cursor=${cursor}`;
    }
    return url;
  };
  const timed = async (cookie: string, url: string) => {
    for (let i = 0; i < 20; i++) await view(cookie, url);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const response = await view(cookie, url);
      times.push(performance.now() - t);
      bytes = response.rawPayload.length;
    }
    times.sort((a, b) => a - b);
    return { median: percentile(times, 50), p95: percentile(times, 95), bytes };
  };

  const summary: { metric: string; value: number; unit?: string; target?: string; met?: boolean }[] = [];
  let missed = false;
  out('  view                             saved   median_ms  p95_ms  bytes');
  for (const [label, urlOf, targeted] of [
    ['first page (limit 20)', async () => '/api/saved-sequences?limit=20', true],
    ['tenth page (cursor)', tenthPage, false],
    ["spec's plain GET (≤ 100 whole)", async () => '/api/saved-sequences', false],
    ['search "fintech"', async () => '/api/saved-sequences?limit=20&q=fintech', false],
  ] as const) {
    const results = [];
    for (const size of SIZES) {
      const cookie = users.get(size) as string;
      const result = await timed(cookie, await urlOf(cookie));
      results.push(result);
      out(
        `  ${label.padEnd(32)} ${String(size).padStart(6)}   ${result.median.toFixed(2).padStart(9)}  ${result.p95.toFixed(2).padStart(6)}  ${result.bytes}`,
      );
      summary.push({
        metric: `${label}, ${size} saved, median`,
        value: Math.round(result.median * 100) / 100,
        unit: 'ms',
      });
    }
    const [small, large] = results as unknown as [{ median: number }, { median: number }];
    const ratio = Math.round((large.median / small.median) * 100) / 100;
    if (targeted && ratio > TARGET) missed = true;
    summary.push({
      metric: `${label}: ${SIZES[1]} ÷ ${SIZES[0]} saved`,
      value: ratio,
      unit: '×',
      ...(targeted ? { target: `≤ ${TARGET}` } : {}),
    });
  }
  await app.close();
  exitCode = missed ? 1 : 0;
  out(JSON.stringify({ bench: 'library', infra: INFRA, summary }));
} catch (error) {
  console.error(error);
} finally {
  await infra.cleanup();
}
process.exit(exitCode);
