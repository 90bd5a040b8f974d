/**
 * Issue 10, finding 1: a page of 200,000 nested <div> overflowed the stack in the extraction
 * walk after 8–30 s and held the service's event loop meanwhile. Pages are now read
 * iteratively within node, depth and time budgets, in a pool of worker threads that replaces
 * a worker stuck past its limit; a page over budget is a 422 that suggests manual entry.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  createSafeFetcher,
  createSessionVerifier,
  issueSessionToken,
  parseConfig,
  SESSION_COOKIE,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { Document, Element, Text } from 'domhandler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAnalyser } from '../../src/analysis/company-analyser.ts';
import { Deadline, MAX_DEPTH, MAX_NODES, PageTooComplex } from '../../src/analysis/extraction/budget.ts';
import { extractDocument, extractPage } from '../../src/analysis/extraction/page.ts';
import { createPagePool, defaultPageWorkers, type PageReader } from '../../src/analysis/extraction/pool.ts';
import { WorkerPool, WorkerPoolBusy, WorkerTimedOut } from '../../src/analysis/extraction/worker-pool.ts';
import { createApp } from '../../src/app.ts';
import { generationConfigShape } from '../../src/config.ts';
import { pagesOf, type SiteName } from '../support/fixture-sites.ts';
import { sequenceWriterFor } from '../support/generation.ts';
import type { TestTask } from './support/test-worker.ts';

const URL_OF_PAGE = 'https://hostile.test/';
/** The issue's bound for a refusal; a loaded 2-core machine still meets it with room to spare. */
const ANSWER_WITHIN_MS = 2_000;
/**
 * A page the old regexes took 23 s to minutes over must read in well under that, on a machine the
 * rest of the suite loads (load 7–11 in CI): a bound that tells linear from those, not a speed target
 * (speed is `npm run bench`'s: the 1 MB page figure in bench-report.md).
 */
const LINEAR_WITHIN_MS = 5_000;

/** `<html><body>` then `depth` nested divs: the innermost div is `depth + 2` elements deep. */
const nestedPage = (depth: number, inner = 'Deep inside the page there is a sentence worth reading.') =>
  `<html><body>${'<div>'.repeat(depth)}<p>${inner}</p>${'</div>'.repeat(depth)}</body></html>`;

const siblingsPage = (count: number) =>
  `<html><body><h1>Many rows</h1><p>Finance teams close the books faster with us.</p>${'<div>row</div>'.repeat(count)}</body></html>`;

function tooComplex(read: () => unknown): PageTooComplex {
  try {
    read();
  } catch (error) {
    if (error instanceof PageTooComplex) return error;
    throw error;
  }
  throw new Error('the page was read');
}

/** The finding's figures, one line each, quoted in the issue's closing note. */
const figure = (line: string) => {
  // biome-ignore lint/suspicious/noConsole: the fault's figure, quoted in the issue's closing note.
  console.log(line);
};

const timed = <T>(work: () => T): { value: T; ms: number } => {
  const started = performance.now();
  const value = work();
  return { value, ms: Math.round(performance.now() - started) };
};

