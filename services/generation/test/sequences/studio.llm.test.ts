import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createSafeFetcher, createSessionVerifier, issueSessionToken, SESSION_COOKIE, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import {
  type AppRequests,
  type Envelope,
  type GenerationStreamEvent,
  RegenerateEmailResponse,
  requestCatalogue,
} from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyAnalyser, prepareAnalysis } from '../../src/analysis/index.ts';
import { createApp } from '../../src/app.ts';
import { outbox as outboxTable, sequences } from '../../src/data/schema.ts';
import { createLlmClient } from '../../src/llm/index.ts';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.ts';
import { type QuotaResponder, sequenceWriterFor, startQuotaResponder } from '../support/generation.ts';
import { email, MODEL_CUSTOMIZATION, MODEL_SEQUENCE } from '../support/model-sequence.ts';
import { completion, startOpenAiStandIn } from '../support/openai-stand-in.ts';
import { parseEventStream } from '../support/sse.ts';

/**
 * The studio's endpoints with an LLM (a local OpenAI-compatible stand-in on 127.0.0.1): the model's
 * tokens stream through as drafts and emails, a flawed streamed answer is still repaired before
 * `done`, a reader who leaves stops the model and frees the reservation, and one email is
 * rewritten by the model with the checks and one repair.
 */
const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

const CUSTOMIZATION = MODEL_CUSTOMIZATION;

