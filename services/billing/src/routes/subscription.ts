import { type RoutePlugin, type SessionVerifier, signedIn } from '@seqgen/kit';
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

export const subscriptionRoutes: RoutePlugin<SubscriptionRouteDeps> = async (app, deps) => {
  const onRequest = signedIn(deps.sessions);
  app.get('/api/billing/config', { schema: { response: { 200: BillingConfigResponse } } }, async () => deps.checkout);

  app.get('/api/subscription', { onRequest, schema: { response: { 200: SubscriptionResponse } } }, async (request) => {
    return getSubscription(deps, request.user.userId);
  });

  app.post(
    '/api/create-subscription',
    { onRequest, schema: { body: CreateSubscriptionRequest, response: { 200: CreateSubscriptionResponse } } },
    async (request) => {
      return createSubscription(deps, request.user, request.body);
    },
  );

  app.post(
    '/api/subscription/cancel',
    { onRequest, schema: { response: { 200: SubscriptionResponse } } },
    async (request) => {
      return cancelSubscription(deps, request.user.userId);
    },
  );

  app.post(
    '/api/subscription/reactivate',
    { onRequest, schema: { response: { 200: SubscriptionResponse } } },
    async (request) => {
      return reactivateSubscription(deps, request.user.userId);
    },
  );

  // The test checkout exists only without a real provider: with Stripe it is a 404 like any unknown path.
  if (deps.provider.kind === 'sandbox') {
    app.post(
      '/api/billing/sandbox/confirm',
      { onRequest, schema: { body: SandboxConfirmRequest, response: { 200: SandboxConfirmResponse } } },
      async (request) => {
        await confirmSandboxPayment(deps, request.user, request.body);
        return { status: 'succeeded' as const };
      },
    );
  }
};