describe('reading a page within its budgets', () => {
  it('refuses 200,000 nested <div> as too complex at once, with no stack overflow', () => {
    const { value: error, ms } = timed(() => tooComplex(() => extractPage(nestedPage(200_000), URL_OF_PAGE)));
    expect(error.reason).toBe('depth');
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    figure(`[fault 01] 200,000 nested <div> refused in ${ms} ms on the calling thread (was a stack overflow)`);
  });

  it(`reads nesting down to ${MAX_DEPTH} elements and refuses one level more`, () => {
    const deepest = extractPage(nestedPage(MAX_DEPTH - 3), URL_OF_PAGE);
    expect(deepest.blocks.map((block) => block.text)).toContain(
      'Deep inside the page there is a sentence worth reading.',
    );
    expect(tooComplex(() => extractPage(nestedPage(MAX_DEPTH - 2), URL_OF_PAGE)).reason).toBe('depth');
  });

  it('walks a 200,000-deep tree without recursion: blocks, headings, leads, links and text all read', () => {
    // Built by hand: the parser refuses such depth, so this reaches every walk over the tree.
    let inner: Element = new Element('div', {}, [
      new Element('h2', {}, [new Text('The deepest heading')]),
      new Element('p', {}, [
        new Element('strong', {}, [new Text('Fast close.')]),
        new Text(' Month-end takes three days instead of ten for finance teams.'),
      ]),
      new Element('div', { class: 'text-3xl font-bold' }, [new Element('span', {}, [new Text('A drawn heading')])]),
      new Element('a', { href: '/customers' }, [new Element('span', {}, [new Text('Customer stories')])]),
    ]);
    const deep = (node: Element, tag: string) => {
      for (let depth = 0; depth < 200_000; depth += 1) node = new Element(tag, {}, [node]);
      return node;
    };
    inner = deep(inner, 'div');
    // Text read whole (the title, a link's words) sits as deep.
    const title = new Element('title', {}, [deep(new Element('span', {}, [new Text('Deep title')]), 'span')]);
    const link = new Element('a', { href: '/case-studies' }, [
      deep(new Element('span', {}, [new Text('Case studies')]), 'span'),
    ]);
    const root = new Document([
      new Element('html', {}, [new Element('head', {}, [title]), new Element('body', {}, [inner, link])]),
    ]);

    const { value: page, ms } = timed(() => extractDocument(root, URL_OF_PAGE, new Deadline(10_000)));
    expect(page.blocks).toEqual([
      { kind: 'heading', level: 2, text: 'The deepest heading', group: 0 },
      {
        kind: 'p',
        text: 'Fast close. Month-end takes three days instead of ten for finance teams.',
        lead: 'Fast close',
        group: 0,
      },
      { kind: 'heading', level: 2, text: 'A drawn heading', group: 0 },
      { kind: 'text', text: 'Customer stories', group: 0 },
      { kind: 'text', text: 'Case studies', group: 0 },
    ]);
    expect(page.title).toBe('Deep title');
    expect(page.customerLinks).toEqual([
      { text: 'Customer stories', url: 'https://hostile.test/customers' },
      { text: 'Case studies', url: 'https://hostile.test/case-studies' },
    ]);
    figure(`[fault 01] a 200,000-deep tree walked iteratively in ${ms} ms`);
  });

  it(`reads a page of 200,000 siblings up to ${MAX_NODES.toLocaleString('en')} nodes and says the rest was cut`, () => {
    const { value: page, ms } = timed(() => extractPage(siblingsPage(200_000), URL_OF_PAGE));
    expect(page.cut).toBe(true);
    expect(page.blocks[0]).toMatchObject({ kind: 'heading', text: 'Many rows' });
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(extractPage(siblingsPage(100), URL_OF_PAGE).cut).toBeUndefined();
  });

  it('reads huge text, huge attributes and hostile stylesheets in linear time, hidden rules still honoured', () => {
    const MB = 1_000_000;
    const withStyle = (css: string) =>
      `<html><head><style>${css}</style><style>.gone{display:none}</style></head>` +
      '<body><p class="gone">Hidden copy.</p><p>Visible copy for the reader.</p></body></html>';
    const pages: Record<string, string> = {
      // Each of these took from 23 s to over a minute with the regexes the scan replaced.
      'a stylesheet without braces': withStyle('a'.repeat(MB)),
      'unclosed CSS comments': withStyle('/* '.repeat(MB / 3)),
      '@media without a block': withStyle('@media'.repeat(MB / 6)),
      'one text node of 1 MB': `<html><body><p>${'word '.repeat(MB / 5)}</p></body></html>`,
      'a 1 MB style attribute': `<html><body><p style="${'left:-1'.repeat(MB / 7)}">Visible copy for the reader.</p></body></html>`,
      'a 1 MB class attribute': `<html><body><div class="${'text-xl '.repeat(MB / 8)}">Visible copy for the reader.</div></body></html>`,
      '125,000 comments': `<html><body>${'<!---->x'.repeat(MB / 8)}</body></html>`,
    };
    for (const [what, html] of Object.entries(pages)) {
      const { value: page, ms } = timed(() => extractPage(html, URL_OF_PAGE));
      expect(ms, what).toBeLessThan(LINEAR_WITHIN_MS);
      const text = page.blocks.map((block) => block.text).join(' ');
      expect(text, what).not.toContain('Hidden copy');
    }
    const hidden = extractPage(
      withStyle('/* a */ .x{color:red} @media (max-width:1px){.shown{display:none}} .y, #z{visibility:hidden} /*'),
      URL_OF_PAGE,
    );
    expect(hidden.blocks.map((block) => block.text)).toEqual(['Visible copy for the reader.']);
  });

  it('stops at the time budget with a too-complex page', () => {
    expect(tooComplex(() => extractPage(siblingsPage(20_000), URL_OF_PAGE, new Deadline(0))).reason).toBe('time');
  });
});

