import type { Database, Outbox } from '@seqgen/kit';
import type { ContactResponse, JoinWaitlistResponse, WaitlistEntry } from '@seqgen/proto';
import {
  type EntryRow,
  findEntryByEmail,
  insertContactMessage,
  insertEntryIfNew,
  listEntriesNewestFirst,
} from '../data/repository.ts';

export interface WaitlistDeps {
  db: Database;
  outbox: Outbox;
}

const toEntry = (row: EntryRow): WaitlistEntry => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

/** Joining twice is not an error: the second call answers the existing entry and stores nothing. */
export async function joinWaitlist({ db, outbox }: WaitlistDeps, email: string): Promise<JoinWaitlistResponse> {
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

export async function receiveContactMessage(
  { db, outbox }: WaitlistDeps,
  email: string,
  message: string,
): Promise<ContactResponse> {
  const row = await db.transaction(async (tx) => {
    const stored = await insertContactMessage(tx, email, message);
    await outbox.enqueue(tx, 'contact.received', { messageId: stored.id, email: stored.email });
    return stored;
  });
  outbox.poke();
  return { id: row.id, receivedAt: row.createdAt.toISOString() };
}
