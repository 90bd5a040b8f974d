import { type PlanType, planById } from '@seqgen/proto';

/**
 * What the notification e-mails say (issue 11, item 4): kept as data, short and plain. Each
 * function gets only what the mail shows.
 */

const SIGN_OFF = '— the seqgen team';

export const NOTIFICATION_COPY = {
  welcome: ({ firstName, appUrl }: { firstName?: string | null; appUrl?: string | undefined }) => ({
    subject: 'Welcome to seqgen',
    text: [
      firstName ? `Hi ${firstName},` : 'Hi,',
      '',
      'Your seqgen account is ready. Paste a company website and get a personalised email sequence in minutes.',
      ...(appUrl ? ['', `Start here: ${appUrl}`] : []),
      '',
      SIGN_OFF,
    ].join('\n'),
  }),

  // The events carry only the plan's id; its name is proto's, as the pricing page shows it.
  planActivated: ({ plan, limit }: { plan: PlanType; limit: number }) => ({
    subject: `Your ${planById(plan).name} plan is active`,
    text: [
      'Hi,',
      '',
      `Thanks for subscribing. Your ${planById(plan).name} plan is active: up to ${limit} email sequences a month.`,
      '',
      SIGN_OFF,
    ].join('\n'),
  }),

  planCanceled: () => ({
    subject: 'Your seqgen plan has ended',
    text: [
      'Hi,',
      '',
      'Your paid plan has ended, as requested. Your account and saved sequences stay, with the free allowance.',
      'You can pick a plan again at any time.',
      '',
      SIGN_OFF,
    ].join('\n'),
  }),

  contactMessage: ({
    email,
    message,
    messageId,
  }: {
    email: string;
    message?: string | undefined;
    messageId: string;
  }) => ({
    subject: `Contact message from ${email}`,
    text: [
      `From: ${email}`,
      `Message id: ${messageId}`,
      '',
      // Events published before the text was carried name only the stored row (waitlist).
      message ?? '(The text is stored in the waitlist service under this message id.)',
    ].join('\n'),
  }),
} as const;
