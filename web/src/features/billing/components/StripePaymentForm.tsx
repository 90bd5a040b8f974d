import type { BillingPeriod } from '@seqgen/proto';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry point loads Stripe.js only when a payment form needs it, not on every page:
// the plain import injects js.stripe.com into every page of the app at start-up.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { type Plan, planPrice } from '../../../lib/plans';
import { useTheme } from '../../../lib/theme-provider';
import { FORM_NOT_LOADED, FORM_UNAVAILABLE, PAYMENT_DETAILS_INVALID, successPath } from '../checkout';
import { PaymentError } from './PaymentError';

/** docs/product.md §7: payment methods in this order. */
export const PAYMENT_METHOD_ORDER = ['card', 'apple_pay', 'google_pay'];

// One Stripe.js per key for the page's life: loadStripe injects a script, so never call it per render.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripeFormProps {
  plan: Plan;
  period: BillingPeriod;
  submitLabel: string;
  /** Creates (or resumes) the checkout on Subscribe; null when it could not (already told). */
  startCheckout: () => Promise<string | null>;
  onPaid: () => void;
}

/**
 * Stripe's Payment Element for the subscription's first invoice (docs/product.md §7), in Stripe's deferred
 * mode: the form shows from the plan's amount alone, and the subscription whose invoice it pays
 * is created only when the user presses Subscribe.
 */
export function StripePaymentForm({ publishableKey, ...props }: StripeFormProps & { publishableKey: string }) {
  const { theme } = useTheme();
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then((stripe) => {
      if (current && !stripe) setLoadFailed(true);
    });
    return () => {
      current = false;
    };
  }, [publishableKey]);
  if (loadFailed) {
    return (
      <Alert variant="destructive" data-testid="checkout-error">
        <p>{FORM_UNAVAILABLE}</p>
      </Alert>
    );
  }
  return (
    <Elements
      // Stripe fixes an Elements group's mode and amount at mount: another plan needs a new group.
      key={`${props.plan.id}:${props.period}`}
      stripe={stripeFor(publishableKey)}
      options={{
        mode: 'subscription',
        amount: Math.round(planPrice(props.plan, props.period) * 100),
        currency: 'usd',
        appearance: {
          theme: theme === 'dark' ? 'night' : 'stripe',
          variables: { colorPrimary: '#5b3df5', borderRadius: '8px' },
        },
      }}
    >
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ plan, period, submitLabel, startCheckout, onPaid }: StripeFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!stripe || !elements) {
      toast({ title: 'Payment Error', description: FORM_NOT_LOADED, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      // Stripe checks the form's fields before anything is created on our side.
      const submitted = await elements.submit();
      if (submitted.error) {
        const message = submitted.error.message ?? PAYMENT_DETAILS_INVALID;
        setFailure(message);
        toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
        return;
      }
      const clientSecret = await startCheckout();
      if (!clientSecret) return;
      const { error } = await stripe.confirmPayment({
        elements,
        clientSecret,
        // Where Stripe sends the browser back after a redirect-based step (3-D Secure, wallets).
        confirmParams: { return_url: `${window.location.origin}${successPath(plan, period)}` },
        redirect: 'if_required',
      });
      if (error) {
        const message = error.message ?? PAYMENT_DETAILS_INVALID;
        setFailure(message);
        toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
        return;
      }
      onPaid();
    } catch {
      setFailure(PAYMENT_DETAILS_INVALID);
      toast({ title: 'Payment Failed', description: PAYMENT_DETAILS_INVALID, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (unavailable) {
    return (
      <Alert variant="destructive" data-testid="checkout-error">
        <p>{FORM_UNAVAILABLE}</p>
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-5" data-testid="stripe-payment-form">
      <PaymentElement
        options={{ paymentMethodOrder: PAYMENT_METHOD_ORDER, layout: 'tabs' }}
        onLoadError={() => setUnavailable(true)}
      />
      <PaymentError message={failure} />
      <Button type="submit" size="lg" disabled={busy || !stripe} className="w-full" data-testid="subscribe-submit">
        {busy ? (
          <>
            <Spinner className="h-4 w-4" label="Processing" /> Processing…
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </form>
  );
}
