import {
  createService,
  type Database,
  type KeyValueStore,
  type Logger,
  type Outbox,
  RateLimiter,
  type Service,
  type SessionVerifier,
} from '@seqgen/kit';
import type { BillingConfigResponse } from '@seqgen/proto';
import { type BillingDeps, type BillingLimits, DEFAULT_BILLING_LIMITS } from './domain/billing.ts';
import type { StripeProvider } from './providers/stripe.ts';
import type { PaymentProvider } from './providers/types.ts';
import { subscriptionRoutes } from './routes/subscription.ts';
import { webhookRoutes } from './routes/webhook.ts';

export interface BillingAppDeps {
  logger: Logger;
  readiness: () => Promise<void>;
  db: Database;
  outbox: Outbox;
  /** Rate-limit counters: Redis when REDIS_URL is set. */
  store: KeyValueStore;
  sessions: SessionVerifier;
  provider: PaymentProvider | StripeProvider;
  publicUrl?: string | undefined;
  /** Peers whose X-Forwarded-* headers are believed (the gateway). */
  trustedProxies: string | string[];
  limits?: Partial<BillingLimits>;
  now?: () => Date;
}

const isStripe = (provider: PaymentProvider | StripeProvider): provider is StripeProvider => provider.kind === 'stripe';

/** The domain's dependencies as createApp builds them (main.ts shares them with billing's clock). */
export function billingDeps(deps: BillingAppDeps): BillingDeps {
  return {
    db: deps.db,
    outbox: deps.outbox,
    provider: deps.provider,
    limiter: new RateLimiter(deps.store, deps.logger),
    limits: { ...DEFAULT_BILLING_LIMITS, ...deps.limits },
    logger: deps.logger,
    now: deps.now ?? (() => new Date()),
  };
}

/** The billing service without a listener: main.ts listens, tests inject. */
export function createApp(deps: BillingAppDeps): Service {
  const app = createService({
    name: 'billing',
    logger: deps.logger,
    readiness: deps.readiness,
    trustProxy: deps.trustedProxies,
    publicUrl: deps.publicUrl,
  });
  const domain = billingDeps(deps);
  const provider = deps.provider;
  const checkout: BillingConfigResponse = isStripe(provider)
    ? { provider: 'stripe', publishableKey: provider.publishableKey }
    : { provider: 'sandbox' };

  // A user's own billing state: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.register(subscriptionRoutes, { ...domain, sessions: deps.sessions, checkout });
  if (isStripe(provider)) app.register(webhookRoutes, { ...domain, provider });
  return app;
}
