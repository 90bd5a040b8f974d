import { FREE_TRIAL_SEQUENCES } from '@seqgen/proto';
import { Card } from '../../components/ui/Card';
import { WaitlistForm } from '../../features/waitlist/components/WaitlistForm';

const promises = [
  {
    title: 'Researched for you',
    text: 'We read your site and case studies to find your audience, their pains and your answers.',
  },
  {
    title: 'Seven emails, intro to breakup',
    text: 'A complete sequence, tuned to persona, seniority, industry and tone.',
  },
  { title: 'Ready for your CRM', text: 'Copy any email or export the whole sequence as CSV or text.' },
];

/** /promo-preview: the Coming Soon page with waitlist forms (docs/product.md §2). */
export function PromoPreviewPage() {
  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[28rem] max-w-4xl rounded-full bg-primary/15 blur-3xl dark:bg-primary/20"
      />
      <section className="mx-auto flex w-full max-w-5xl flex-col items-center px-4 pb-16 pt-16 text-center sm:px-6 sm:pt-24">
        <span className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
          <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-primary" aria-hidden="true" />
          Coming soon
        </span>
        <h1 className="mt-6 text-balance text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
          Your website in.
          <br />
          <span className="text-highlight">Your outbound sequence out.</span>
        </h1>
        <p className="mt-6 max-w-2xl text-pretty text-lg text-muted-foreground">
          <strong className="font-semibold text-foreground">seqgen</strong> turns your company's website into a
          personalised 7‑email B2B outbound sequence in under 30 seconds. Join 500+ sales pros on the waitlist.
        </p>
        <Card className="mt-10 w-full max-w-xl p-6 text-left">
          <p className="mb-4 text-sm font-medium">
            {`Get early access — ${FREE_TRIAL_SEQUENCES} free sequences, no credit card required.`}
          </p>
          <WaitlistForm />
        </Card>
      </section>

      <section aria-label="What you get" className="mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-3">
          {promises.map((item) => (
            <li key={item.title} className="rounded-2xl border border-border bg-card/60 p-6">
              <h2 className="font-semibold">{item.title}</h2>
              <p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto w-full max-w-6xl px-4 pb-24 sm:px-6">
        <div className="flex flex-col items-center gap-6 rounded-3xl border border-border bg-muted/40 px-6 py-12 text-center">
          <h2 className="text-balance text-2xl font-bold tracking-tight sm:text-3xl">
            Be first in line when we launch
          </h2>
          <WaitlistForm className="max-w-xl" />
        </div>
      </section>
    </div>
  );
}
