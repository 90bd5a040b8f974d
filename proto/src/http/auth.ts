import { z } from 'zod';
import { EmailAddress, text } from './common.ts';

export const User = z.object({
  id: text(),
  email: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  profileImageUrl: text().nullable(),
});
export type User = z.infer<typeof User>;

const Name = text().trim().max(100, 'Names are 100 characters at most').optional();

/** A shape a mailbox can actually have: something@domain.tld, no spaces, one at-sign. */
export const EMAIL_FORMAT = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const EMAIL_FORMAT_MESSAGE = 'Please enter a valid email address, like name@company.com (no spaces)';

/** For new accounts: stricter than the at-sign check of docs/product.md §5, which stays the rule for sign-in. */
export const NewAccountEmail = EmailAddress.refine((v) => EMAIL_FORMAT.test(v), EMAIL_FORMAT_MESSAGE);

export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads 72 bytes and ignores the rest; longer passwords are refused, never cut short. */
export const PASSWORD_MAX_BYTES = 72;
export const passwordBytes = (password: string) => new TextEncoder().encode(password).length;

/** The one password rule, for sign-up and reset alike. */
export const NewPassword = text({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine(
    (v) => passwordBytes(v) <= PASSWORD_MAX_BYTES,
    `Password must be at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters; accented letters and emoji count as more)`,
  );

export const RegisterRequest = z.object({
  email: NewAccountEmail,
  password: NewPassword,
  firstName: Name,
  lastName: Name,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: EmailAddress,
  password: text({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long (1024 characters at most)'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RequestPasswordResetRequest = z.object({ email: EmailAddress });
export type RequestPasswordResetRequest = z.infer<typeof RequestPasswordResetRequest>;

export const ResetPasswordRequest = z.object({
  token: text({ error: 'Reset token is required' })
    .min(1, 'Reset token is required')
    .max(512, 'This reset link is not valid. Please request a new one.'),
  newPassword: text({ error: 'Passwords must match and cannot be empty' })
    .min(1, 'Passwords must match and cannot be empty')
    .pipe(NewPassword),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** Answers that only carry a sentence for the user (reset requested, password changed). */
export const MessageResponse = z.object({ message: text() });
export type MessageResponse = z.infer<typeof MessageResponse>;
