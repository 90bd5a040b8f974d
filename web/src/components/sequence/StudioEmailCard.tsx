import type { CheckResult, Email, RegenerateModifier } from '@seqgen/proto';
import { MAX_SEND_DAY } from '@seqgen/proto';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { dayLabel, type SendDay, sendDayOf } from '../../lib/sequence/cadence';
import { type PreviewValues, previewEmail } from '../../lib/sequence/merge-fields';
import { STUDIO_COPY } from '../../lib/sequence/studio-copy';
import { AutosizeTextarea } from '../ui/AutosizeTextarea';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Icon } from '../ui/Icon';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';
import { Spinner } from '../ui/Spinner';
import { EmailChecks } from './CheckList';
import { CopyButton } from './CopyButton';
import { MergeFieldText } from './MergeFieldText';
import { RegenerateMenu } from './RegenerateMenu';

export interface StudioEmailCardProps {
  email: Email;
  /** 1-based. */
  number: number;
  stage?: string | undefined;
  day: SendDay;
  /** The cadence's message when this email's send day is the wrong one. */
  dayError?: string | undefined;
  checks: readonly CheckResult[] | undefined;
  /** Sample values: the card shows the email as the prospect reads it. */
  preview?: PreviewValues | undefined;
  regenerating: boolean;
  regeneratingLabel?: string | undefined;
  canUndo: boolean;
  regenerateBlocker?: string | undefined;
  onSubject: (subject: string) => void;
  onBody: (body: string) => void;
  onDay: (day: SendDay) => void;
  onRegenerate: (modifier: RegenerateModifier | undefined) => void;
  onUndo: () => void;
  /** Opens in edit mode (the card otherwise starts in the read view). */
  defaultEditing?: boolean;
  /** The "Email N" heading's level (h4 by default), one under the studio's own. */
  headingLevel?: 3 | 4;
}

/**
 * One email of the studio (docs/product.md §2: "Email N" with subject and body, each with a Copy button):
 * read with its merge fields as chips, edited in place (Edit text → labelled subject, body and send
 * day fields; Done or Escape returns), previewed as the prospect reads it, regenerated on its own
 * (with Undo), and its checks with their reasons below.
 */
