import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serviceSettings, sharedSettings } from '@seqgen/kit';
import { z } from 'zod';

const upstream = (fallbackPort: number) => z.url().default(`http://127.0.0.1:${fallbackPort}`);

/** proxy-addr's names for address ranges (https://github.com/jshttp/proxy-addr#proxyaddrreq-trust). */
const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (10.0.0.0/8, fd00::/8) or one of proxy-addr's names. */
function isTrustedPeer(entry: string): boolean {
  if (PROXY_ADDR_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || bits === undefined || rest.length > 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the gateway the client's address (X-Forwarded-For), as Fastify's
 * trustProxy takes it: `false` (none: the socket peer is the client), a hop count (that many
 * proxies in front, e.g. 1 for the ingress controller: the address the nearest proxy saw is the
 * client, whatever the client wrote into the header), or the proxies' addresses / CIDRs.
 *
 * `true` is refused: it takes the left-most X-Forwarded-For entry, which the client writes, so
 * anyone could pick a fresh address per request and walk past every per-address limit
 * (issue 10, finding 9; OWASP "IP address spoofing via X-Forwarded-For").
 */
export const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          '"true" would believe any X-Forwarded-For a client sends (per-address limits could be bypassed): ' +
          'give the number of proxies in front of the gateway (e.g. 1 for the ingress) or their addresses/CIDRs',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 10' });
      return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isTrustedPeer(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          `must be false, a hop count or a comma-separated list of addresses, CIDRs, loopback, linklocal or ` +
          `uniquelocal${bad.length ? ` (not understood: ${bad.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

export const SERVICE_PORTS = {
  waitlist: 8101,
  auth: 8102,
  generation: 8103,
  quota: 8104,
  library: 8105,
  billing: 8106,
  analytics: 8107,
} as const;

/**
 * The setting as Fastify's trustProxy. Fastify 5 reads a bare number as "trust no one" (a hop
 * count cannot tell a proxy from a client that connects directly), so a hop count becomes a
 * function trusting the nearest `hops` peers: right only where every connection comes through
 * that many proxies, as behind the chart's ingress (the gateway's Service is not exposed).
 */
export function trustProxyOption(setting: false | number | string[]) {
  if (typeof setting !== 'number') return setting;
  return setting === 0 ? false : (_address: string, hop: number) => hop < setting;
}

export const gatewayConfigShape = {
  ...serviceSettings(8080),
  /** The built SPA (vite build output). */
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../../web/dist', import.meta.url))),
  ...sharedSettings.publicUrl,
  AUTH_URL: upstream(SERVICE_PORTS.auth),
  GENERATION_URL: upstream(SERVICE_PORTS.generation),
  QUOTA_URL: upstream(SERVICE_PORTS.quota),
  LIBRARY_URL: upstream(SERVICE_PORTS.library),
  BILLING_URL: upstream(SERVICE_PORTS.billing),
  WAITLIST_URL: upstream(SERVICE_PORTS.waitlist),
  ANALYTICS_URL: upstream(SERVICE_PORTS.analytics),
  /** How long an upstream may take to answer; generation runs an LLM and gets longer. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * A backstop, not the limit that decides: generation holds each model call to its progress
   * (time to first token, silence between tokens; issue 25, item 3), and a slow model's JSON
   * answer (analysis, a 7-email sequence, a repair) can take minutes while it keeps writing.
   */
  GENERATION_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  /**
   * Largest request body the gateway forwards to any route. Each route is held to the smaller
   * limit of the service behind it (routes.ts), so an oversized body is answered 413 here.
   */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /**
   * Requests a minute on /api/* (issue 25, item 1): per signed-in user; usage polls per user in a
   * budget of their own (50 tabs at one poll every 5 s); anything without a valid session per
   * client address, with room for an office of a few hundred people behind one NAT.
   */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  POLL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  ANONYMOUS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  /** Verifies (never signs) session tokens, to count signed-in requests per user. */
  ...sharedSettings.sessions,
  /** Behind a load balancer or ingress: whose X-Forwarded-For is believed (see trustProxySetting). */
  TRUST_PROXY: trustProxySetting.default(false),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayConfigShape>>;
