import type { Logger } from '@seqgen/kit';
import { createTransport } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes (a contact message: its sender), when not to MAIL_FROM. */
  replyTo?: string;
  /**
   * A stable name for this mail (e.g. the event it announces): it becomes the Message-ID, so the
   * rare second copy of an at-least-once send is recognisable as the same message.
   */
  dedupeKey?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/**
 * The one kind of log line allowed to carry a credential: without SMTP_URL a mail (a password-reset
 * link included) is written to the log, so someone running the app locally can still reset a
 * password (docs/architecture.md §2). It is always this message with the mail under `devMail`, so a log
 * scanner can tell it from a leak (tests/faults/02-bad-bytes-and-secrets.test.ts), and it never
 * appears once SMTP_URL is set.
 */
export const DEV_MAIL_LOG_MESSAGE = 'mail not sent (SMTP_URL not set): written here instead';

/** SMTP through nodemailer when SMTP_URL is set (docs/architecture.md §2), else the log (above). */
export function createMailer({
  smtpUrl,
  from,
  logger,
}: {
  smtpUrl?: string | undefined;
  from: string;
  logger: Logger;
}): Mailer {
  if (!smtpUrl) return createLogMailer(logger);
  // Message-IDs are <key@domain of MAIL_FROM>, as RFC 5322 §3.6.4 suggests (a domain the sender owns).
  const domain = /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.dedupeKey ? { messageId: `<${mail.dedupeKey}@${domain}>` } : {}),
      });
    },
    close: async () => {
      transport.close();
    },
  };
}

/** Writes each mail to the log under `devMail`, with `message` saying why it was not sent. */
export function createLogMailer(logger: Logger, message = DEV_MAIL_LOG_MESSAGE): Mailer {
  return {
    kind: 'log',
    send: async ({ to, subject, text, replyTo }) => {
      logger.info({ devMail: { to, subject, text, ...(replyTo ? { replyTo } : {}) } }, message);
    },
    close: async () => {},
  };
}

/**
 * Mail goes out after the answer: the request for a reset link answers the same, as fast, whether
 * or not a mail is sent. Failures are logged; shutdown (and tests) wait for what is in flight.
 */
export class MailQueue {
  readonly #mailer: Mailer;
  readonly #logger: Logger;
  readonly #inFlight = new Set<Promise<void>>();

  constructor(mailer: Mailer, logger: Logger) {
    this.#mailer = mailer;
    this.#logger = logger;
  }

  /** Sends a mail, or one a function composes (null: nothing to send), after the caller returns. */
  enqueue(mail: Mail | (() => Promise<Mail | null>)): void {
    const delivery = (async () => {
      const composed = typeof mail === 'function' ? await mail() : mail;
      if (composed) await this.#mailer.send(composed);
    })().catch((error: unknown) => {
      this.#logger.error({ err: error }, 'mail could not be sent');
    });
    this.#inFlight.add(delivery);
    void delivery.finally(() => this.#inFlight.delete(delivery));
  }

  /** Resolves when every mail queued so far has been handed over (or has failed). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }
}
