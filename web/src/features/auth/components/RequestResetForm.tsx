import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/forms';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { canRequestReset } from '../rules';

/** Request mode of /reset-password: ask for a link by e-mail. */
export function RequestResetForm({ onSent }: { onSent: (email: string, message: string) => void }) {
  const [email, setEmail] = useState('');
  const { trigger, isMutating } = useRequestPasswordReset();
  const ready = canRequestReset(email);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || isMutating) return;
    try {
      const { message } = await trigger({ email });
      toast({ title: 'Reset link sent', description: message, variant: 'success' });
      onSent(email.trim(), message);
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to send reset email'),
        variant: 'destructive',
      });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="request-reset-form">
      <Field label="Email">
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
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!ready || isMutating}
        data-testid="request-reset-submit"
      >
        {isMutating ? (
          <>
            <Spinner className="h-4 w-4" label="Sending" /> Sending…
          </>
        ) : (
          'Send reset link'
        )}
      </Button>
    </form>
  );
}
