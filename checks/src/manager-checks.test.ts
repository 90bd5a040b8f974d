import type { CheckContext, Email, SequenceChecks } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { checkEmail, checkSequence } from './sequence-checks.ts';
import { EN_CONTEXT, EN_SEQUENCE } from './testing/sequences.ts';

/** What a sales manager rejects: each check fails on the kind of email it is for, and passes the good sequence. */

const email = (body: string, subject = 'Chargebacks at your store'): Email => ({
  subject,
  body: `Hi {{first_name|there}},\n\n${body}\n\nBest,\nMaria`,
});
const check = (id: string, body: string, context: CheckContext = EN_CONTEXT, subject?: string) =>
  checkEmail(email(body, subject), 1, context).find((result) => result.id === id);
const sequenceCheck = (run: SequenceChecks, id: string) => run.sequence.find((result) => result.id === id);

describe('whole sentences', () => {
  it('fails a heading run into the text and a pasted fragment', () => {
    expect(
      check(
        'sentences',
        'What you are dealing with What Acme does Denials keep climbing every month. Would a call help?',
      ),
    ).toMatchObject({ status: 'fail', reason: expect.stringMatching(/reads as pasted/) });
    expect(check('sentences', 'Early warning on every critical asset. Would a call help?')).toMatchObject({
      status: 'fail',
      reason: "'Early warning on every critical asset.' has no verb; write it as a sentence.",
    });
  });

  it.each([
    [
      'es',
      'Así lo resume Dña. María López, directora de Logística de Cía. Levantina: «Este año no perdimos ni un camión.»',
    ],
    ['es', 'Así lo resume Ing. Pedro Gil, jefe de planta: «Ahora sabemos dónde está cada palé.»'],
    ['de', 'So fasst es Dipl.-Ing. Jan Weber zusammen: „Wir haben die Rüstzeit halbiert.“'],
    ['de', 'So sagt es Prof. Anna Roth, Leiterin Einkauf: „Die Lieferungen kommen pünktlich.“'],
    ['fr', 'Comme le dit Me Claire Durand, associée du cabinet : « Nous signons en deux jours. »'],
  ] as const)('a title before a speaker’s name ends no sentence (%s: %s)', (language, line) => {
    const context = { ...EN_CONTEXT, language };
    expect(check('sentences', line, context)?.status).toBe('pass');
  });

  it("passes whole sentences, a short verbless ask, and a customer's quoted words", () => {
    expect(
      check(
        'sentences',
        'Your team still checks every invoice by hand. Maria at Globex put it this way: "Faster closes, fewer late nights." Worth a quick chat?',
      ),
    ).toMatchObject({ status: 'pass' });
  });
});

describe('one language', () => {
  it('fails an English sentence in a German email', () => {
    const german: CheckContext = { language: 'de', sources: [], caseStudyCustomers: [] };
    const body =
      'Ihr Team tippt Rechnungen noch immer von Hand ab. We met at the fair last week and you liked it. Passt Ihnen ein kurzes Gespräch?';
    expect(check('language', body, german)).toMatchObject({
      status: 'fail',
      reason: expect.stringMatching(/is in English, not German/),
    });
    expect(
      check('language', 'Ihr Team tippt Rechnungen noch immer von Hand ab. Passt Ihnen ein kurzes Gespräch?', german),
    ).toMatchObject({
      status: 'pass',
    });
  });
});

describe('no promised assets', () => {
  it('fails a one-pager or an attachment nobody has', () => {
    expect(check('promises', "I'll send over a one-pager on chargebacks. Would that help?")).toMatchObject({
      status: 'fail',
    });
    expect(check('promises', 'I have attached our pricing. Would that help?')).toMatchObject({ status: 'fail' });
    expect(check('promises', 'Happy to walk you through how Globex set it up. Would a call help?')).toMatchObject({
      status: 'pass',
    });
  });
});

describe('supported credit', () => {
  const context: CheckContext = {
    ...EN_CONTEXT,
    proofs: [
      { customer: 'Globex Foods', person: 'Maria Chen, CFO', text: 'We close the month in three days now.' },
      { text: 'Disputes used to take a week of my time.' },
    ],
  };
  it('fails a quote credited to someone the sources do not credit, and a quote not in the sources', () => {
    expect(
      check(
        'credit',
        'Maria Chen at Globex Foods put it this way: "Disputes used to take a week of my time." Worth a look?',
        context,
      ),
    ).toMatchObject({
      status: 'fail',
    });
    expect(
      check(
        'credit',
        'Globex Foods put it this way: "Disputes used to take a week of my time." Worth a look?',
        context,
      ),
    ).toMatchObject({
      status: 'fail',
      reason: expect.stringMatching(/credited to Globex Foods/),
    });
    expect(
      check('credit', 'A customer said: "We won every dispute this year, twice over." Worth a look?', context),
    ).toMatchObject({
      status: 'fail',
      reason: expect.stringMatching(/not in the sources/),
    });
  });
  it('passes a quote credited as the sources credit it, or to nobody', () => {
    expect(
      check(
        'credit',
        'Maria Chen at Globex Foods put it this way: "We close the month in three days now." Worth a look?',
        context,
      ),
    ).toMatchObject({
      status: 'pass',
    });
    expect(
      check(
        'credit',
        'One customer put it this way: "Disputes used to take a week of my time." Worth a look?',
        context,
      ),
    ).toMatchObject({
      status: 'pass',
    });
  });
});

describe('nothing said twice', () => {
  it('fails the same sentence in two emails', () => {
    const repeated = 'Most stores lose margin to disputes they never see coming.';
    const emails = EN_SEQUENCE.map((each, index) =>
      index === 2 || index === 4 ? { ...each, body: each.body.replace('\n\n', `\n\n${repeated} `) } : each,
    );
    expect(sequenceCheck(checkSequence(emails, EN_CONTEXT), 'repeats')).toMatchObject({
      status: 'fail',
      reason: expect.stringMatching(/^Emails 3 and 5 both say/),
    });
    expect(sequenceCheck(checkSequence(EN_SEQUENCE, EN_CONTEXT), 'repeats')).toMatchObject({ status: 'pass' });
  });
});

describe('pains and answers', () => {
  it('fails a price or a spec offered as a pain, a pain twice, and an integration list as an answer', () => {
    const run = (pairs: { pain: string; solution: string }[]) =>
      sequenceCheck(checkSequence(EN_SEQUENCE, { ...EN_CONTEXT, pairs }), 'pairs');
    expect(run([{ pain: 'From $49 per user per month.', solution: 'Acme routes each dispute.' }])).toMatchObject({
      status: 'fail',
    });
    expect(run([{ pain: 'Operating range: -20 to 60 °C.', solution: 'Acme logs every reading.' }])).toMatchObject({
      status: 'fail',
    });
    expect(
      run([
        { pain: 'Disputes pile up.', solution: 'Acme answers each one.' },
        { pain: 'Disputes pile up.', solution: 'Acme answers each one again.' },
      ]),
    ).toMatchObject({ status: 'fail', reason: expect.stringMatching(/listed twice/) });
    expect(run([{ pain: 'Disputes pile up.', solution: 'Integrates with Shopify, Stripe and PayPal.' }])).toMatchObject(
      { status: 'fail' },
    );
    expect(
      run([
        { pain: 'Disputes pile up every week.', solution: 'Acme answers each dispute with the evidence it needs.' },
      ]),
    ).toMatchObject({
      status: 'pass',
    });
  });
});
