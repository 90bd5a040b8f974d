/**
 * Contact and waitlist against one address flooding them (issue 10, finding 8: 200 messages and
 * 200 joins from one address were all stored): per-address limits, and the same message sent
 * again stored and announced once.
 */
import { fileURLToPath } from 'node:url';
import { type ConsumerHandle, createSessionVerifier, Outbox, type Service } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import type { Envelope } from '@seqgen/proto';
import { type AppRequests, requestCatalogue } from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { contactMessages, entries, outbox as outboxTable, processedEvents } from '../src/data/schema.ts';
import { DEFAULT_WAITLIST_LIMITS } from '../src/domain/waitlist.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));

let addressCounter = 0;
/** A new client address (documentation range) as the gateway reports it in X-Forwarded-For. */
const freshIp = () => `198.51.100.${++addressCounter}`;
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@acme.com`;

describe.each(await variantsToRun())('waitlist limits on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let outbox: Outbox;
  let app: Service;
  let consumer: ConsumerHandle;
  const announced: Envelope<'contact.received'>[] = [];

  const send = (url: string, payload: object, ip: string) =>
    app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
  const contact = (email: string, message: string, ip: string) => send('/api/contact', { email, message }, ip);
  const messagesFrom = async (email: string) => {
    const [row] = await infra.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(eq(contactMessages.email, email));
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    if (variant.skip) return;
    const logger = quietLogger();
    const opened = await openTestInfrastructure(variant, 'waitlist', migrationsFolder, {
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
    consumer = await infra.bus.consume({
      durable: 'test-limits-contact-received',
      type: 'contact.received',
      handler: async (envelope) => {
        announced.push(envelope);
      },
    });
    app = createApp({
      logger,
      db: infra.database.db,
      outbox,
      sessions: createSessionVerifier(new TextEncoder().encode('x'.repeat(40))),
      readiness: infra.readiness,
      store: infra.store,
      trustedProxies: 'loopback',
    });
    await app.ready();
  });

  afterAll(async () => {
    if (variant.skip) return;
    await app?.close();
    await consumer?.stop();
    await outbox?.stop();
    await infra?.cleanup();
  });

  describe.skipIf(variant.skip)('', () => {
    it('takes 5 contact messages an hour from one address, then a clear 429; other addresses are unaffected', async () => {
      const ip = freshIp();
      const email = uniqueEmail('flood');
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await contact(email, `Message number ${i}`, ip)).statusCode);
      expect(DEFAULT_WAITLIST_LIMITS.contactPerIp.limit).toBe(5);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
      const refused = await contact(email, 'One more', ip);
      expect(refused.json()).toEqual({
        error: 'rate_limited',
        message: expect.stringMatching(
          /^Too many messages from your address\. Please wait \d+ minutes? and try again\.$/,
        ),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55 * 60);
      expect(await messagesFrom(email)).toBe(5);

      expect((await contact(email, 'From another address', freshIp())).statusCode).toBe(201);
    });

    it('takes 20 waitlist joins an hour from one address, then a clear 429; other addresses are unaffected', async () => {
      const ip = freshIp();
      const joined: string[] = [];
      const statuses = [];
      for (let i = 0; i < 22; i++) {
        const email = uniqueEmail('join');
        const response = await send('/api/waitlist', { email }, ip);
        statuses.push(response.statusCode);
        if (response.statusCode === 201) joined.push(email);
      }
      expect(statuses).toEqual([...Array(20).fill(201), 429, 429]);
      const refused = await send('/api/waitlist', { email: uniqueEmail('join') }, ip);
      expect(refused.json()).toEqual({
        error: 'rate_limited',
        message: expect.stringMatching(
          /^Too many waitlist sign-ups from your address\. Please wait \d+ minutes? and try again\.$/,
        ),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55 * 60);
      const [row] = await infra.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(entries)
        .where(sql`${entries.email} like 'join-%'`);
      expect(row?.n).toBe(20);

      expect((await send('/api/waitlist', { email: uniqueEmail('join') }, freshIp())).statusCode).toBe(201);
    });

    it('stores and announces a message sent twice (even at once, any capitalisation) once, answering both', async () => {
      const email = uniqueEmail('twice');
      const message = 'We have 40 reps. Can we get a demo next week?';
      const first = await contact(email, message, freshIp());
      expect(first.statusCode).toBe(201);
      const again = await contact(email.toUpperCase(), `  ${message} `, freshIp());
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());

      // Two copies at the same moment take turns: one row, one event.
      const racing = uniqueEmail('racing');
      const both = await Promise.all([contact(racing, message, freshIp()), contact(racing, message, freshIp())]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(both[0]?.json()).toEqual(both[1]?.json());

      // Another text from the same sender is a new message.
      expect((await contact(email, 'And a second question.', freshIp())).statusCode).toBe(201);

      expect(await messagesFrom(email)).toBe(2);
      expect(await messagesFrom(racing)).toBe(1);
      await outbox.flush();
      const about = (address: string) =>
        announced.filter((e) => e.data.email.toLowerCase() === address.toLowerCase()).length;
      await expect.poll(() => [about(email), about(racing)], { timeout: 10_000 }).toEqual([2, 1]);
      expect(await outbox.pending()).toBe(0);
    });
  });
});