describe.each(await variantsToRun())('the studio endpoints with an LLM on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let sites: FixtureSites;
  let llm: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  let quota: QuotaResponder;
  let app: Service;
  let origin: string;
  let cookie: string;

  const payload = () => ({ companyUrl: sites.url('routewise'), customization: CUSTOMIZATION });
  const stored = async () => {
    const [row] = await infra.database.db.select({ n: sql<number>`count(*)::int` }).from(sequences);
    return row?.n ?? 0;
  };
  const events = async (type: string) =>
    (await infra.database.db.select().from(outboxTable).where(eq(outboxTable.type, type))).map((row) => ({
      ...(row.envelope as Envelope),
      data: (row.envelope as Envelope).data as { reservationId: string; reason?: string },
    }));

  beforeAll(async () => {
    // As main.ts does before it listens: the timings below are a warm service's.
    prepareAnalysis();
    if (variant.skip) return;
    sites = await startFixtureSites();
    llm = await startOpenAiStandIn();
    const opened = await openTestInfrastructure(variant, 'generation', migrationsFolder, {
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    const logger = quietLogger();
    const analyser = createCompanyAnalyser({
      fetcher: createSafeFetcher({ resolve: sites.resolve, allowLoopbackOrigins: sites.origins }),
      store: infra.store,
      logger,
      cacheTtlMs: 60_000,
    });
    const client = createLlmClient({
      apiKey: 'sk-test-key',
      baseUrl: llm.baseUrl,
      model: 'gpt-4o-mini',
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    quota = await startQuotaResponder(infra.bus);
    app = createApp({
      logger,
      sessions: createSessionVerifier(secret),
      analyser,
      sequences: sequenceWriterFor(infra, analyser, { llm: client }).writer,
      readiness: infra.readiness,
    });
    // A real socket: a reader who leaves is a closed connection, which inject cannot make.
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    cookie = `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId: 'u1', email: 'rep@example.com', sessionId: 's1' })}`;
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await quota?.stop();
    await infra?.cleanup();
    await sites?.close();
    await llm?.close();
  });

  beforeEach(() => llm?.reset());

  /** Reads the stream as a browser would, noting when each event arrived. */
  const streamed = async (signal?: AbortSignal, onEvent?: (event: GenerationStreamEvent) => void) => {
    const response = await fetch(`${origin}/api/generate-emails/stream`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(payload()),
      signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const arrivals: { event: GenerationStreamEvent; at: number }[] = [];
    let seen = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      const complete = text.slice(0, text.lastIndexOf('\n\n') + 2);
      const parsed = parseEventStream(complete);
      for (const event of parsed.slice(seen)) {
        arrivals.push({ event, at: performance.now() });
        onEvent?.(event);
      }
      seen = parsed.length;
    }
    return arrivals;
  };

  describe.skipIf(variant.skip)('', () => {
    it("streams the model's words as drafts, each email as it closes, then done; stored and counted once", async () => {
      // A model's real pace (about 120 tokens a second): email 1 takes most of a second to write, so
      // several drafts (one per DRAFT_INTERVAL_MS at most) go out before it closes, even under load.
      llm.script({ stream: { content: JSON.stringify({ emails: MODEL_SEQUENCE }), tokensPerSecond: 120 } });
      const before = await stored();
      const started = performance.now();
      const arrivals = await streamed();
      const types = arrivals.map(({ event }) => event.type);
      expect(types.at(-1)).toBe('done');
      expect(llm.requests[0]?.body.stream).toBe(true);
      const emails = arrivals.filter(({ event }) => event.type === 'email');
      expect(emails.map(({ event }) => (event as { index: number }).index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(emails.map(({ event }) => (event as { email: unknown }).email)).toEqual(MODEL_SEQUENCE);
      // Email 1 is there long before the model has finished the seventh.
      const done = arrivals.at(-1) as { at: number };
      const first = emails[0] as { at: number };
      expect(done.at - first.at).toBeGreaterThan((done.at - started) / 2);
      // Words appear while an email is still being written: drafts of email 1 grow before it closes.
      const drafts = arrivals.flatMap(({ event }) => (event.type === 'draft' && event.index === 0 ? [event.body] : []));
      expect(drafts.length).toBeGreaterThan(2);
      expect(drafts.every((body, i) => i === 0 || body.startsWith(drafts[i - 1] as string))).toBe(true);
      expect(MODEL_SEQUENCE[0]?.body.startsWith(drafts.at(-1) as string)).toBe(true);
      expect(types.indexOf('draft')).toBeLessThan(types.indexOf('email'));
      expect(arrivals.at(-1)?.event).toMatchObject({
        type: 'done',
        sequence: MODEL_SEQUENCE,
        checks: { status: 'pass' },
      });
      expect(await stored()).toBe(before + 1);
    });

    it('repairs a flawed streamed answer before done, so what the reader keeps passes', async () => {
      const flawed = MODEL_SEQUENCE.map((entry, index) =>
        index === 1
          ? { ...entry, body: entry.body.replace('ready in minutes.', 'ready in minutes, and 73% faster.') }
          : entry,
      );
      llm.script(
        { stream: { content: JSON.stringify({ emails: flawed }) } },
        { body: completion(JSON.stringify({ emails: MODEL_SEQUENCE })) },
      );
      const arrivals = await streamed();
      // The streamed email 2 had the invented figure; the repair call replaced it.
      const second = arrivals.find(({ event }) => event.type === 'email' && event.index === 1)?.event as {
        email: { body: string };
      };
      expect(second.email.body).toContain('73% faster');
      expect(llm.requests).toHaveLength(2);
      // The repair call streams too (issue 25: every call is streamed and held to its progress).
      expect(llm.requests[1]?.body.stream).toBe(true);
      expect(arrivals.at(-1)?.event).toMatchObject({
        type: 'done',
        sequence: MODEL_SEQUENCE,
        checks: { status: 'pass' },
      });
    });

    it('stops the model and releases the reservation when the reader leaves, storing nothing', async () => {
      llm.script({ stream: { content: JSON.stringify({ emails: MODEL_SEQUENCE }), tokensPerSecond: 60 } });
      const before = { stored: await stored(), failed: (await events('sequence.failed')).length };
      const controller = new AbortController();
      await expect(
        streamed(controller.signal, (event) => {
          if (event.type === 'draft') controller.abort();
        }),
      ).rejects.toThrow();
      const reservation = quota.reservations.at(-1)?.reservationId;
      await expect
        .poll(async () =>
          (await events('sequence.failed')).filter((envelope) => envelope.data.reservationId === reservation),
        )
        .toHaveLength(1);
      const failed = (await events('sequence.failed')).find((envelope) => envelope.data.reservationId === reservation);
      expect(failed?.data.reason).toBe('client_gone');
      // The model's stream was abandoned too, not left running to the end.
      await expect.poll(() => llm.requests[0]?.abandoned).toBe(true);
      expect(await stored()).toBe(before.stored);
      expect((await events('sequence.failed')).length).toBe(before.failed + 1);
    });

    it('rewrites one email with the model: the whole sequence as data, the modifier, one repair for its failures', async () => {
      const flawed = { ...MODEL_SEQUENCE[2], body: (MODEL_SEQUENCE[2]?.body ?? '').replace('18%', '27%') };
      const better = email(
        'How Pacific Produce did it',
        'Pacific Produce Distributors cut fuel costs by 18% with RouteWise.',
        'Planning time went from three hours to 15 minutes.',
        'Could we talk Tuesday or Thursday?',
      );
      llm.script({ body: completion(JSON.stringify(flawed)) }, { body: completion(JSON.stringify(better)) });
      const response = await fetch(`${origin}/api/regenerate-email`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ ...payload(), sequence: MODEL_SEQUENCE, index: 2, modifier: 'stronger_cta' }),
      });
      expect(response.status).toBe(200);
      const body = RegenerateEmailResponse.parse(await response.json());
      expect(body.email).toEqual(better);
      expect(llm.requests).toHaveLength(2);
      const messages = llm.requests[0]?.body.messages as { role: string; content: string }[];
      expect(messages.at(-1)?.content).toMatch(/Rewrite email 3 only/);
      expect(messages.at(-1)?.content).toMatch(/call to action stronger/);
      expect(messages.at(-1)?.content).toContain('Should I close your file?');
      expect(llm.requests[0]?.body.response_format.json_schema.name).toBe('email');
      const repair = llm.requests[1]?.body.messages as { role: string; content: string }[];
      expect(repair.at(-1)?.content).toMatch(/email 3 · Sourced facts: .*27%/);
    });
  });
});
