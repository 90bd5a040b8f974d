import { describe, expect, it } from 'vitest';
import { finiteVerbs, hasFiniteVerb, mainClauseVerbs, seams, sentenceIssues } from '../index.ts';
import { VERB_LEMMAS } from './index.ts';
import { SENTENCES } from './sentences.fixtures.ts';

describe('the verb lexicons', () => {
  it('list at least 600 verbs per language', () => {
    for (const language of ['en', 'de', 'fr', 'es'] as const) expect(VERB_LEMMAS[language]).toBeGreaterThanOrEqual(600);
  });

  it('never throw, whatever the input', () => {
    const odd = [
      '',
      ' ',
      '.',
      '...',
      '¿?',
      '«»',
      '{{',
      '}}',
      '{',
      '{{first_name}}',
      "qu'",
      '-vous',
      'Avez-',
      '3.5.',
      '\n\n',
    ];
    for (const language of ['en', 'de', 'fr', 'es'] as const) {
      for (const text of odd) {
        expect(() => [
          finiteVerbs(text, language),
          seams(text, language),
          sentenceIssues(text, language),
        ]).not.toThrow();
      }
    }
    expect(sentenceIssues('', 'en')).toEqual(['start', 'end', 'no-verb']);
  });
});

describe('finiteVerbs: every development sentence', () => {
  for (const language of ['en', 'de', 'fr', 'es'] as const) {
    it(`${language}: finds a verb in each full sentence and none in each fragment`, () => {
      const { good, noVerb, formulae } = SENTENCES[language];
      expect(good.filter((sentence) => !hasFiniteVerb(sentence, language))).toEqual([]);
      expect(noVerb.filter((sentence) => hasFiniteVerb(sentence, language))).toEqual([]);
      // A formula is a whole sentence without a verb: finiteVerbs does not pretend otherwise.
      expect(formulae.filter((sentence) => hasFiniteVerb(sentence, language))).toEqual([]);
    });
  }
});

describe('finiteVerbs: English', () => {
  it('counts imperatives, questions and contractions', () => {
    expect(finiteVerbs('Reply with a yes.', 'en')).toEqual(['Reply']);
    expect(finiteVerbs('Just reply and I will send the numbers.', 'en')).toEqual(['reply', 'will']);
    expect(finiteVerbs('Is this on your list?', 'en')).toEqual(['Is']);
    expect(finiteVerbs("We're seeing fewer denials, and it's working.", 'en')).toEqual(["We're", "it's"]);
    expect(finiteVerbs("Don't worry.", 'en')).toEqual(["Don't"]);
  });

  it('reports a question without a verb', () => {
    expect(finiteVerbs('Worth a chat?', 'en')).toEqual([]);
    expect(finiteVerbs('Open to a quick call?', 'en')).toEqual([]);
  });

  it('takes a noun that shares a form with a verb for a verb only where a verb stands', () => {
    expect(finiteVerbs('Early warning on shift plans.', 'en')).toEqual([]);
    expect(finiteVerbs('The team plans shifts every Friday.', 'en')).toEqual(['plans']);
    expect(finiteVerbs('Our plans cost less than one hire.', 'en')).toEqual(['cost']);
    expect(finiteVerbs('Cost savings for every team.', 'en')).toEqual([]);
    expect(finiteVerbs('Automated claim checks before submission.', 'en')).toEqual([]);
    expect(finiteVerbs('Each site reports its numbers by Monday.', 'en')).toEqual(['reports']);
    expect(finiteVerbs('Plan ahead for peak season.', 'en')).toEqual(['Plan']);
    expect(finiteVerbs('Our family business plans to grow.', 'en')).toEqual(['plans']);
    expect(finiteVerbs('The team steadily reduces costs.', 'en')).toEqual(['reduces']);
  });

  it('needs an auxiliary before an -ing form and a subject before a past form', () => {
    expect(finiteVerbs('We seeing results.', 'en')).toEqual([]);
    expect(finiteVerbs('Trusted by 500 teams.', 'en')).toEqual([]);
    expect(finiteVerbs('Costs reduced by 30% in the first year.', 'en')).toEqual([]);
    expect(finiteVerbs('Brightmart cut chargebacks by 41%.', 'en')).toEqual(['cut']);
    expect(finiteVerbs('Acme Health reduced no-shows by 20%.', 'en')).toEqual(['reduced']);
  });

  it('counts no infinitive after "to" or a modal', () => {
    expect(finiteVerbs('A quick way to reduce costs.', 'en')).toEqual([]);
    expect(finiteVerbs('I can walk you through it.', 'en')).toEqual(['can']);
  });

  it('treats merge fields and slots as names, never as verbs', () => {
    expect(finiteVerbs('{{company|Your team}} spends hours on claims.', 'en')).toEqual(['spends']);
    expect(finiteVerbs('Happy to share more about how {company} works.', 'en')).toEqual(['works']);
    expect(finiteVerbs('Hi {{first_name|there}}, {company} plans every shift.', 'en')).toEqual(['plans']);
    expect(finiteVerbs('{{first_name|Reply}}', 'en')).toEqual([]);
  });

  it('leaves a grammatical-looking sentence alone: semantics is not its business', () => {
    expect(hasFiniteVerb('Predictive scheduling fines takes care of it.', 'en')).toBe(true);
  });

  it('guesses verbs the lexicon lacks by their ending', () => {
    expect(finiteVerbs('Acme digitizes intake for 300 clinics.', 'en')).toEqual(['digitizes']);
    expect(finiteVerbs('Every team size.', 'en')).toEqual([]);
  });

  it('reads two -s forms joined by "and" after a singular subject as its verbs', () => {
    expect(finiteVerbs('Acme records and transcribes sales calls.', 'en')).toEqual(['records', 'transcribes']);
    expect(finiteVerbs('Acme records and files every call.', 'en')).toEqual(['records', 'files']);
    expect(finiteVerbs('Customer records and files in one place.', 'en')).toEqual([]);
  });

  it('finds the main verb after a relative clause with its own subject', () => {
    expect(mainClauseVerbs('Leads that sales trusts shorten the path from spend to revenue.', 'en')).toEqual([
      'shorten',
    ]);
    expect(mainClauseVerbs('The deals that finance approves close faster.', 'en')).toEqual(['close']);
  });
});

