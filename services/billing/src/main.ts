import { fileURLToPath } from 'node:url';
import { defineService, runAlone, runAsLeader } from '@seqgen/kit';
import { askSessionStatus, requestCatalogue } from '@seqgen/proto';
import { type BillingAppDeps, billingDeps, createApp } from './app.ts';
import { billingConfigShape, billingSettingProblems, stripeSettings } from './config.ts';
import { outbox, processedEvents } from './data/schema.ts';
import { advanceBillingClock, DEFAULT_BILLING_LIMITS } from './domain/billing.ts';
import { createSandboxProvider } from './providers/sandbox.ts';

const CLOCK_INTERVAL_MS = 60_000;

export const billingService = defineService({
  name: 'billing',
  settings: billingConfigShape,
  secretSettings: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  check: billingSettingProblems,
  migrationsFolder: fileURLToPath(new URL('./data/migrations', import.meta.url)),
  requests: requestCatalogue,
  sessionLiveness: askSessionStatus,
  outbox: { outbox, processedEvents },
  async build({ config, logger, infra, lifecycle, outbox, sessions, trustedProxies }) {
    const stripe = stripeSettings(config);
    const deps: BillingAppDeps = {
      logger,
      readiness: infra.readiness,
      db: infra.database.db,
      outbox: outbox(),
      store: infra.store,
      sessions: sessions(),
      // The Stripe SDK (~30 MB resident) loads only when Stripe is configured (issue 12, footprint).
      provider: stripe
        ? (await import('./providers/stripe.ts')).createStripeProvider(stripe, logger)
        : createSandboxProvider(),
      publicUrl: config.PUBLIC_URL,
      trustedProxies,
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
    lifecycle.add('billing clock', () => clock.stop());

    return { app: createApp(deps), details: { provider: deps.provider.kind } };
  },
});

/** `npm start` calls this with a shared lifecycle. */
export const start = billingService.start;

if (import.meta.main) await runAlone('billing', start);
