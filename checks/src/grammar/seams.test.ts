import type { WritingLanguage } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { seams } from '../index.ts';
import { SENTENCES } from './sentences.fixtures.ts';

const kinds = (text: string, language: WritingLanguage = 'en'): string[] =>
  seams(text, language).map((seam) => seam.kind);

describe('seams: none in good prose', () => {
  for (const language of ['en', 'de', 'fr', 'es'] as const) {
    it(`${language}: no seam in any development sentence`, () => {
      const { good, noVerb } = SENTENCES[language];
      const found = [...good, ...noVerb].flatMap((sentence) =>
        seams(sentence, language).map((seam) => `${seam.kind}: ${sentence}`),
      );
      expect(found).toEqual([]);
    });
  }

  it('accepts a whole email: greeting, paragraphs, bullets, sign-off and signature', () => {
    const body = [
      'Hi {{first_name|there}},',
      '',
      'Most teams plan shifts in Excel. Here is what changes with Acme:',
      '- swaps happen in the app',
      '- managers approve in one tap',
      '',
      'Would a short demo help?',
      '',
      'Best,',
      'Maria Lopez',
      'Head of Sales, Acme',
    ].join('\n');
    expect(seams(body, 'en')).toEqual([]);
    const german = 'Hallo {{first_name|zusammen}},\n\nPasst es Ihnen am Dienstag?\n\nViele Grüße\nMaria\nAcme GmbH';
    expect(seams(german, 'de')).toEqual([]);
  });
});

describe('seams: spacing and punctuation', () => {
  it('finds double spaces and spaces before punctuation', () => {
    expect(seams('We can help  you.', 'en')).toEqual([{ kind: 'double-space', at: 'We can help  you.' }]);
    expect(seams('Thanks , Anna.', 'en')).toEqual([{ kind: 'space-before-punctuation', at: 'Thanks ,' }]);
    expect(kinds('It works . Really.')).toEqual(['space-before-punctuation']);
  });

  it('accepts French spacing before ? ! : ; but not before , or .', () => {
    expect(kinds('Avez-vous 15 minutes ? Merci !', 'fr')).toEqual([]);
    expect(kinds('Voici le plan : trois étapes ; rien de plus.', 'fr')).toEqual([]);
    expect(kinds('Merci , à bientôt.', 'fr')).toEqual(['space-before-punctuation']);
  });

  it('finds a missing space after sentence punctuation, not in numbers, links or abbreviations', () => {
    expect(seams('Costs fell.Then they rose.', 'en')).toEqual([{ kind: 'missing-space', at: 'fell.Then' }]);
    expect(kinds('Costs,time and money.')).toEqual(['missing-space']);
    expect(kinds('It saves 2.5 hours and 1,200 dollars.')).toEqual([]);
    expect(kinds('See acme.com or www.acme.io/page?utm=mail for details.')).toEqual([]);
    expect(kinds('Tools, e.g. Excel, i.e. spreadsheets, work.')).toEqual([]);
    expect(kinds('Wir nutzen z.B. Excel.', 'de')).toEqual([]);
    expect(kinds('We built it on Node.js and Acme.AI.')).toEqual([]);
  });

  it('finds a repeated word, not the legitimate doubles', () => {
    expect(seams('We work with the the largest carriers.', 'en')).toEqual([{ kind: 'repeated-word', at: 'the the' }]);
    expect(kinds('We offer offer support.')).toEqual(['repeated-word']);
    expect(kinds('I think that that works.')).toEqual([]);
    expect(kinds('Teams, die die Planung lieben, sparen Zeit.', 'de')).toEqual([]);
    expect(kinds('Nous nous occupons de tout.', 'fr')).toEqual([]);
  });
});

describe('seams: quotes, brackets and slots', () => {
  it('finds unbalanced quotes and brackets', () => {
    expect(kinds('He said "yes.')).toEqual(['unbalanced-quotes']);
    expect(kinds('Call (or email me.')).toEqual(['unbalanced-brackets']);
    expect(kinds('Call or email me).')).toEqual(['unbalanced-brackets']);
    expect(kinds('Das spart Zeit (und Nerven.', 'de')).toEqual(['unbalanced-brackets']);
    expect(kinds('Sie sagen „Danke.', 'de')).toEqual(['unbalanced-quotes']);
    expect(kinds('Ils disent « merci.', 'fr')).toEqual(['unbalanced-quotes']);
    expect(kinds('¿Tiene un momento.', 'es')).toEqual(['unbalanced-quotes']);
  });

  it('accepts balanced pairs, list markers and smileys', () => {
    expect(kinds('He said "yes" (twice).')).toEqual([]);
    expect(kinds('Sie sagen „Danke“ und meinen es.', 'de')).toEqual([]);
    expect(kinds('Ils disent « merci » souvent.', 'fr')).toEqual([]);
    expect(kinds('Three steps: a) sign up, b) import, c) go live.')).toEqual([]);
    expect(kinds('Thanks :)')).toEqual([]);
  });

  it('finds a slot or stray brace, never a merge field', () => {
    expect(seams('Hi {company}, we help.', 'en')).toEqual([{ kind: 'slot', at: '{company}' }]);
    expect(kinds('Hi {{firstName}}, we help.')).toEqual(['slot']);
    expect(kinds('We help } you.')).toEqual(['slot']);
    expect(kinds('Hi {{first_name|there}}, how is {{company|your team}}?')).toEqual([]);
    expect(kinds('Hi {{first_name|}}, see you, {{sender_name}}.')).toEqual([]);
  });
});

