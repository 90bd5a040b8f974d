import { fileURLToPath } from 'node:url';
import { defineService, runAlone, SESSION_ENDED_TOPIC } from '@seqgen/kit';
import { requestCatalogue } from '@seqgen/proto';
import { createApp } from './app.ts';
import { authConfigShape, authSettingProblems, googleSettings } from './config.ts';
import { purgeExpired } from './data/repository.ts';
import { outbox, processedEvents } from './data/schema.ts';
import { GoogleSignIn } from './domain/google.ts';
import { answerSessionStatus } from './events/session-status.ts';
import { createMailer, MailQueue } from './mail/mailer.ts';
import { startNotificationConsumers } from './notifications/consumers.ts';

const HOUR = 60 * 60 * 1000;

export const authService = defineService({
  name: 'auth',
  settings: authConfigShape,
  secretSettings: ['GOOGLE_CLIENT_SECRET', 'SMTP_URL'],
  check: authSettingProblems,
  migrationsFolder: fileURLToPath(new URL('./data/migrations', import.meta.url)),
  requests: requestCatalogue,
  outbox: { outbox, processedEvents },
  async build({ config, logger, infra, lifecycle, outbox, sessionSecret, trustedProxies }) {
    const google = googleSettings(config);
    const db = infra.database.db;
    const responder = await answerSessionStatus(infra.bus, { db });
    lifecycle.add('session-status responder', () => responder.stop());

    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
    const mail = new MailQueue(mailer, logger);
    lifecycle.add('mail', async () => {
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
    lifecycle.add('notification consumers', async () => {
      await Promise.all(notifications.map((handle) => handle.stop()));
    });

    // Ended and expired sessions and used-up links, a day after they stopped mattering.
    const purge = setInterval(() => {
      purgeExpired(db, new Date(Date.now() - 24 * HOUR)).catch((error: unknown) =>
        logger.warn({ err: error }, 'purging expired sessions failed'),
      );
    }, HOUR);
    purge.unref();
    lifecycle.add('purge', async () => clearInterval(purge));

    const app = createApp({
      logger,
      readiness: infra.readiness,
      db,
      outbox: outbox(),
      store: infra.store,
      secret: sessionSecret(),
      mail,
      google: google ? new GoogleSignIn(google, logger) : null,
      publicUrl: config.PUBLIC_URL,
      bcryptCost: config.BCRYPT_COST,
      sessionTtlSeconds: config.SESSION_TTL_DAYS * 24 * 60 * 60,
      trustedProxies,
      sessionsEnded: (ended) => infra.bus.broadcast(SESSION_ENDED_TOPIC, JSON.stringify(ended)),
    });
    return {
      app,
      details: {
        mail: mailer.kind,
        google: google ? 'configured' : 'not configured',
        bcryptCost: config.BCRYPT_COST,
      },
    };
  },
});

/** `npm start` calls this with a shared lifecycle. */
export const start = authService.start;

if (import.meta.main) await runAlone('auth', start);
