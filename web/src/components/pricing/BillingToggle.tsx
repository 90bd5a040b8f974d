import type { BillingPeriod } from '@seqgen/proto';
import { ToggleGroup } from 'radix-ui';
import { cn } from '../../lib/cn';

const itemClass =
  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors ' +
  'hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ' +
  'data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-sm';

/** Monthly / Annual segmented control; the badge text differs per page (docs/product.md §9). */
export function BillingToggle({
  value,
  onChange,
  savingsLabel,
  className,
}: {
  value: BillingPeriod;
  onChange: (value: BillingPeriod) => void;
  savingsLabel: string;
  className?: string;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      // Radix answers '' when the active item is clicked again; a period must always be chosen.
      onValueChange={(next) => {
        if (next === 'monthly' || next === 'annual') onChange(next);
      }}
      aria-label="Billing period"
      className={cn('inline-flex items-center gap-1 rounded-full border border-border bg-muted p-1', className)}
    >
      <ToggleGroup.Item value="monthly" className={itemClass} data-testid="billing-monthly">
        Monthly
      </ToggleGroup.Item>
      <ToggleGroup.Item value="annual" className={itemClass} data-testid="billing-annual">
        Annual
        <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">
          {savingsLabel}
        </span>
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}
