import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Card, CardDescription, CardFooter, CardHeader } from '../../../components/ui/Card';
import { formatUsd } from '../../../lib/plans';
import {
  CHECKOUT_COPY,
  displayPlanName,
  formatLongDate,
  planOfSubscription,
  type Subscription,
  subscriptionPrice,
} from '../checkout';

/**
 * /subscribe for a user who already pays: their plan and the way to manage it, instead of a
 * checkout that billing would refuse (one subscription per user).
 */
export function AlreadySubscribed({ subscription }: { subscription: Subscription }) {
  const name = planOfSubscription(subscription)?.name ?? displayPlanName(subscription.plan.name);
  const price = subscriptionPrice(subscription);
  const periodEnd = formatLongDate(new Date(subscription.current_period_end * 1000));
  return (
    <Card className="mx-auto max-w-xl" data-testid="already-subscribed">
      <CardHeader>
        <h1 className="text-2xl font-bold leading-tight tracking-tight">{CHECKOUT_COPY.subscribedTitle}</h1>
        <CardDescription data-testid="already-subscribed-plan">
          {CHECKOUT_COPY.subscribedBody(name, `${formatUsd(price.amount)}/${price.unit}`)}
        </CardDescription>
        <p className="text-sm text-muted-foreground" data-testid="already-subscribed-date">
          {subscription.cancel_at_period_end ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`}
        </p>
      </CardHeader>
      <CardFooter>
        <Button asChild>
          <Link to="/subscription-management" data-testid="manage-subscription-link">
            {CHECKOUT_COPY.manageLink}
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
