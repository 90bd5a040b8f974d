import type { Bus, ConsumerHandle, Database, Logger } from '@seqgen/kit';
import type { Envelope } from '@seqgen/proto';
import { and, eq } from 'drizzle-orm';
import { findUserById } from '../data/repository.ts';
import { processedEvents } from '../data/schema.ts';
import { createLogMailer, type Mail, type Mailer } from '../mail/mailer.ts';
import { NOTIFICATION_COPY } from './copy.ts';

/**
 * The events worth an e-mail (issue 11, item 4; docs/architecture.md §3). Auth sends them: it has the
 * mailer and the users' addresses, so billing's events need only name the user.
 */
export const NOTIFICATION_EVENTS = [
  'user.registered',
  'billing.activated',
  'billing.canceled',
  'contact.received',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Durable names stay fixed across releases: renaming one would replay the whole stream. */
export const notificationDurable = (type: NotificationEvent) => `auth-notify-${type.replace('.', '-')}`;

/** The log line a contact message becomes when there is no support inbox to mail it to. */
export const SUPPORT_MAIL_LOG_MESSAGE = 'contact message not e-mailed (SUPPORT_EMAIL not set): written here instead';

export interface NotificationDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** SUPPORT_EMAIL: where contact messages go; without it they are written to the log. */
  supportEmail?: string | undefined;
  /** PUBLIC_URL, for the link in the welcome mail. */
  publicUrl?: string | undefined;
}

type Composers = { [T in NotificationEvent]: (envelope: Envelope<T>) => Promise<Mail | null> };

/** The mail each event becomes; null when there is no one to send it to (an account since deleted). */
function composers({ db, supportEmail, publicUrl }: NotificationDeps): Composers {
  const toUser = async (userId: string, compose: (user: { firstName: string | null }) => Omit<Mail, 'to'>) => {
    const user = await findUserById(db, userId);
    return user ? { to: user.email, ...compose(user) } : null;
  };
  return {
    'user.registered': ({ data }) =>
      toUser(data.userId, (user) => NOTIFICATION_COPY.welcome({ firstName: user.firstName, appUrl: publicUrl })),
    'billing.activated': ({ data }) => toUser(data.userId, () => NOTIFICATION_COPY.planActivated(data)),
    'billing.canceled': ({ data }) => toUser(data.userId, () => NOTIFICATION_COPY.planCanceled()),
    'contact.received': async ({ data }) => ({
      to: supportEmail ?? 'support (SUPPORT_EMAIL not set)',
      // Support answers the sender with their mail client's Reply.
      replyTo: data.email,
      ...NOTIFICATION_COPY.contactMessage(data),
    }),
  };
}

/**
 * One durable consumer per event, idempotent by event id like every other (processed_events),
 * but the mail is sent OUTSIDE a transaction, before the event is recorded:
 * - an SMTP server is slow or away for seconds; a transaction held open that long would hold a
 *   pooled connection, and on the embedded database (one PGlite connection shared by every
 *   service under `npm start`) stop all of them;
 * - a send that fails records nothing, so the bus delivers the event again (retry with backoff);
 * - a crash between the SMTP server's "250 OK" and the insert leaves the event unrecorded: it is
 *   delivered again and the mail sent twice. That is at-least-once with a dedupe key, the
 *   standard trade (a mail cannot be sent and committed atomically). The key is the event id:
 *   it is checked before sending, and it is the mail's Message-ID, so the rare second copy is
 *   the same message to the receiving side. The consumers' long ackWait keeps the bus from
 *   handing the event to a second delivery while the first is still talking to the server.
 */
export async function startNotificationConsumers(
  bus: Pick<Bus, 'consume'>,
  deps: NotificationDeps,
  timing: { retryDelayMs?: number; ackWaitMs?: number } = {},
): Promise<ConsumerHandle[]> {
  const compose = composers(deps);
  const supportLog = createLogMailer(deps.logger, SUPPORT_MAIL_LOG_MESSAGE);
  const start = <T extends NotificationEvent>(type: T) => {
    const durable = notificationDurable(type);
    const mailer = type === 'contact.received' && !deps.supportEmail ? supportLog : deps.mailer;
    const recorded = processedEvents;
    return bus.consume({
      durable,
      type,
      // Longer than the SMTP transport's own timeouts (10 s to connect, 30 s idle).
      ackWaitMs: 120_000,
      ...timing,
      handler: async (envelope) => {
        const [seen] = await deps.db
          .select({ eventId: recorded.eventId })
          .from(recorded)
          .where(and(eq(recorded.consumer, durable), eq(recorded.eventId, envelope.id)));
        if (seen) return;
        const mail = await compose[type](envelope);
        if (mail) await mailer.send({ ...mail, dedupeKey: `${envelope.id}.${durable}` });
        await deps.db.insert(recorded).values({ consumer: durable, eventId: envelope.id }).onConflictDoNothing();
      },
    });
  };
  return Promise.all(NOTIFICATION_EVENTS.map((type) => start(type)));
}
