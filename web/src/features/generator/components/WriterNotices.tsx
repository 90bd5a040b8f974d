import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';

/** Copy of the writer's notices (docs/product.md §2 Sequence result). */
export const WRITER_NOTICES_COPY = {
  title: 'Before you send',
  dismiss: 'Dismiss',
  dismissLabel: 'Dismiss these notes about the sequence',
} as const;

/**
 * What the writer could not honour for this sequence (`notices` of the generation's answer: context
 * in another language than the emails, a prospect outside the seller's audience), above the
 * sequence until the user dismisses them. Nothing is rendered without notices.
 */
export function WriterNotices({
  notices,
  onDismiss,
}: {
  notices: readonly string[] | undefined;
  onDismiss: () => void;
}) {
  if (!notices?.length) return null;
  return (
    <Alert variant="warning" className="items-start" data-testid="writer-notices">
      <Icon name="info" className="mt-0.5 shrink-0 text-warning" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-semibold">{WRITER_NOTICES_COPY.title}</p>
        <ul className="grid gap-1">
          {notices.map((notice) => (
            <li key={notice} className="text-pretty break-words" data-testid="writer-notice">
              {notice}
            </li>
          ))}
        </ul>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="-my-1 -mr-2 shrink-0 px-2 text-muted-foreground hover:text-foreground"
        aria-label={WRITER_NOTICES_COPY.dismissLabel}
        onClick={onDismiss}
        data-testid="writer-notices-dismiss"
      >
        <Icon name="x" />
        <span className="hidden sm:inline">{WRITER_NOTICES_COPY.dismiss}</span>
      </Button>
    </Alert>
  );
}
