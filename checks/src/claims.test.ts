import type { CheckContext, CheckResult } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { checkEmail } from './index.ts';

const EN: CheckContext = {
  language: 'en',
  sources: [
    'Brightmart cut chargebacks by 62 percent in two quarters. Nordlog recovered 1.2 million dollars.',
    'Teams handle 2,000 disputes a month, 3× faster than by hand. Resolution time went from 52 to 31 days.',
  ],
  persona: 'Head of Finance',
  industry: 'E-commerce',
  prospect: 'Acme Outdoor',
  caseStudyCustomers: ['Brightmart', 'Nordlog'],
};
const DE: CheckContext = {
  language: 'de',
  sources: ['Brightmart hat die Bearbeitungszeit um 38 % gesenkt. Nordlog spart 2.000 Euro im Monat.'],
  caseStudyCustomers: ['Brightmart'],
};

function claims(
  prose: string,
  context: CheckContext = EN,
  subject = 'Disputes at {{company|your store}}',
): CheckResult {
  const body = `Hi {{first_name|there}},\n\n${prose}\n\nBest,\nMaria`;
  const found = checkEmail({ subject, body }, 1, context).find((result) => result.id === 'claims');
  if (!found) throw new Error('no claims check');
  return found;
}

describe('claims: numbers', () => {
  it('passes when there is nothing to check', () => {
    expect(claims('We win disputes for you. Worth a look?')).toMatchObject({
      status: 'pass',
      reason: 'No numbers or customer names to check.',
    });
  });

  it('matches numbers however they are written', () => {
    for (const prose of [
      'Brightmart cut chargebacks by 62%.',
      'Brightmart cut chargebacks by 62 %.',
      'Brightmart cut chargebacks by 62 percent.',
      'Nordlog recovered $1.2M.',
      'Nordlog recovered $1.2 million.',
      'Nordlog recovered 1.2 million dollars.',
      'Teams handle 2000 disputes a month.',
      'Teams handle 2,000 disputes a month, 3x faster.',
      'Resolution time went from 52 to 31 days.',
    ]) {
      expect(claims(prose), prose).toMatchObject({
        status: 'pass',
        reason: 'Every number and customer name is in your sources.',
      });
    }
  });

  it('reads German and French number formats', () => {
    expect(claims('Nordlog spart 2.000 Euro im Monat.', DE).status).toBe('pass');
    expect(claims('Brightmart hat die Zeit um 38 Prozent gesenkt.', DE).status).toBe('pass');
    expect(claims('Les équipes traitent 2 000 litiges par mois.', { ...EN, language: 'fr' }).status).toBe('pass');
  });

  it('fails an invented number and names it', () => {
    expect(claims('Brightmart cut chargebacks by 63%.')).toMatchObject({
      status: 'fail',
      reason: "'63%' is not in the analysis, case studies or your context.",
    });
    expect(claims('Uptime is 99.99%.').reason).toBe("'99.99%' is not in the analysis, case studies or your context.");
    expect(claims('Resolution time went from 52 to 12 days.').reason).toBe(
      "'12' is not in the analysis, case studies or your context.",
    );
    expect(claims('It is 4x faster.', EN, 'Save $5k a month').reason).toBe(
      "'$5k' and '4x' are not in the analysis, case studies or your context.",
    );
  });

  it('exempts the length of the ask, numbers in merge fields and times', () => {
    expect(claims('Worth a 15-minute call?').status).toBe('pass');
    expect(claims('Do you have 15 minutes on Tuesday at 2pm or 10:30?').status).toBe('pass');
    expect(claims('Can we do a 20-minute walkthrough, or 15 min?').status).toBe('pass');
    expect(claims('Haben Sie 30 Minuten Zeit?', DE).status).toBe('pass');
    expect(claims('How is {{company|Store 360}} doing?').status).toBe('pass');
    expect(claims('We answer 24/7.').status).toBe('pass');
  });

  it('still checks minutes that are a result', () => {
    expect(claims('Brightmart cut handling from 45 minutes to 31.').reason).toBe(
      "'45 minutes' is not in the analysis, case studies or your context.",
    );
  });
});

describe('claims: customer names', () => {
  it('catches an invented customer credited with a result', () => {
    expect(claims('After we helped Globocorp cut costs by 62%, others followed.')).toMatchObject({
      status: 'fail',
      reason: "'Globocorp' is not in the analysis, case studies or your context.",
    });
  });

  it('does not take sentence openers, pronouns, months or teams for names', () => {
    expect(claims('After the rollout, teams cut chargebacks by 62%.').status).toBe('pass');
    expect(claims('After Brightmart cut chargebacks by 62%, others followed.').status).toBe('pass');
    expect(claims('In March, we cut chargebacks by 62%.').status).toBe('pass');
    expect(claims('Most teams cut chargebacks by 62% in May.').status).toBe('pass');
    expect(claims('Your team could see the same. Worth a look?').status).toBe('pass');
  });

  it('checks names after at, for and with in result sentences', () => {
    expect(claims('At Globocorp, chargebacks dropped by 62%.').reason).toBe(
      "'Globocorp' is not in the analysis, case studies or your context.",
    );
    expect(claims('For Nordlog, we recovered $1.2M.').status).toBe('pass');
  });

  it('checks every name in a customer list', () => {
    expect(claims('Customers like Brightmart, Nordlog and Globocorp trust us.').reason).toBe(
      "'Globocorp' is not in the analysis, case studies or your context.",
    );
    expect(claims('Teams like yours use it, including Brightmart.').status).toBe('pass');
  });

  it("checks 'X's team', 'worked with X' and the subject", () => {
    expect(claims("Globocorp's team loved it.").status).toBe('fail');
    expect(claims('We worked with Initech last year.').reason).toContain("'Initech'");
    expect(claims('Worth a look?', EN, 'How Globocorp cut costs by 62%').status).toBe('fail');
  });

  it('accepts the prospect, persona and industry as sources', () => {
    expect(claims('We helped Acme Outdoor before.').status).toBe('pass');
  });

  it('lists numbers and names together', () => {
    expect(claims('Globocorp cut chargebacks by 99.99%.').reason).toBe(
      "'99.99%' and 'Globocorp' are not in the analysis, case studies or your context.",
    );
  });

  it('finds German names without taking nouns for names', () => {
    expect(claims('Brightmart hat die Bearbeitungszeit um 38 % gesenkt.', DE).status).toBe('pass');
    expect(claims('Globocorp hat die Bearbeitungszeit um 38 % gesenkt.', DE).reason).toBe(
      "'Globocorp' is not in the analysis, case studies or your context.",
    );
    expect(claims('Bei Globocorp wurde die Bearbeitungszeit um 38 % gesenkt.', DE).status).toBe('fail');
    expect(claims('Kunden wie Brightmart und Globocorp sparen Zeit.', DE).status).toBe('fail');
    expect(claims('Die Bearbeitungszeit für Retouren wurde um 38 % gesenkt.', DE).status).toBe('pass');
    expect(claims('Logistikteams haben die Kosten um 38 % gesenkt.', DE).status).toBe('pass');
  });

  it('finds French and Spanish names', () => {
    expect(claims('Chez Globocorp, les retours ont baissé de 62 %.', { ...EN, language: 'fr' }).status).toBe('fail');
    expect(claims('Globocorp redujo las devoluciones un 62 %.', { ...EN, language: 'es' }).status).toBe('fail');
    expect(claims('Brightmart redujo las devoluciones un 62 %.', { ...EN, language: 'es' }).status).toBe('pass');
  });
});
