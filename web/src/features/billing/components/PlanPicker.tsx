import type { BillingPeriod, PlanType } from '@seqgen/proto';
import { PricingPlans } from '../../../components/pricing/PricingPlans';
import { Button } from '../../../components/ui/Button';

/** /subscribe's plan choice: the pricing cards with the 'Save 17%' badge (docs/product.md §9). */
export function PlanPicker({
  period,
  onPeriodChange,
  onChoose,
}: {
  period: BillingPeriod;
  onPeriodChange: (period: BillingPeriod) => void;
  onChoose: (planId: PlanType) => void;
}) {
  return (
    <PricingPlans
      period={period}
      onPeriodChange={onPeriodChange}
      savingsLabel="Save 17%"
      headingLevel="h2"
      renderAction={(planId, popular) => (
        <Button
          variant={popular ? 'primary' : 'outline'}
          className="w-full"
          onClick={() => onChoose(planId)}
          data-testid={`choose-${planId}`}
        >
          Choose plan
        </Button>
      )}
    />
  );
}
