import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { WaitlistForm } from '../../features/waitlist/components/WaitlistForm';

// Placeholder until the pre-launch landing page (spec §2) lands: name, pitch and the waitlist.
const highlights = [
  {
    title: 'Researched for you',
    text: 'We read your site and case studies to find your audience, their pains and your answers.',
  },
  {
    title: 'Seven emails, intro to breakup',
    text: 'A complete outbound sequence, tuned to persona, seniority, industry and tone.',
  },
  { title: 'Ready for your CRM', text: 'Copy any email or export the whole sequence as CSV or text.' },
];

export function HomePage() {
  return (
    <div className="relative isolate overflow-hidden">
      {/* Soft brand glow behind the hero; decorative only. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[28rem] max-w-4xl rounded-full bg-primary/15 blur-3xl dark:bg-primary/20"
      />

      <section className="mx-auto flex w-full max-w-5xl flex-col items-center px-4 pb-16 pt-16 text-center sm:px-6 sm:pt-24">
        <span className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
          <span className="h-1.5 w-1.5 rounded-full bg-primary" aria-hidden="true" />
          Coming soon
        </span>

        <h1 className="mt-6 text-balance text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
          Your website in.
          <br />
          <span className="text-highlight">Your outbound sequence out.</span>
        </h1>

        <p className="mt-6 max-w-2xl text-pretty text-lg text-muted-foreground" data-testid="pitch">
          <strong className="font-semibold text-foreground">seqgen</strong> turns your company's website into a
          personalised 7-email B2B outbound sequence.
        </p>

        <Card className="mt-10 w-full max-w-xl text-left">
          <CardHeader className="pb-4">
            <CardTitle>Join the waitlist</CardTitle>
            <CardDescription>
              Be first in line when we launch. 5 free sequences, no credit card required.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <WaitlistForm />
          </CardContent>
        </Card>
      </section>

      <section aria-label="What you get" className="mx-auto w-full max-w-6xl px-4 pb-24 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-3">
          {highlights.map((item) => (
            <li key={item.title} className="rounded-xl border border-border bg-card/60 p-5">
              <h2 className="font-semibold">{item.title}</h2>
              <p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