describe('finiteVerbs: German', () => {
  it('counts verbs in main clauses, questions and imperatives', () => {
    expect(finiteVerbs('Im Onlinehandel kostet jede Retoure Zeit.', 'de')).toEqual(['kostet']);
    expect(finiteVerbs('Ist das bei Ihnen gerade ein Thema?', 'de')).toEqual(['Ist']);
    expect(finiteVerbs('Passt ein kurzer Termin in den nächsten Tagen?', 'de')).toEqual(['Passt']);
    expect(finiteVerbs('Antworten Sie einfach mit Ja.', 'de')).toEqual(['Antworten']);
    expect(finiteVerbs('Schreib mir kurz.', 'de')).toEqual(['Schreib']);
  });

  it('finds the verb at the end of a subordinate clause', () => {
    expect(finiteVerbs('Wenn sich das ändert, antworten Sie einfach kurz.', 'de')).toEqual(['ändert', 'antworten']);
    expect(finiteVerbs('Mit einem Foto ist klar, in welchem Zustand die Ware ankam.', 'de')).toEqual(['ist', 'ankam']);
    expect(finiteVerbs('Ich weiß, dass Sie wenig Zeit haben.', 'de')).toEqual(['weiß', 'haben']);
  });

  it('finds the finite part of a separable verb and skips infinitives and participles', () => {
    expect(finiteVerbs('Wir rufen Sie gern an.', 'de')).toEqual(['rufen']);
    expect(finiteVerbs('Wir können Ihnen helfen.', 'de')).toEqual(['können']);
    expect(finiteVerbs('Wir haben die Kosten um 38 % gesenkt.', 'de')).toEqual(['haben']);
    expect(finiteVerbs('Um Kosten zu senken, reicht ein Klick.', 'de')).toEqual(['reicht']);
  });

  it('never takes a capitalised word inside a sentence for a verb', () => {
    expect(finiteVerbs('Kurze Frage zu Ihrer Planung.', 'de')).toEqual([]);
    expect(finiteVerbs('Danke für Ihre Zeit.', 'de')).toEqual([]);
    expect(finiteVerbs('Optimierte Touren für jeden Tag.', 'de')).toEqual([]);
    expect(finiteVerbs('Schneller einstellen ohne Rätselraten.', 'de')).toEqual([]);
  });

  it('reads an unknown verb from word order', () => {
    expect(finiteVerbs('Seitdem verschiffen sie mehr Container.', 'de')).toEqual(['verschiffen']);
  });

  it('finds the main verb of a wh-question after a leading clause, with the noun it asks about', () => {
    const question = 'Wenn das Volumen wächst, wie viele Servicekräfte müssen Sie einstellen?';
    expect(mainClauseVerbs(question, 'de')).toEqual(['müssen']);
    expect(mainClauseVerbs('Wenn Sie an die Saison denken, welche Schichten sind schwer zu besetzen?', 'de')).toEqual([
      'sind',
    ]);
    // An embedded question ends on its verb.
    expect(mainClauseVerbs('Wir wissen, wie viele Kunden kündigen.', 'de')).toEqual(['wissen']);
  });
});

