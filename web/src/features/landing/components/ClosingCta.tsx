import { FREE_TRIAL_SEQUENCES } from '@seqgen/proto';
import type { ReactNode } from 'react';
import { SignUpCta } from './CtaLink';

/** The closing call to action; `waitlistForm` is the waitlist's sign-up form, which the page composes in. */
export function ClosingCta({ waitlistForm }: { waitlistForm: ReactNode }) {
  return (
    <section aria-labelledby="closing-title" className="py-20 sm:py-28">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div className="relative isolate overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-xl sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute -right-24 -top-24 -z-10 h-72 w-72 rounded-full bg-white/10 blur-2xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-32 -left-16 -z-10 h-80 w-80 rounded-full bg-black/10 blur-2xl"
          />
          <h2 id="closing-title" className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            Your next sequence is 30 seconds away
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-pretty text-lg text-primary-muted-foreground">
            {`Start with ${FREE_TRIAL_SEQUENCES} free sequences. No credit card, no setup, no templates.`}
          </p>
          <SignUpCta label="Start Free Trial" location="closing-cta" variant="inverse" className="mt-8" />
        </div>

        <div className="mx-auto mt-16 max-w-xl text-center">
          <h3 className="text-balance text-lg font-semibold">Not ready yet? Join 500+ people on the waitlist</h3>
          <p className="mt-2 text-sm text-muted-foreground">
            Launch news and new features, a few times a year at most.
          </p>
          {waitlistForm}
        </div>
      </div>
    </section>
  );
}
