import { z } from 'zod';
import { EmailAddress } from './common.ts';

export const User = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type User = z.infer<typeof User>;

const Name = z.string().trim().max(100, 'Names are 100 characters at most').optional();

export const RegisterRequest = z.object({
  email: EmailAddress,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  firstName: Name,
  lastName: Name,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: EmailAddress,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RequestPasswordResetRequest = z.object({ email: EmailAddress });
export type RequestPasswordResetRequest = z.infer<typeof RequestPasswordResetRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string().min(1, 'Reset token is required').max(512),
  newPassword: z.string().min(1, 'Passwords must match and cannot be empty'),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
