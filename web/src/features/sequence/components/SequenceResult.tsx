import type { Customization, Email } from '@seqgen/proto';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { type ExportFormat, exportSequence } from '../../../lib/export';
import { Icon } from '../../dashboard/icons';
import { EmailCard, SEQUENCE_STAGES } from './EmailCard';
import { RatingBar } from './RatingBar';
import { SaveSequenceForm } from './SaveSequenceForm';

export function exportWithToast(emails: Email[], format: ExportFormat, baseName?: string) {
  exportSequence(emails, format, baseName);
  toast({
    title: 'Export Successful',
    description: `Email sequence exported as ${format === 'csv' ? 'CSV' : 'TXT'}`,
    variant: 'success',
  });
}

/** Spec §2 Sequence result: the emails, rating, Save, Edit (reload) and the two exports. */
export function SequenceResult({
  emails,
  companyUrl,
  customization,
}: {
  emails: Email[];
  companyUrl: string;
  customization: Customization | null;
}) {
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  return (
    <div className="grid gap-4" data-testid="sequence-result">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => setSaving((open) => !open)} aria-expanded={saving} data-testid="save-sequence">
          <Icon name={saved ? 'check' : 'bookmark'} />
          {saved ? 'Saved' : 'Save Sequence'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => exportWithToast(emails, 'csv')} data-testid="export-csv">
          <Icon name="download" />
          Export as CSV
        </Button>
        <Button variant="outline" size="sm" onClick={() => exportWithToast(emails, 'txt')} data-testid="export-txt">
          <Icon name="file" />
          Export as Text
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="sm:ml-auto"
          onClick={() => window.location.reload()}
          data-testid="edit-sequence"
        >
          <Icon name="pencil" />
          Edit
        </Button>
      </div>
      {saving ? (
        <SaveSequenceForm
          emails={emails}
          companyUrl={companyUrl}
          customization={customization}
          onDone={(didSave) => {
            setSaving(false);
            if (didSave) setSaved(true);
          }}
        />
      ) : null}
      <ol className="grid gap-4">
        {emails.map((email, index) => (
          <li key={index}>
            <EmailCard
              email={email}
              number={index + 1}
              stage={emails.length === SEQUENCE_STAGES.length ? SEQUENCE_STAGES[index] : undefined}
            />
          </li>
        ))}
      </ol>
      <div className="rounded-xl border border-border bg-card p-4">
        <RatingBar emails={emails} companyUrl={companyUrl} customization={customization} />
      </div>
    </div>
  );
}
