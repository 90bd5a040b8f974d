import type { Customization, ProspectFit, ProspectSeller } from '@seqgen/proto';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Field } from '../../../components/ui/Field';
import { Icon } from '../../../components/ui/Icon';
import { Input } from '../../../components/ui/Input';
import { RadioCards } from '../../../components/ui/RadioCards';
import { Select } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { Textarea } from '../../../components/ui/Textarea';
import { cn } from '../../../lib/cn';
import { checkProspect, prospectProblem } from '../api/check-prospect';
import {
  canContinue,
  emptyDraft,
  LANGUAGE_COPY,
  LANGUAGE_OPTIONS,
  languageOf,
  nextStep,
  PROSPECT_FIT_COPY,
  previousStep,
  progressOf,
  toCustomization,
  type WizardDraft,
  type WizardStep,
} from '../wizard';
import { GeneratingProgress } from './GeneratingProgress';
import { ToneSlider } from './ToneSlider';

const STEP_COPY: Record<WizardStep, { title: string; question: string }> = {
  targetCompany: {
    title: 'Target Company',
    question: 'Do you want to personalise this sequence to a specific account?',
  },
  prospectUrl: { title: 'Prospect Company URL', question: 'Which company are you writing to?' },
  personaType: { title: 'Persona Targeting', question: 'Who will read these emails?' },
  personaDetails: { title: 'Persona Details', question: 'What is their role or title?' },
  seniority: { title: 'Seniority', question: 'Where does this persona sit?' },
  industry: { title: 'Industry', question: 'Should the sequence speak to one industry?' },
  industryDetails: { title: 'Industry Details', question: 'Which industry?' },
  tone: { title: 'Tone', question: 'How formal should the emails sound?' },
  context: { title: 'Last Step', question: 'Anything else the emails should know?' },
};

/** The prospect step's check, for the URL as typed when it ran. */
type ProspectCheck =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'found'; checked: string; name: string; fit: ProspectFit | undefined }
  | { status: 'failed'; checked: string; message: string };

const PROSPECT_COPY = {
  checking: "Checking the prospect's site…",
  found: 'Found:',
  skip: 'Continue without a prospect',
};

/**
 * docs/product.md §2 Customization wizard, transitions per §4 (see wizard.ts). Choice steps advance when
 * a card is picked (a click, Space or Enter; arrow keys only select); text steps need a non-blank
 * answer (docs/product.md §5). The last step sends the customization.
 */
