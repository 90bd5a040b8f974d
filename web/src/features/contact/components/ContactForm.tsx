import { CONTACT_MESSAGE_MAX, ContactRequest } from '@seqgen/proto';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { Textarea } from '../../../components/ui/Textarea';
import { toast } from '../../../components/ui/toast-store';
import { useSendContactMessage } from '../api/send-contact-message';

const BOTH_FIELDS = 'Please fill in both email and message fields.';

export function ContactForm() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const { trigger, isMutating } = useSendContactMessage();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isMutating) return;
    if (email.trim() === '' || message.trim() === '') {
      toast({ title: 'Missing information', description: BOTH_FIELDS, variant: 'destructive' });
      return;
    }
    const parsed = ContactRequest.safeParse({ email, message });
    if (!parsed.success) {
      toast({ title: 'Error', description: parsed.error.issues[0]?.message ?? BOTH_FIELDS, variant: 'destructive' });
      return;
    }
    try {
      await trigger(parsed.data);
      toast({ title: 'Message Sent', description: "Thanks for reaching out. We'll reply soon.", variant: 'success' });
      setEmail('');
      setMessage('');
      setSent(true);
    } catch {
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="contact-form">
      {sent ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm font-medium">
          Message sent. We usually answer within one business day.
        </p>
      ) : null}
      <Field label="Your email">
        <Input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={isMutating}
          required
        />
      </Field>
      <Field label="Message" hint={`${message.length} / ${CONTACT_MESSAGE_MAX}`}>
        <Textarea
          name="message"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          placeholder="How can we help?"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          disabled={isMutating}
          required
        />
      </Field>
      <Button
        type="submit"
        size="lg"
        disabled={isMutating}
        className="w-full sm:w-auto sm:justify-self-start"
        data-testid="contact-submit"
      >
        {isMutating ? (
          <>
            <Spinner className="h-4 w-4" label="Sending" /> Sending…
          </>
        ) : (
          'Send message'
        )}
      </Button>
    </form>
  );
}
