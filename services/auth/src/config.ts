import { type SettingProblem, serviceSettings, sharedSettings } from '@seqgen/kit';
import { z } from 'zod';

export const AUTH_DEFAULT_PORT = 8102;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
export const isLoopbackUrl = (url: URL) => LOOPBACK_HOSTS.has(url.hostname);

export const authConfigShape = {
  ...serviceSettings(AUTH_DEFAULT_PORT),
  ...sharedSettings.sessions,
  ...sharedSettings.publicUrl,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  BCRYPT_COST: z.coerce
    .number()
    .int()
    .min(12, 'must be at least 12 (each step doubles the work an attacker needs per guess)')
    .max(15, 'must be at most 15 (higher makes every sign-in take seconds)')
    .default(12),
  /** smtp://user:pass@host:587 or smtps://…:465; without it mails (with their links) go to the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('seqgen <no-reply@localhost>'),
  /** The support inbox contact messages are e-mailed to; without it they are written to the log. */
  SUPPORT_EMAIL: z.email('must be an e-mail address').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: z
    .url()
    .default('https://accounts.google.com')
    .refine((value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url));
    }, 'must be https:// (plain http only for a test server on 127.0.0.1 / localhost)'),
  ...sharedSettings.trustedProxies,
};

export type AuthConfig = z.infer<z.ZodObject<typeof authConfigShape>>;

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuerUrl: string;
}

/** Google sign-in: null without it; both halves of the client credentials once check() passed. */
export function googleSettings(config: AuthConfig): GoogleSettings | null {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = config;
  if (!clientId || !clientSecret) return null;
  return { clientId, clientSecret, issuerUrl: config.GOOGLE_ISSUER_URL };
}

/**
 * Rules between auth's settings: Google sign-in needs both halves of the client credentials (one
 * without the other is a mistake), and production must know its public address, since reset
 * links and Google redirects are built on it.
 */
export function authSettingProblems(config: AuthConfig): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = config;
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    const missing = clientId ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    problems.push({ setting: missing, message: 'required when the other Google setting is set' });
  }
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    problems.push({
      setting: 'PUBLIC_URL',
      message: 'required in production (reset links and Google sign-in are built on it)',
    });
  }
  return problems;
}
