import type { BillingPeriod, PlanType } from '@seqgen/proto';
import type { ReactNode } from 'react';
import { PLANS } from '../../lib/plans';
import { BillingToggle } from './BillingToggle';
import { PlanCard } from './PlanCard';

/** The toggle and the three plan cards; each page decides where Get Started leads. */
export function PricingPlans({
  period,
  onPeriodChange,
  savingsLabel,
  renderAction,
  headingLevel,
}: {
  period: BillingPeriod;
  onPeriodChange: (period: BillingPeriod) => void;
  savingsLabel: string;
  renderAction: (planId: PlanType, popular: boolean) => ReactNode;
  /** The plan names' heading level (see PlanCard): h2 on a page of their own, h3 in a section. */
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <div className="flex flex-col items-center">
      <BillingToggle value={period} onChange={onPeriodChange} savingsLabel={savingsLabel} />
      <div className="mt-12 grid w-full gap-8 lg:grid-cols-3 lg:gap-6">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            period={period}
            action={renderAction(plan.id, plan.popular)}
            headingLevel={headingLevel}
          />
        ))}
      </div>
    </div>
  );
}
