import type { BillingPeriod, PlanType } from '@seqgen/proto';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Alert } from '../../components/ui/Alert';
import { toast } from '../../components/ui/toast-store';
import { subscriptionKey } from '../../features/billing/api/get-subscription';
import { INVALID_PLAN, periodFromQuery, planFromQuery, successPath } from '../../features/billing/checkout';
import { CheckoutScreen } from '../../features/billing/components/CheckoutScreen';
import { PlanPicker } from '../../features/billing/components/PlanPicker';

/**
 * /subscribe (spec §2): plan cards, then the checkout for the chosen plan. The choice lives in
 * the query (?plan=leader&billing=annual), so links from /pricing open the checkout directly and
 * Back to Plans is the browser's own history too.
 */
export function SubscribePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const plan = planFromQuery(params.get('plan'));
  const period = periodFromQuery(params.get('billing'));

  useEffect(() => {
    if (plan === 'invalid') toast({ title: 'Error', description: INVALID_PLAN, variant: 'destructive' });
  }, [plan]);

  const choose = (next: { plan?: PlanType | null; period?: BillingPeriod }) => {
    const query = new URLSearchParams();
    const planId = next.plan === undefined ? (plan && plan !== 'invalid' ? plan.id : null) : next.plan;
    if (planId) query.set('plan', planId);
    if ((next.period ?? period) === 'annual') query.set('billing', 'annual');
    setParams(query, { replace: next.plan === undefined });
  };

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
            navigate(successPath(plan, period));
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
