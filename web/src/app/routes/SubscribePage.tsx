import type { BillingPeriod, PlanType } from '@seqgen/proto';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Alert } from '../../components/ui/Alert';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { subscriptionKey, useSubscription } from '../../features/billing/api/get-subscription';
import {
  CHECKOUT_COPY,
  INVALID_PLAN,
  periodFromQuery,
  planFromQuery,
  successPath,
} from '../../features/billing/checkout';
import { AlreadySubscribed } from '../../features/billing/components/AlreadySubscribed';
import { CheckoutScreen } from '../../features/billing/components/CheckoutScreen';
import { PlanPicker } from '../../features/billing/components/PlanPicker';

/**
 * /subscribe (docs/product.md §2): plan cards, then the checkout for the chosen plan. The choice lives in
 * the query (?plan=leader&billing=annual), so links from /pricing open the checkout directly and
 * Back to Plans is the browser's own history too. Arriving creates nothing: the checkout starts
 * when Subscribe is pressed, and a user who already pays sees their plan instead.
 */
export function SubscribePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const plan = planFromQuery(params.get('plan'));
  const period = periodFromQuery(params.get('billing'));
  const current = useSubscription();

  // Once it is known the user is not subscribed: a subscriber sees their plan, not an error.
  const subscribed = current.data?.hasSubscription;
  const known = current.data !== undefined || current.error !== undefined;
  useEffect(() => {
    if (known && !subscribed && plan === 'invalid') {
      toast({ title: 'Error', description: INVALID_PLAN, variant: 'destructive' });
    }
  }, [plan, known, subscribed]);

  const choose = (next: { plan?: PlanType | null; period?: BillingPeriod }) => {
    const query = new URLSearchParams();
    const planId = next.plan === undefined ? (plan && plan !== 'invalid' ? plan.id : null) : next.plan;
    if (planId) query.set('plan', planId);
    if ((next.period ?? period) === 'annual') query.set('billing', 'annual');
    setParams(query, { replace: next.plan === undefined });
  };

  if (!current.data && !current.error) {
    return (
      <section className="mx-auto flex w-full max-w-5xl flex-1 items-center justify-center px-4 py-16">
        <div role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
          <Spinner className="h-5 w-5 text-highlight" label={CHECKOUT_COPY.loadingSubscription} />
          {CHECKOUT_COPY.loadingSubscription}
        </div>
      </section>
    );
  }

  // A read that failed falls through to the checkout: billing itself refuses a second subscription.
  if (current.data?.hasSubscription && current.data.subscription) {
    return (
      <section className="mx-auto w-full max-w-5xl flex-1 px-4 py-16 sm:px-6 sm:py-20">
        <AlreadySubscribed subscription={current.data.subscription} />
      </section>
    );
  }

  if (plan && plan !== 'invalid') {
    return (
      <section className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <CheckoutScreen
          plan={plan}
          period={period}
          onBack={() => choose({ plan: null })}
          onPaid={() => {
            void mutate(subscriptionKey);
            toast({ title: 'Payment Successful', description: `Welcome to ${plan.name}!`, variant: 'success' });
            navigate(successPath(plan, period), { state: { paid: true } });
          }}
        />
      </section>
    );
  }

  return (
    <section className="mx-auto w-full max-w-6xl flex-1 px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-highlight">Subscribe</p>
        <h1 className="mt-3 text-balance text-4xl font-bold tracking-tight sm:text-5xl">Choose your plan</h1>
        <p className="mt-4 text-lg text-muted-foreground">Every plan includes every feature. Cancel anytime.</p>
      </div>
      {plan === 'invalid' ? (
        <Alert variant="destructive" className="mx-auto mt-8 max-w-md justify-center" data-testid="invalid-plan">
          <p>{INVALID_PLAN}</p>
        </Alert>
      ) : null}
      <div className="mt-12">
        <PlanPicker
          period={period}
          onPeriodChange={(next) => choose({ period: next })}
          onChoose={(planId) => choose({ plan: planId })}
        />
      </div>
    </section>
  );
}
