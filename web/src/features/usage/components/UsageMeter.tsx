import type { Usage } from '@seqgen/proto';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
import { Icon } from '../../dashboard/icons';
import { useUsage } from '../api/get-usage';
import { usageStatus } from '../usage-warning';

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

function UsageBody({ usage }: { usage: Usage }) {
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
      {status.approachingLimit ? (
        <p
          className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-xs font-medium text-amber-700 dark:text-amber-300"
          data-testid="usage-warning"
        >
          <Icon name="alert" />
          Approaching Limit
        </p>
      ) : null}
      {status.freeTrial ? (
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
 * Spec §2: Email Sequences used/limit with a progress bar, Approaching Limit from 80 %, and the
 * upgrade link on the free trial. Reads the usage the header polls, so it follows generations.
 */
export function UsagePanel({ className, title = 'Your usage' }: { className?: string; title?: string }) {
  const { data, error } = useUsage();
  return (
    <Card className={cn('p-5', className)} data-testid="usage-panel">
      <h2 className="mb-4 flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        <Icon name="chart" />
        {title}
      </h2>
      {data ? (
        <UsageBody usage={data} />
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
