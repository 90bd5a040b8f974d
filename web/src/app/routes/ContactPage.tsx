import { Card } from '../../components/ui/Card';
import { ContactForm } from '../../features/contact/components/ContactForm';

const reasons = [
  { title: 'Sales & plans', text: 'Questions about plans, invoices or a team rollout.' },
  { title: 'Support', text: 'Something not working the way it should? Tell us what happened.' },
  { title: 'Feedback', text: 'Ideas for better sequences are always welcome.' },
];

export function ContactPage() {
  return (
    <section className="mx-auto grid w-full max-w-6xl flex-1 gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1fr_1.2fr] lg:items-start">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wider text-highlight">Contact</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Get in touch</h1>
        <p className="mt-4 max-w-md text-lg text-muted-foreground">
          Send us a message and a real person will answer, usually within one business day.
        </p>
        <ul className="mt-10 grid gap-6">
          {reasons.map((reason) => (
            <li key={reason.title} className="flex gap-4">
              <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary" />
              <div>
                <h2 className="font-semibold">{reason.title}</h2>
                <p className="mt-1 text-sm text-muted-foreground">{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <Card className="p-6 sm:p-8">
        <ContactForm />
      </Card>
    </section>
  );
}
