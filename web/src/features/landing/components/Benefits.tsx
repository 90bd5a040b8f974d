import type { ReactNode } from 'react';
import { SectionHeading } from './SectionHeading';

// Marketing claims of docs/product.md §1.
const stats = [
  { value: '~4x', label: 'higher open rates' },
  { value: '2x', label: 'more replies' },
  { value: '3x', label: 'better response rates' },
  { value: '5+ hrs', label: 'saved every week' },
  { value: '<30s', label: 'to a full sequence' },
];

function Icon({ children }: { children: ReactNode }) {
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-highlight">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </span>
  );
}

const features = [
  {
    title: 'Researched, not templated',
    text: 'Every email draws on your site and case studies: your audience, their pains and your answers.',
    icon: (
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5" />
      </>
    ),
  },
  {
    title: 'Built on what works',
    text: 'Structure and timing follow best practices from sales-data providers, from intro to breakup.',
    icon: <path d="M4 19V9M10 19V5M16 19v-7M22 19H2" />,
  },
  {
    title: 'Tuned to your buyer',
    text: 'Generic or specific persona, above or below the line, any industry, casual to formal tone.',
    icon: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </>
    ),
  },
  {
    title: 'Ready for your CRM',
    text: 'Copy any subject or body, or export the whole sequence as CSV or text in one click.',
    icon: (
      <>
        <path d="M12 3v12M7 10l5 5 5-5" />
        <path d="M4 17v3h16v-3" />
      </>
    ),
  },
];

export function Benefits() {
  return (
    <section
      id="features"
      tabIndex={-1}
      aria-labelledby="features-title"
      className="scroll-mt-20 bg-muted/30 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Outbound that sounds like you did the homework"
          description="Because you did — seqgen just did it for you, in seconds."
        />

        <dl className="mt-14 grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-3 lg:grid-cols-5">
          {stats.map((stat, index) => (
            <div
              key={stat.label}
              className={`flex flex-col items-center bg-card px-4 py-7 text-center ${index === stats.length - 1 ? 'col-span-2 sm:col-span-1' : ''}`}
            >
              <dt className="order-2 mt-1 text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="order-1 text-3xl font-bold tracking-tight text-highlight sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>

        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {features.map((feature) => (
            <li key={feature.title} className="flex gap-4 rounded-2xl border border-border bg-card p-6 shadow-xs">
              <Icon>{feature.icon}</Icon>
              <div>
                <h3 className="font-semibold">{feature.title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
