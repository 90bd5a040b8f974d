import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { CheckIcon } from '../../../components/ui/CheckIcon';
import { formatUsd } from '../../../lib/plans';
import {
  CHECKOUT_COPY,
  displayPlanName,
  formatLongDate,
  nextBillingDate,
  planOfSubscription,
  type Subscription,
  statusLabel,
  subscriptionPrice,
} from '../checkout';

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

/**
 * docs/product.md §2 "Subscription success": what was bought, when it bills next, and where to go now. Drawn
 * from the user's subscription as billing answers it, never from the address bar, so it can only
 * show what was really bought.
 */
export function SubscriptionSuccess({
  subscription,
  today = new Date(),
}: {
  subscription: Subscription;
  today?: Date;
}) {
  const plan = planOfSubscription(subscription);
  const name = plan?.name ?? displayPlanName(subscription.plan.name);
  const price = subscriptionPrice(subscription);
  const active = subscription.status === 'active' || subscription.status === 'trialing';
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
        <h1 className="mt-5 text-balance text-3xl font-bold tracking-tight sm:text-4xl">{`Welcome to ${name}!`}</h1>
        <p className="mt-3 text-muted-foreground" data-testid="success-status">
          {active ? CHECKOUT_COPY.activeLine : CHECKOUT_COPY.otherStatusLine(statusLabel(subscription.status))}
        </p>
      </div>

      <Card className="mt-10 p-6 sm:p-8">
        <dl className="divide-y divide-border">
          <Row label="Plan" value={name} testId="success-plan" />
          <Row label="Price" value={`${formatUsd(price.amount)}/${price.unit}`} testId="success-price" />
          {price.unit === 'year' ? (
            <Row
              label="Monthly equivalent"
              value={`${formatUsd(Math.round((price.amount / 12) * 100) / 100)}/month`}
              testId="success-monthly-equivalent"
            />
          ) : null}
          {plan ? (
            <Row label="Sequences per month" value={String(plan.sequencesPerMonth)} testId="success-sequences" />
          ) : null}
          <Row
            label="Next billing"
            value={formatLongDate(nextBillingDate(subscription, today))}
            testId="success-next-billing"
          />
        </dl>
        {plan ? (
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
        ) : null}
      </Card>

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

/** Signed in with nothing bought: say so plainly and point at the plans, with no receipt. */
export function NoSubscription() {
  return (
    <div className="mx-auto w-full max-w-md text-center" data-testid="no-subscription">
      <h1 className="text-balance text-3xl font-bold tracking-tight">{CHECKOUT_COPY.noSubscriptionTitle}</h1>
      <p className="mt-3 text-muted-foreground">{CHECKOUT_COPY.noSubscriptionBody}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/pricing" data-testid="no-subscription-pricing">
            {CHECKOUT_COPY.noSubscriptionLink}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/contact">Contact Support</Link>
        </Button>
      </div>
    </div>
  );
}
