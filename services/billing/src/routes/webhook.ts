import { badRequest, type RoutePlugin } from '@seqgen/kit';
import { applyProviderEvent, type BillingDeps } from '../domain/billing.ts';
import type { StripeProvider } from '../providers/stripe.ts';

/** Stripe's events can carry long invoices; still bounded. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const BAD_SIGNATURE_MESSAGE = 'Webhook signature verification failed.';

/**
 * POST /api/billing/webhook: Stripe's notifications. The signature is computed over the exact
 * bytes Stripe sent, so this scope reads the body raw instead of parsing JSON. No session, and its
 * writes are not judged by their origin: the caller is Stripe, authenticated by the signature alone.
 */
export const webhookRoutes: RoutePlugin<BillingDeps & { provider: StripeProvider }> = async (app, deps) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/api/billing/webhook',
    { bodyLimit: WEBHOOK_BODY_LIMIT, config: { crossSiteWrites: 'accepted' } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw badRequest('The Stripe-Signature header is missing.', 'invalid_signature');
      }
      if (!Buffer.isBuffer(request.body)) throw badRequest('Send the event as JSON.', 'invalid_body');
      let event: ReturnType<StripeProvider['parseWebhook']>;
      try {
        event = deps.provider.parseWebhook(request.body, signature);
      } catch (error) {
        // Stripe's errors name their kind in `type`; matching it keeps the SDK out of this module,
        // which npm start loads without Stripe configured (issue 12, footprint).
        if ((error as { type?: unknown } | null)?.type === 'StripeSignatureVerificationError') {
          throw badRequest(BAD_SIGNATURE_MESSAGE, 'invalid_signature');
        }
        if (error instanceof SyntaxError) throw badRequest('Request body is not valid JSON.', 'invalid_json');
        throw error;
      }
      const outcome = await applyProviderEvent(deps, event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    },
  );
};
