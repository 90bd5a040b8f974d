import type { BillingPeriod } from '@seqgen/proto';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { errorCodeOf } from '../../../lib/api';
import { formatUsd, type Plan, periodUnit, planPrice } from '../../../lib/plans';
import { createSubscription } from '../api/create-subscription';
import { useBillingConfig } from '../api/get-billing-config';
import { subscriptionKey } from '../api/get-subscription';
import { CHECKOUT_COPY, CREATE_FAILED, FORM_UNAVAILABLE, serverMessage } from '../checkout';
import { PlanSummary } from './PlanSummary';
import { SandboxPaymentForm } from './SandboxPaymentForm';
import { StripePaymentForm } from './StripePaymentForm';

/**
 * Checkout (docs/product.md §4): plan summary and payment form. The subscription (and its client secret) is
 * created only when the user presses Subscribe, never on arrival: every visit to a /subscribe
 * link used to leave a pending subscription behind. Billing resumes an open unpaid checkout for
 * the same plan and period rather than making another, so pressing again reuses it.
 */
export function CheckoutScreen({
  plan,
  period,
  onBack,
  onPaid,
}: {
  plan: Plan;
  period: BillingPeriod;
  onBack: () => void;
  onPaid: () => void;
}) {
  const config = useBillingConfig();
  const { mutate } = useSWRConfig();
  const [failure, setFailure] = useState<{ message: string; alreadySubscribed: boolean } | null>(null);

  /** The client secret of the user's checkout for this plan, or null after telling the user why not. */
  const startCheckout = async (): Promise<string | null> => {
    try {
      const clientSecret = await createSubscription({ planType: plan.id, billing: period });
      setFailure(null);
      return clientSecret;
    } catch (error) {
      const alreadySubscribed = errorCodeOf(error) === 'conflict';
      const message = serverMessage(error) ?? CREATE_FAILED;
      // Subscribed meanwhile (another tab): not an error, the page shows the plan instead.
      if (alreadySubscribed) void mutate(subscriptionKey);
      else toast({ title: 'Error', description: message, variant: 'destructive' });
      setFailure({ message, alreadySubscribed });
      return null;
    }
  };

  const submitLabel = `Subscribe for ${formatUsd(planPrice(plan, period))}/${periodUnit(period)}`;

  return (
    <div className="grid gap-6" data-testid="checkout">
      <div className="grid justify-items-start gap-2">
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-3" data-testid="back-to-plans">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12.5 15l-5-5 5-5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Back to Plans
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card className="p-6 sm:p-8">
          <PlanSummary plan={plan} period={period} />
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Payment details</CardTitle>
            <CardDescription>Your subscription starts as soon as the payment goes through.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {failure?.alreadySubscribed ? (
              <div className="grid gap-4">
                <Alert data-testid="checkout-subscribed">
                  <p>{failure.message}</p>
                </Alert>
                <Button asChild variant="outline" className="justify-self-start">
                  <Link to="/subscription-management">{CHECKOUT_COPY.manageLink}</Link>
                </Button>
              </div>
            ) : config.error ? (
              <Alert variant="destructive" data-testid="checkout-error">
                <p>{FORM_UNAVAILABLE}</p>
              </Alert>
            ) : !config.data ? (
              <div role="status" className="flex items-center gap-3 py-10 text-sm text-muted-foreground">
                <Spinner className="h-5 w-5 text-highlight" label="Preparing checkout" />
                Preparing secure checkout…
              </div>
            ) : config.data.provider === 'stripe' ? (
              <StripePaymentForm
                publishableKey={config.data.publishableKey}
                plan={plan}
                period={period}
                submitLabel={submitLabel}
                startCheckout={startCheckout}
                onPaid={onPaid}
              />
            ) : (
              <SandboxPaymentForm submitLabel={submitLabel} startCheckout={startCheckout} onPaid={onPaid} />
            )}
            {failure && !failure.alreadySubscribed ? (
              <Alert variant="destructive" data-testid="checkout-error">
                <p>{failure.message}</p>
              </Alert>
            ) : null}
            {failure?.alreadySubscribed ? null : (
              <p className="text-center text-xs text-muted-foreground" data-testid="checkout-hint">
                {CHECKOUT_COPY.confirmHint}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
