import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PageSpinner, Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { useUser } from '../../features/auth/api/get-user';
import { useSubscription } from '../../features/billing/api/get-subscription';
import { CHECKOUT_COPY, displayPlanName } from '../../features/billing/checkout';
import { NoSubscription, SubscriptionSuccess } from '../../features/billing/components/SubscriptionSuccess';

/** How long a just-paid visitor waits for billing to hear of the payment before "no subscription". */
const CONFIRM_WAIT_MS = 60_000;
const CONFIRM_POLL_MS = 1_500;

/**
 * /subscription-success: also where Stripe returns the browser after a redirect-based payment step.
 * It shows the user's real subscription (GET /api/subscription); `?plan=` only ever named what
 * the checkout was for, and a link with any plan in it proves nothing was bought.
 */
export function SubscriptionSuccessPage() {
  const { status } = useUser();
  const [params] = useSearchParams();
  const failed = params.get('redirect_status') === 'failed';

  if (status === 'loading') return <PageSpinner />;
  // Only a signed-in user has a subscription to show (the page is public in the router).
  if (status === 'signedOut') return <Navigate to="/auth" replace />;
  return (
    <section className="mx-auto w-full max-w-6xl flex-1 px-4 py-16 sm:px-6 sm:py-20">
      {failed ? <PaymentFailed /> : <SignedInSuccess />}
    </section>
  );
}

function PaymentFailed() {
  return (
    <div className="mx-auto grid max-w-md gap-4 text-center">
      <Alert variant="destructive">
        <p>
          <strong>Payment Failed.</strong> Your payment did not go through and nothing was charged.
        </p>
      </Alert>
      <Button asChild>
        <Link to="/subscribe">Back to Plans</Link>
      </Button>
    </div>
  );
}

function SignedInSuccess() {
  const [params] = useSearchParams();
  const location = useLocation();
  const [today] = useState(() => new Date());
  const returnedFromStripe = params.get('redirect_status') === 'succeeded';
  // The checkout passes { paid: true } when it navigates here after a confirmed payment.
  const justPaid = returnedFromStripe || (location.state as { paid?: boolean } | null)?.paid === true;
  const [waiting, setWaiting] = useState(justPaid);
  const { data, error } = useSubscription(waiting ? { waitForPaid: CONFIRM_POLL_MS } : {});
  const subscription = data?.hasSubscription ? data.subscription : null;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  // Back from Stripe after a redirect-based step: the checkout page's toast never ran.
  const paidPlanName = returnedFromStripe && subscription ? displayPlanName(subscription.plan.name) : null;
  useEffect(() => {
    if (paidPlanName) {
      toast({ title: 'Payment Successful', description: `Welcome to ${paidPlanName}!`, variant: 'success' });
    }
  }, [paidPlanName]);

  if (subscription) return <SubscriptionSuccess subscription={subscription} today={today} />;
  if (error) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-md">
        <p>{CHECKOUT_COPY.subscriptionUnavailable}</p>
      </Alert>
    );
  }
  if (!data || waiting) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
        <Spinner className="h-5 w-5 text-highlight" label={CHECKOUT_COPY.confirmingPayment} />
        {data ? CHECKOUT_COPY.confirmingPayment : CHECKOUT_COPY.loadingSubscription}
      </div>
    );
  }
  return <NoSubscription />;
}
