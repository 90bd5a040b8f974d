import type { CheckContext, SequenceChecks } from '@seqgen/proto';
import { type Dispatch, type FocusEvent, type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { cn } from '../../lib/cn';
import { type CadenceProblem, cadenceProblem } from '../../lib/sequence/cadence';
import { useLiveChecks } from '../../lib/sequence/check-context';
import type { PreviewValues } from '../../lib/sequence/merge-fields';
import type { StudioAction, StudioState } from '../../lib/sequence/studio';
import { modifierLabel, STUDIO_COPY, statusCounts } from '../../lib/sequence/studio-copy';
import { Card } from '../ui/Card';
import { Icon } from '../ui/Icon';
import { Label } from '../ui/Label';
import { Switch } from '../ui/Switch';
import { CheckItems, StatusMark } from './CheckList';
import { SEQUENCE_STAGES } from './EmailCard';
import { StudioEmailCard } from './StudioEmailCard';
import { type RegenerateBase, regenerateBlocker, useRegenerate } from './use-regenerate';

/** What the action bar needs to know about the sequence as it stands. */
export interface StudioStatus {
  checks: SequenceChecks;
  cadence: CadenceProblem | undefined;
  /** An email field has focus (on a phone the keyboard is up): the bar steps aside. */
  typing: boolean;
}

const isTextField = (element: EventTarget | null) =>
  element instanceof HTMLElement && (element.tagName === 'TEXTAREA' || element.tagName === 'INPUT');

/**
 * The sequence studio: the sequence's checks (summary, live), a preview switch, each email as an
 * editable card with its send day, regenerate and checks, and a sticky action bar the page supplies.
 * Used for the dashboard's result and for an opened saved sequence.
 */
export function SequenceStudio({
  studio,
  dispatch,
  checkContext,
  contextOpened,
  initialChecks,
  previewValues,
  regenerateBase,
  onCheckContext,
  tools,
  actionBar,
  headingLevel = 3,
}: {
  studio: StudioState;
  dispatch: Dispatch<StudioAction>;
  checkContext: CheckContext;
  contextOpened: boolean;
  initialChecks?: SequenceChecks | null | undefined;
  previewValues: PreviewValues;
  regenerateBase: RegenerateBase | undefined;
  onCheckContext?: (context: CheckContext) => void;
  /** Extra controls beside the preview switch (e.g. the Export as CSV / Export as Text buttons of docs/product.md §2). */
  tools?: ReactNode;
  actionBar: (status: StudioStatus) => ReactNode;
  /** The level of the studio's own headings (its emails' one deeper): 3 under the dashboard's h2s, 2 right under a page's h1. */
  headingLevel?: 2 | 3;
}) {
  const ChecksHeading = headingLevel === 2 ? 'h2' : 'h3';
  const [preview, setPreview] = useState(false);
  const [showSequenceChecks, setShowSequenceChecks] = useState(false);
  const [typing, setTyping] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const ids = useId();
  const { checks, stale } = useLiveChecks(studio.emails, checkContext, initialChecks);
  const cadence = useMemo(() => cadenceProblem(studio.cadence), [studio.cadence]);
  const blocker = regenerateBlocker(regenerateBase, studio.emails.length);
  const regenerate = useRegenerate({
    base: regenerateBase,
    emails: studio.emails,
    dispatch,
    ...(onCheckContext ? { onCheckContext } : {}),
    announce: setAnnouncement,
  });
  const [modifiers, setModifiers] = useState<Record<number, string | undefined>>({});

  const onFocus = useCallback((event: FocusEvent) => setTyping(isTextField(event.target)), []);
  const onBlur = useCallback((event: FocusEvent) => setTyping(isTextField(event.relatedTarget)), []);
  const stages = studio.emails.length === SEQUENCE_STAGES.length ? SEQUENCE_STAGES : undefined;
  const sequenceStatuses = [...checks.emails.flat(), ...checks.sequence].map((check) => check.status);

  return (
    <div className="grid gap-4" data-testid="sequence-studio">
      <Card className="grid gap-3 p-4 sm:p-5" data-testid="studio-summary">
        <div className="flex items-start gap-3">
          <span className="mt-0.5">
            <StatusMark status={checks.status} />
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <ChecksHeading className="text-sm font-semibold">{STUDIO_COPY.checksTitle}</ChecksHeading>
            {/* Re-read after each pause in typing; polite, so it never interrupts the writer. */}
            <p
              className="text-sm break-words text-muted-foreground"
              aria-live="polite"
              data-testid="sequence-checks-summary"
            >
              {checks.summary}
            </p>
            <p className="text-xs text-muted-foreground" data-testid="sequence-checks-counts">
              {statusCounts(sequenceStatuses)}
              {stale ? <span className="ml-2 italic">{STUDIO_COPY.checksUpdating}</span> : null}
            </p>
            {contextOpened ? <p className="text-xs text-muted-foreground">{STUDIO_COPY.openedContext}</p> : null}
            {blocker ? (
              <p className="text-xs text-muted-foreground" data-testid="regenerate-blocker">
                {blocker}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => setShowSequenceChecks((value) => !value)}
            aria-expanded={showSequenceChecks}
            aria-controls={`${ids}-sequence-checks`}
            className="flex shrink-0 cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-highlight hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="sequence-checks-toggle"
          >
            {STUDIO_COPY.sequenceChecksToggle}
            <Icon
              name="chevronDown"
              className={cn('h-3.5 w-3.5 transition-transform', showSequenceChecks && 'rotate-180')}
            />
          </button>
        </div>
        {showSequenceChecks ? (
          <div id={`${ids}-sequence-checks`} className="border-t border-border pt-3" data-testid="sequence-checks">
            <CheckItems checks={checks.sequence} />
          </div>
        ) : null}
        {cadence ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-xs font-medium text-destructive"
            data-testid="cadence-error"
          >
            <Icon name="alert" className="mt-px h-3.5 w-3.5" />
            {STUDIO_COPY.cadenceTitle}:{' '}
            {STUDIO_COPY.cadenceInvalid(cadence.message, cadence.index === undefined ? undefined : cadence.index + 1)}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
          <div className="flex min-w-0 items-center gap-2.5">
            <Switch
              id={`${ids}-preview`}
              checked={preview}
              onCheckedChange={setPreview}
              data-testid="preview-toggle"
              aria-describedby={`${ids}-preview-hint`}
            />
            <div className="grid min-w-0">
              <Label htmlFor={`${ids}-preview`} className="flex items-center gap-1.5">
                <Icon name="eye" className="h-3.5 w-3.5" />
                {STUDIO_COPY.preview}
              </Label>
              <span
                id={`${ids}-preview-hint`}
                className="truncate text-xs text-muted-foreground"
                data-testid="preview-hint"
              >
                {STUDIO_COPY.previewHint(previewValues)}
              </span>
            </div>
          </div>
          {tools ? <div className="flex flex-wrap items-center gap-2">{tools}</div> : null}
        </div>
      </Card>

      <p className="sr-only" aria-live="polite" data-testid="studio-announcement">
        {announcement}
      </p>

      <ol className="grid gap-4" onFocus={onFocus} onBlur={onBlur} data-preview={preview || undefined}>
        {studio.emails.map((email, index) => {
          const regenerating = studio.regenerating.includes(index);
          return (
            <li key={index}>
              <StudioEmailCard
                email={email}
                number={index + 1}
                headingLevel={headingLevel === 2 ? 3 : 4}
                stage={stages?.[index]}
                day={studio.cadence[index] ?? null}
                dayError={cadence?.index === index ? cadence.message : undefined}
                checks={checks.emails[index]}
                preview={preview ? previewValues : undefined}
                regenerating={regenerating}
                regeneratingLabel={STUDIO_COPY.regenerating(index + 1, modifiers[index])}
                canUndo={Boolean(studio.undo[index])}
                regenerateBlocker={blocker}
                onSubject={(subject) => dispatch({ type: 'editSubject', index, subject })}
                onBody={(body) => dispatch({ type: 'editBody', index, body })}
                onDay={(day) => dispatch({ type: 'setSendDay', index, day })}
                onRegenerate={(modifier) => {
                  setModifiers((current) => ({ ...current, [index]: modifierLabel(modifier) }));
                  void regenerate(index, modifier);
                }}
                onUndo={() => {
                  dispatch({ type: 'undo', index });
                  setAnnouncement(STUDIO_COPY.undone(index + 1));
                }}
              />
            </li>
          );
        })}
      </ol>
      {actionBar({ checks, cadence, typing })}
    </div>
  );
}
