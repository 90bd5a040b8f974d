import { checkSequence } from '@seqgen/checks';
import type { CheckContext } from '@seqgen/proto';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StudioEmailCard } from '../../../components/sequence/StudioEmailCard';
import { previewValues } from '../../../lib/sequence/merge-fields';
import { createStudio } from '../../../lib/sequence/studio';
import { SequenceResult } from './SequenceResult';

const ANGLES = ['disputes', 'refunds', 'evidence', 'deadlines', 'margins', 'reporting', 'timing'];
const emails = ANGLES.map((angle) => ({
  subject: `Chargebacks at {{company|your store}}: ${angle}`,
  body: `Hi {{first_name|there}},\n\nLedgerline wins chargeback disputes for online stores, so your team spends less time on ${angle} and more on the customers who stay with you for years. Worth a look?\n\nBest,\n{{sender_name}}`,
}));
emails[1] = {
  subject: 'Disputes',
  body: 'Hi {{firstName}},\n\nLedgerline wins chargeback disputes for online stores like yours, so your team spends less time on paperwork and more on the customers who stay. Worth a look?\n\nBest,\nMaria',
};
const context: CheckContext = {
  language: 'en',
  sources: ['Ledgerline wins chargeback disputes for online stores.'],
  caseStudyCustomers: [],
};
const values = previewValues({ customization: null, sender: { firstName: 'Gina' } });

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function render(cadence?: (number | null)[]) {
  return renderToStaticMarkup(
    <SequenceResult
      studio={createStudio(emails, cadence)}
      dispatch={() => {}}
      checks={null}
      checkContext={context}
      contextOpened={false}
      companyUrl="https://ledgerline.test/"
      customization={null}
      regenerateBase={{
        companyUrl: 'https://ledgerline.test/',
        customization: {
          persona: 'generic',
          specificPersona: '',
          industry: 'agnostic',
          specificIndustry: '',
          tone: 50,
          additionalContext: '',
          targetSpecificCompany: 'no',
          prospectCompanyUrl: '',
          language: 'auto',
        },
      }}
      onCheckContext={() => {}}
      previewValues={values}
    />,
  );
}

describe('the studio result (server-rendered markup)', () => {
  it('keeps the product’s result: "Email N" cards with Copy, rating, Save Sequence, Edit and both exports', () => {
    const text = textOf(render());
    for (let n = 1; n <= 7; n++) expect(text).toContain(`Email ${n}`);
    for (const label of [
      'Good',
      'Needs Work',
      'Save Sequence',
      'Edit',
      'Export as CSV',
      'Export as Text',
      'Copy all',
    ]) {
      expect(text).toContain(label);
    }
    expect((render().match(/data-testid="copy-subject"/g) ?? []).length).toBe(7);
    expect((render().match(/data-testid="copy-body"/g) ?? []).length).toBe(7);
  });

  it('shows each send day, the sequence’s check summary and each email’s checks with reasons', () => {
    const html = render();
    const text = textOf(html);
    for (const day of [0, 3, 7, 11, 16, 21, 28]) expect(text).toContain(`Day ${day}`);
    const checks = checkSequence(emails, context);
    expect(text).toContain(checks.summary);
    expect((html.match(/data-testid="email-checks"/g) ?? []).length).toBe(7);
    // Email 2's misspelt field is named with how to write it; no bare score anywhere.
    expect(text).toContain("Placeholders: '{{firstName}}' is not a merge field; write {{first_name|there}}.");
    expect(html).toContain('data-testid="merge-chip-unknown">{{firstName}}</span>');
    expect(html).toMatch(/data-testid="merge-chip" data-field="first_name">\{\{first_name\|there\}\}<\/span>/);
    // Status is said in words beside the icon, not by colour alone.
    expect(text).toMatch(/\b(Pass|Warning|Fail)\b/);
  });

  it('says what is wrong with the send days and holds Save and exports back', () => {
    const html = render([0, 3, 3, 11, 16, 21, 28]);
    expect(textOf(html)).toContain('Cadence: Email 3: Each send day must come after the one before it');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="save-sequence"/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="export-csv"/);
  });
});

describe('StudioEmailCard in edit mode', () => {
  it('labels the subject, body and send-day fields', () => {
    const html = renderToStaticMarkup(
      <StudioEmailCard
        email={emails[0] as (typeof emails)[number]}
        number={1}
        day={0}
        checks={[]}
        regenerating={false}
        canUndo={false}
        onSubject={() => {}}
        onBody={() => {}}
        onDay={() => {}}
        onRegenerate={() => {}}
        onUndo={() => {}}
        defaultEditing
      />,
    );
    for (const [label, testId] of [
      ['Subject', 'edit-subject'],
      ['Body', 'edit-body'],
      ['Send on day', 'edit-send-day'],
    ] as const) {
      const id = html.match(new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`))?.[1];
      expect(id, label).toBeTruthy();
      expect(html).toMatch(new RegExp(`id="${id}"[^>]*data-testid="${testId}"|data-testid="${testId}"[^>]*id="${id}"`));
    }
  });
});
