import { fileURLToPath } from 'node:url';
import { baseConfigShape, port } from '@seqgen/kit';
import { z } from 'zod';

const upstream = (fallbackPort: number) => z.string().url().default(`http://127.0.0.1:${fallbackPort}`);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const SERVICE_PORTS = {
  waitlist: 8101,
  auth: 8102,
  generation: 8103,
  quota: 8104,
  library: 8105,
  billing: 8106,
} as const;

export const gatewayConfigShape = {
  ...baseConfigShape,
  PORT: port(8080),
  /** The built SPA (vite build output). */
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../../web/dist', import.meta.url))),
  /** The public origin (https://app.example.com); requests from other origins may not change state. */
  PUBLIC_URL: z.string().url().optional(),
  AUTH_URL: upstream(SERVICE_PORTS.auth),
  GENERATION_URL: upstream(SERVICE_PORTS.generation),
  QUOTA_URL: upstream(SERVICE_PORTS.quota),
  LIBRARY_URL: upstream(SERVICE_PORTS.library),
  BILLING_URL: upstream(SERVICE_PORTS.billing),
  WAITLIST_URL: upstream(SERVICE_PORTS.waitlist),
  /** How long an upstream may take to answer; generation runs an LLM and gets longer. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  GENERATION_TIMEOUT_MS: z.coerce.number().int().positive().default(90_000),
  /** Largest request body the gateway forwards. Services enforce their own, smaller limits. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Behind a load balancer or ingress: take the client address from X-Forwarded-For. */
  TRUST_PROXY: flag.default(false),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayConfigShape>>;
