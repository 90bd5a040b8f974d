/** The last payment failure, kept on screen after its toast has gone. */
export function PaymentError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid="payment-error"
      className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
    >
      <span className="font-semibold">Payment Failed.</span> {message}
    </p>
  );
}