describe('finiteVerbs: French', () => {
  it('finds verbs behind clitics', () => {
    expect(finiteVerbs("Nous l'appelons chaque semaine.", 'fr')).toEqual(['appelons']);
    expect(finiteVerbs('Je me permets de vous écrire.', 'fr')).toEqual(['permets']);
    expect(finiteVerbs('Nous vous la présentons volontiers.', 'fr')).toEqual(['présentons']);
    expect(finiteVerbs('Il y a souvent des retards.', 'fr')).toEqual(['a']);
  });

  it('counts inversions, questions and imperatives', () => {
    expect(finiteVerbs('Avez-vous 15 minutes mardi ?', 'fr')).toEqual(['Avez']);
    expect(finiteVerbs("Qu'en pensez-vous ?", 'fr')).toEqual(['pensez']);
    expect(finiteVerbs('Répondez simplement à ce message.', 'fr')).toEqual(['Répondez']);
    expect(finiteVerbs('Ne manquez pas cette occasion.', 'fr')).toEqual(['manquez']);
  });

  it('takes a form after a determiner for a noun', () => {
    expect(finiteVerbs('La relance automatique des clients.', 'fr')).toEqual([]);
    expect(finiteVerbs('Relance automatique des clients.', 'fr')).toEqual([]);
    expect(finiteVerbs('Une demande de démo ?', 'fr')).toEqual([]);
    expect(finiteVerbs('Les options sont nombreuses.', 'fr')).toEqual(['sont']);
  });

  it('reads "la" or "les" as an object pronoun before a form that is no noun', () => {
    expect(finiteVerbs('Payflow lit chaque facture et la rapproche du bon de commande.', 'fr')).toEqual([
      'lit',
      'rapproche',
    ]);
    expect(finiteVerbs('Leur demande arrive lundi.', 'fr')).toEqual(['arrive']);
  });

  it('reads a regular verb the lexicon lacks where a verb must stand', () => {
    expect(finiteVerbs('Les relances manuelles phagocytent des journées entières.', 'fr')).toEqual(['phagocytent']);
    expect(finiteVerbs('Elles cannibalisent le temps des managers.', 'fr')).toEqual(['cannibalisent']);
    expect(finiteVerbs('Cela ne phagocyte pas votre budget.', 'fr')).toEqual(['phagocyte']);
    expect(finiteVerbs('Les services client des grandes marques.', 'fr')).toEqual([]);
    expect(finiteVerbs('Un outil souvent utile.', 'fr')).toEqual([]);
  });

  it('finds the main verb after an infinitive subject', () => {
    const sentence =
      'Construire le planning et chercher des remplaçants grignotent des heures que les managers devraient passer sur le terrain.';
    expect(mainClauseVerbs(sentence, 'fr')).toEqual(['grignotent']);
  });

  it('reads a participle-like form as a verb only where a verb stands', () => {
    expect(finiteVerbs('Notre outil réduit vos délais de paiement.', 'fr')).toEqual(['réduit']);
    expect(finiteVerbs('Un délai réduit de 30 %.', 'fr')).toEqual([]);
    expect(finiteVerbs('Acme a réduit ses retards de 40 %.', 'fr')).toEqual(['a']);
  });
});

