import type { Analysis, Evidence } from '@seqgen/proto';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Field } from '../../../components/ui/Field';
import { Icon } from '../../../components/ui/Icon';
import { Textarea } from '../../../components/ui/Textarea';
import { cn } from '../../../lib/cn';
import {
  ANALYSIS_COPY,
  applyEdit,
  CLASSIFICATION_COPY,
  classificationView,
  editBlocker,
  editorRows,
  evidenceSource,
  type PairRow,
  PROVENANCE_COPY,
  pairsOf,
  proceedBlocker,
  proofLine,
  provenanceOf,
  type RowProvenance,
} from '../analysis-review';

function SectionTitle({ children }: { children: string }) {
  return <h3 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{children}</h3>;
}

/** Why an action is unavailable, beside the disabled button it describes (aria-describedby → `id`). */
function BlockerNote({
  id,
  testId,
  className,
  children,
}: {
  id: string;
  testId: string;
  className: string;
  children: string;
}) {
  return (
    <p id={id} className={cn('flex items-start gap-2 text-sm sm:mr-auto', className)} data-testid={testId}>
      <Icon name="alert" className="mt-0.5 text-warning" />
      {children}
    </p>
  );
}

/** Where a pain or a solution comes from: the page, or the playbook (dashed, to be checked). */
function OriginBadge({ origin, label, testId }: { origin: 'stated' | 'inferred'; label: string; testId: string }) {
  const inferred = origin === 'inferred';
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-start gap-1 rounded-full border px-2 py-0.5 text-[11px] leading-4 font-medium',
        inferred
          ? 'border-dashed border-warning/70 bg-warning/10 text-foreground'
          : 'border-border bg-background/70 text-muted-foreground',
      )}
      data-origin={origin}
      data-testid={testId}
    >
      <Icon
        name={inferred ? 'lightbulb' : 'check'}
        className={cn('mt-px h-3 w-3 shrink-0', inferred ? 'text-warning' : 'text-success')}
      />
      <span className="min-w-0 break-words">{label}</span>
    </span>
  );
}

