/**
 * Finding 8 (issue 10): contact and waitlist took unlimited writes from one address (200 contact
 * messages of 4.9 kB and 200 joins from one IP all stored, within the gateway's 600/min). Now
 * (services/waitlist/src/domain/waitlist.ts) one address may send 5 messages and 20 joins an
 * hour, and the same message sent again is stored and announced once. Through the gateway, the
 * flooding address and a bystander told apart by X-Forwarded-For (one trusted proxy hop).
 */
import { variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, figure, type RunningSystem, startSystem } from './support.ts';

const variants = await variantsToRun();
const realSkipped = variants.some((v) => v.name === 'real' && v.skip);

const BEHIND_ONE_PROXY = { TRUST_PROXY: '1' };
const FLOOD = 200;
/** A message just under the 5,000-character limit, different each time (no duplicate to collapse). */
const bigMessage = (i: number) => `Message ${i}: ${'Please call me back about a demo. '.repeat(148)}`.slice(0, 4900);

describe.each([
  { infra: 'embedded' as const, layout: 'one-process' as const, skip: false },
  { infra: 'real' as const, layout: 'per-service' as const, skip: realSkipped },
])('fault 08: flooding contact and waitlist ($infra, $layout)', ({ infra, layout, skip }) => {
  let system: RunningSystem;
  beforeAll(async () => {
    if (!skip) system = await startSystem({ infra, layout, logLevel: 'warn', env: BEHIND_ONE_PROXY });
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  /** Sends `count` requests one after another; how many were accepted before the first 429. */
  async function flood(send: (i: number) => Promise<{ status: number; body: any; headers: Headers }>) {
    const statuses: number[] = [];
    let refusal: { body: any; headers: Headers } | undefined;
    for (let i = 0; i < FLOOD; i++) {
      const answer = await send(i);
      statuses.push(answer.status);
      if (answer.status === 429) refusal ??= answer;
    }
    const firstRefused = statuses.indexOf(429);
    return {
      acceptedBeforeLimit: firstRefused === -1 ? FLOOD : firstRefused,
      accepted: statuses.filter((s) => s === 200 || s === 201).length,
      refused: statuses.filter((s) => s === 429).length,
      others: statuses.filter((s) => ![200, 201, 429].includes(s)),
      refusal,
    };
  }

  it.skipIf(skip)(
    'takes 5 of 200 contact messages and 20 of 200 joins from one address; others still get through',
    async () => {
      const stamp = Date.now();
      const flooder = client(system.url, { forwardedFor: '203.0.113.80' });
      const bystander = client(system.url, { forwardedFor: '203.0.113.81' });

      const contact = await flood((i) =>
        flooder('POST', '/api/contact', { email: `flood-${stamp}@example.com`, message: bigMessage(i) }),
      );
      expect(contact).toMatchObject({ acceptedBeforeLimit: 5, accepted: 5, refused: FLOOD - 5, others: [] });
      expect(contact.refusal?.body).toEqual({
        error: 'rate_limited',
        message: expect.stringMatching(
          /^Too many messages from your address\. Please wait \d+ minutes? and try again\.$/,
        ),
      });
      expect(Number(contact.refusal?.headers.get('retry-after'))).toBeGreaterThan(0);

      const joins = await flood((i) => flooder('POST', '/api/waitlist', { email: `join-${stamp}-${i}@example.com` }));
      expect(joins).toMatchObject({ acceptedBeforeLimit: 20, accepted: 20, refused: FLOOD - 20, others: [] });
      expect(joins.refusal?.body.message).toMatch(/^Too many waitlist sign-ups from your address\. Please wait/);

      // Another address is not affected by the flood.
      const message = 'Hello, could someone call me about pricing?';
      const email = `bystander-${stamp}@example.com`;
      const first = await bystander('POST', '/api/contact', { email, message });
      expect(first.status).toBe(201);
      expect((await bystander('POST', '/api/waitlist', { email })).status).toBe(201);
      // The same message again: success, answered with the first receipt, stored once.
      const again = await bystander('POST', '/api/contact', { email, message });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);

      let stored = '';
      if (infra === 'real') {
        const rows = await system.query<{ email: string; n: number }>(
          `select email, count(*)::int as n from waitlist.contact_messages group by email order by email`,
        );
        expect(rows).toEqual([
          { email, n: 1 },
          { email: `flood-${stamp}@example.com`, n: 5 },
        ]);
        const [joined] = await system.query<{ n: number }>(`select count(*)::int as n from waitlist.entries`);
        expect(joined?.n).toBe(21);
        stored = `; stored: ${rows.map((r) => r.n).join(' + ')} messages, ${joined?.n} entries`;
      }
      figure(
        `[fault 08] one address (${infra}, ${layout}): contact ${contact.accepted} of ${FLOOD} accepted ` +
          `(first 429 at #${contact.acceptedBeforeLimit + 1}, Retry-After ${contact.refusal?.headers.get('retry-after')} s), ` +
          `waitlist ${joins.accepted} of ${FLOOD} accepted (first 429 at #${joins.acceptedBeforeLimit + 1}); ` +
          `another address accepted, its repeated message answered 200 and stored once${stored} (was 200 + 200 stored)`,
      );
    },
    120_000,
  );
});