describe('finiteVerbs: Spanish', () => {
  it('finds verbs behind clitics and with clitics attached', () => {
    expect(finiteVerbs('Se lo explicamos en una llamada.', 'es')).toEqual(['explicamos']);
    expect(finiteVerbs('La probamos con tres clientes.', 'es')).toEqual(['probamos']);
    expect(finiteVerbs('Escríbame cuando quiera.', 'es')).toEqual(['Escríbame', 'quiera']);
    expect(finiteVerbs('Dígame qué le parece.', 'es')).toEqual(['Dígame', 'parece']);
    expect(finiteVerbs('Avísame si te interesa.', 'es')).toEqual(['Avísame', 'interesa']);
  });

  it('counts questions, subjectless verbs and imperatives', () => {
    expect(finiteVerbs('¿Tiene 15 minutos el jueves?', 'es')).toEqual(['Tiene']);
    expect(finiteVerbs('Trabajo con equipos de ventas.', 'es')).toEqual(['Trabajo']);
    expect(finiteVerbs('Responda con un sí.', 'es')).toEqual(['Responda']);
    expect(finiteVerbs('Depende de su equipo.', 'es')).toEqual(['Depende']);
  });

  it('takes a tú form opening a statement for a plural noun, and finds accented forms', () => {
    expect(finiteVerbs('Facturas en piloto automático.', 'es')).toEqual([]);
    expect(finiteVerbs('¿Trabajas con proveedores externos?', 'es')).toEqual(['Trabajas']);
    expect(finiteVerbs('Buildlog reúne seguros y permisos.', 'es')).toEqual(['reúne']);
  });

  it('reads a regular verb the lexicon lacks where a verb must stand', () => {
    expect(finiteVerbs('La formación que encuadra en un turno cuesta menos.', 'es')).toEqual(['encuadra', 'cuesta']);
    expect(finiteVerbs('¿Cuántos centros engloba su planificación?', 'es')).toEqual(['engloba']);
    expect(finiteVerbs('¿Cuántas cuentas pivotaron hacia otro proveedor?', 'es')).toEqual(['pivotaron']);
    expect(finiteVerbs('Un sistema para toda la empresa.', 'es')).toEqual([]);
    expect(finiteVerbs('Lo importante para cada equipo.', 'es')).toEqual([]);
  });

  it('takes a form after a determiner, or heading a noun phrase, for a noun', () => {
    expect(finiteVerbs('La prueba es gratis.', 'es')).toEqual(['es']);
    expect(finiteVerbs('¿Qué tal el jueves?', 'es')).toEqual([]);
    expect(finiteVerbs('Ahorro de costes para clínicas.', 'es')).toEqual([]);
    expect(finiteVerbs('Alerta temprana para cada equipo crítico.', 'es')).toEqual([]);
  });
});

describe('mainClauseVerbs', () => {
  it('leaves out verbs of subordinate and relative clauses', () => {
    expect(mainClauseVerbs('Maintenance plans that actually work for you.', 'en')).toEqual([]);
    expect(mainClauseVerbs('Teams that switch see results within a month.', 'en')).toEqual(['see']);
    expect(mainClauseVerbs('If you have time.', 'en')).toEqual([]);
    expect(mainClauseVerbs('If you have time, reply.', 'en')).toEqual(['reply']);
    expect(mainClauseVerbs('Wartungspläne, die wirklich funktionieren.', 'de')).toEqual([]);
    expect(mainClauseVerbs('Welche Tools Ihr Team nutzt.', 'de')).toEqual([]);
    expect(mainClauseVerbs('Dienstplanung, die mitdenkt, spart Ihnen viel Ärger.', 'de')).toEqual(['spart']);
    expect(mainClauseVerbs('Des plans qui fonctionnent vraiment.', 'fr')).toEqual([]);
    expect(mainClauseVerbs('Les équipes qui utilisent Acme gagnent du temps.', 'fr')).toEqual(['gagnent']);
    expect(mainClauseVerbs('Planes que funcionan de verdad.', 'es')).toEqual([]);
    expect(mainClauseVerbs('Sé que tiene la semana llena.', 'es')).toEqual(['Sé', 'tiene']);
  });
});
