import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { useUser } from '../../features/auth/api/get-user';
import { useWaitlist } from '../../features/waitlist/api/list-waitlist';
import { WaitlistTable } from '../../features/waitlist/components/WaitlistTable';

/** docs/product.md §9: a signed-out visitor is sent to sign in after 500 ms. */
export const LOGGED_OUT_REDIRECT_MS = 500;

/** /waitlist: who signed up for the waitlist (signed-in users only, docs/product.md §2). */
export function WaitlistPage() {
  const { status } = useUser();
  const navigate = useNavigate();
  const { data: entries, error, isLoading } = useWaitlist(status === 'signedIn');

  useEffect(() => {
    if (status !== 'signedOut') return;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => navigate('/auth', { replace: true }), LOGGED_OUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  if (status !== 'signedIn') {
    return (
      <div role="status" className="flex flex-1 items-center justify-center py-24">
        <Spinner className="h-8 w-8 text-highlight" label="Loading" />
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-4xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-highlight">Admin</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight">Waitlist</h1>
          <p className="mt-2 text-muted-foreground">Everyone who asked to hear about the launch, newest first.</p>
        </div>
      </div>

      <Card className="mt-8 overflow-hidden">
        <div className="flex items-center justify-between gap-4 border-b border-border px-6 py-4">
          <h2 className="font-semibold">Sign-ups</h2>
          {entries ? (
            <span
              className="rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground"
              data-testid="waitlist-count"
            >
              {entries.length} {entries.length === 1 ? 'person' : 'people'}
            </span>
          ) : null}
        </div>
        <div>
          {isLoading ? (
            <div className="flex justify-center py-16">
              <Spinner className="h-6 w-6 text-highlight" label="Loading the waitlist" />
            </div>
          ) : error ? (
            <div className="p-6">
              <Alert variant="destructive">Could not load the waitlist: {error.message}</Alert>
            </div>
          ) : entries && entries.length > 0 ? (
            <WaitlistTable entries={entries} />
          ) : (
            <p className="px-6 py-16 text-center text-muted-foreground">No one has joined the waitlist yet.</p>
          )}
        </div>
      </Card>
    </section>
  );
}
