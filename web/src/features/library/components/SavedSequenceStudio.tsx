import type { SavedSequence, User } from '@seqgen/proto';
import { useId, useMemo, useReducer, useState } from 'react';
import { Link } from 'react-router-dom';
import { AudienceChips } from '../../../components/sequence/AudienceChips';
import { copyToClipboard, sequenceAsText } from '../../../components/sequence/copy';
import { ExportMenu } from '../../../components/sequence/ExportMenu';
import { exportWithToast } from '../../../components/sequence/export';
import { SequenceStudio } from '../../../components/sequence/SequenceStudio';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/Icon';
import { Input } from '../../../components/ui/Input';
import { Label } from '../../../components/ui/Label';
import { StickyBar } from '../../../components/ui/StickyBar';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import type { ExportInput } from '../../../lib/exports';
import { validCadence } from '../../../lib/sequence/cadence';
import { openedCheckContext } from '../../../lib/sequence/check-context';
import { previewValues } from '../../../lib/sequence/merge-fields';
import { cadenceOf, emailsOf } from '../../../lib/sequence/sequence';
import { createStudio, studioDiffers, studioReducer } from '../../../lib/sequence/studio';
import { STUDIO_COPY } from '../../../lib/sequence/studio-copy';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useUpdateSavedSequence } from '../api/update-saved-sequence';
import { saveChangesBlocker, savedRegenerateBase } from '../saved-studio';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * A saved sequence opened in the studio: the same editable, checked, regenerable emails as the
 * dashboard's result, saved back with Save changes (PUT /api/saved-sequences/{id}); leaving with
 * unsaved changes asks first.
 */
export function SavedSequenceStudio({ saved, user }: { saved: SavedSequence; user: User }) {
  const [baseline, setBaseline] = useState(() => ({
    title: saved.title,
    emails: emailsOf(saved.emailSequence),
    cadence: cadenceOf(saved.emailSequence),
  }));
  const [studio, dispatch] = useReducer(studioReducer, baseline, (start) => createStudio(start.emails, start.cadence));
  const [title, setTitle] = useState(saved.title);
  // Frozen at opening: facts in the sequence as saved pass, facts typed in later are checked.
  const [checkContext, setCheckContext] = useState(() =>
    openedCheckContext({ emails: baseline.emails, customization: saved.customization }),
  );
  const [contextOpened, setContextOpened] = useState(true);
  const { trigger, isMutating } = useUpdateSavedSequence(saved.id);
  const ids = useId();

  const dirty = title !== baseline.title || studioDiffers(studio, baseline);
  const blocker = useLeaveGuard(dirty);
  const cadence = useMemo(() => validCadence(studio.cadence), [studio.cadence]);
  const regenerateBase = useMemo(() => savedRegenerateBase(saved), [saved]);
  const preview = useMemo(
    () => previewValues({ customization: saved.customization, checkContext, sender: user }),
    [saved.customization, checkContext, user],
  );
  const exportInput: ExportInput | undefined = cadence
    ? { title: title.trim() || saved.title, emails: studio.emails, cadence, companyUrl: saved.companyUrl }
    : undefined;

  async function saveChanges() {
    if (!cadence || isMutating) return;
    try {
      const updated = await trigger({
        title: title.trim(),
        companyUrl: saved.companyUrl,
        emailSequence: { sequence: studio.emails, cadence },
        ...(saved.customization ? { customization: saved.customization } : {}),
      });
      setBaseline({
        title: updated.title,
        emails: emailsOf(updated.emailSequence),
        cadence: cadenceOf(updated.emailSequence),
      });
      setTitle(updated.title);
      toast({
        title: 'Sequence saved',
        description: 'Your email sequence has been saved successfully.',
        variant: 'success',
      });
    } catch (error) {
      // A refusal the user can act on (too many saves, a bad cadence) says what; anything else asks to retry.
      const reason =
        error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : 'Please try again';
      toast({ title: 'Failed to save sequence', description: reason, variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-6" data-testid="saved-studio">
      {/* The editable title is the page's visible heading; this names the page for screen readers. */}
      <h1 className="sr-only">{`Saved sequence: ${saved.title}`}</h1>
      <div className="grid gap-4">
        <Link
          to="/saved-sequences"
          className="flex w-fit items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="back-to-saved"
        >
          <Icon name="arrowLeft" />
          Saved sequences
        </Link>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-title`} className="text-xs uppercase tracking-wider text-muted-foreground">
            Title
          </Label>
          <Input
            id={`${ids}-title`}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
            className="h-11 text-lg font-semibold"
            aria-invalid={title.trim() === '' ? true : undefined}
            data-testid="saved-studio-title"
          />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <Icon name="calendar" className="h-3.5 w-3.5" />
            Saved {dateFormat.format(new Date(saved.createdAt))}
          </span>
          {saved.companyUrl ? (
            <span className="flex min-w-0 items-center gap-1.5">
              <Icon name="link" className="h-3.5 w-3.5" />
              <span className="truncate">{saved.companyUrl}</span>
            </span>
          ) : null}
          <AudienceChips customization={saved.customization} />
        </div>
      </div>

      <SequenceStudio
        headingLevel={2}
        studio={studio}
        dispatch={dispatch}
        checkContext={checkContext}
        contextOpened={contextOpened}
        previewValues={preview}
        regenerateBase={regenerateBase}
        onCheckContext={(context) => {
          setCheckContext(context);
          setContextOpened(false);
        }}
        tools={
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={!exportInput}
              onClick={() => exportInput && exportWithToast('csv', exportInput)}
              data-testid="saved-export-csv"
            >
              <Icon name="download" />
              CSV
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!exportInput}
              onClick={() => exportInput && exportWithToast('txt', exportInput)}
              data-testid="saved-export-txt"
            >
              <Icon name="file" />
              Text
            </Button>
          </>
        }
        actionBar={(status) => {
          const reason = saveChangesBlocker({ title, cadenceMessage: status.cadence?.message });
          return (
            <StickyBar hidden={status.typing} data-testid="saved-actions">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                <p
                  className="flex items-center gap-1.5 text-sm"
                  aria-live="polite"
                  data-testid="save-state"
                  data-dirty={dirty || undefined}
                >
                  <Icon name={dirty ? 'info' : 'check'} className={dirty ? 'text-warning' : 'text-success'} />
                  {dirty ? STUDIO_COPY.unsaved : STUDIO_COPY.saved}
                </p>
                <div className="flex flex-wrap items-center gap-1.5">
                  <Button
                    size="sm"
                    onClick={() => void saveChanges()}
                    disabled={!dirty || Boolean(reason) || isMutating}
                    title={reason}
                    data-testid="save-changes"
                  >
                    <Icon name="bookmark" />
                    {isMutating ? STUDIO_COPY.saving : STUDIO_COPY.saveChanges}
                  </Button>
                  <ExportMenu input={exportInput} blocker={status.cadence ? STUDIO_COPY.exportBlocked : undefined} />
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void copyToClipboard(sequenceAsText(studio.emails))}
                    data-testid="saved-copy-all"
                  >
                    <Icon name="copy" />
                    Copy All
                  </Button>
                </div>
              </div>
              {reason && dirty ? (
                <p className="mt-2 text-xs font-medium text-destructive" data-testid="save-blocker">
                  {reason}
                </p>
              ) : null}
            </StickyBar>
          );
        }}
      />

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={STUDIO_COPY.unsavedTitle}
        description={STUDIO_COPY.unsavedBody}
        confirmLabel={STUDIO_COPY.leave}
        cancelLabel={STUDIO_COPY.stay}
        destructive
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </div>
  );
}