export function StudioEmailCard(props: StudioEmailCardProps) {
  const { email, number, stage, day, dayError, checks, preview, regenerating, canUndo } = props;
  const [editing, setEditing] = useState(props.defaultEditing ?? false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const ids = useId();
  const Title = props.headingLevel === 3 ? 'h3' : 'h4';
  const dayErrorId = `${ids}-day-error`;

  useEffect(() => {
    // Back from editing, the keyboard user lands where they started.
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const shown = preview ? previewEmail(email, preview) : email;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || (event.key === 'Enter' && (event.metaKey || event.ctrlKey))) {
      event.preventDefault();
      setEditing(false);
    }
  };

  return (
    <Card
      className={cn('relative overflow-hidden', regenerating && 'ring-2 ring-primary/40')}
      data-testid="email-card"
      data-editing={editing || undefined}
      aria-busy={regenerating || undefined}
      aria-labelledby={`${ids}-title`}
      role="group"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-border bg-muted/40 px-4 py-2 sm:px-5">
        <div className="flex min-w-0 items-center gap-2.5">
          <span
            aria-hidden="true"
            className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {number}
          </span>
          <Title id={`${ids}-title`} className="text-sm font-semibold whitespace-nowrap">
            Email {number}
          </Title>
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
              dayError ? 'border-destructive/60 text-destructive' : 'border-border text-muted-foreground',
            )}
            data-testid="send-day"
          >
            <Icon name="clock" className="h-3 w-3" />
            {dayLabel(day)}
          </span>
          {stage ? <span className="hidden truncate text-xs text-muted-foreground md:inline">· {stage}</span> : null}
        </div>
        <div className="flex items-center gap-0.5">
          {canUndo && !regenerating ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-8 px-2 text-xs"
              onClick={props.onUndo}
              aria-label={STUDIO_COPY.undoLabel(number)}
              data-testid="undo-regenerate"
            >
              <Icon name="undo" className="h-3.5 w-3.5" />
              {STUDIO_COPY.undo}
            </Button>
          ) : null}
          <RegenerateMenu
            number={number}
            disabled={regenerating || editing}
            blocker={props.regenerateBlocker}
            onRegenerate={props.onRegenerate}
          />
          <Button
            ref={editButton}
            variant={editing ? 'secondary' : 'ghost'}
            size="sm"
            className="h-8 px-2 text-xs"
            onClick={() => setEditing((value) => !value)}
            disabled={regenerating}
            aria-expanded={editing}
            aria-label={
              editing ? `${STUDIO_COPY.done} editing email ${number}` : `${STUDIO_COPY.editText} of email ${number}`
            }
            data-testid={editing ? 'edit-email-done' : 'edit-email'}
          >
            <Icon name={editing ? 'check' : 'pencil'} className="h-3.5 w-3.5" />
            {editing ? STUDIO_COPY.done : STUDIO_COPY.editText}
          </Button>
        </div>
      </div>

      {regenerating ? (
        <div
          className="flex items-center gap-2 border-b border-border bg-accent/50 px-4 py-2 text-xs font-medium text-accent-foreground sm:px-5"
          role="status"
          data-testid="regenerating"
        >
          <span aria-hidden="true">
            <Spinner className="h-3.5 w-3.5" />
          </span>
          {props.regeneratingLabel}
        </div>
      ) : null}

      {dayError ? (
        <p
          id={dayErrorId}
          role="alert"
          className="border-b border-destructive/30 bg-destructive/5 px-4 py-1.5 text-xs font-medium text-destructive sm:px-5"
          data-testid="send-day-error"
        >
          {dayError}
        </p>
      ) : null}

      {editing ? (
        <div className="grid gap-4 px-4 py-4 sm:px-5">
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-subject`}>{STUDIO_COPY.subject}</Label>
            <Input
              id={`${ids}-subject`}
              value={email.subject}
              maxLength={300}
              onChange={(event) => props.onSubject(event.target.value)}
              onKeyDown={onKeyDown}
              className="scroll-mb-40"
              data-testid="edit-subject"
              autoFocus
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-body`}>{STUDIO_COPY.body}</Label>
            <AutosizeTextarea
              id={`${ids}-body`}
              value={email.body}
              maxLength={10_000}
              onChange={(event) => props.onBody(event.target.value)}
              onKeyDown={onKeyDown}
              className="scroll-mb-40 leading-relaxed"
              aria-describedby={`${ids}-fields-hint`}
              data-testid="edit-body"
            />
            <p id={`${ids}-fields-hint`} className="text-xs text-muted-foreground">
              {STUDIO_COPY.mergeFieldsHint}
            </p>
          </div>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={`${ids}-day`}>{STUDIO_COPY.sendDay}</Label>
              <Input
                id={`${ids}-day`}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_SEND_DAY}
                step={1}
                value={day === null || Number.isNaN(day) ? '' : String(day)}
                onChange={(event) => props.onDay(sendDayOf(event.target.value))}
                onKeyDown={onKeyDown}
                aria-invalid={dayError ? true : undefined}
                aria-describedby={dayError ? dayErrorId : undefined}
                className="w-28 scroll-mb-40"
                data-testid="edit-send-day"
              />
            </div>
            <Button size="sm" variant="outline" onClick={() => setEditing(false)} data-testid="edit-email-close">
              <Icon name="check" />
              {STUDIO_COPY.done}
            </Button>
          </div>
        </div>
      ) : (
        <div className={cn('grid gap-4 px-4 py-4 sm:px-5', regenerating && 'opacity-60')}>
          <div className="grid gap-1">
            <div className="flex items-center justify-between gap-2">
              <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
                {STUDIO_COPY.subject}
              </span>
              <CopyButton text={email.subject} what={`subject of email ${number}`} testId="copy-subject" />
            </div>
            {preview ? (
              <p className="font-medium break-words" data-testid="preview-subject">
                {shown.subject}
              </p>
            ) : (
              <p className="font-medium break-words" data-testid="email-subject">
                <MergeFieldText text={email.subject} />
              </p>
            )}
          </div>
          <div className="grid gap-1">
            <div className="flex items-center justify-between gap-2">
              <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
                {STUDIO_COPY.body}
              </span>
              <CopyButton text={email.body} what={`body of email ${number}`} testId="copy-body" />
            </div>
            {preview ? (
              <p
                className="whitespace-pre-wrap break-words text-sm leading-relaxed text-foreground/90"
                data-testid="preview-body"
              >
                {shown.body}
              </p>
            ) : (
              <p
                className="whitespace-pre-wrap break-words text-sm leading-relaxed text-foreground/90"
                data-testid="email-body"
              >
                <MergeFieldText text={email.body} />
              </p>
            )}
          </div>
        </div>
      )}

      {checks ? (
        <div className="px-4 pb-4 sm:px-5">
          <EmailChecks checks={checks} label={`${STUDIO_COPY.checksToggle(number)}`} />
        </div>
      ) : null}
    </Card>
  );
}
