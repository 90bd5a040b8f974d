import { fileURLToPath } from 'node:url';
import {
  busSessionVerifier,
  createLogger,
  type Lifecycle,
  listen,
  loadConfig,
  Outbox,
  openInfrastructure,
  runAlone,
  runAsLeader,
} from '@seqgen/kit';
import { type BillingAppDeps, billingDeps, createApp } from './app.ts';
import { billingConfigShape, stripeSettings } from './config.ts';
import { outbox as outboxTable, processedEvents } from './data/schema.ts';
import { advanceBillingClock, DEFAULT_BILLING_LIMITS } from './domain/billing.ts';
import { createSandboxProvider } from './providers/sandbox.ts';

const migrationsFolder = fileURLToPath(new URL('./data/migrations', import.meta.url));
const CLOCK_INTERVAL_MS = 60_000;

/** Starts the billing service on its settings; `npm start` calls this with a shared lifecycle. */
export async function start(env: Record<string, string | undefined> = process.env, lifecycle?: Lifecycle) {
  const config = loadConfig(billingConfigShape, env);
  const stripe = stripeSettings(config);
  const logger = createLogger({ service: 'billing', level: config.LOG_LEVEL });
  const infra = await openInfrastructure({ service: 'billing', config, logger, migrationsFolder, lifecycle });
  const outbox = new Outbox({
    db: infra.database.db,
    tables: { outbox: outboxTable, processedEvents },
    bus: infra.bus,
    logger,
  });
  outbox.start();
  infra.lifecycle.add('outbox relay', () => outbox.stop());

  const deps: BillingAppDeps = {
    logger,
    readiness: infra.readiness,
    db: infra.database.db,
    outbox,
    store: infra.store,
    sessions: busSessionVerifier(config, infra.bus, logger),
    // The Stripe SDK (~30 MB resident) loads only when Stripe is configured (issue 12, footprint).
    provider: stripe
      ? (await import('./providers/stripe.ts')).createStripeProvider(stripe, logger)
      : createSandboxProvider(),
    publicUrl: config.PUBLIC_URL,
    trustedProxies: config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim()),
    limits: {
      checkoutsPerUser: { ...DEFAULT_BILLING_LIMITS.checkoutsPerUser, limit: config.CHECKOUTS_PER_HOUR },
      paymentAttemptsPerUser: {
        ...DEFAULT_BILLING_LIMITS.paymentAttemptsPerUser,
        limit: config.PAYMENT_ATTEMPTS_PER_HOUR,
      },
    },
  };

  // Renewals, dunning and expiries: one replica advances the clock (leader election on the
  // database, kit/leader.ts; issue 11, item 5), not every replica at once.
  const clockDeps = billingDeps(deps);
  const clock = runAsLeader({
    name: 'billing:clock',
    intervalMs: CLOCK_INTERVAL_MS,
    databaseUrl: config.DATABASE_URL,
    logger,
    run: () => advanceBillingClock(clockDeps).then(() => {}),
  });
  infra.lifecycle.add('billing clock', () => clock.stop());

  const app = createApp(deps);
  const url = await listen(app, { host: config.HOST, port: config.PORT }, infra.lifecycle, {
    provider: deps.provider.kind,
  });
  return { app, url, lifecycle: infra.lifecycle };
}

if (import.meta.main) await runAlone('billing', start);
