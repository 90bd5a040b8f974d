/**
 * Issue 11, item 3: library tells the analytics funnel about saves and ratings, through its
 * outbox (in the transaction of the change): sequence.saved for a new save (a double-clicked
 * Save is one save, one event), feedback.recorded with the rating only (the comment stays here).
 */
import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  createSessionVerifier,
  issueSessionToken,
  Outbox,
  SESSION_COOKIE,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { Envelope } from '@seqgen/proto';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { outbox as outboxTable, processedEvents } from '../src/data/schema.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const secret = new TextEncoder().encode('library-test-secret-library-test-secret-0123456789');
const sevenEmails = Array.from({ length: 7 }, (_, i) => ({ subject: `Step ${i + 1}`, body: `Email ${i + 1}` }));

describe.each(await variantsToRun())('library events on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let app: Service;
  let outbox: Outbox;
  let consumers: ConsumerHandle[] = [];
  const received: Envelope[] = [];
  const logger = quietLogger();
  const userId = `user-${crypto.randomUUID()}`;

  const post = async (url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: `${SESSION_COOKIE}=${await issueSessionToken(secret, { userId, email: 'rep@acme.com', sessionId: 's1' })}`,
      },
      payload,
    });

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'library', migrationsFolder, {
      logger,
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    outbox = new Outbox({
      db: infra.database.db,
      tables: { outbox: outboxTable, processedEvents },
      bus: infra.bus,
      logger,
    });
    outbox.start();
    consumers = await Promise.all(
      (['sequence.saved', 'feedback.recorded'] as const).map((type) =>
        infra.bus.consume({
          durable: `test-${type.replace('.', '-')}`,
          type,
          handler: async (envelope) => {
            received.push(envelope);
          },
        }),
      ),
    );
    app = createApp({
      logger,
      readiness: infra.readiness,
      db: infra.database.db,
      store: infra.store,
      sessions: createSessionVerifier(secret),
      trustedProxies: 'loopback',
      outbox,
    });
    await app.ready();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await outbox?.stop();
    await infra?.cleanup();
  });

  it.skipIf(variant.skip)(
    'publishes sequence.saved once per new save and feedback.recorded with the rating only',
    async () => {
      const body = { title: 'Northwind', companyUrl: 'https://northwind.example', emailSequence: sevenEmails };
      const first = await post('/api/save-sequence', body);
      expect(first.statusCode).toBe(201);
      // The same Save again within a minute is the same save: no second event.
      expect((await post('/api/save-sequence', body)).statusCode).toBe(200);
      const rated = await post('/api/email-feedback', {
        emailSequence: sevenEmails,
        rating: 'bad',
        feedback: 'Too long for our buyers',
      });
      expect(rated.statusCode).toBeLessThan(300);

      await outbox.flush();
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
      const saved = received.find((e) => e.type === 'sequence.saved');
      expect(saved?.data).toEqual({ userId, savedSequenceId: first.json().id });
      const feedback = received.find((e) => e.type === 'feedback.recorded');
      expect(feedback?.data).toEqual({ userId, feedbackId: expect.any(String), rating: 'bad' });
      expect(JSON.stringify(received)).not.toContain('Too long');
      expect(await outbox.pending()).toBe(0);
    },
  );
});
