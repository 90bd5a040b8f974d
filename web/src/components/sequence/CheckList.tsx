import type { CheckResult, CheckStatus } from '@seqgen/proto';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { STATUS_COPY, statusCounts } from '../../lib/sequence/studio-copy';
import { Icon } from '../ui/Icon';

const STATUS_ICON = { pass: 'check', warn: 'alert', fail: 'x' } as const;
const STATUS_TONE: Record<CheckStatus, string> = {
  pass: 'text-success',
  warn: 'text-warning',
  fail: 'text-destructive',
};

/** A status as an icon of its own shape plus its word (visible or for screen readers), never colour alone. */
export function StatusMark({ status, showWord = false }: { status: CheckStatus; showWord?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-1 font-medium', STATUS_TONE[status])} data-status={status}>
      <span
        aria-hidden="true"
        className={cn(
          'flex h-4 w-4 shrink-0 items-center justify-center rounded-full',
          status === 'pass' && 'bg-success/15',
          status === 'warn' && 'bg-warning/20',
          status === 'fail' && 'bg-destructive/15',
        )}
      >
        <Icon name={STATUS_ICON[status]} className="h-3 w-3" />
      </span>
      <span className={showWord ? 'text-xs' : 'sr-only'}>{STATUS_COPY[status]}</span>
    </span>
  );
}

const RANK: Record<CheckStatus, number> = { fail: 0, warn: 1, pass: 2 };

/** Failing first, then warnings, then passes; otherwise in the package's order. */
export const byConcern = (checks: readonly CheckResult[]) =>
  checks
    .map((check, order) => ({ check, order }))
    .sort((a, b) => RANK[a.check.status] - RANK[b.check.status] || a.order - b.order)
    .map(({ check }) => check);

export function CheckItems({ checks }: { checks: readonly CheckResult[] }) {
  return (
    <ul className="grid gap-1.5">
      {byConcern(checks).map((check) => (
        <li
          key={check.id}
          className="flex items-start gap-2 text-xs"
          data-testid="check-item"
          data-status={check.status}
        >
          <span className="mt-px">
            <StatusMark status={check.status} />
          </span>
          <span className="min-w-0">
            <span className="font-medium text-foreground">{check.label}:</span>{' '}
            <span className="break-words text-muted-foreground">{check.reason}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One email's checks, compact: the counts and the most pressing reason on one line, the full list
 * (every check with its reason) behind a toggle.
 */
export function EmailChecks({ checks, label }: { checks: readonly CheckResult[]; label: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const [top] = byConcern(checks);
  const worst = top?.status ?? 'pass';
  return (
    <div
      className="grid gap-2 rounded-lg border border-border bg-muted/30 px-3 py-2"
      data-testid="email-checks"
      data-status={worst}
    >
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        className="flex w-full cursor-pointer items-start gap-2 rounded text-left text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="email-checks-toggle"
      >
        <span className="mt-px">
          <StatusMark status={worst} />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          {/* Named by what it shows, with the email it belongs to first for screen readers (WCAG 2.5.3). */}
          <span className="font-medium text-foreground">
            <span className="sr-only">{label}: </span>
            {statusCounts(checks.map((check) => check.status))}
          </span>
          {top && top.status !== 'pass' ? (
            <span className={cn('text-muted-foreground', !open && 'line-clamp-2')} data-testid="email-checks-reason">
              {top.label}: {top.reason}
            </span>
          ) : null}
        </span>
        <Icon
          name="chevronDown"
          className={cn('mt-px h-4 w-4 text-muted-foreground transition-transform', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <div id={listId} className="border-t border-border pt-2">
          <CheckItems checks={checks} />
        </div>
      ) : null}
    </div>
  );
}
