/**
 * Whether the reader's title belongs with the seller's function (src/writing/compose/compose.ts,
 * personaFits): where it does not, no email says the topic is their job ("accounts payable usually
 * lands with you as Head of Marketing"); the intro says honestly that it may not be, and the
 * persona is still named where the emails speak to the reader.
 */
import { Customization } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { analyseSite, extractPage } from '../../src/analysis/index.ts';
import { framesFor, linesFor } from '../../src/playbook/frames.ts';
import { playbook } from '../../src/playbook/index.ts';
import { buildComposerBrief } from '../../src/writing/compose/brief.ts';
import { personaFits } from '../../src/writing/compose/compose.ts';
import { composeChecked } from '../../src/writing/compose/variants.ts';
import { pagesOf } from '../support/fixture-sites.ts';

const fn = (id: string) => {
  const found = playbook().functions.get(id);
  if (!found) throw new Error(`no function ${id}`);
  return found;
};

const BASE = Customization.parse({ persona: 'generic', industry: 'agnostic', targetSpecificCompany: 'no' });

describe('personaFits', () => {
  it.each([
    ['Head of Purchasing', 'procurement', 'en'],
    ['Leiter Einkauf', 'procurement', 'de'],
    ['Einkaufsleiter', 'procurement', 'de'],
    ['AP Specialist', 'accounts-payable', 'en'],
    ['CFO', 'accounts-payable', 'en'],
    ['Directeur financier', 'accounts-payable', 'fr'],
    ['CEO', 'recruiting', 'en'],
    ['Managing Director', 'warehouse-operations', 'en'],
    ['Geschäftsführer', 'payroll', 'de'],
  ] as const)('%s belongs with %s', (title, id, language) => {
    expect(personaFits(title, fn(id), language)).toBe(true);
  });

  it.each([
    ['Head of Marketing', 'accounts-payable', 'en'],
    ['Compliance Lead', 'financial-close', 'en'],
    ['Senior Accountant', 'recruiting', 'en'],
    ['Jefe de Compras', 'devops-platform', 'es'],
  ] as const)('%s does not belong with %s', (title, id, language) => {
    expect(personaFits(title, fn(id), language)).toBe(false);
  });

  it('a title the seller’s page names as its buyer fits', () => {
    expect(personaFits('Operations Director', fn('learning-training'), 'en')).toBe(false);
    expect(personaFits('Operations Director', fn('learning-training'), 'en', ['Operations Director'])).toBe(true);
    expect(personaFits('Director of Operations', fn('learning-training'), 'en', ['Operations Director'])).toBe(true);
    expect(personaFits('Head of Marketing', fn('learning-training'), 'en', ['Operations Director'])).toBe(false);
  });

  it('the brief takes the page’s buyers from its own (not inferred) titles, not from its quoted customers’ roles', () => {
    const analysis = analyseSite({ company: extractPage(pagesOf('ledgerly').index, 'https://ledgerly.example/') });
    const brief = buildComposerBrief({
      analysis: {
        ...analysis,
        targetJobTitles: ['Plant Manager'],
        titlesInferred: false,
        proofPoints: [
          {
            result: 'We closed in three days instead of ten.',
            quote: true,
            customer: 'Acme Foods',
            person: 'Dana Reyes, Operations Director',
            figures: [],
          },
        ],
      },
      customization: { ...BASE, persona: 'specific', specificPersona: 'Operations Director' },
      language: 'en',
    });
    expect(brief.pageBuyers).toEqual(['Plant Manager']);
    const guessed = buildComposerBrief({
      analysis: { ...analysis, targetJobTitles: ['Plant Manager'], titlesInferred: true, proofPoints: [] },
      customization: BASE,
      language: 'en',
    });
    expect(guessed.pageBuyers).not.toContain('Plant Manager');
  });

  it('no title fits', () => {
    expect(personaFits(undefined, fn('payroll'), 'en')).toBe(true);
  });
});

describe('a sequence for a reader whose title is not the function buyer', () => {
  const analysis = analyseSite({ company: extractPage(pagesOf('ledgerly').index, 'https://ledgerly.example/') });
  const customization = (title: string): Customization => ({
    persona: 'specific',
    specificPersona: title,
    seniority: 'above',
    industry: 'agnostic',
    specificIndustry: '',
    tone: 50,
    additionalContext: '',
    targetSpecificCompany: 'no',
    prospectCompanyUrl: '',
    language: 'auto',
  });
  const write = (title: string) => {
    const brief = buildComposerBrief({
      analysis,
      customization: customization(title),
      language: 'en',
      sender: { firstName: 'Sam' },
    });
    return { brief, ...composeChecked(brief) };
  };

  it('never says the topic is their job, says it may not be, still names them, and passes every check', () => {
    const { brief, sequence, checks } = write('Head of Marketing');
    expect(brief.fn.id).toBe(analysis.classification?.function);
    const text = sequence.map((email) => email.body).join('\n');
    expect(text).not.toMatch(/usually (?:sits|lands) with you|falls within your remit as/);
    expect(text).toMatch(/not (?:sure|certain) .* as Head of Marketing|in case .* as Head of Marketing/);
    expect(sequence.filter((email) => email.body.includes('Head of Marketing')).length).toBeGreaterThanOrEqual(2);
    // Nor, later, that it is their daily pain or their number (the SDR review's contradiction).
    const { angle } = framesFor('en');
    for (const line of [...linesFor(angle.personaAbove, 'neutral'), ...linesFor(angle.personaBelow, 'neutral')])
      expect(text).not.toContain(line.replace('{persona}', 'Head of Marketing'));
    expect(checks.status).not.toBe('fail');
  });

  it('a buyer of the function is told it is their topic, as before', () => {
    const { sequence } = write('Head of Accounts Payable');
    const text = sequence.map((email) => email.body).join('\n');
    expect(text).not.toMatch(/not (?:sure|certain)|in case /);
  });

  it('a title that names the topic hears "As <title>, you…" once, not in the follow-up and the angle email both', () => {
    const { sequence } = write('Head of Accounts Payable');
    const text = sequence.map((email) => email.body).join('\n');
    expect(text.match(/\bAs Head of Accounts Payable, you/g)?.length).toBe(1);
  });
});
