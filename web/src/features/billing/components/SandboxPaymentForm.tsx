import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { cardDetailsValid, formatCardNumber, formatExpiry, PAYMENT_DETAILS_INVALID, serverMessage } from '../checkout';
import { PaymentError } from './PaymentError';

/**
 * The built-in test checkout, used when no payment provider is configured (docs/architecture.md §2). It
 * looks like a card form and is labelled as a test: no card is charged, only the test cards work.
 */
export function SandboxPaymentForm({
  submitLabel,
  startCheckout,
  onPaid,
}: {
  submitLabel: string;
  /** Creates (or resumes) the checkout on Subscribe; null when it could not (already told). */
  startCheckout: () => Promise<string | null>;
  onPaid: () => void;
}) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function fail(message: string) {
    setFailure(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!cardDetailsValid({ number, expiry, cvc })) {
      fail(PAYMENT_DETAILS_INVALID);
      return;
    }
    setBusy(true);
    try {
      // Asked for on each press: a retry after a declined card resumes the same checkout.
      const clientSecret = await startCheckout();
      if (!clientSecret) return;
      await confirmSandboxPayment({ clientSecret, cardNumber: number });
      setFailure(null);
      onPaid();
    } catch (error) {
      fail(serverMessage(error) ?? PAYMENT_DETAILS_INVALID);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="sandbox-payment-form">
      <div className="flex items-start gap-3 rounded-lg border border-dashed border-highlight/50 bg-accent/50 px-4 py-3 text-sm">
        <Badge variant="accent" className="mt-0.5 border border-highlight/40">
          Test mode
        </Badge>
        <p className="text-muted-foreground">
          No payment provider is set up, so nothing is charged. Pay with{' '}
          <strong className="text-foreground">4242 4242 4242 4242</strong>, any future date and any CVC;{' '}
          <span className="whitespace-nowrap">4000 0000 0000 0002</span> is declined.
        </p>
      </div>
      <Field label="Card number">
        <Input
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          disabled={busy}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry">
          <Input
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            disabled={busy}
          />
        </Field>
        <Field label="CVC">
          <Input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            disabled={busy}
          />
        </Field>
      </div>
      <PaymentError message={failure} />
      <Button type="submit" size="lg" disabled={busy} className="w-full" data-testid="subscribe-submit">
        {busy ? (
          <>
            <Spinner className="h-4 w-4" label="Processing" /> Processing…
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </form>
  );
}
