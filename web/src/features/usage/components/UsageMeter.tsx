import type { Usage, UsageDetails } from '@seqgen/proto';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Icon } from '../../../components/ui/Icon';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
import { useUsage, useUsageDetails } from '../../../lib/usage/get-usage';
import { limitMessage, usageStatus } from '../../../lib/usage/usage-warning';

function ProgressBar({ percent, warn }: { percent: number; warn: boolean }) {
  return (
    <div
      role="progressbar"
      aria-label="Sequences used"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500', warn ? 'bg-amber-500' : 'bg-primary')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

function UsageBody({
  usage,
  details,
  limitExplainedElsewhere,
}: {
  usage: Usage;
  details: UsageDetails | undefined;
  limitExplainedElsewhere: boolean;
}) {
  const status = usageStatus(usage);
  return (
    <div className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium">Email Sequences</span>
        <span className="text-sm tabular-nums text-muted-foreground" data-testid="usage-count">
          <span className="text-base font-semibold text-foreground">{usage.used}</span>/{usage.limit}
        </span>
      </div>
      <ProgressBar percent={status.percent} warn={status.approachingLimit} />
      <p className="text-xs text-muted-foreground">
        {status.remaining === 1 ? '1 sequence left' : `${status.remaining} sequences left`}
        {status.freeTrial ? ' on your free trial' : ' this billing period'}
      </p>
      {status.limitReached ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-xs font-medium text-destructive"
          data-testid="usage-limit-reached"
        >
          <Icon name="alert" className="mt-0.5 shrink-0" />
          <span>
            <span className="block font-semibold">Limit Reached</span>
            {limitExplainedElsewhere ? null : limitMessage(usage, details)}
          </span>
        </p>
      ) : status.approachingLimit ? (
        <p
          className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-xs font-medium text-amber-700 dark:text-amber-300"
          data-testid="usage-warning"
        >
          <Icon name="alert" />
          Approaching Limit
        </p>
      ) : null}
      {status.freeTrial && !(status.limitReached && limitExplainedElsewhere) ? (
        <Button asChild size="sm" className="w-full">
          <Link to="/pricing" data-testid="usage-upgrade">
            <Icon name="sparkles" />
            Upgrade for More Sequences
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * docs/product.md §2: Email Sequences used/limit with a progress bar, Approaching Limit from 80 %, and the
 * upgrade link on the free trial. Reads the usage the header polls, so it follows generations.
 */
export function UsagePanel({
  className,
  title = 'Your usage',
  limitExplainedElsewhere = false,
}: {
  className?: string;
  title?: string;
  /** A LimitReachedNotice on the same screen says why and offers the upgrade: not said twice. */
  limitExplainedElsewhere?: boolean;
}) {
  const { data, error } = useUsage();
  const { data: details } = useUsageDetails(data ? usageStatus(data).limitReached : false);
  return (
    <Card className={cn('p-5', className)} data-testid="usage-panel">
      <h2 className="mb-4 flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        <Icon name="chart" />
        {title}
      </h2>
      {data ? (
        <UsageBody usage={data} details={details} limitExplainedElsewhere={limitExplainedElsewhere} />
      ) : error ? (
        <p className="text-sm text-muted-foreground">Usage is unavailable right now.</p>
      ) : (
        <Spinner className="h-5 w-5 text-muted-foreground" label="Loading usage" />
      )}
    </Card>
  );
}

/**
 * The compact used/limit pill for the header, on every signed-in screen: the one reader that
 * polls. At phone widths only the figures show (the header has no room for the bar).
 */
export function HeaderUsage() {
  const { data } = useUsage({ poll: true });
  if (!data) return null;
  const status = usageStatus(data);
  return (
    <Link
      to="/pricing"
      title={`${data.used} of ${data.limit} sequences used`}
      data-testid="header-usage"
      className={cn(
        'flex items-center gap-2 rounded-full border px-2.5 py-1 text-xs font-medium tabular-nums transition-colors hover:bg-muted sm:px-3',
        status.approachingLimit
          ? 'border-amber-500/50 text-amber-700 dark:text-amber-300'
          : 'border-border text-muted-foreground',
      )}
    >
      <span className="relative hidden h-1.5 w-10 overflow-hidden rounded-full bg-muted sm:block" aria-hidden="true">
        <span
          className={cn(
            'absolute inset-y-0 left-0 rounded-full',
            status.approachingLimit ? 'bg-amber-500' : 'bg-primary',
          )}
          style={{ width: `${status.percent}%` }}
        />
      </span>
      {data.used}/{data.limit}
    </Link>
  );
}

/**
 * In place of the generator once nothing is left (issue 13, item 1): the user learns it before
 * analysing a site and filling in the wizard, not from a refusal at the last step.
 */
export function LimitReachedNotice() {
  const { data } = useUsage();
  const reached = data ? usageStatus(data).limitReached : false;
  const { data: details } = useUsageDetails(reached);
  if (!data || !reached) return null;
  const paid = details ? details.plan !== 'free' : !usageStatus(data).freeTrial;
  return (
    <Card className="p-6" data-testid="limit-reached">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Icon name="alert" className="h-5 w-5 text-destructive" />
        Sequence Limit Reached
      </h2>
      <p className="mt-2 text-muted-foreground">{limitMessage(data, details)}</p>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to="/pricing" data-testid="limit-upgrade">
            <Icon name="sparkles" />
            {paid ? 'Upgrade your plan' : 'Upgrade for More Sequences'}
          </Link>
        </Button>
        {paid ? (
          <Button asChild variant="outline">
            <Link to="/subscription-management">Manage subscription</Link>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
