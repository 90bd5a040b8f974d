import type { Database, Outbox, RateLimiter, RateLimitRule } from '@seqgen/kit';
import type { ContactResponse, JoinWaitlistResponse, WaitlistEntry } from '@seqgen/proto';
import {
  type ContactMessageRow,
  contactFingerprint,
  type EntryRow,
  findEntryByEmail,
  findRecentContactMessage,
  insertContactMessage,
  insertEntryIfNew,
  listEntriesNewestFirst,
  lockFor,
} from '../data/repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Per-address limits on the two forms anyone may post without an account (issue 10, finding 8:
 * 200 messages and 200 joins from one address were all stored). A person sends a message or two
 * and joins once; a shared office or campus address gets room for a few people. Counted per
 * client address as the gateway reports it (TRUSTED_PROXIES), every attempt in the window:
 *
 * - contact: 5 messages per address per hour;
 * - waitlist: 20 joins per address per hour.
 *
 * The gateway's own 600 requests a minute per address still holds in front of both.
 */
export interface WaitlistLimits {
  contactPerIp: RateLimitRule;
  joinPerIp: RateLimitRule;
}

export const DEFAULT_WAITLIST_LIMITS: WaitlistLimits = {
  contactPerIp: { name: 'contact:ip', limit: 5, windowMs: HOUR },
  joinPerIp: { name: 'waitlist:ip', limit: 20, windowMs: HOUR },
};

/**
 * The same text from the same mailbox within this long is the same message sent again (a double
 * click, a retry after a lost answer, a script): it is answered as received, stored once.
 */
export const CONTACT_DUPLICATE_WINDOW_MS = 24 * HOUR;

export interface WaitlistDeps {
  db: Database;
  outbox: Outbox;
  limiter: RateLimiter;
  limits: WaitlistLimits;
}

const toEntry = (row: EntryRow): WaitlistEntry => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

/** Joining twice is not an error: the second call answers the existing entry and stores nothing. */
export async function joinWaitlist(
  { db, outbox, limiter, limits }: WaitlistDeps,
  email: string,
  clientIp: string,
): Promise<JoinWaitlistResponse> {
  await limiter.enforce([{ rule: limits.joinPerIp, key: clientIp }], 'waitlist sign-ups from your address');
  const created = await db.transaction(async (tx) => {
    const row = await insertEntryIfNew(tx, email);
    if (row) await outbox.enqueue(tx, 'waitlist.joined', { entryId: row.id, email: row.email });
    return row;
  });
  if (created) {
    outbox.poke();
    return { entry: toEntry(created), alreadyJoined: false };
  }
  const existing = await findEntryByEmail(db, email);
  if (!existing) throw new Error('waitlist entry vanished between insert and read');
  return { entry: toEntry(existing), alreadyJoined: true };
}

export async function listWaitlist({ db }: WaitlistDeps): Promise<WaitlistEntry[]> {
  return (await listEntriesNewestFirst(db)).map(toEntry);
}

export interface ReceivedContact extends ContactResponse {
  /** The same message had already arrived: nothing was stored or announced this time. */
  duplicate: boolean;
}

/**
 * Stores the message and announces it (contact.received → the support inbox), unless the same
 * message arrived within CONTACT_DUPLICATE_WINDOW_MS: then the first one is answered again, so a
 * sender who repeats it sees success and support reads it once.
 */
export async function receiveContactMessage(
  { db, outbox, limiter, limits }: WaitlistDeps,
  input: { email: string; message: string; clientIp: string },
): Promise<ReceivedContact> {
  await limiter.enforce([{ rule: limits.contactPerIp, key: input.clientIp }], 'messages from your address');
  const fingerprint = contactFingerprint(input.email, input.message);
  const since = new Date(Date.now() - CONTACT_DUPLICATE_WINDOW_MS);
  const { row, duplicate } = await db.transaction(
    async (tx): Promise<{ row: ContactMessageRow; duplicate: boolean }> => {
      // Two copies sent at once take turns here, so the second finds the first.
      await lockFor(tx, `contact:${fingerprint}`);
      const earlier = await findRecentContactMessage(tx, fingerprint, since);
      if (earlier) return { row: earlier, duplicate: true };
      const stored = await insertContactMessage(tx, input.email, input.message, fingerprint);
      await outbox.enqueue(tx, 'contact.received', {
        messageId: stored.id,
        email: stored.email,
        message: stored.message,
      });
      return { row: stored, duplicate: false };
    },
  );
  if (!duplicate) outbox.poke();
  return { id: row.id, receivedAt: row.createdAt.toISOString(), duplicate };
}