describe('seams: fused sentences and headings', () => {
  it('finds a heading run into the text', () => {
    expect(seams("What you're dealing with What Acme does Denials keep climbing.", 'en')).toEqual([
      { kind: 'heading-run-on', at: 'with What Acme' },
    ]);
    // German capitalises every noun, so only the closed-class word shows the seam.
    expect(kinds('Was Sie erleben Was Acme macht Ablehnungen steigen.', 'de')).toEqual(['heading-run-on']);
    expect(kinds('Ce que vous vivez Ce que fait Acme Les refus augmentent.', 'fr')).toContain('heading-run-on');
    expect(kinds('Lo que usted vive Lo que hace Acme Los rechazos suben.', 'es')).toContain('heading-run-on');
    expect(kinds('Denials keep climbing The fix is simple.')).toEqual(['heading-run-on']);
  });

  it('finds two sentences run together', () => {
    expect(seams('We can help We start next week.', 'en')).toEqual([{ kind: 'run-on', at: 'help We start' }]);
    expect(kinds('Das geht schnell Wir starten nächste Woche.', 'de')).toEqual(['run-on']);
    expect(kinds('Cela va vite Nous commençons lundi.', 'fr')).toEqual(['run-on']);
  });

  it('leaves names, formal address and "I" alone', () => {
    expect(kinds('We work with The Home Depot and La Poste.')).toEqual([]);
    expect(kinds('Then I can send it.')).toEqual([]);
    expect(kinds('Darf ich Ihnen zeigen, wie Ihr Team Zeit spart?', 'de')).toEqual([]);
    expect(kinds('Raised a Series A last year.')).toEqual([]);
    expect(kinds('Nous travaillons avec La Poste.', 'fr')).toEqual([]);
    expect(kinds('Trabajamos con El Corte Inglés.', 'es')).toEqual([]);
  });

  it('finds a sentence that starts in lower case after a full stop', () => {
    expect(seams('It works. and it is fast.', 'en')).toEqual([{ kind: 'lower-case-start', at: 'works. and' }]);
    expect(kinds('Tools, e.g. spreadsheets, slow you down.')).toEqual([]);
    expect(kinds('Wir nutzen z. B. Excel, bzw. andere Tabellen.', 'de')).toEqual([]);
    expect(kinds('Am 3. oktober geht es los.', 'de')).toEqual([]);
  });

  it('finds a line break inside a sentence', () => {
    expect(seams("What you're dealing with\nDenials keep climbing.", 'en')).toEqual([
      { kind: 'line-break', at: 'are dealing with\nDenials keep climbing.'.replace('are', "you're") },
    ]);
    expect(kinds('Our platform\nhelps teams plan.')).toEqual(['line-break']);
    expect(kinds('One line.\nAnother line.')).toEqual([]);
  });
});

describe('seams: cut and dangling sentences', () => {
  it('finds a sentence that ends on a connector', () => {
    expect(kinds('We help clinics with.')).toEqual(['dangling-connector']);
    expect(kinds('Costs, time and.')).toEqual(['dangling-connector']);
    expect(kinds('Wir helfen Praxen bei der Abrechnung und.', 'de')).toEqual(['dangling-connector']);
    expect(kinds('Wir kümmern uns um alles für.', 'de')).toEqual(['dangling-connector']);
    expect(kinds('Nous aidons les cabinets avec.', 'fr')).toEqual(['dangling-connector']);
    expect(kinds('Ayudamos a las clínicas con.', 'es')).toEqual(['dangling-connector']);
  });

  it('accepts a preposition a question or a verb leaves at the end, and German particles', () => {
    expect(kinds('Who do you work with?')).toEqual([]);
    expect(kinds('This is the tool we rely on.')).toEqual([]);
    expect(kinds('A partner worth talking to.')).toEqual([]);
    expect(kinds('It is ready as soon as a driver checks in.')).toEqual([]);
    expect(kinds('Wir rufen Sie an.', 'de')).toEqual([]);
    expect(kinds('Stellen Sie gerade für die Saison ein?', 'de')).toEqual([]);
    expect(kinds('Probieren Sie es aus.', 'de')).toEqual([]);
    expect(kinds('Dites-le-moi.', 'fr')).toEqual([]);
  });

  it("accepts a phrasal verb's particle after its object pronoun", () => {
    expect(kinds('Records stay current without reps typing them in.')).toEqual([]);
    expect(kinds('Just log it in.')).toEqual([]);
    expect(kinds('Feel free to pass it on.')).toEqual([]);
    expect(kinds('The form is for them in.')).toEqual(['dangling-connector']);
  });

  it('finds an ellipsis and a colon with nothing after it', () => {
    expect(seams('We cut costs…', 'en')).toEqual([{ kind: 'ellipsis', at: 'We cut costs…' }]);
    expect(kinds('We cut costs... and more.')).toEqual(['ellipsis']);
    expect(seams('Here is the list:', 'en')).toEqual([{ kind: 'empty-colon', at: 'list:' }]);
    expect(kinds('Here is the list: two items.')).toEqual([]);
    expect(kinds('Das haben wir gefunden:', 'de')).toEqual(['empty-colon']);
    expect(kinds('Meet at 10:30 or call https://acme.com.')).toEqual([]);
  });
});
