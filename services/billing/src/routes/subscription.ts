import type { Service, SessionVerifier } from '@seqgen/kit';
import {
  BillingConfigResponse,
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  SandboxConfirmRequest,
  SandboxConfirmResponse,
  SubscriptionResponse,
} from '@seqgen/proto';
import {
  type BillingDeps,
  cancelSubscription,
  confirmSandboxPayment,
  createSubscription,
  getSubscription,
  reactivateSubscription,
} from '../domain/billing.ts';

export interface SubscriptionRouteDeps extends BillingDeps {
  sessions: SessionVerifier;
  /** What GET /api/billing/config tells the web (Stripe's publishable key, or the sandbox). */
  checkout: BillingConfigResponse;
}

export async function subscriptionRoutes(app: Service, deps: SubscriptionRouteDeps) {
  app.get('/api/billing/config', { schema: { response: { 200: BillingConfigResponse } } }, async () => deps.checkout);

  app.get('/api/subscription', { schema: { response: { 200: SubscriptionResponse } } }, async (request) => {
    const user = await deps.sessions.requireUser(request);
    return getSubscription(deps, user.userId);
  });

  app.post(
    '/api/create-subscription',
    { schema: { body: CreateSubscriptionRequest, response: { 200: CreateSubscriptionResponse } } },
    async (request) => {
      const user = await deps.sessions.requireUser(request);
      return createSubscription(deps, user, request.body);
    },
  );

  app.post('/api/subscription/cancel', { schema: { response: { 200: SubscriptionResponse } } }, async (request) => {
    const user = await deps.sessions.requireUser(request);
    return cancelSubscription(deps, user.userId);
  });

  app.post('/api/subscription/reactivate', { schema: { response: { 200: SubscriptionResponse } } }, async (request) => {
    const user = await deps.sessions.requireUser(request);
    return reactivateSubscription(deps, user.userId);
  });

  // The test checkout exists only without a real provider: with Stripe it is a 404 like any unknown path.
  if (deps.provider.kind === 'sandbox') {
    app.post(
      '/api/billing/sandbox/confirm',
      { schema: { body: SandboxConfirmRequest, response: { 200: SandboxConfirmResponse } } },
      async (request) => {
        const user = await deps.sessions.requireUser(request);
        await confirmSandboxPayment(deps, user, request.body);
        return { status: 'succeeded' as const };
      },
    );
  }
}