export function CustomizationWizard({
  companyLabel,
  seller,
  generating,
  onGenerate,
  onDashboard,
}: {
  companyLabel: string;
  /** The seller's classification, sent with the prospect check so it can say whether the prospect fits. */
  seller?: ProspectSeller | undefined;
  generating: boolean;
  onGenerate: (customization: Customization) => void;
  onDashboard: () => void;
}) {
  const [step, setStep] = useState<WizardStep>('targetCompany');
  const [draft, setDraft] = useState<WizardDraft>(emptyDraft);
  const [prospect, setProspect] = useState<ProspectCheck>({ status: 'idle' });
  const { position, total } = progressOf(step, draft);
  const back = previousStep(step, draft);
  const ready = canContinue(step, draft);

  const update = (patch: Partial<WizardDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function advance(from: WizardStep, answers: WizardDraft) {
    if (!canContinue(from, answers)) return;
    const next = nextStep(from, answers);
    if (next) setStep(next);
    else onGenerate(toCustomization(answers));
  }

  /** A picked choice (a click, Space or Enter on its card) is stored and the wizard moves on with it. */
  function choose(patch: Partial<WizardDraft>) {
    const answers = { ...draft, ...patch };
    setDraft(answers);
    advance(step, answers);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (generating) return;
    if (step === 'prospectUrl') void checkThenAdvance();
    else advance(step, draft);
  }

  /**
   * The prospect's URL is read at its own step (issue 13, item 4): the name as found goes with the
   * rest of the wizard, and a URL that cannot be used is said here, with a way on without it,
   * instead of failing the whole generation at the last step. A prospect outside the seller's
   * audience stops here with the reason; Continue goes on with it all the same.
   */
  async function checkThenAdvance() {
    const url = draft.prospectCompanyUrl.trim();
    if (!canContinue('prospectUrl', draft) || prospect.status === 'checking') return;
    if (prospect.status === 'found' && prospect.checked === url) {
      advance('prospectUrl', draft);
      return;
    }
    setProspect({ status: 'checking' });
    try {
      const found = await checkProspect(url, seller);
      setProspect({ status: 'found', checked: url, name: found.companyName, fit: found.fit });
      if (found.fit?.fits !== false) advance('prospectUrl', draft);
    } catch (error) {
      setProspect({ status: 'failed', checked: url, message: prospectProblem(error) });
    }
  }

  function continueWithoutProspect() {
    const answers = { ...draft, targetSpecificCompany: 'no' as const, prospectCompanyUrl: '' };
    setDraft(answers);
    setProspect({ status: 'idle' });
    advance('targetCompany', answers);
  }

  // The check found the prospect outside the seller's audience: the wizard waits at the step.
  const unfit =
    prospect.status === 'found' && prospect.fit?.fits === false && prospect.checked === draft.prospectCompanyUrl.trim();

  let body: ReactNode;
  switch (step) {
    case 'targetCompany':
      body = (
        <RadioCards
          label={STEP_COPY[step].question}
          testIdPrefix="wizard-option"
          options={[
            { value: 'yes', label: 'Yes', description: 'Mention one prospect company by name.', icon: 'target' },
            { value: 'no', label: 'No', description: 'Write for any company in the audience.', icon: 'users' },
          ]}
          value={draft.targetSpecificCompany}
          onValueChange={(value) => update({ targetSpecificCompany: value })}
          onPick={(value) => choose({ targetSpecificCompany: value })}
        />
      );
      break;
    case 'prospectUrl':
      body = (
        <div className="grid gap-3">
          <Input
            aria-label="Prospect company URL"
            aria-invalid={prospect.status === 'failed' || undefined}
            aria-describedby={
              prospect.status === 'failed' ? 'prospect-problem' : unfit ? 'prospect-fit-reason' : undefined
            }
            inputMode="url"
            placeholder="https://prospect.com"
            value={draft.prospectCompanyUrl}
            onChange={(e) => {
              update({ prospectCompanyUrl: e.target.value });
              if (prospect.status !== 'checking') setProspect({ status: 'idle' });
            }}
            disabled={prospect.status === 'checking'}
            data-testid="wizard-prospect-url"
            autoFocus
          />
          {prospect.status === 'checking' ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner className="h-4 w-4" label="Checking" />
              {PROSPECT_COPY.checking}
            </p>
          ) : prospect.status === 'found' ? (
            <>
              <p className="text-sm text-muted-foreground" data-testid="wizard-prospect-found">
                {PROSPECT_COPY.found} <span className="font-medium text-foreground">{prospect.name}</span>
              </p>
              <ProspectFitNote fit={prospect.fit} onSkip={continueWithoutProspect} />
            </>
          ) : prospect.status === 'failed' ? (
            <div
              className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
              data-testid="wizard-prospect-problem"
            >
              <p id="prospect-problem" role="alert" className="text-destructive">
                {prospect.message}
              </p>
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={continueWithoutProspect}
                  data-testid="wizard-skip-prospect"
                >
                  {PROSPECT_COPY.skip}
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      );
      break;
    case 'personaType':
      body = (
        <RadioCards
          label={STEP_COPY[step].question}
          testIdPrefix="wizard-option"
          options={[
            {
              value: 'generic',
              label: 'Generic Target',
              description: 'Anyone in your target audience.',
              icon: 'users',
            },
            {
              value: 'specific',
              label: 'Specific Persona',
              description: 'One role, such as VP Finance.',
              icon: 'user',
            },
          ]}
          value={draft.persona}
          onValueChange={(value) => update({ persona: value })}
          onPick={(value) => choose({ persona: value })}
        />
      );
      break;
    case 'personaDetails':
      body = (
        <Input
          aria-label="Persona role or title"
          placeholder="e.g. VP Finance, Head of Revenue Operations"
          value={draft.specificPersona}
          maxLength={200}
          onChange={(e) => update({ specificPersona: e.target.value })}
          data-testid="wizard-persona"
          autoFocus
        />
      );
      break;
    case 'seniority':
      body = (
        <RadioCards
          label={STEP_COPY[step].question}
          testIdPrefix="wizard-option"
          options={[
            {
              value: 'above',
              label: 'Above the Line',
              description: 'Executives and budget holders: outcomes and ROI.',
              icon: 'chart',
            },
            {
              value: 'below',
              label: 'Below the Line',
              description: 'Managers and practitioners: workflow and time saved.',
              icon: 'layers',
            },
          ]}
          value={draft.seniority}
          onValueChange={(value) => update({ seniority: value })}
          onPick={(value) => choose({ seniority: value })}
        />
      );
      break;
    case 'industry':
      body = (
        <RadioCards
          label={STEP_COPY[step].question}
          testIdPrefix="wizard-option"
          options={[
            {
              value: 'specific',
              label: 'Specific Industry',
              description: 'Use the language of one industry.',
              icon: 'building',
            },
            {
              value: 'agnostic',
              label: 'Industry Agnostic',
              description: 'Keep the emails broadly applicable.',
              icon: 'layers',
            },
          ]}
          value={draft.industry}
          onValueChange={(value) => update({ industry: value })}
          onPick={(value) => choose({ industry: value })}
        />
      );
      break;
    case 'industryDetails':
      body = (
        <Input
          aria-label="Industry"
          placeholder="e.g. B2B SaaS, Logistics, Healthcare"
          value={draft.specificIndustry}
          maxLength={200}
          onChange={(e) => update({ specificIndustry: e.target.value })}
          data-testid="wizard-industry"
          autoFocus
        />
      );
      break;
    case 'tone':
      body = <ToneSlider value={draft.tone} onChange={(tone) => update({ tone })} />;
      break;
    case 'context':
      body = (
        <div className="grid gap-5">
          <Textarea
            aria-label="Additional context"
            rows={4}
            className="min-h-0"
            maxLength={4000}
            placeholder="An event you're attending, a recent launch, a discount this quarter… (optional)"
            value={draft.additionalContext}
            onChange={(e) => update({ additionalContext: e.target.value })}
            disabled={generating}
            data-testid="wizard-context"
          />
          <Field label={LANGUAGE_COPY.label} hint={LANGUAGE_COPY.hint} className="sm:max-w-xs">
            <Select
              value={draft.language}
              onChange={(e) => update({ language: languageOf(e.target.value) })}
              disabled={generating}
              data-testid="wizard-language"
            >
              {LANGUAGE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      );
      break;
  }

  const isChoice = ['targetCompany', 'personaType', 'seniority', 'industry'].includes(step);
  const copy = STEP_COPY[step];

  return (
    <Card className="overflow-hidden" data-testid="customization-wizard">
      <div className="border-b border-border px-6 pt-5 pb-4">
        <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
          <span className="flex min-w-0 items-center gap-1.5 truncate">
            <Icon name="sliders" className="h-3.5 w-3.5" />
            Customize for <span className="truncate font-medium text-foreground">{companyLabel}</span>
            {prospect.status === 'found' && draft.targetSpecificCompany === 'yes' ? (
              <>
                {' '}
                → <span className="truncate font-medium text-foreground">{prospect.name}</span>
                {prospect.fit?.fits ? (
                  <span className="inline-flex shrink-0 text-success" title={prospect.fit.reason}>
                    <Icon name="check" className="h-3.5 w-3.5" />
                    <span className="sr-only">{PROSPECT_FIT_COPY.fitsLabel}</span>
                  </span>
                ) : null}
              </>
            ) : null}
          </span>
          <span className="shrink-0 tabular-nums" data-testid="wizard-progress">
            Step {position} of {total}
          </span>
        </div>
        <div className="mt-3 flex gap-1" aria-hidden="true">
          {Array.from({ length: total }, (_, index) => (
            <span
              key={index}
              className={cn(
                'h-1.5 flex-1 rounded-full transition-colors duration-300',
                index < position ? 'bg-primary' : 'bg-muted',
              )}
            />
          ))}
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-6 px-6 py-6">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold tracking-tight" data-testid="wizard-title">
            {copy.title}
          </h2>
          <p className="text-sm text-muted-foreground">{copy.question}</p>
        </div>
        {body}
        {step === 'context' && generating ? <GeneratingProgress /> : null}
        <div className="flex items-center justify-between gap-2 border-t border-border pt-5">
          {back ? (
            <Button variant="ghost" onClick={() => setStep(back)} disabled={generating} data-testid="wizard-back">
              <Icon name="arrowLeft" />
              Back
            </Button>
          ) : (
            <Button variant="outline" onClick={onDashboard} data-testid="wizard-dashboard">
              <Icon name="home" />
              Dashboard
            </Button>
          )}
          {step === 'context' ? (
            <Button type="submit" size="lg" disabled={generating} data-testid="generate-emails">
              <Icon name="sparkles" />
              {generating ? 'Generating...' : 'Generate Emails'}
            </Button>
          ) : isChoice ? null : (
            <Button
              type="submit"
              disabled={!ready || (step === 'prospectUrl' && prospect.status === 'checking')}
              data-testid="wizard-continue"
            >
              {step === 'prospectUrl' && unfit ? PROSPECT_FIT_COPY.continueAnyway : 'Continue'}
              <Icon name="arrowRight" />
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

/**
 * Under the prospect field: whether the prospect is in the seller's audience, as the check judged it.
 * A quiet line when it is; a warning with the reason when it may not be (the wizard waits there, and
 * Continue goes on with the prospect all the same); nothing when it could not be judged.
 */
function ProspectFitNote({ fit, onSkip }: { fit: ProspectFit | undefined; onSkip: () => void }) {
  if (!fit) return null;
  if (fit.fits) {
    return (
      <p
        className="flex items-start gap-2 text-sm text-muted-foreground"
        data-testid="wizard-prospect-fit"
        data-fits="true"
      >
        <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-success" />
        {fit.reason}
      </p>
    );
  }
  return (
    <Alert variant="warning" className="items-start" data-testid="wizard-prospect-fit" data-fits="false">
      <Icon name="alert" className="mt-0.5 shrink-0 text-warning" />
      <div className="grid min-w-0 gap-2">
        <p className="font-semibold">{PROSPECT_FIT_COPY.warningTitle}</p>
        <p id="prospect-fit-reason" className="text-pretty">
          {fit.reason}
        </p>
        <div>
          <Button variant="outline" size="sm" onClick={onSkip} data-testid="wizard-fit-skip">
            {PROSPECT_COPY.skip}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
