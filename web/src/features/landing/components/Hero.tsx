import { FREE_TRIAL_SEQUENCES } from '@seqgen/proto';
import { Button } from '../../../components/ui/Button';
import { goToSection } from '../sections';
import { SignUpCta } from './CtaLink';

const previewEmails = [
  { step: 'Intro', subject: "Quick idea for Northwind's Q3 pipeline" },
  { step: 'Value', subject: 'How Globex cut SDR ramp time by 38%' },
  { step: 'Case study', subject: 'What Initech changed in 30 days' },
  { step: 'Breakup', subject: 'Should I close your file?' },
];

/** A static picture of the product's output, so visitors see what they get before signing up. */
function SequencePreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-primary/20 via-primary/5 to-transparent blur-2xl" />
      <div className="rounded-2xl border border-border bg-card p-5 shadow-xl shadow-primary/5">
        <div className="flex items-center justify-between gap-3 border-b border-border pb-4">
          <div className="flex items-center gap-3">
            <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-accent text-sm font-bold text-accent-foreground">
              N
            </span>
            <div>
              <p className="text-sm font-semibold">northwind.io</p>
              <p className="text-xs text-muted-foreground">VP Sales · Above the line · Professional</p>
            </div>
          </div>
          <span className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full bg-success/10 px-2.5 py-1 text-xs font-semibold text-success">
            <span className="h-1.5 w-1.5 rounded-full bg-success" />
            Ready in 24s
          </span>
        </div>
        <ol className="mt-4 grid grid-cols-1 gap-2.5">
          {previewEmails.map((email, index) => (
            <li
              key={email.step}
              className="flex items-center gap-3 rounded-xl border border-border/80 bg-background/60 p-3"
            >
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                {index === previewEmails.length - 1 ? 7 : index + 1}
              </span>
              <div className="min-w-0">
                <p className="text-[11px] font-semibold uppercase tracking-wider text-muted-foreground">
                  Email {index === previewEmails.length - 1 ? 7 : index + 1} · {email.step}
                </p>
                <p className="truncate text-sm font-medium">{email.subject}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-center text-xs text-muted-foreground">+ 3 more emails in between</p>
      </div>
    </div>
  );
}

export function Hero() {
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-48 -z-10 mx-auto h-[32rem] max-w-5xl rounded-full bg-primary/15 blur-3xl dark:bg-primary/20"
      />
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 items-center gap-14 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:pb-28 lg:pt-24">
        <div className="text-center lg:text-left">
          <span className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
            <span className="h-1.5 w-1.5 rounded-full bg-primary" aria-hidden="true" />
            Join 500+ sales pros on the waitlist
          </span>
          <h1 className="mt-6 text-balance text-4xl font-bold tracking-tight sm:text-5xl lg:text-[3.5rem] lg:leading-[1.05]">
            Your website in. <br className="hidden sm:block" />
            <span className="text-highlight">Your sequence out.</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-pretty text-lg text-muted-foreground lg:mx-0" data-testid="pitch">
            <strong className="font-semibold text-foreground">seqgen</strong> reads your company's website and case
            studies, then writes a personalised outbound sequence — intro to breakup — for the persona, seniority and
            industry you target. In under 30 seconds.
          </p>
          <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <SignUpCta
              label={`Generate ${FREE_TRIAL_SEQUENCES} Free Sequences`}
              location="hero"
              className="w-full sm:w-auto"
            />
            <Button
              variant="outline"
              size="lg"
              className="w-full sm:w-auto"
              onClick={() => goToSection('how-it-works', 'hero')}
            >
              See how it works
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            {`${FREE_TRIAL_SEQUENCES} free sequences · No credit card required`}
          </p>
        </div>
        <SequencePreview />
      </div>
    </section>
  );
}
