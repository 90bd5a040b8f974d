import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { periodFromQuery, planFromQuery } from '../../features/billing/checkout';
import { SubscriptionSuccess } from '../../features/billing/components/SubscriptionSuccess';

/** /subscription-success: also where Stripe returns the browser after a redirect-based payment step. */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const [today] = useState(() => new Date());
  const plan = planFromQuery(params.get('plan'));
  const period = periodFromQuery(params.get('billing'));
  const redirectStatus = params.get('redirect_status');
  const failed = redirectStatus === 'failed';
  const planName = plan && plan !== 'invalid' ? plan.name : null;

  // Back from Stripe after a redirect-based step: the checkout page's toast never ran.
  useEffect(() => {
    if (redirectStatus === 'succeeded' && planName) {
      toast({ title: 'Payment Successful', description: `Welcome to ${planName}!`, variant: 'success' });
    }
  }, [redirectStatus, planName]);

  return (
    <section className="mx-auto w-full max-w-6xl flex-1 px-4 py-16 sm:px-6 sm:py-20">
      {failed ? (
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
      ) : (
        <SubscriptionSuccess plan={plan === 'invalid' ? null : plan} period={period} today={today} />
      )}
    </section>
  );
}
