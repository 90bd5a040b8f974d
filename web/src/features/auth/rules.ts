import { LoginRequest, RegisterRequest } from '@seqgen/proto';
import { type FieldErrors, fieldErrors } from '../../lib/forms';

/**
 * Google sign-in needs a registered redirect URI, which a local run never has, so the button is
 * hidden on loopback hosts (docs/product.md §2 "shown only when the host is not localhost").
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function googleSignInAvailable(hostname: string): boolean {
  return !LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

export interface SignUpForm {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
}

export type SignUpCheck =
  | { ok: true; payload: RegisterRequest }
  | { ok: false; reason: 'mismatch' }
  | { ok: false; reason: 'invalid'; errors: FieldErrors };

/**
 * docs/product.md §5: the passwords must match (checked first, toast 'Password mismatch'); the confirm field
 * is never sent; names are optional, so blank ones are left out rather than sent empty.
 */
export function checkSignUp(form: SignUpForm): SignUpCheck {
  if (form.password !== form.confirmPassword) return { ok: false, reason: 'mismatch' };
  const parsed = RegisterRequest.safeParse({
    email: form.email,
    password: form.password,
    ...(form.firstName.trim() ? { firstName: form.firstName } : {}),
    ...(form.lastName.trim() ? { lastName: form.lastName } : {}),
  });
  if (!parsed.success) return { ok: false, reason: 'invalid', errors: fieldErrors(parsed.error) };
  return { ok: true, payload: parsed.data };
}

export type SignInCheck = { ok: true; payload: LoginRequest } | { ok: false; errors: FieldErrors };

export function checkSignIn(form: { email: string; password: string }): SignInCheck {
  const parsed = LoginRequest.safeParse(form);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

/** docs/product.md §5 reset rule: the new password is non-blank and equal to its confirmation. */
export function canSubmitNewPassword(password: string, confirmation: string): boolean {
  return password.trim() !== '' && password === confirmation;
}

export const NEW_PASSWORD_HINT = 'Passwords must match and cannot be empty';

/** docs/product.md §5: the reset request needs a non-blank e-mail. */
export function canRequestReset(email: string): boolean {
  return email.trim() !== '';
}
