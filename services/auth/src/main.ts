import { fileURLToPath } from 'node:url';
import {
  ConfigError,
  createLogger,
  type Lifecycle,
  listen,
  loadConfig,
  Outbox,
  openInfrastructure,
  resolveSessionSecret,
  runAlone,
} from '@seqgen/kit';
import { createApp } from './app.ts';
import { authConfigShape, checkProductionSettings, googleSettings } from './config.ts';
import { purgeExpired } from './data/repository.ts';
import { outbox as outboxTable, processedEvents } from './data/schema.ts';
import { GoogleSignIn } from './domain/google.ts';
import { answerSessionStatus } from './events/session-status.ts';
import { createMailer, MailQueue } from './mail/mailer.ts';
import { startNotificationConsumers } from './notifications/consumers.ts';

const migrationsFolder = fileURLToPath(new URL('./data/migrations', import.meta.url));
const HOUR = 60 * 60 * 1000;

/** Starts the auth service on its settings; `npm start` calls this with a shared lifecycle. */
export async function start(env: Record<string, string | undefined> = process.env, lifecycle?: Lifecycle) {
  const config = loadConfig(authConfigShape, env);
  const logger = createLogger({ service: 'auth', level: config.LOG_LEVEL });
  // Settings that depend on each other: a bad combination stops the process like a bad setting.
  let google: ReturnType<typeof googleSettings>;
  try {
    google = googleSettings(config);
    checkProductionSettings(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const secret = resolveSessionSecret(config);
  const infra = await openInfrastructure({ service: 'auth', config, logger, migrationsFolder, lifecycle });
  const db = infra.database.db;

  const outbox = new Outbox({ db, tables: { outbox: outboxTable, processedEvents }, bus: infra.bus, logger });
  outbox.start();
  infra.lifecycle.add('outbox relay', () => outbox.stop());

  const responder = await answerSessionStatus(infra.bus, { db });
  infra.lifecycle.add('session-status responder', () => responder.stop());

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const mail = new MailQueue(mailer, logger);
  infra.lifecycle.add('mail', async () => {
    await mail.idle();
    await mailer.close();
  });
  if (mailer.kind === 'log' && config.NODE_ENV === 'production') {
    logger.warn('SMTP_URL is not set: password reset mails (with their links) are written to this log');
  }
  if (!config.SUPPORT_EMAIL && config.NODE_ENV === 'production') {
    logger.warn('SUPPORT_EMAIL is not set: contact messages are written to this log, not e-mailed');
  }

  // Welcome, plan and contact e-mails; stopped before the mailer closes (closers run in reverse).
  const notifications = await startNotificationConsumers(infra.bus, {
    db,
    mailer,
    logger,
    supportEmail: config.SUPPORT_EMAIL,
    publicUrl: config.PUBLIC_URL,
  });
  infra.lifecycle.add('notification consumers', async () => {
    await Promise.all(notifications.map((handle) => handle.stop()));
  });

  // Ended and expired sessions and used-up links, a day after they stopped mattering.
  const purge = setInterval(() => {
    purgeExpired(db, new Date(Date.now() - 24 * HOUR)).catch((error: unknown) =>
      logger.warn({ err: error }, 'purging expired sessions failed'),
    );
  }, HOUR);
  purge.unref();
  infra.lifecycle.add('purge', async () => clearInterval(purge));

  const app = createApp({
    logger,
    readiness: infra.readiness,
    db,
    outbox,
    store: infra.store,
    secret,
    mail,
    google: google ? new GoogleSignIn(google, logger) : null,
    publicUrl: config.PUBLIC_URL,
    bcryptCost: config.BCRYPT_COST,
    sessionTtlSeconds: config.SESSION_TTL_DAYS * 24 * 60 * 60,
    trustedProxies: config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim()),
  });
  const url = await listen(app, { host: config.HOST, port: config.PORT }, infra.lifecycle, {
    mail: mailer.kind,
    google: google ? 'configured' : 'not configured',
    bcryptCost: config.BCRYPT_COST,
  });
  return { app, url, lifecycle: infra.lifecycle };
}

if (import.meta.main) await runAlone('auth', start);
