import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The SPA's own scripts only; Stripe's payment element needs its script, iframe and API; Google
 * sign-in is a top-level navigation, so it needs nothing here. Inline styles are allowed because
 * Radix positions popovers with style attributes.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * helmet's headers for this policy, worked out once. None depends on the request (no nonces, no
 * per-request directives), so every answer gets the same set; running helmet's middleware on
 * every request was ~3% of a proxied API call (issue 12, usage polling).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy },
    // Stripe's payment iframe is cross-origin and does not send CORP headers.
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
