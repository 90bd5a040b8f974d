import { JoinWaitlistRequest } from '@seqgen/proto';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { useJoinWaitlist } from '../api/join-waitlist';

/** docs/product.md §4: entering → submitting → done. A failure returns to entering so the user can retry. */
type WaitlistState = 'entering' | 'submitting' | 'done';

export function WaitlistForm({ className }: { className?: string }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<WaitlistState>('entering');
  const { trigger } = useJoinWaitlist();
  const inputId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== 'entering') return;

    const parsed = JoinWaitlistRequest.safeParse({ email });
    if (!parsed.success) {
      toast({ title: 'Invalid Email', description: 'Please enter a valid email address', variant: 'destructive' });
      return;
    }

    setState('submitting');
    try {
      await trigger(parsed.data);
      setState('done');
      toast({ title: 'Success!', description: "You're on the waitlist. We'll be in touch soon.", variant: 'success' });
    } catch {
      // The API client has already logged status and body; the visitor gets the message of docs/product.md §8.
      setState('entering');
      toast({ title: 'Error', description: 'Something went wrong. Please try again.', variant: 'destructive' });
    }
  }

  if (state === 'done') {
    return (
      <div
        role="status"
        className={cn('flex items-center gap-3 rounded-lg border border-success/40 bg-success/10 px-4 py-3', className)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5 shrink-0 text-success"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M8 12.5l2.5 2.5L16 9.5" />
        </svg>
        <p className="text-sm font-medium" data-testid="waitlist-done">
          You're on the list!
        </p>
      </div>
    );
  }

  const submitting = state === 'submitting';
  return (
    <form onSubmit={onSubmit} noValidate className={cn('flex w-full flex-col gap-2 sm:flex-row', className)}>
      <label htmlFor={inputId} className="sr-only">
        Work email
      </label>
      <Input
        id={inputId}
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={submitting}
        data-testid="waitlist-email"
        className="h-11 sm:flex-1"
      />
      <Button type="submit" size="lg" disabled={submitting} data-testid="waitlist-submit">
        {submitting ? 'Joining…' : 'Join the waitlist'}
      </Button>
    </form>
  );
}
