import { Lifecycle } from '@seqgen/kit';
import { quietLogger } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startWaitlist } from '../../waitlist/src/main.ts';
import { startAuthBeside, startSettings } from './beside-auth.ts';
import { startSmtpServer } from './support.ts';

/**
 * The notification consumers as main.ts wires them (SMTP_URL, SUPPORT_EMAIL), on the embedded
 * defaults: a sign-up at auth and a contact message at waitlist become e-mails.
 */
describe('notification e-mails from auth and waitlist started from their main.ts', () => {
  const lifecycle = new Lifecycle(quietLogger());
  const support = 'support@seqgen.test';
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let settings: ReturnType<typeof startSettings>;
  let auth: Awaited<ReturnType<typeof startAuthBeside>>;
  let waitlistUrl: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    settings = startSettings(() => ({ SMTP_URL: smtp.url, SUPPORT_EMAIL: support }));
    auth = await startAuthBeside(settings, lifecycle);
    ({ url: waitlistUrl } = await startWaitlist(settings.forService('waitlist'), lifecycle));
  }, 60_000);
  afterAll(async () => {
    await lifecycle.close();
    await smtp?.close();
  });

  it('welcomes a new account and forwards a contact message to the support inbox', async () => {
    await auth.register('welcomed');
    const email = `welcomed-${settings.run}@acme.com`;
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject), {
        timeout: 20_000,
      })
      .toEqual(['Welcome to seqgen']);

    const sender = `asker-${settings.run}@acme.com`;
    const sent = await fetch(`${waitlistUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: sender, message: 'Do you offer a discount for nonprofits?' }),
    });
    expect(sent.status).toBe(201);
    await expect
      .poll(() => smtp.received.find((mail) => mail.to.includes(support) && mail.replyTo === sender)?.text, {
        timeout: 20_000,
      })
      .toContain('Do you offer a discount for nonprofits?');
  });
});
