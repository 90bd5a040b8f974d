import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { intervalOf, priceCents } from '../domain/plans.ts';
import type { Checkout, PaymentProvider, StartCheckout } from './types.ts';

/** sandbox_<subscription id>_secret_<random>, shaped like Stripe's pi_…_secret_… */
const SECRET = /^sandbox_(sub_sandbox_[a-f0-9]{24})_secret_[A-Za-z0-9_-]{32}$/;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The subscription a sandbox client secret belongs to, or null when it is not one. */
export function sandboxSubscriptionOf(clientSecret: string): string | null {
  return SECRET.exec(clientSecret)?.[1] ?? null;
}

export function secretMatches(clientSecret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashSecret(clientSecret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

function newSecret(providerSubscriptionId: string) {
  const clientSecret = `sandbox_${providerSubscriptionId}_secret_${randomBytes(24).toString('base64url')}`;
  return { clientSecret, secretHash: hashSecret(clientSecret) };
}

export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

export type CardOutcome = { ok: true } | { ok: false; code: 'card_declined' | 'invalid_number'; message: string };

/** Stripe's test-card behaviour for the two cards the sandbox knows (spaces and dashes ignored). */
export function sandboxCardOutcome(cardNumber: string): CardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, code: 'invalid_number', message: 'Your card number is invalid.' };
  }
  if (digits === SANDBOX_CARDS.succeeds) return { ok: true };
  if (digits === SANDBOX_CARDS.declined)
    return { ok: false, code: 'card_declined', message: 'Your card was declined.' };
  return {
    ok: false,
    code: 'card_declined',
    message: 'Your card was declined. This is a test checkout: use the test card 4242 4242 4242 4242.',
  };
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The built-in test checkout (docs/architecture.md §2): no network and no customers. The checkout is a local
 * subscription row; POST /api/billing/sandbox/confirm plays the card payment, and billing's own
 * clock plays the renewals. Its state lives in billing's tables, so most calls are no-ops here.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    kind: 'sandbox',
    ensureCustomer: async () => null,
    startCheckout: async ({ plan, period }: StartCheckout): Promise<Checkout> => {
      const providerSubscriptionId = `sub_sandbox_${randomBytes(12).toString('hex')}`;
      return {
        subscription: {
          providerSubscriptionId,
          status: 'incomplete',
          cancelAtPeriodEnd: false,
          currentPeriodStart: null,
          currentPeriodEnd: null,
          amountCents: priceCents(plan, period),
          interval: intervalOf(period),
        },
        ...newSecret(providerSubscriptionId),
      };
    },
    // A fresh secret each time: only the newest payment form can pay.
    resumeCheckout: async (providerSubscriptionId) => ({ state: 'pending', ...newSecret(providerSubscriptionId) }),
    abandonCheckout: async () => {},
    setCancelAtPeriodEnd: async () => null,
  };
}
