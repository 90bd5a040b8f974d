import { type Logger, pino } from 'pino';

export type { Logger };

/**
 * Anything that could let someone act as a user or a service is redacted wherever it appears in
 * a log line: request bodies (password, token, newPassword), headers (cookie, authorization),
 * reply headers (set-cookie) and settings that hold secrets.
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'token',
  'clientSecret',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.clientSecret',
  '*.apiKey',
  '*.secret',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'config.SESSION_SECRET',
  'config.OPENAI_API_KEY',
  'config.STRIPE_SECRET_KEY',
  'config.STRIPE_WEBHOOK_SECRET',
  'config.GOOGLE_CLIENT_SECRET',
  'config.SMTP_URL',
  'config.DATABASE_URL',
  'config.REDIS_URL',
];

export interface LoggerOptions {
  service: string;
  level?: string;
  /** For tests: where lines go. Defaults to stdout. */
  destination?: pino.DestinationStream;
}

export function createLogger({ service, level = 'info', destination }: LoggerOptions): Logger {
  return pino(
    {
      name: service,
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
