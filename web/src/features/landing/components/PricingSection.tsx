import type { BillingPeriod } from '@seqgen/proto';
import { useState } from 'react';
import { PricingPlans } from '../../../components/pricing/PricingPlans';
import { FREE_TRIAL_NOTE } from '../../../lib/plans';
import { SignUpCta } from './CtaLink';
import { SectionHeading } from './SectionHeading';

export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <section
      id="pricing"
      tabIndex={-1}
      aria-labelledby="pricing-title"
      className="scroll-mt-20 bg-muted/30 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple plans that scale with your team"
          description="Start free, upgrade when the sequences start booking meetings."
        />
        <div className="mt-10">
          <PricingPlans
            period={period}
            onPeriodChange={setPeriod}
            savingsLabel="Save 2 months"
            renderAction={(planId, popular) => (
              <SignUpCta
                label="Get Started"
                location={`pricing-${planId}`}
                variant={popular ? 'primary' : 'outline'}
                size="md"
                className="w-full"
              />
            )}
          />
        </div>
        <p className="mt-10 text-center text-sm text-muted-foreground">
          {FREE_TRIAL_NOTE} · Cancel anytime · No setup fees
        </p>
      </div>
    </section>
  );
}
