import { DEFAULT_BODY_LIMIT } from '@seqgen/kit';
import type { GatewayConfig } from './config.ts';

export type ServiceName = 'auth' | 'generation' | 'quota' | 'library' | 'billing' | 'waitlist' | 'analytics';

export interface Route {
  /** A path prefix: matches the prefix itself and anything under it ("/api/waitlist", "/api/waitlist/…"). */
  prefix: string;
  service: ServiceName;
  /**
   * The largest body the service accepts on this route; the gateway answers 413 above it
   * (body-limit.ts). Default: kit's DEFAULT_BODY_LIMIT (64 KiB), every service's own default.
   * The gateway test checks these against the services' constants.
   */
  bodyLimit?: number;
}

/** library's LIBRARY_BODY_LIMIT: a saved sequence can be a few hundred KB of JSON. */
const LIBRARY_BODY_LIMIT = 512 * 1024;
/** billing's WEBHOOK_BODY_LIMIT: Stripe's events can carry long invoices. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** analytics' ANALYTICS_BODY_LIMIT: a batch of at most 50 small events. */
const ANALYTICS_BODY_LIMIT = 32 * 1024;

/** The routes of docs/architecture.md §4. Anything under /api/ that is not here is a JSON 404; everything else is the SPA. */
export const ROUTES: Route[] = [
  { prefix: '/api/auth', service: 'auth' },
  { prefix: '/api/login', service: 'auth' },
  { prefix: '/api/register', service: 'auth' },
  { prefix: '/api/request-password-reset', service: 'auth' },
  { prefix: '/api/reset-password', service: 'auth' },
  { prefix: '/api/analyze-company', service: 'generation' },
  { prefix: '/api/generate-emails', service: 'generation' },
  { prefix: '/api/regenerate-email', service: 'generation' },
  { prefix: '/api/emails', service: 'generation' },
  { prefix: '/api/usage', service: 'quota' },
  { prefix: '/api/save-sequence', service: 'library', bodyLimit: LIBRARY_BODY_LIMIT },
  { prefix: '/api/saved-sequences', service: 'library', bodyLimit: LIBRARY_BODY_LIMIT },
  { prefix: '/api/email-feedback', service: 'library', bodyLimit: LIBRARY_BODY_LIMIT },
  { prefix: '/api/subscription', service: 'billing' },
  { prefix: '/api/create-subscription', service: 'billing' },
  { prefix: '/api/billing/webhook', service: 'billing', bodyLimit: WEBHOOK_BODY_LIMIT },
  { prefix: '/api/billing', service: 'billing' },
  { prefix: '/api/waitlist', service: 'waitlist' },
  { prefix: '/api/contact', service: 'waitlist' },
  { prefix: '/api/events', service: 'analytics', bodyLimit: ANALYTICS_BODY_LIMIT },
];

/** The limit the gateway holds a route's bodies to: the service's, never above the gateway's own. */
export function bodyLimitOf(config: GatewayConfig, route: Route | undefined): number {
  return Math.min(route?.bodyLimit ?? DEFAULT_BODY_LIMIT, config.BODY_LIMIT_BYTES);
}

export function upstreamOf(config: GatewayConfig, service: ServiceName): string {
  const urls: Record<ServiceName, string> = {
    auth: config.AUTH_URL,
    generation: config.GENERATION_URL,
    quota: config.QUOTA_URL,
    library: config.LIBRARY_URL,
    billing: config.BILLING_URL,
    waitlist: config.WAITLIST_URL,
    analytics: config.ANALYTICS_URL,
  };
  return urls[service];
}

/** What the user reads when an upstream is down: the feature, never a host or port. */
export const SERVICE_LABELS: Record<ServiceName, string> = {
  auth: 'Sign-in',
  generation: 'Sequence generation',
  quota: 'Usage tracking',
  library: 'Saved sequences',
  billing: 'Billing',
  waitlist: 'The waitlist',
  analytics: 'Usage analytics',
};
