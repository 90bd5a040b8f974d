import type { BillingPeriod } from '@seqgen/proto';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { annualSavings, formatUsd, monthlyEquivalent, type Plan, periodUnit, planPrice } from '../../lib/plans';
import { Badge } from '../ui/Badge';
import { CheckIcon } from '../ui/CheckIcon';

/** One plan: price for the chosen period, quota, features, and the caller's call to action. */
export function PlanCard({
  plan,
  period,
  action,
  headingLevel: Heading = 'h3',
}: {
  plan: Plan;
  period: BillingPeriod;
  action: ReactNode;
  /** One level under the heading the cards sit beneath: h2 under a page's h1, h3 under a section's h2. */
  headingLevel?: 'h2' | 'h3';
}) {
  const price = planPrice(plan, period);
  return (
    <article
      data-testid={`plan-${plan.id}`}
      aria-labelledby={`plan-${plan.id}-name`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8',
        plan.popular ? 'border-primary shadow-lg shadow-primary/10 ring-1 ring-primary' : 'border-border',
      )}
    >
      {plan.popular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">Most Popular</Badge>
      ) : null}
      <Heading id={`plan-${plan.id}-name`} className="text-lg font-semibold">
        {plan.name}
      </Heading>
      <p className="mt-1 text-sm lg:min-h-10 text-muted-foreground">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight" data-testid="plan-price">
          {formatUsd(price)}
        </span>
        <span className="text-sm text-muted-foreground">/{periodUnit(period)}</span>
      </p>
      <p className="mt-1 h-5 text-xs text-muted-foreground">
        {period === 'annual'
          ? `${formatUsd(monthlyEquivalent(plan, period))}/month billed yearly · save ${formatUsd(annualSavings(plan))}`
          : 'Billed monthly · cancel anytime'}
      </p>
      <div className="mt-6">{action}</div>
      <ul className="mt-8 grid gap-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
