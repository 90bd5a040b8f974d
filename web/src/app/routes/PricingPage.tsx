import type { BillingPeriod } from '@seqgen/proto';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PricingPlans } from '../../components/pricing/PricingPlans';
import { Button } from '../../components/ui/Button';
import { CheckIcon } from '../../components/ui/CheckIcon';
import { useUser } from '../../features/auth/api/get-user';
import { AnalyticsEvent, track } from '../../lib/analytics';
import { FREE_TRIAL_NOTE, getStartedHref } from '../../lib/plans';

const assurances = ['Secure Payments', 'Cancel Anytime', 'No Setup Fees'];

/** /pricing (docs/product.md §2): Get Started goes to /auth when signed out, else to the checkout. */
export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const { status } = useUser();
  return (
    <section className="mx-auto w-full max-w-6xl flex-1 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-highlight">Pricing</p>
        <h1 className="mt-3 text-balance text-4xl font-bold tracking-tight sm:text-5xl">Pick the plan that fits</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Every plan includes the same features. Only the volume changes.
        </p>
      </div>
      <div className="mt-12">
        <PricingPlans
          period={period}
          onPeriodChange={setPeriod}
          savingsLabel="Save 2 months"
          headingLevel="h2"
          renderAction={(planId, popular) => (
            <Button asChild variant={popular ? 'primary' : 'outline'} className="w-full">
              <Link
                to={getStartedHref(planId, period, status === 'signedIn')}
                onClick={() =>
                  track(AnalyticsEvent.click, { label: 'Get Started', location: `pricing-page-${planId}` })
                }
              >
                Get Started
              </Link>
            </Button>
          )}
        />
      </div>
      <p className="mt-10 text-center text-sm text-muted-foreground">
        {FREE_TRIAL_NOTE}, cancel anytime, no setup fees.
      </p>
      <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-8 gap-y-3 text-sm font-medium">
        {assurances.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <CheckIcon className="text-success" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
