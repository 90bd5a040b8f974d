import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type Bus, type ConsumerHandle, createLogger } from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure, variantsToRun } from '@seqgen/kit/testing';
import { type AppRequests, createEnvelope, type EventData, type EventType, requestCatalogue } from '@seqgen/proto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserIfNew } from '../src/data/repository.ts';
import { processedEvents } from '../src/data/schema.ts';
import { createMailer, DEV_MAIL_LOG_MESSAGE, type Mailer } from '../src/mail/mailer.ts';
import {
  type NotificationEvent,
  notificationDurable,
  SUPPORT_MAIL_LOG_MESSAGE,
  startNotificationConsumers,
} from '../src/notifications/consumers.ts';
import { startSmtpServer } from './support.ts';

const migrationsFolder = fileURLToPath(new URL('../src/data/migrations', import.meta.url));
const SUPPORT = 'support@seqgen.test';
const APP_URL = 'https://app.seqgen.test';
const uniqueEmail = (label: string) => `${label}-${randomBytes(3).toString('hex')}@acme.com`;

/**
 * The bus as the consumers see it, except every event is handed to the handler a second time
 * right after the first (as JetStream does when an ack is lost): each mail must still go out once.
 */
const redelivering = (bus: Bus, redelivered: Set<string>): Pick<Bus, 'consume'> => ({
  consume: (options) =>
    bus.consume({
      ...options,
      handler: async (envelope, delivery) => {
        await options.handler(envelope, delivery);
        await options.handler(envelope, { deliveryCount: delivery.deliveryCount + 1 });
        redelivered.add(envelope.id);
      },
    }),
});

