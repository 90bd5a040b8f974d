import { SubmittedAnalysis } from '@seqgen/proto';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Icon } from '../../../components/ui/Icon';
import { Input } from '../../../components/ui/Input';
import { Textarea } from '../../../components/ui/Textarea';
import { toast } from '../../../components/ui/toast-store';
import {
  emptyManualCompany,
  isManualComplete,
  type ManualCompany,
  manualAnalysis,
  REQUIRED_MANUAL_FIELDS,
} from '../manual-entry';

type FieldSpec = {
  name: keyof ManualCompany;
  label: string;
  placeholder: string;
  rows?: number;
  list?: boolean;
  wide?: boolean;
  /** The generation service's bound for a text field (SubmittedAnalysis); lists are bounded per item. */
  maxLength?: number;
};

const LINE_HINT = 'One per line.';

const SECTIONS: { title: string; fields: FieldSpec[] }[] = [
  {
    title: 'Company',
    fields: [
      { name: 'companyName', label: 'Company name', placeholder: 'Acme Inc.', maxLength: 200 },
      { name: 'industry', label: 'Industry', placeholder: 'Finance software', maxLength: 200 },
      { name: 'companySize', label: 'Company size', placeholder: '50-200 employees', maxLength: 200 },
      { name: 'pricingModel', label: 'Pricing model', placeholder: 'Per seat, annual contract', maxLength: 500 },
      {
        name: 'companyDescription',
        label: 'Company description',
        placeholder: 'What you sell and who it helps.',
        rows: 4,
        maxLength: 3000,
        wide: true,
      },
    ],
  },
  {
    title: 'Who you sell to',
    fields: [
      {
        name: 'targetAudience',
        label: 'Target audience',
        placeholder: 'Finance teams at mid-market SaaS companies',
        rows: 3,
        maxLength: 1000,
        wide: true,
      },
      { name: 'targetJobTitles', label: 'Target job titles', placeholder: 'CFO\nController', rows: 3, list: true },
      { name: 'competitors', label: 'Competitors', placeholder: 'Competitor A\nCompetitor B', rows: 3, list: true },
    ],
  },
  {
    title: 'Pains and solutions',
    fields: [
      {
        name: 'customerPains',
        label: 'Customer pain points',
        placeholder: 'Month-end close takes two weeks\nInvoices are matched by hand',
        rows: 4,
        list: true,
      },
      {
        name: 'solutions',
        label: 'Solutions',
        placeholder: 'Close in two days with automated reconciliation\nAutomatic invoice matching',
        rows: 4,
        list: true,
      },
      {
        name: 'keyDifferentiators',
        label: 'Key differentiators',
        placeholder: 'Live in a week\nNative ERP sync',
        rows: 3,
        list: true,
      },
      {
        name: 'recentNews',
        label: 'Recent news',
        placeholder: 'Series B, new ERP integration…',
        rows: 3,
        maxLength: 1000,
      },
    ],
  },
  {
    title: 'Proof',
    fields: [
      { name: 'implementationTime', label: 'Implementation time', placeholder: '2 weeks', maxLength: 300 },
      { name: 'roi', label: 'ROI', placeholder: '3x in the first year', maxLength: 500 },
      {
        name: 'caseStudies',
        label: 'Case studies',
        placeholder: 'A short story of a customer result.',
        rows: 3,
        maxLength: 4000,
        wide: true,
      },
    ],
  },
];

const required = new Set<keyof ManualCompany>(REQUIRED_MANUAL_FIELDS);

/**
 * docs/product.md §2 tab 'Manual Entry' (fields of §3, required ones per §5). Continue hands the whole form
 * on as the analysis (see manualAnalysis) and goes straight to customization.
 */
export function ManualEntryForm({
  onContinue,
}: {
  onContinue: (input: { company: ManualCompany; analysis: SubmittedAnalysis }) => void;
}) {
  const [company, setCompany] = useState<ManualCompany>(emptyManualCompany);
  const complete = isManualComplete(company);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return;
    // The same bounds the generation service applies, so a too-long list is caught here.
    const parsed = SubmittedAnalysis.safeParse(manualAnalysis(company));
    if (!parsed.success) {
      toast({
        title: 'Check your entries',
        description: parsed.error.issues[0]?.message ?? 'Some fields are invalid',
        variant: 'destructive',
      });
      return;
    }
    onContinue({ company, analysis: parsed.data });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8" data-testid="manual-form">
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className="grid gap-4">
          <legend className="mb-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            {section.title}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields.map((field) => {
              const control = {
                name: field.name,
                placeholder: field.placeholder,
                value: company[field.name],
                onChange: (event: { target: { value: string } }) =>
                  setCompany((current) => ({ ...current, [field.name]: event.target.value })),
                'data-testid': `manual-${field.name}`,
                ...(field.maxLength ? { maxLength: field.maxLength } : {}),
              };
              return (
                <Field
                  key={field.name}
                  label={
                    required.has(field.name) ? (
                      <>
                        {field.label}
                        <span className="text-destructive" aria-hidden="true">
                          {' '}
                          *
                        </span>
                      </>
                    ) : (
                      field.label
                    )
                  }
                  optional={!required.has(field.name)}
                  hint={field.list ? LINE_HINT : undefined}
                  className={field.wide ? 'content-start sm:col-span-2' : 'content-start'}
                >
                  {field.rows ? (
                    <Textarea rows={field.rows} className="min-h-0" {...control} />
                  ) : (
                    <Input {...control} />
                  )}
                </Field>
              );
            })}
          </div>
          {section.title === 'Pains and solutions' ? (
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <Icon name="lightbulb" className="h-3.5 w-3.5" />
              List pain points and solutions in matching order: line 1 solves line 1.
            </p>
          ) : null}
        </fieldset>
      ))}
      <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          <span className="text-destructive">*</span> Required
        </p>
        <Button type="submit" size="lg" disabled={!complete} data-testid="manual-continue">
          Continue
          <Icon name="arrowRight" />
        </Button>
      </div>
    </form>
  );
}