/** The page's exact words a row was read from, behind a disclosure (a native one: touch, keyboard and find-in-page). */
function EvidenceDisclosure({ evidence }: { evidence: Evidence[] }) {
  if (evidence.length === 0) return null;
  return (
    <details className="group border-t border-border bg-muted/30 sm:col-span-2" data-testid="analysis-evidence">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-2 text-xs font-medium text-highlight select-none hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset [&::-webkit-details-marker]:hidden">
        <Icon name="chevronDown" className="h-3.5 w-3.5 -rotate-90 transition-transform group-open:rotate-0" />
        <Icon name="message" className="h-3.5 w-3.5" />
        {PROVENANCE_COPY.evidenceToggle(evidence.length)}
      </summary>
      <ul className="grid gap-2 px-3 pt-1 pb-3">
        {evidence.map((item, index) => (
          <li key={index} className="grid gap-0.5" data-testid="evidence-item">
            <q className="border-l-2 border-border pl-2.5 text-sm text-pretty break-words italic">{item.text}</q>
            <span className="pl-3 text-[11px] text-muted-foreground">{evidenceSource(item)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function PairsView({ analysis }: { analysis: Analysis }) {
  const pairs = pairsOf(analysis);
  const provenance: RowProvenance[] = provenanceOf(analysis);
  if (pairs.length === 0) {
    return (
      <p
        className="rounded-lg border border-dashed border-border px-4 py-5 text-center text-sm text-muted-foreground"
        data-testid="analysis-no-pairs"
      >
        {ANALYSIS_COPY.noPairs}
      </p>
    );
  }
  return (
    <ol className="grid gap-3" data-testid="analysis-pairs">
      {pairs.map((pair, index) => {
        const known = provenance[index];
        return (
          <li
            key={index}
            className="grid overflow-hidden rounded-lg border border-border sm:grid-cols-2"
            data-testid="analysis-pair"
          >
            <div className="flex gap-3 bg-destructive/5 p-3">
              <Icon name="alert" className="mt-0.5 text-destructive" />
              <div className="grid min-w-0 content-start gap-1">
                <div className="flex flex-col items-start gap-1">
                  <span className="text-[11px] font-semibold uppercase tracking-wider text-[color-mix(in_oklch,var(--destructive)_75%,var(--foreground))]">
                    Pain point
                  </span>
                  {known?.pain ? (
                    <OriginBadge origin={known.pain.origin} label={known.pain.label} testId="pain-origin" />
                  ) : null}
                </div>
                <p className="text-sm break-words" data-testid="analysis-pain">
                  {pair.pain || '—'}
                </p>
              </div>
            </div>
            <div className="flex gap-3 border-t border-border bg-success/5 p-3 sm:border-t-0 sm:border-l">
              <Icon name="check" className="mt-0.5 text-success" />
              <div className="grid min-w-0 content-start gap-1">
                <div className="flex flex-col items-start gap-1">
                  <span className="text-[11px] font-semibold uppercase tracking-wider text-success">Solution</span>
                  {known?.solution ? (
                    <OriginBadge origin={known.solution.origin} label={known.solution.label} testId="solution-origin" />
                  ) : null}
                </div>
                <p className="text-sm break-words" data-testid="analysis-solution">
                  {pair.solution || '—'}
                </p>
                {known?.solution?.note ? (
                  <p className="text-xs text-muted-foreground italic" data-testid="solution-origin-note">
                    {known.solution.note}
                  </p>
                ) : null}
              </div>
            </div>
            <EvidenceDisclosure evidence={known?.evidence ?? []} />
          </li>
        );
      })}
    </ol>
  );
}

/** Under the company's name: its business function, what it sells, whom it serves; the runners-up when unsure. */
function ClassificationLine({ analysis }: { analysis: Analysis }) {
  const view = classificationView(analysis.classification);
  if (!view) return null;
  return (
    <div className="mt-1.5 grid gap-1.5" data-testid="analysis-classification">
      <p className="sr-only">{CLASSIFICATION_COPY.title}</p>
      <ul className="flex flex-wrap items-center gap-1.5">
        <li>
          <Badge variant="accent" className="whitespace-normal" data-testid="classification-function">
            <Icon name="building" className="h-3 w-3" />
            {view.label}
          </Badge>
        </li>
        <li>
          <Badge variant="outline" className="bg-background/60" data-testid="classification-kind">
            {view.kind}
          </Badge>
        </li>
        {view.industries.length > 0 ? (
          <li className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <span>{CLASSIFICATION_COPY.serves}</span>
            {view.industries.map((industry) => (
              <Badge
                key={industry}
                variant="outline"
                className="bg-background/60 font-medium whitespace-normal text-foreground"
                data-testid="classification-industry"
              >
                {industry}
              </Badge>
            ))}
          </li>
        ) : null}
      </ul>
      {view.alternatives.length > 0 ? (
        <div className="grid gap-1" data-testid="classification-alternatives">
          <p className="text-xs text-muted-foreground">{CLASSIFICATION_COPY.unsure}</p>
          <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <span>{CLASSIFICATION_COPY.alsoPossible}:</span>
            <ul className="contents">
              {view.alternatives.map((alternative) => (
                <li key={alternative}>
                  <Badge
                    variant="outline"
                    className="border-dashed font-medium whitespace-normal"
                    data-testid="classification-alternative"
                  >
                    {alternative}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function JobTitles({ analysis }: { analysis: Analysis }) {
  if (analysis.targetJobTitles.length === 0) return null;
  const inferred = analysis.titlesInferred === true;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <SectionTitle>Target job titles</SectionTitle>
        {inferred ? (
          <span className="text-xs text-muted-foreground italic" data-testid="titles-inferred">
            {ANALYSIS_COPY.titlesInferred}
          </span>
        ) : null}
      </div>
      <ul className="flex flex-wrap gap-2" data-testid="analysis-titles">
        {analysis.targetJobTitles.map((title) => (
          <li key={title}>
            {inferred ? (
              <Badge variant="outline" className="border-dashed font-medium" data-inferred="true">
                {title}
              </Badge>
            ) : (
              <Badge variant="accent" className="font-medium">
                {title}
              </Badge>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProofPoints({ analysis }: { analysis: Analysis }) {
  const proofs = analysis.proofPoints ?? [];
  if (proofs.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="analysis-proof">
      <SectionTitle>{ANALYSIS_COPY.proofTitle}</SectionTitle>
      <ul className="grid gap-2">
        {proofs.map((proof, index) => {
          const line = proofLine(proof);
          return (
            <li
              key={index}
              className="flex gap-3 rounded-lg border border-border bg-muted/40 px-3 py-2.5 text-sm"
              data-testid="proof-point"
            >
              <Icon name={line.quote ? 'message' : 'chart'} className="mt-0.5 text-muted-foreground" />
              <div className="grid min-w-0 gap-0.5">
                {line.quote ? (
                  <p className="text-pretty">
                    <q className="italic">{line.text}</q>
                    {line.attribution ? <span className="text-muted-foreground"> — {line.attribution}</span> : null}
                  </p>
                ) : (
                  <p className="text-pretty">
                    {line.lead ? <span className="font-medium">{line.lead} — </span> : null}
                    {line.text}
                  </p>
                )}
                {line.credit ? (
                  <p className="text-xs text-muted-foreground" data-testid="proof-credit">
                    {line.credit}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function AnalysisEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: Analysis;
  onSave: (analysis: Analysis) => void;
  onCancel: () => void;
}) {
  // Edit works on a copy (docs/product.md §4): Cancel drops it, Save Changes replaces the analysis.
  const [description, setDescription] = useState(initial.companyDescription);
  const [audience, setAudience] = useState(initial.targetAudience);
  // With no pairs yet, one empty row to type into.
  const [pairs, setPairs] = useState<PairRow[]>(() => editorRows(initial));
  const blockerId = useId();

  const updatePair = (index: number, patch: Partial<PairRow>) =>
    setPairs((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const blocker = editBlocker({ description, pairs });

  function save() {
    if (blocker) return;
    // The extra fields (proof points, pain phrases, language, notice) are kept: the server
    // matches them by text, so an edited pain simply leaves its old short form unused.
    onSave(applyEdit(initial, { description, audience, pairs }));
  }

  return (
    <div className="grid gap-6" data-testid="analysis-editor">
      <Field label="Company description">
        <Textarea
          rows={4}
          className="min-h-0"
          maxLength={3000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="edit-description"
        />
      </Field>
      <Field label="Target audience">
        <Textarea
          rows={3}
          className="min-h-0"
          maxLength={1000}
          value={audience}
          onChange={(e) => setAudience(e.target.value)}
          data-testid="edit-audience"
        />
      </Field>
      <div className="grid gap-3">
        <SectionTitle>Pain points and solutions</SectionTitle>
        <div
          className="hidden gap-2 px-3 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[1fr_1fr_2.25rem]"
          aria-hidden="true"
        >
          <span>Pain point</span>
          <span>Solution (answers the pain on its left)</span>
        </div>
        {pairs.map((row, index) => (
          <div
            key={index}
            className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
            data-testid="edit-pair"
          >
            <Textarea
              rows={2}
              className="field-sizing-content min-h-16"
              aria-label={`Pain point ${index + 1}`}
              placeholder="Pain point"
              maxLength={500}
              value={row.pain}
              onChange={(e) => updatePair(index, { pain: e.target.value })}
              data-testid="edit-pain"
            />
            <Textarea
              rows={2}
              className="field-sizing-content min-h-16"
              aria-label={`Solution ${index + 1}`}
              placeholder="Solution"
              maxLength={1500}
              value={row.solution}
              onChange={(e) => updatePair(index, { solution: e.target.value })}
              data-testid="edit-solution"
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove pair ${index + 1}`}
              className="justify-self-end text-muted-foreground hover:text-destructive"
              onClick={() => setPairs((rows) => rows.filter((_, i) => i !== index))}
              disabled={pairs.length === 1}
              data-testid="remove-pair"
            >
              <Icon name="trash" />
            </Button>
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => setPairs((rows) => [...rows, { pain: '', solution: '' }])}
          disabled={pairs.length >= 12}
          data-testid="add-pair"
        >
          <Icon name="plus" />
          Add pain point
        </Button>
      </div>
      <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
        {blocker ? (
          <BlockerNote id={blockerId} testId="edit-blocker" className="text-muted-foreground">
            {blocker}
          </BlockerNote>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="ghost" onClick={onCancel} data-testid="edit-cancel">
            Cancel
          </Button>
          <Button
            onClick={save}
            disabled={blocker !== undefined}
            aria-describedby={blocker ? blockerId : undefined}
            data-testid="edit-save"
          >
            Save Changes
          </Button>
        </div>
      </div>
    </div>
  );
}

/** docs/product.md §2 'Company Analysis Complete', with Edit and Proceed to Customization. */
export function AnalysisCard({
  analysis,
  companyUrl,
  onChange,
  onProceed,
}: {
  analysis: Analysis;
  companyUrl: string;
  onChange: (analysis: Analysis) => void;
  onProceed: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const blocker = proceedBlocker(analysis);
  const blockerId = useId();
  const hasPairs = pairsOf(analysis).length > 0;
  return (
    <Card className="overflow-hidden" data-testid="analysis-card">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-border bg-success/5 px-6 py-5">
        <div className="flex min-w-0 flex-1 basis-64 items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
            <Icon name="check" className="h-5 w-5" />
          </span>
          <div className="grid min-w-0 gap-0.5">
            <h2 className="text-lg font-semibold leading-tight">Company Analysis Complete</h2>
            <p className="text-sm text-muted-foreground">
              <span className="font-medium text-foreground" data-testid="analysis-company">
                {analysis.companyName}
              </span>
              {companyUrl ? <span className="break-all"> · {companyUrl}</span> : null}
            </p>
            <ClassificationLine analysis={analysis} />
          </div>
        </div>
        {editing ? (
          <Badge variant="accent">Editing</Badge>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="analysis-edit">
            <Icon name="pencil" />
            Edit
          </Button>
        )}
      </div>
      <div className="grid gap-6 px-6 py-6">
        {analysis.notice ? (
          <Alert variant="warning" data-testid="analysis-notice">
            <Icon name="alert" className="mt-0.5 text-warning" />
            <p className="font-medium">{analysis.notice}</p>
          </Alert>
        ) : null}
        {editing ? (
          <AnalysisEditor
            initial={analysis}
            onCancel={() => setEditing(false)}
            onSave={(edited) => {
              onChange(edited);
              setEditing(false);
            }}
          />
        ) : (
          <div className="grid gap-6">
            <div className="grid gap-2">
              <SectionTitle>Company description</SectionTitle>
              <p className="text-sm leading-relaxed" data-testid="analysis-description">
                {analysis.companyDescription}
              </p>
            </div>
            <div className="grid gap-2">
              <SectionTitle>Target audience</SectionTitle>
              <p className="text-sm leading-relaxed" data-testid="analysis-audience">
                {analysis.targetAudience || '—'}
              </p>
            </div>
            <JobTitles analysis={analysis} />
            <div className="grid gap-3">
              <SectionTitle>Customer pain points and solutions</SectionTitle>
              <PairsView analysis={analysis} />
            </div>
            <ProofPoints analysis={analysis} />
            <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
              {blocker ? (
                <>
                  <BlockerNote id={blockerId} testId="proceed-blocker" className="font-medium">
                    {blocker}
                  </BlockerNote>
                  <Button variant="outline" size="lg" onClick={() => setEditing(true)} data-testid="proceed-fix">
                    <Icon name={hasPairs ? 'pencil' : 'plus'} />
                    {hasPairs ? ANALYSIS_COPY.editPairs : ANALYSIS_COPY.addPair}
                  </Button>
                </>
              ) : null}
              <Button
                size="lg"
                onClick={onProceed}
                disabled={blocker !== undefined}
                aria-describedby={blocker ? blockerId : undefined}
                data-testid="proceed-customization"
              >
                Proceed to Customization
                <Icon name="arrowRight" />
              </Button>
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}
