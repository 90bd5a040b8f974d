import { describe, expect, it } from 'vitest';
import { exportBaseName, exportContent, sequenceToCsv, sequenceToText } from './spec';

const emails = [
  { subject: 'Quick "idea" for Acme', body: 'Hi Ana,\n\nSaw your "close" post, thoughts?' },
  { subject: 'Following up', body: 'Plain body, with a comma' },
];

describe('sequence exports (docs/product.md §9)', () => {
  it('builds a CSV with a header row, numbered rows and doubled quotes', () => {
    expect(sequenceToCsv(emails)).toBe(
      [
        'Email Number,Subject,Body',
        '1,"Quick ""idea"" for Acme","Hi Ana,\n\nSaw your ""close"" post, thoughts?"',
        '2,"Following up","Plain body, with a comma"',
      ].join('\n'),
    );
  });

  it('builds a CSV of only the header for no emails', () => {
    expect(sequenceToCsv([])).toBe('Email Number,Subject,Body');
  });

  it('builds text blocks "Email N", "Subject:", the body, separated by ---', () => {
    expect(sequenceToText(emails)).toBe(
      'Email 1\nSubject: Quick "idea" for Acme\n\nHi Ana,\n\nSaw your "close" post, thoughts?' +
        '\n\n---\n\n' +
        'Email 2\nSubject: Following up\n\nPlain body, with a comma',
    );
    expect(exportContent(emails, 'txt')).toBe(sequenceToText(emails));
    expect(exportContent(emails, 'csv')).toBe(sequenceToCsv(emails));
  });

  it('names saved exports by the lowercased title with dashes', () => {
    expect(exportBaseName('VP Finance Executive SaaS Sequence')).toBe('vp-finance-executive-saas-sequence');
    expect(exportBaseName('  Email   Sequence ')).toBe('email-sequence');
    expect(exportBaseName('Q3: CFO / Controller')).toBe('q3-cfo-controller');
    expect(exportBaseName('   ')).toBe('email-sequence');
  });
});
