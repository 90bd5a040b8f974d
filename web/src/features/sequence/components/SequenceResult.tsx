import type { CheckContext, Customization, SequenceChecks, StoredSequence } from '@seqgen/proto';
import { type Dispatch, useId, useMemo, useState } from 'react';
import { copyToClipboard, sequenceAsText } from '../../../components/sequence/copy';
import { ExportMenu } from '../../../components/sequence/ExportMenu';
import { exportWithToast } from '../../../components/sequence/export';
import { SequenceStudio, type StudioStatus } from '../../../components/sequence/SequenceStudio';
import type { RegenerateBase } from '../../../components/sequence/use-regenerate';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { StickyBar } from '../../../components/ui/StickyBar';
import type { ExportInput } from '../../../lib/exports';
import { validCadence } from '../../../lib/sequence/cadence';
import type { PreviewValues } from '../../../lib/sequence/merge-fields';
import type { StudioAction, StudioState } from '../../../lib/sequence/studio';
import { STUDIO_COPY } from '../../../lib/sequence/studio-copy';
import { FeedbackBox, RatingButtons, useRating } from './RatingBar';
import { SaveSequenceForm } from './SaveSequenceForm';

/**
 * docs/product.md §2 Sequence result, as a studio: the emails (editable, regenerable, checked), and in a bar
 * that stays on screen the rating, Save Sequence, the exports, Copy all and Edit (which reloads;
 * the draft brings the result back). The Export as CSV / Export as Text buttons (docs/product.md §2) sit at the
 * top of the result.
 */
export function SequenceResult({
  studio,
  dispatch,
  checks,
  checkContext,
  contextOpened,
  companyUrl,
  customization,
  regenerateBase,
  onCheckContext,
  previewValues,
}: {
  studio: StudioState;
  dispatch: Dispatch<StudioAction>;
  checks: SequenceChecks | null;
  checkContext: CheckContext;
  contextOpened: boolean;
  companyUrl: string;
  customization: Customization | null;
  regenerateBase: RegenerateBase | undefined;
  onCheckContext: (context: CheckContext) => void;
  previewValues: PreviewValues;
}) {
  const cadence = useMemo(() => validCadence(studio.cadence), [studio.cadence]);
  // The default file name of docs/product.md §9 (email-sequence.csv): the result has no title until it is saved.
  const exportInput: ExportInput | undefined = cadence
    ? { title: '', emails: studio.emails, cadence, companyUrl }
    : undefined;
  const spec = (format: 'csv' | 'txt') => exportInput && exportWithToast(format, exportInput);

  return (
    <div className="grid gap-4" data-testid="sequence-result">
      <SequenceStudio
        studio={studio}
        dispatch={dispatch}
        checkContext={checkContext}
        contextOpened={contextOpened}
        initialChecks={checks}
        previewValues={previewValues}
        regenerateBase={regenerateBase}
        onCheckContext={onCheckContext}
        tools={
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={!exportInput}
              onClick={() => spec('csv')}
              data-testid="export-csv"
            >
              <Icon name="download" />
              Export as CSV
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!exportInput}
              onClick={() => spec('txt')}
              data-testid="export-txt"
            >
              <Icon name="file" />
              Export as Text
            </Button>
          </>
        }
        actionBar={(status) => (
          <ResultActionBar
            status={status}
            studio={studio}
            cadence={cadence}
            exportInput={exportInput}
            companyUrl={companyUrl}
            customization={customization}
          />
        )}
      />
    </div>
  );
}

type Panel = 'none' | 'save' | 'feedback';

function ResultActionBar({
  status,
  studio,
  cadence,
  exportInput,
  companyUrl,
  customization,
}: {
  status: StudioStatus;
  studio: StudioState;
  cadence: number[] | undefined;
  exportInput: ExportInput | undefined;
  companyUrl: string;
  customization: Customization | null;
}) {
  const [panel, setPanel] = useState<Panel>('none');
  const [savedVersion, setSavedVersion] = useState<string | null>(null);
  const feedbackId = useId();
  const emailSequence: StoredSequence = cadence ? { sequence: studio.emails, cadence } : studio.emails;
  const version = JSON.stringify(emailSequence);
  const saved = savedVersion === version;
  const { rated, rate, busy } = useRating({ emailSequence, companyUrl, customization });
  const cadenceBlocker = status.cadence ? STUDIO_COPY.exportBlocked : undefined;
  const toggle = (next: Panel) => setPanel((current) => (current === next ? 'none' : next));

  return (
    <StickyBar hidden={status.typing && panel === 'none'} data-testid="result-actions">
      {panel === 'save' && cadence ? (
        <div className="mb-3">
          <SaveSequenceForm
            emailSequence={emailSequence}
            companyUrl={companyUrl}
            customization={customization}
            onDone={(result) => {
              setPanel('none');
              if (result) setSavedVersion(version);
            }}
          />
        </div>
      ) : null}
      {panel === 'feedback' ? (
        <div className="mb-3">
          <FeedbackBox
            id={feedbackId}
            busy={busy}
            onSubmit={async (feedback) => {
              const ok = await rate('bad', feedback);
              if (ok) setPanel('none');
              return ok;
            }}
            onCancel={() => setPanel('none')}
          />
        </div>
      ) : null}
      {/* Phone: rating and Edit on the first row, Save, Export and Copy all on the second.
          Wider: one row, rating first, the actions at the end, Edit last. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-2">
        <RatingButtons
          rated={rated}
          busy={busy}
          feedbackOpen={panel === 'feedback'}
          feedbackBoxId={feedbackId}
          onGood={() => void rate('good')}
          onToggleFeedback={() => toggle('feedback')}
          promptClassName="hidden"
        />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => window.location.reload()}
          title={STUDIO_COPY.editReload}
          className="order-1 ml-auto sm:order-3 sm:ml-0"
          data-testid="edit-sequence"
        >
          <Icon name="pencil" />
          Edit
        </Button>
        <div className="order-2 flex w-full items-center gap-1.5 sm:ml-auto sm:w-auto">
          <Button
            size="sm"
            onClick={() => toggle('save')}
            aria-expanded={panel === 'save'}
            disabled={!cadence}
            title={cadenceBlocker}
            data-testid="save-sequence"
          >
            <Icon name={saved ? 'check' : 'bookmark'} />
            {saved ? (
              'Saved'
            ) : (
              <>
                <span className="md:hidden">Save</span>
                <span className="hidden md:inline">Save Sequence</span>
              </>
            )}
          </Button>
          <ExportMenu input={exportInput} blocker={cadenceBlocker} />
          <Button
            variant="outline"
            size="sm"
            onClick={() => void copyToClipboard(sequenceAsText(studio.emails))}
            data-testid="copy-all"
          >
            <Icon name="copy" />
            {STUDIO_COPY.copyAll}
          </Button>
        </div>
      </div>
    </StickyBar>
  );
}
