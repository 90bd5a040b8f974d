import { SectionHeading } from './SectionHeading';

const testimonials = [
  {
    quote:
      'I used to spend Monday mornings writing sequences. Now I paste a URL, pick the persona and I am sending by nine.',
    name: 'Maya Chen',
    role: 'SDR, Northwind',
  },
  {
    quote:
      'The emails actually reference what the prospect cares about. Our reply rate doubled in the first month on the new sequences.',
    name: 'Daniel Okafor',
    role: 'Account Executive, Globex',
  },
  {
    quote:
      'I give every rep a tuned sequence per segment without writing them myself. The breakup email alone pays for it.',
    name: 'Priya Raman',
    role: 'Head of Sales Development, Initech',
  },
];

function Stars() {
  return (
    <div className="flex gap-0.5 text-amber-500" role="img" aria-label="Rated 5 out of 5">
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

export function Testimonials() {
  return (
    <section
      id="testimonials"
      tabIndex={-1}
      aria-labelledby="testimonials-title"
      className="scroll-mt-20 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" eyebrow="Reviews" title="Loved by people who live in their outbox" />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-xs">
                <Stars />
                <blockquote className="mt-4 flex-1 text-pretty leading-relaxed">“{t.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
                  >
                    {initials(t.name)}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold">{t.name}</span>
                    <span className="block text-sm text-muted-foreground">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
