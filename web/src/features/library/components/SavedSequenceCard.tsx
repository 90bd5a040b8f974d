import type { SavedSequence, SavedSequenceSummary } from '@seqgen/proto';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AudienceChips } from '../../../components/sequence/AudienceChips';
import { CopyButton } from '../../../components/sequence/CopyButton';
import { copyToClipboard, emailAsText, sequenceAsText } from '../../../components/sequence/copy';
import { ExportMenu } from '../../../components/sequence/ExportMenu';
import { exportWithToast } from '../../../components/sequence/export';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Icon } from '../../../components/ui/Icon';
import { toast } from '../../../components/ui/toast-store';
import type { ExportInput } from '../../../lib/exports';
import { getSavedSequence, useSavedSequence } from '../../../lib/sequence/list-saved-sequences';
import { cadenceOf, emailsOf } from '../../../lib/sequence/sequence';
import { useDeleteSavedSequence } from '../api/delete-saved-sequence';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function savedOn(createdAt: string) {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/**
 * docs/product.md §2 Saved sequences: one card with its emails, copy, exports and delete. The list
 * gives a summary (the first two emails, cut short); the whole sequence is fetched once it is
 * wanted — the pointer or focus reaches the card, it is expanded, or an action needs it (issue 25,
 * item 4) — so a page of cards costs the same however long the sequences are.
 */
export function SavedSequenceCard({
  sequence,
  onDeleted,
}: {
  sequence: SavedSequenceSummary;
  onDeleted?: () => unknown;
}) {
  const [wanted, setWanted] = useState(false);
  const { data: full } = useSavedSequence(wanted ? sequence.id : undefined);
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { trigger: remove, isMutating: deleting } = useDeleteSavedSequence(onDeleted);
  const emails = full ? emailsOf(full.emailSequence) : undefined;
  const count = emails?.length ?? sequence.emailCount;
  const visible = expanded && emails ? emails : (emails?.slice(0, 2) ?? sequence.preview);
  const want = () => setWanted(true);
  const exportOf = (whole: SavedSequence): ExportInput => ({
    title: whole.title,
    emails: emailsOf(whole.emailSequence),
    cadence: cadenceOf(whole.emailSequence),
    companyUrl: whole.companyUrl,
  });
  const exportInput = full ? exportOf(full) : undefined;
  /** The whole sequence, fetched now if the card has not got it yet. */
  const whole = async () => full ?? (await getSavedSequence(sequence.id));
  const act = (action: (whole: SavedSequence) => unknown) => async () => {
    want();
    try {
      await action(await whole());
    } catch {
      toast({ title: 'The sequence could not be loaded', description: 'Please try again', variant: 'destructive' });
    }
  };

  async function onDelete() {
    try {
      await remove(sequence.id);
      toast({ title: 'Sequence deleted', variant: 'success' });
    } catch {
      toast({ title: 'Delete failed', description: 'Please try again', variant: 'destructive' });
      setConfirming(false);
    }
  }

  return (
    <Card className="overflow-hidden" data-testid="saved-sequence" onPointerEnter={want} onFocus={want}>
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-border px-5 py-4">
        <div className="grid min-w-0 gap-1.5">
          <h2 className="text-lg font-semibold leading-tight break-words" data-testid="saved-title">
            {sequence.title}
          </h2>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <Badge variant="accent" data-testid="saved-count">
              {count} {count === 1 ? 'email' : 'emails'}
            </Badge>
            <span className="flex items-center gap-1.5">
              <Icon name="calendar" className="h-3.5 w-3.5" />
              Saved {savedOn(sequence.createdAt)}
            </span>
            {sequence.companyUrl ? (
              <span className="flex min-w-0 items-center gap-1.5" data-testid="saved-company-url">
                <Icon name="link" className="h-3.5 w-3.5" />
                <span className="truncate">{sequence.companyUrl}</span>
              </span>
            ) : null}
          </div>
          <AudienceChips customization={sequence.customization} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild size="sm">
            <Link
              to={`/saved-sequences/${encodeURIComponent(sequence.id)}`}
              aria-label={`Open ${sequence.title}`}
              data-testid="saved-open"
            >
              <Icon name="pencil" />
              Open
            </Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={act((whole) => copyToClipboard(sequenceAsText(emailsOf(whole.emailSequence))))}
            data-testid="saved-copy-all"
          >
            <Icon name="copy" />
            Copy All
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={act((whole) => exportWithToast('csv', exportOf(whole)))}
            data-testid="saved-export-csv"
          >
            <Icon name="download" />
            CSV
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={act((whole) => exportWithToast('txt', exportOf(whole)))}
            data-testid="saved-export-txt"
          >
            <Icon name="file" />
            Text
          </Button>
          <ExportMenu
            input={exportInput}
            blocker={exportInput ? undefined : 'Loading the sequence…'}
            testId="saved-export-menu"
          />
          {confirming ? (
            <span className="flex items-center gap-1">
              <Button
                variant="destructive"
                size="sm"
                disabled={deleting}
                onClick={() => void onDelete()}
                data-testid="saved-delete-confirm"
              >
                Delete
              </Button>
              <Button variant="ghost" size="sm" disabled={deleting} onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </span>
          ) : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${sequence.title}`}
              className="text-muted-foreground hover:text-destructive"
              onClick={() => setConfirming(true)}
              data-testid="saved-delete"
            >
              <Icon name="trash" />
            </Button>
          )}
        </div>
      </div>
      <ol className="divide-y divide-border">
        {visible.map((email, index) => (
          <li key={index} className="grid gap-1.5 px-5 py-4" data-testid="saved-email">
            <div className="flex items-center justify-between gap-3">
              <span className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                Email {index + 1}
              </span>
              <CopyButton
                text={async () => {
                  const email = emailsOf((await whole()).emailSequence)[index];
                  return email ? emailAsText(email) : '';
                }}
                what={`email ${index + 1}`}
                testId="saved-copy-email"
              />
            </div>
            <p className="font-medium">{email.subject}</p>
            {expanded && emails ? (
              <p className="whitespace-pre-wrap text-sm leading-relaxed text-foreground/90">{email.body}</p>
            ) : (
              <p className="line-clamp-2 text-sm text-muted-foreground">{email.body}</p>
            )}
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() => {
          want();
          setExpanded((value) => !value);
        }}
        aria-expanded={expanded}
        className="w-full cursor-pointer border-t border-border bg-muted/30 px-5 py-2.5 text-sm font-medium text-highlight transition-colors hover:bg-muted/60"
        data-testid="saved-toggle"
      >
        {expanded && !emails
          ? 'Loading…'
          : expanded
            ? 'Show less'
            : count > 2
              ? `Show all ${count} emails`
              : 'Show full emails'}
      </button>
    </Card>
  );
}