/** Issue 11, item 4: welcome, plan and contact e-mails from auth's consumers. */
describe.each(await variantsToRun())('notification e-mails on $name infrastructure', (variant) => {
  let infra: TestInfrastructure<AppRequests>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailer: Mailer;
  let consumers: ConsumerHandle[] = [];
  /** Events whose second delivery has been handled too. */
  const redelivered = new Set<string>();
  const logger = quietLogger();

  const publish = async <T extends EventType>(type: T, data: EventData<T>) => {
    const envelope = createEnvelope(type, data);
    await infra.bus.publish(envelope);
    return envelope;
  };
  /** Recorded as processed, and handed over a second time (see `redelivering`). */
  const processed = async (type: NotificationEvent, eventId: string) => {
    await expect.poll(() => redelivered.has(eventId), { timeout: 20_000, interval: 50 }).toBe(true);
    await expect
      .poll(
        async () => {
          const [row] = await infra.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(processedEvents)
            .where(and(eq(processedEvents.consumer, notificationDurable(type)), eq(processedEvents.eventId, eventId)));
          return row?.n ?? 0;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(1);
  };
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  const newUser = async (label: string, firstName?: string) => {
    const user = await insertUserIfNew(infra.database.db, { email: uniqueEmail(label), passwordHash: null, firstName });
    if (!user) throw new Error('user not created');
    return user;
  };

  beforeAll(async () => {
    if (variant.skip) return;
    const opened = await openTestInfrastructure(variant, 'auth', migrationsFolder, {
      logger,
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    infra = opened;
    smtp = await startSmtpServer();
    mailer = createMailer({ smtpUrl: smtp.url, from: 'seqgen <no-reply@seqgen.test>', logger });
    consumers = await startNotificationConsumers(
      redelivering(infra.bus, redelivered),
      { db: infra.database.db, mailer, logger, supportEmail: SUPPORT, publicUrl: APP_URL },
      { retryDelayMs: 50 },
    );
  }, 60_000);

  afterAll(async () => {
    if (variant.skip) return;
    await Promise.all(consumers.map((handle) => handle.stop()));
    await mailer?.close();
    await smtp?.close();
    await infra?.cleanup();
  });

  it.skipIf(variant.skip)('welcomes a new account once, by name, with a link to the app', async () => {
    const user = await newUser('welcome', 'Ada');
    const envelope = await publish('user.registered', { userId: user.id, email: user.email });
    await processed('user.registered', envelope.id);
    expect(mailsTo(user.email)).toHaveLength(1);
    const [mail] = mailsTo(user.email);
    expect(mail?.subject).toBe('Welcome to seqgen');
    expect(mail?.text).toMatch(/^Hi Ada,/);
    expect(mail?.text).toContain(`Start here: ${APP_URL}`);
    expect(mail?.from).toBe('no-reply@seqgen.test');
    // The event id names the mail, so a copy sent twice after a crash is recognisably the same.
    expect(mail?.messageId).toBe(`<${envelope.id}.${notificationDurable('user.registered')}@seqgen.test>`);
  });

  it.skipIf(variant.skip)('confirms a plan activation and a cancellation to the account holder', async () => {
    const user = await newUser('plan');
    const activated = await publish('billing.activated', {
      userId: user.id,
      plan: 'leader',
      limit: 200,
      periodStart: new Date().toISOString(),
      periodEnd: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
    });
    await processed('billing.activated', activated.id);
    const canceled = await publish('billing.canceled', { userId: user.id });
    await processed('billing.canceled', canceled.id);

    expect(mailsTo(user.email)).toHaveLength(2);
    const [activation, cancellation] = mailsTo(user.email);
    expect(activation?.subject).toBe('Your Sales Leader plan is active');
    expect(activation?.text).toContain('up to 200 email sequences a month');
    expect(cancellation?.subject).toBe('Your seqgen plan has ended');
    expect(cancellation?.text).toContain('Your paid plan has ended');
    expect(cancellation?.text).toMatch(/^Hi,/);
  });

  it.skipIf(variant.skip)('mails a contact message to the support inbox, answerable with Reply', async () => {
    const sender = uniqueEmail('contact');
    const message = 'Can I get an invoice with our VAT number on it?\nThanks, Grace';
    const envelope = await publish('contact.received', { messageId: crypto.randomUUID(), email: sender, message });
    await processed('contact.received', envelope.id);
    const mails = () => mailsTo(SUPPORT).filter((mail) => mail.replyTo === sender);
    expect(mails()).toHaveLength(1);
    const [mail] = mails();
    expect(mail?.subject).toBe(`Contact message from ${sender}`);
    expect(mail?.text).toContain(`From: ${sender}`);
    expect(mail?.text).toContain(message);
    expect(mail?.text).toContain(envelope.data.messageId);
  });

  it.skipIf(variant.skip)('tries again when the mail server says "later", and still sends one mail', async () => {
    const user = await newUser('busy');
    const refusedBefore = smtp.rejected;
    smtp.rejectNext(2);
    const envelope = await publish('user.registered', { userId: user.id, email: user.email });
    await processed('user.registered', envelope.id);
    expect(smtp.rejected - refusedBefore).toBe(2);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it.skipIf(variant.skip)('sends nothing for an account that no longer exists, and moves on', async () => {
    const before = smtp.received.length;
    const envelope = await publish('billing.canceled', { userId: crypto.randomUUID() });
    await processed('billing.canceled', envelope.id);
    expect(smtp.received.length).toBe(before);
  });

  describe('without SMTP_URL or SUPPORT_EMAIL', () => {
    let quiet: TestInfrastructure<AppRequests>;
    let logConsumers: ConsumerHandle[] = [];
    const lines: { msg: string; devMail?: { to: string; subject: string; text: string; replyTo?: string } }[] = [];

    beforeAll(async () => {
      if (variant.skip) return;
      // Its own database and stream: the consumers above must not take these events.
      const opened = await openTestInfrastructure(variant, 'auth', migrationsFolder, {
        logger,
        requests: requestCatalogue,
      });
      if (!opened) throw new Error('infrastructure unavailable');
      quiet = opened;
      const capture = createLogger({
        service: 'auth',
        level: 'info',
        destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
      });
      const logMailer = createMailer({ smtpUrl: undefined, from: 'seqgen <no-reply@localhost>', logger: capture });
      logConsumers = await startNotificationConsumers(
        quiet.bus,
        { db: quiet.database.db, mailer: logMailer, logger: capture },
        { retryDelayMs: 50 },
      );
    }, 60_000);

    afterAll(async () => {
      if (variant.skip) return;
      await Promise.all(logConsumers.map((handle) => handle.stop()));
      await quiet?.cleanup();
    });

    it.skipIf(variant.skip)('writes the welcome and the contact message to the log instead', async () => {
      const user = await insertUserIfNew(quiet.database.db, { email: uniqueEmail('logged'), passwordHash: null });
      if (!user) throw new Error('user not created');
      const sender = uniqueEmail('asker');
      await quiet.bus.publish(createEnvelope('user.registered', { userId: user.id, email: user.email }));
      await quiet.bus.publish(
        createEnvelope('contact.received', { messageId: crypto.randomUUID(), email: sender, message: 'Hello there' }),
      );
      await expect
        .poll(() => lines.find((line) => line.msg === DEV_MAIL_LOG_MESSAGE && line.devMail?.to === user.email), {
          timeout: 20_000,
        })
        .toMatchObject({ devMail: { subject: 'Welcome to seqgen' } });
      await expect
        .poll(() => lines.find((line) => line.msg === SUPPORT_MAIL_LOG_MESSAGE), { timeout: 20_000 })
        .toMatchObject({ devMail: { subject: `Contact message from ${sender}`, replyTo: sender } });
      expect(lines.find((line) => line.msg === SUPPORT_MAIL_LOG_MESSAGE)?.devMail?.text).toContain('Hello there');
    });
  });
});
