import { FREE_TRIAL_SEQUENCES, type SubscriptionResponse } from '@seqgen/proto';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { formatUsd, PLANS } from '../../../lib/plans';
import { useChangeSubscription } from '../api/change-subscription';
import { useSubscription } from '../api/get-subscription';
import { displayPlanName, formatLongDate, serverMessage, statusLabel } from '../checkout';

type Subscription = NonNullable<SubscriptionResponse['subscription']>;

/** docs/product.md §2 "Subscription management": status, plan, renewal or end date, cancel and reactivate. */
export function SubscriptionManagement() {
  const { data, error, isLoading } = useSubscription();
  if (isLoading && !data) {
    return (
      <div role="status" className="flex items-center gap-3 py-16 text-muted-foreground">
        <Spinner className="h-5 w-5 text-highlight" label="Loading subscription" /> Loading your subscription…
      </div>
    );
  }
  if (error || !data) {
    return (
      <Alert variant="destructive">
        <p>We could not load your subscription. Please refresh the page.</p>
      </Alert>
    );
  }
  return data.subscription && data.hasSubscription ? (
    <SubscriptionCard subscription={data.subscription} />
  ) : (
    <UpgradePrompt />
  );
}

const FEWEST_PAID_SEQUENCES = Math.min(...PLANS.map((plan) => plan.sequencesPerMonth));
const MOST_PAID_SEQUENCES = Math.max(...PLANS.map((plan) => plan.sequencesPerMonth));

function UpgradePrompt() {
  return (
    <Card data-testid="upgrade-prompt" className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h2">You're on the free trial</CardTitle>
        <CardDescription>
          {`The free trial includes ${FREE_TRIAL_SEQUENCES} sequences. Upgrade for ${FEWEST_PAID_SEQUENCES} to ${MOST_PAID_SEQUENCES} sequences every month, with every feature included.`}
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild>
          <Link to="/pricing">View plans and upgrade</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useChangeSubscription('cancel');
  const reactivate = useChangeSubscription('reactivate');
  const periodEnd = formatLongDate(new Date(subscription.current_period_end * 1000));
  const { plan } = subscription;
  const name = displayPlanName(plan.name);
  const quota = PLANS.find((known) => known.name === name)?.sequencesPerMonth;
  const ending = subscription.cancel_at_period_end;

  async function onCancel() {
    try {
      await cancel.trigger();
      setConfirming(false);
      toast({
        title: 'Subscription Cancelled',
        description: `Your subscription will end at the end of the current billing period (${periodEnd}).`,
      });
    } catch (failure) {
      toast({ title: 'Cancellation Failed', description: serverMessage(failure), variant: 'destructive' });
    }
  }

  async function onReactivate() {
    try {
      await reactivate.trigger();
      toast({
        title: 'Subscription Reactivated',
        description: 'Your subscription will renew as usual.',
        variant: 'success',
      });
    } catch (failure) {
      toast({ title: 'Reactivation Failed', description: serverMessage(failure), variant: 'destructive' });
    }
  }

  return (
    <Card data-testid="subscription-card" className="max-w-2xl">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardDescription>Current plan</CardDescription>
          <CardTitle as="h2" className="text-2xl" data-testid="subscription-plan">
            {name}
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            <span data-testid="subscription-price">
              {formatUsd(plan.amount / 100)}/{plan.interval}
            </span>
            {quota ? ` · ${quota} sequences per month` : null}
          </p>
        </div>
        <Badge variant={subscription.status === 'active' ? 'default' : 'secondary'} data-testid="subscription-status">
          {statusLabel(subscription.status)}
        </Badge>
      </CardHeader>
      <CardContent>
        <p className="text-sm" data-testid="subscription-date">
          <span className="text-muted-foreground">{ending ? 'Ends on' : 'Renews on'}</span>{' '}
          <span className="font-semibold">{periodEnd}</span>
        </p>
        {ending ? (
          <p className="mt-2 text-sm text-muted-foreground">
            Your plan stays active until then and will not renew. Changed your mind? Reactivate it below.
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-4 border-t border-border pt-6">
        {ending ? (
          <Button
            onClick={onReactivate}
            disabled={reactivate.isMutating}
            className="sm:self-start"
            data-testid="reactivate"
          >
            {reactivate.isMutating ? <Spinner className="h-4 w-4" label="Reactivating" /> : null}
            Reactivate subscription
          </Button>
        ) : confirming ? (
          <div
            className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
            data-testid="cancel-confirm"
          >
            <p className="text-sm">
              Cancel your subscription? You keep your plan until <strong>{periodEnd}</strong>, then go back to the free
              trial.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="destructive"
                onClick={onCancel}
                disabled={cancel.isMutating}
                data-testid="confirm-cancel"
              >
                {cancel.isMutating ? <Spinner className="h-4 w-4" label="Cancelling" /> : null}
                Yes, cancel
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)} disabled={cancel.isMutating}>
                Keep subscription
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)} className="sm:self-start" data-testid="cancel">
            Cancel subscription
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
