import { z } from 'zod';

/** Every non-2xx answer from every service (DESIGN.md §5). */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * A URL as users type it: "acme.com", "https://acme.com/customers". Only the shape is checked
 * here; whether it may be fetched is the SSRF-safe client's decision.
 */
export const UserUrl = z
  .string({ error: 'URL must be text' })
  .trim()
  .min(1, 'Please enter a company URL')
  .max(2048, 'URL is too long (2048 characters at most)');

/** The spec's only client-side e-mail rule is "non-empty and contains an at-sign" (§5). */
export const EmailAddress = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .min(1, 'Please enter a valid email address')
  .max(254, 'Email address is too long (254 characters at most)')
  .refine((v) => v.includes('@'), 'Please enter a valid email address');

export const IsoDateTime = z.string().datetime({ offset: true });