describe('the page pool', () => {
  it('is sized by PAGE_WORKERS, else one worker per core and at most two', () => {
    expect(parseConfig(generationConfigShape, {}).PAGE_WORKERS).toBeUndefined();
    expect(defaultPageWorkers()).toBe(Math.min(2, os.availableParallelism()));
    expect(parseConfig(generationConfigShape, { PAGE_WORKERS: '3' }).PAGE_WORKERS).toBe(3);
    expect(() => parseConfig(generationConfigShape, { PAGE_WORKERS: '0' })).toThrow(/PAGE_WORKERS/);
  });

  let pool: PageReader;
  beforeAll(() => {
    pool = createPagePool({ size: 2 });
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('reads pages in its workers into the same content as the calling thread', async () => {
    for (const site of ['northwind-ledger', 'klarfeld', 'nexaflow'] satisfies SiteName[]) {
      const html = pagesOf(site).index;
      expect(await pool.read(html, `https://${site}.test/`)).toEqual(extractPage(html, `https://${site}.test/`));
    }
  });

  it('answers 200,000 nested <div> as too complex within 2 s, the event loop free, and reads the next page', async () => {
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = performance.now();
    const error = await pool.read(nestedPage(200_000), URL_OF_PAGE).catch((caught: unknown) => caught);
    const ms = Math.round(performance.now() - started);
    lag.disable();
    expect(error).toBeInstanceOf(PageTooComplex);
    expect((error as PageTooComplex).reason).toBe('depth');
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    figure(
      `[fault 01] pool: 200,000 nested <div> refused in ${ms} ms, event loop lag at most ${Math.round(lag.max / 1e6)} ms`,
    );
    const page = await pool.read(pagesOf('northwind-ledger').index, 'https://northwind-ledger.test/');
    expect(page.title).toMatch(/Northwind/);
  });

  it('answers a page whose worker is stopped at the hard limit as too complex, and replaces the worker', async () => {
    const recycled: string[] = [];
    // 1 ms: no 1 MB page is parsed that fast, so the worker is always stopped mid-page.
    const strict = createPagePool({ size: 1, killAfterMs: 1, onRecycle: (reason) => recycled.push(reason) });
    try {
      const before = strict.threadIds();
      const error = await strict.read(siblingsPage(80_000), URL_OF_PAGE).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PageTooComplex);
      expect((error as PageTooComplex).reason).toBe('time');
      expect(recycled).toEqual(['timeout']);
      expect(strict.threadIds()).toHaveLength(1);
      expect(strict.threadIds()).not.toEqual(before);
    } finally {
      await strict.close();
    }
  });
});

describe('the worker pool', () => {
  const testWorker = new URL('./support/test-worker.ts', import.meta.url);

  it('terminates a stuck worker at its time limit, while the event loop stays free, and serves on from a fresh one', async () => {
    const recycled: string[] = [];
    const pool = new WorkerPool<TestTask, string>({
      url: testWorker,
      size: 1,
      maxQueue: 4,
      timeoutMs: 500,
      onRecycle: (reason) => recycled.push(reason),
    });
    try {
      expect(await pool.run({ echo: 'warm' })).toBe('warm');
      const [stuckThread] = pool.threadIds;
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const started = performance.now();
      const stuck = pool.run({ spin: true }).catch((caught: unknown) => caught);
      // Queued behind the stuck task: answered by the replacement worker.
      const queued = pool.run({ echo: 'after' });
      expect(await stuck).toBeInstanceOf(WorkerTimedOut);
      expect(await queued).toBe('after');
      const ms = Math.round(performance.now() - started);
      lag.disable();
      expect(recycled).toEqual(['timeout']);
      expect(pool.threadIds).not.toContain(stuckThread);
      // The spinning worker never held this thread (the issue's "other requests stay fast";
      // 500 ms leaves room for a loaded 2-core machine, where a blocked loop would show 500+).
      expect(lag.max / 1e6).toBeLessThan(500);
      figure(
        `[fault 01] stuck worker replaced after ${ms} ms (limit 500), event loop lag at most ${Math.round(lag.max / 1e6)} ms`,
      );
    } finally {
      await pool.close();
    }
  });

  it('starts no worker until work is near, and stops its workers when it has had none for a while', async () => {
    const pool = new WorkerPool<TestTask, string>({
      url: testWorker,
      size: 2,
      maxQueue: 4,
      timeoutMs: 2_000,
      idleMs: 300,
    });
    try {
      // An idle service holds no worker's heap (issue 25, "npm start ≤ 350 MB idle").
      expect(pool.threadIds).toEqual([]);
      pool.warm();
      expect(pool.threadIds).toHaveLength(2);
      expect(await pool.run({ echo: 'one' })).toBe('one');
      await waitUntil(() => pool.threadIds.length === 0, 5_000);
      // The next task starts a worker again.
      expect(await pool.run({ echo: 'two' })).toBe('two');
      expect(pool.threadIds.length).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('keeps its workers while tasks keep coming', async () => {
    const pool = new WorkerPool<TestTask, string>({
      url: testWorker,
      size: 1,
      maxQueue: 4,
      timeoutMs: 2_000,
      idleMs: 400,
    });
    try {
      expect(await pool.run({ echo: 'first' })).toBe('first');
      const [thread] = pool.threadIds;
      for (let round = 0; round < 5; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(await pool.run({ echo: String(round) })).toBe(String(round));
      }
      expect(pool.threadIds).toEqual([thread]);
    } finally {
      await pool.close();
    }
  });

  it('refuses tasks beyond its queue at once', async () => {
    const pool = new WorkerPool<TestTask, string>({ url: testWorker, size: 1, maxQueue: 1, timeoutMs: 300 });
    try {
      expect(await pool.run({ echo: 'warm' })).toBe('warm');
      const running = pool.run({ spin: true }).catch((caught: unknown) => caught);
      const waiting = pool.run({ echo: 'queued' });
      await expect(pool.run({ echo: 'one too many' })).rejects.toBeInstanceOf(WorkerPoolBusy);
      expect(await running).toBeInstanceOf(WorkerTimedOut);
      expect(await waiting).toBe('queued');
    } finally {
      await pool.close();
    }
  });

  it('fails tasks at once when its worker module cannot load, rather than waiting for it', async () => {
    const pool = new WorkerPool<TestTask, string>({
      url: new URL('./support/no-such-worker.ts', import.meta.url),
      size: 1,
      maxQueue: 4,
      timeoutMs: 10_000,
    });
    try {
      await expect(pool.run({ echo: 'anyone?' })).rejects.toThrow(/no-such-worker|Cannot find module/);
      await expect(pool.run({ echo: 'again?' })).rejects.toThrow(/no-such-worker|Cannot find module/);
    } finally {
      await pool.close();
    }
  });

  it('replaces a worker that crashed, failing only its task', async () => {
    const recycled: string[] = [];
    const pool = new WorkerPool<TestTask, string>({
      url: testWorker,
      size: 1,
      maxQueue: 4,
      timeoutMs: 10_000,
      onRecycle: (reason) => recycled.push(reason),
    });
    try {
      await expect(pool.run({ exit: true })).rejects.toThrow(/exited with code 3/);
      expect(await pool.run({ echo: 'still here' })).toBe('still here');
      expect(recycled).toEqual(['crash']);
    } finally {
      await pool.close();
    }
  });
});

describe.each(await variantsToRun())(
  'POST /api/analyze-company with a hostile page on $name infrastructure',
  (variant) => {
    const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
    const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
    let infra: TestInfrastructure<AppRequests>;
    let pool: PageReader;
    let app: Service;
    let server: http.Server;
    let origin: string;
    let cookie: string;

    beforeAll(async () => {
      if (variant.skip) return;
      const pages: Record<string, string> = {
        '/nested': nestedPage(200_000),
        '/normal': pagesOf('northwind-ledger').index,
      };
      server = http.createServer((request, response) => {
        const body = pages[(request.url ?? '').split('?')[0] ?? ''];
        response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
        response.end(body ?? '<h1>Not found</h1>');
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const opened = await openTestInfrastructure(variant, 'generation', migrationsFolder, {
        requests: requestCatalogue,
      });
      if (!opened) throw new Error('infrastructure unavailable');
      infra = opened;
      pool = createPagePool({ size: 1 });
      const logger = quietLogger();
      const analyser = createCompanyAnalyser({
        fetcher: createSafeFetcher({
          allowLoopbackOrigins: [origin],
          maxBytes: 2 * 1024 * 1024,
          onTooLarge: 'truncate',
        }),
        store: infra.store,
        logger,
        cacheTtlMs: 60_000,
        pages: pool,
      });
      app = createApp({
        logger,
        sessions: createSessionVerifier(secret),
        analyser,
        sequences: sequenceWriterFor(infra, analyser).writer,
        readiness: infra.readiness,
      });
      await app.ready();
      cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId: 'u1', email: 'rep@example.com', sessionId: 's1' })}`;
    });

    afterAll(async () => {
      if (variant.skip) return;
      await app?.close();
      await pool?.close();
      await infra?.cleanup();
      server?.close();
    });

    const analyze = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/analyze-company', payload, headers: { cookie } });

    it.skipIf(variant.skip)('answers 422 "too complex" with the way on, and still analyses a normal page', async () => {
      // The page workers start with the first page to read (pool.ts: started on demand, about a
      // second on a loaded machine): the bound is for a service at work, so a normal page goes first.
      const first = await analyze({ companyUrl: `${origin}/normal?first` });
      expect(first.statusCode, first.body).toBe(200);
      const started = performance.now();
      const refused = await analyze({ companyUrl: `${origin}/nested` });
      const ms = Math.round(performance.now() - started);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toEqual({
        error: 'page_too_complex',
        message: `This page is too complex to analyse: ${origin}/nested has more nesting or markup than we can read safely. Try the Manual Entry tab instead, or a simpler page of the same site.`,
      });
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);

      const asCaseStudies = await analyze({ companyUrl: `${origin}/normal`, caseStudies: `${origin}/nested` });
      expect(asCaseStudies.statusCode).toBe(422);
      expect(asCaseStudies.json().message).toMatch(/^Case studies URL: This page is too complex to analyse: /);

      const normal = await analyze({ companyUrl: `${origin}/normal` });
      expect(normal.statusCode, normal.body).toBe(200);
      expect(normal.json().analysis.companyName).toBe('Northwind Ledger');
    });
  },
);

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
