import type { BillingPeriod } from '@seqgen/proto';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { CheckIcon } from '../../../components/ui/CheckIcon';
import { formatUsd, monthlyEquivalent, type Plan, periodUnit, planPrice } from '../../pricing/plans';
import { addDays, formatLongDate, NEXT_BILLING_DAYS } from '../checkout';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right text-sm font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Spec §2 "Subscription success": what was bought, when it bills next, and where to go now. */
export function SubscriptionSuccess({
  plan,
  period,
  today = new Date(),
}: {
  plan: Plan | null;
  period: BillingPeriod;
  today?: Date;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl" data-testid="subscription-success">
      <div className="text-center">
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-success/15 text-success">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-7 w-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <h1 className="mt-5 text-balance text-3xl font-bold tracking-tight sm:text-4xl">
          {plan ? `Welcome to ${plan.name}!` : 'Welcome aboard!'}
        </h1>
        <p className="mt-3 text-muted-foreground">Your subscription is active. Thanks for choosing seqgen.</p>
      </div>

      {plan ? (
        <Card className="mt-10 p-6 sm:p-8">
          <dl className="divide-y divide-border">
            <Row label="Plan" value={plan.name} testId="success-plan" />
            <Row
              label="Price"
              value={`${formatUsd(planPrice(plan, period))}/${periodUnit(period)}`}
              testId="success-price"
            />
            {period === 'annual' ? (
              <Row label="Monthly equivalent" value={`${formatUsd(monthlyEquivalent(plan, period))}/month`} />
            ) : null}
            <Row label="Sequences per month" value={String(plan.sequencesPerMonth)} testId="success-sequences" />
            <Row
              label="Next billing"
              value={formatLongDate(addDays(today, NEXT_BILLING_DAYS))}
              testId="success-next-billing"
            />
          </dl>
          <div className="mt-6 border-t border-border pt-6">
            <h2 className="text-sm font-semibold">Included in your plan</h2>
            <ul className="mt-3 grid gap-2.5 text-sm sm:grid-cols-2">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2.5">
                  <CheckIcon />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </div>
        </Card>
      ) : null}

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/" data-testid="start-generating">
            Start Generating Sequences
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/contact">Contact Support</Link>
        </Button>
      </div>
    </div>
  );
}
