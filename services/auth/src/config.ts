import { baseConfigShape, ConfigError, port } from '@seqgen/kit';
import { z } from 'zod';

export const AUTH_DEFAULT_PORT = 8102;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
export const isLoopbackUrl = (url: URL) => LOOPBACK_HOSTS.has(url.hostname);

export const authConfigShape = {
  ...baseConfigShape,
  PORT: port(AUTH_DEFAULT_PORT),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The public origin users reach (https://app.example.com): reset links and the Google redirect
   * are built on it, and https makes the session cookie Secure and `__Host-` prefixed. Without it
   * (local use) the address the request came in on is used.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
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
  SUPPORT_EMAIL: z.string().email('must be an e-mail address').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: z
    .string()
    .url()
    .default('https://accounts.google.com')
    .refine((value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url));
    }, 'must be https:// (plain http only for a test server on 127.0.0.1 / localhost)'),
  /**
   * Peers whose X-Forwarded-For/-Proto/-Host are believed (the gateway): proxy-addr names or
   * CIDRs, comma-separated. Per-address rate limits use the address they report.
   */
  TRUSTED_PROXIES: z.string().min(1).default('loopback,uniquelocal'),
};

export type AuthConfig = z.infer<z.ZodObject<typeof authConfigShape>>;

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuerUrl: string;
}

/** Google sign-in needs both halves of the client credentials; one without the other is a mistake. */
export function googleSettings(config: AuthConfig): GoogleSettings | null {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = config;
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    const missing = clientId ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required when the other Google setting is set`);
  }
  return { clientId, clientSecret, issuerUrl: config.GOOGLE_ISSUER_URL };
}

/** Production must know its public address: reset links and Google redirects are built on it. */
export function checkProductionSettings(config: AuthConfig): void {
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required in production (reset links and Google sign-in are built on it)',
    );
  }
}
