import { SectionHeading } from './SectionHeading';

const steps = [
  {
    title: 'Share your company URLs',
    text: 'Paste your website and, if you have one, your case studies page. No long forms.',
  },
  {
    title: 'Add a few details',
    text: 'Pick the persona, seniority, industry and tone — or target one specific account.',
  },
  {
    title: 'AI analysis',
    text: 'seqgen finds your audience, their pains and how you solve them, using proven outbound practice.',
  },
  {
    title: 'Get your sequence',
    text: 'Seven emails from intro to breakup, ready to copy or export to your CRM.',
  },
];

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      tabIndex={-1}
      aria-labelledby="how-it-works-title"
      className="scroll-mt-20 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="From URL to sequence in four steps"
          description="No prompt writing, no templates to fill. Tell seqgen who you sell to and it does the research."
        />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-border bg-card p-6 shadow-xs">
              <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-accent text-base font-bold text-accent-foreground">
                {index + 1}
              </span>
              <h3 className="mt-5 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
