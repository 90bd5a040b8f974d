import type { GatewayConfig } from './config.ts';

export type ServiceName = 'auth' | 'generation' | 'quota' | 'library' | 'billing' | 'waitlist';

export interface Route {
  /** A path prefix: matches the prefix itself and anything under it ("/api/waitlist", "/api/waitlist/…"). */
  prefix: string;
  service: ServiceName;
}

/** DESIGN.md §4. Anything under /api/ that is not here is a JSON 404; everything else is the SPA. */
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
  { prefix: '/api/save-sequence', service: 'library' },
  { prefix: '/api/saved-sequences', service: 'library' },
  { prefix: '/api/email-feedback', service: 'library' },
  { prefix: '/api/subscription', service: 'billing' },
  { prefix: '/api/create-subscription', service: 'billing' },
  { prefix: '/api/billing', service: 'billing' },
  { prefix: '/api/waitlist', service: 'waitlist' },
  { prefix: '/api/contact', service: 'waitlist' },
];

export function upstreamOf(config: GatewayConfig, service: ServiceName): string {
  const urls: Record<ServiceName, string> = {
    auth: config.AUTH_URL,
    generation: config.GENERATION_URL,
    quota: config.QUOTA_URL,
    library: config.LIBRARY_URL,
    billing: config.BILLING_URL,
    waitlist: config.WAITLIST_URL,
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
};
