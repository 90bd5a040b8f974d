import type { BillingPeriod } from '@seqgen/proto';
import { CheckIcon } from '../../../components/ui/CheckIcon';
import { formatUsd, monthlyEquivalent, type Plan, periodUnit, planPrice } from '../../../lib/plans';

/** What is being bought: plan, price per period, quota and what every plan includes. */
export function PlanSummary({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  return (
    <div data-testid="plan-summary" className="grid gap-5">
      <div>
        <p className="text-sm font-medium text-muted-foreground">Plan</p>
        <h2 className="mt-1 text-2xl font-bold tracking-tight">{plan.name}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
      </div>
      <div className="flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatUsd(planPrice(plan, period))}</span>
        <span className="text-sm text-muted-foreground">/{periodUnit(period)}</span>
      </div>
      {period === 'annual' ? (
        <p className="-mt-3 text-sm text-muted-foreground">
          {formatUsd(monthlyEquivalent(plan, period))}/month, billed yearly
        </p>
      ) : (
        <p className="-mt-3 text-sm text-muted-foreground">Billed monthly · cancel anytime</p>
      )}
      <ul className="grid gap-2.5 border-t border-border pt-5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <CheckIcon />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
