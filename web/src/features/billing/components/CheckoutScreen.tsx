import type { BillingPeriod } from '@seqgen/proto';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { formatUsd, type Plan, periodUnit, planPrice } from '../../pricing/plans';
import { createSubscription } from '../api/create-subscription';
import { useBillingConfig } from '../api/get-billing-config';
import { CREATE_FAILED, FORM_UNAVAILABLE, serverMessage } from '../checkout';
import { PlanSummary } from './PlanSummary';
import { SandboxPaymentForm } from './SandboxPaymentForm';
import { StripePaymentForm } from './StripePaymentForm';

type SecretState =
  | { status: 'loading' }
  | { status: 'ready'; clientSecret: string }
  | { status: 'failed'; message: string; alreadySubscribed: boolean };

/** Checkout (spec §4): create the subscription for a client secret, then the payment form. */
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
  const [secret, setSecret] = useState<SecretState>({ status: 'loading' });

  useEffect(() => {
    // Only the newest request's secret is used (StrictMode and quick plan changes start two).
    let current = true;
    setSecret({ status: 'loading' });
    createSubscription({ planType: plan.id, billing: period })
      .then((clientSecret) => {
        if (current) setSecret({ status: 'ready', clientSecret });
      })
      .catch((error: unknown) => {
        if (!current) return;
        const message = serverMessage(error) ?? CREATE_FAILED;
        toast({ title: 'Error', description: message, variant: 'destructive' });
        setSecret({ status: 'failed', message, alreadySubscribed: error instanceof ApiError && error.status === 409 });
      });
    return () => {
      current = false;
    };
  }, [plan.id, period]);

  const submitLabel = `Subscribe for ${formatUsd(planPrice(plan, period))}/${periodUnit(period)}`;

  return (
    <div className="grid gap-6" data-testid="checkout">
      <div>
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
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card className="p-6 sm:p-8">
          <PlanSummary plan={plan} period={period} />
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Payment details</CardTitle>
            <CardDescription>Your subscription starts as soon as the payment goes through.</CardDescription>
          </CardHeader>
          <CardContent>
            {secret.status === 'failed' ? (
              <div className="grid gap-4">
                <Alert variant="destructive" data-testid="checkout-error">
                  <p>{secret.alreadySubscribed ? secret.message : FORM_UNAVAILABLE}</p>
                </Alert>
                {secret.alreadySubscribed ? (
                  <Button asChild variant="outline" className="justify-self-start">
                    <Link to="/subscription-management">Manage subscription</Link>
                  </Button>
                ) : null}
              </div>
            ) : config.error ? (
              <Alert variant="destructive" data-testid="checkout-error">
                <p>{FORM_UNAVAILABLE}</p>
              </Alert>
            ) : secret.status === 'loading' || !config.data ? (
              <div role="status" className="flex items-center gap-3 py-10 text-sm text-muted-foreground">
                <Spinner className="h-5 w-5 text-highlight" label="Preparing checkout" />
                Preparing secure checkout…
              </div>
            ) : config.data.provider === 'stripe' ? (
              <StripePaymentForm
                publishableKey={config.data.publishableKey}
                clientSecret={secret.clientSecret}
                plan={plan}
                period={period}
                submitLabel={submitLabel}
                onPaid={onPaid}
              />
            ) : (
              <SandboxPaymentForm clientSecret={secret.clientSecret} submitLabel={submitLabel} onPaid={onPaid} />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
