import { z } from 'zod';
import { EmailAddress, text } from './common.ts';

export const CONTACT_MESSAGE_MAX = 5000;

export const JoinWaitlistRequest = z.object({ email: EmailAddress });
export type JoinWaitlistRequest = z.infer<typeof JoinWaitlistRequest>;

export const WaitlistEntry = z.object({
  id: text(),
  email: text(),
  createdAt: text(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntry>;

export const JoinWaitlistResponse = z.object({
  entry: WaitlistEntry,
  /** True when the address was already on the list: joining twice is not an error. */
  alreadyJoined: z.boolean(),
});
export type JoinWaitlistResponse = z.infer<typeof JoinWaitlistResponse>;

/** GET /api/waitlist answers an array of entries, newest first (docs/product.md §7). */
export const WaitlistList = z.array(WaitlistEntry);
export type WaitlistList = z.infer<typeof WaitlistList>;

const bothFields = 'Please fill in both email and message fields.';
export const ContactRequest = z.object({
  email: text({ error: bothFields })
    .trim()
    .min(1, bothFields)
    .max(254, 'Email address is too long (254 characters at most)')
    .refine((v) => v.includes('@'), 'Please enter a valid email address'),
  message: text({ error: bothFields })
    .trim()
    .min(1, bothFields)
    .max(CONTACT_MESSAGE_MAX, `Message is too long (${CONTACT_MESSAGE_MAX} characters at most)`),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

export const ContactResponse = z.object({ id: text(), receivedAt: text() });
export type ContactResponse = z.infer<typeof ContactResponse>;
