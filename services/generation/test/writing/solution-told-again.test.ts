import { Customization, SubmittedAnalysis } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { buildBrief } from '../../src/writing/brief/brief.ts';
import { composeSequence } from '../../src/writing/composer/composer.ts';

/**
 * A solution an earlier email told, told again in a later one by how it works: only when the
 * page names a means (not a figure, not a detail after a comma), and in a sentence that says what
 * it speaks of, since nothing before it in that email does.
 */

describe('a solution told again, by how it works', () => {
  const meansOf = (solution: string, language: 'en' | 'de' = 'en') =>
    buildBrief({
      analysis: SubmittedAnalysis.parse({
        companyName: 'Ledgerly',
        companyDescription: 'Ledgerly automates accounts payable for mid-market finance teams.',
        targetAudience: 'Finance teams',
        targetJobTitles: ['Controller'],
        customerPains: ['Invoices are keyed in by hand.'],
        solutions: [solution],
        language,
      }),
      customization: Customization.parse({
        persona: 'generic',
        industry: 'agnostic',
        targetSpecificCompany: 'no',
        tone: 50,
      }),
      language,
    }).pairs[0]?.solution.means;

  it('is told by its means only when the page names one: a figure is a result, not how it works', () => {
    expect(
      meansOf('Invoice capture: Invoice capture reads PDF and emailed invoices in seconds, with 99% field accuracy.'),
    ).toBeUndefined();
    expect(meansOf('Invoice capture: Invoice capture fills every field with 99% field accuracy.')).toBeUndefined();
    expect(
      meansOf(
        'Checkout recovery: Quantly wins back abandoned carts with AI-timed messages across email, SMS and WhatsApp.',
      ),
    ).toBe('AI-timed messages across email, SMS and WhatsApp');
    expect(
      meansOf('Teamanker ist für Personalleiter in Unternehmen mit 50 bis 1.000 Mitarbeitenden gemacht.', 'de'),
    ).toBeUndefined();
  });

  it('names what it speaks of: a later email has no "that" to lean on', () => {
    const analysis = SubmittedAnalysis.parse({
      companyName: 'Quantly',
      companyDescription: 'Quantly wins back abandoned carts for online stores.',
      targetAudience: 'E-commerce teams',
      targetJobTitles: ['Head of E-commerce'],
      customerPains: ['Shoppers leave full carts at checkout every day.'],
      painPhrases: [{ pain: 'Shoppers leave full carts at checkout every day.', phrase: 'cart abandonment' }],
      solutions: [
        'Checkout recovery: Quantly wins back abandoned carts with AI-timed messages across email, SMS and WhatsApp.',
      ],
      language: 'en',
    });
    for (const tone of [20, 50, 90]) {
      const sequence = composeSequence(
        buildBrief({
          analysis,
          customization: Customization.parse({
            persona: 'generic',
            industry: 'agnostic',
            targetSpecificCompany: 'no',
            tone,
          }),
          language: 'en',
        }),
      );
      const told = sequence.filter((email) => email.body.includes('AI-timed messages across email, SMS and WhatsApp'));
      expect(told.length).toBeGreaterThanOrEqual(2);
      for (const email of told.slice(1)) {
        const sentence = email.body.split(/(?<=[.!?])\s+/).find((line) => line.includes('AI-timed messages')) ?? '';
        expect(sentence).toMatch(/Quantly|checkout recovery|cart abandonment/i);
        expect(sentence).not.toMatch(/\b(that|this|it)\b/i);
      }
    }
  });
});
