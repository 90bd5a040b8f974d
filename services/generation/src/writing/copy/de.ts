import type { Copy } from './types.ts';

/**
 * Deutsch. Durchgehend "Sie" (im B2B-Erstkontakt der sichere Standard); der Ton ändert Anrede,
 * Grußformel, Satzlänge und Wortwahl. Kurze Sätze und Alltagswörter: die Prüfungen halten die
 * Sequenz im Schnitt bei Stufe 10 der Wiener Sachtextformel. Eine Frage pro E-Mail, und das ist
 * die Bitte; keine eigenen Zahlen (jede Zahl stammt aus der Analyse, den Referenzen oder dem
 * Kontext des Nutzers). Nomen-Platzhalter stehen nie am Satzanfang und nie vor einem Verb, das
 * sich nach ihnen richten müsste: "das Thema {painPhrase}" trägt Kasus und Verb, und {peers} steht nur
 * im Nominativ ("viele {peers} erzählen"), weil der Dativ die Endung ändern würde.
 */
export const DE: Copy = {
  greeting: {
    veryCasual: 'Hallo {{first_name|zusammen}},',
    casual: 'Hallo {{first_name|zusammen}},',
    neutral: 'Hallo {{first_name|zusammen}},',
    formal: 'Guten Tag {{first_name|}},',
    veryFormal: 'Guten Tag {{first_name|}},',
  },
  signOff: {
    veryCasual: 'Viele Grüße',
    casual: 'Viele Grüße',
    neutral: 'Beste Grüße',
    formal: 'Freundliche Grüße',
    veryFormal: 'Mit freundlichen Grüßen',
  },
  peers: { industry: 'Teams aus der Branche {industry}', fallback: 'Teams wie Ihres' },
  strongAsk: {
    casual: ['Passen 15 Minuten am Dienstag oder Donnerstag?'],
    neutral: ['Passen Ihnen 15 Minuten am Dienstag oder Donnerstag?'],
    formal: ['Darf ich Ihnen für Dienstag oder Donnerstag ein Gespräch von 15 Minuten vorschlagen?'],
  },
  // Eine Lösung aus einer früheren Mail, über ihr Wie: Sie nennt, wovon sie spricht, und „mit“
  // hält den Dativ, in dem die Seite das Mittel genannt hat.
  means: { neutral: ['Konkret arbeitet {company} mit {means}.'] },
  nameAgain: 'Der Baustein',
  companyAgain: 'Die Lösung',
  filler: {
    neutral: [
      '{companyIntro}',
      'Gern zeige ich Ihnen, wie {company} arbeitet.',
      'In wenigen Minuten ist {company} erklärt.',
      'Eine kurze Antwort genügt.',
      'Gern klären wir alles auch per E-Mail.',
      'Auch ein kurzes Nein hilft mir weiter.',
    ],
    formal: [
      '{companyIntro}',
      'Gern erläutere ich Ihnen, wie {company} arbeitet.',
      'In wenigen Minuten ist {company} erklärt.',
      'Eine kurze Rückmeldung genügt mir.',
      'Gern klären wir alle Fragen auch per E-Mail.',
      'Auch eine kurze Absage hilft mir bei der Planung.',
    ],
  },
  stakes: {
    above: {
      cost: { neutral: ['Auf Führungsebene zeigt sich das als Druck auf die Marge.'] },
      revenue: { neutral: ['Das kostet Umsatz, der in keiner Prognose auftaucht.'] },
      risk: { neutral: ['Solche Risiken landen früher oder später auf dem Tisch der Geschäftsführung.'] },
      time: { neutral: ['Das bremst Entscheidungen und bindet gute Leute an Routinearbeit.'] },
      visibility: { neutral: ['Wichtige Entscheidungen beruhen dann auf veralteten Zahlen.'] },
    },
    below: {
      cost: { neutral: ['Im Alltag heißt das: Kosten Monat für Monat einzeln erklären.'] },
      revenue: { neutral: ['Im Alltag heißt das: Kunden und Umsatz gehen durch die Lappen.'] },
      risk: { neutral: ['Im Alltag heißt das: hektische Suche, sobald jemand einen Nachweis will.'] },
      time: { neutral: ['Im Alltag heißt das: jede Woche Stunden für Handarbeit.'] },
      visibility: { neutral: ['Im Alltag heißt das: Nachfragen per E-Mail und Telefon, bis alle Zahlen da sind.'] },
    },
    none: {
      cost: { neutral: ['Das verursacht Kosten, die niemand eingeplant hat.'] },
      revenue: { neutral: ['Das kostet Umsatz, den kein Bericht zeigt.'] },
      risk: { neutral: ['Das schafft Risiken, die erst im Audit auffallen.'] },
      time: { neutral: ['Das kostet Stunden, die an anderer Stelle fehlen.'] },
      visibility: { neutral: ['Entscheidungen fallen dann auf Basis veralteter Zahlen.'] },
    },
  },
  steps: {
    intro: {
      subject: {
        casual: ['Kurze Frage zum Thema {painPhrase}', 'Eine Idee für {{company|Ihr Team}}'],
        neutral: ['Ein Gedanke zum Thema {painPhrase}', 'Eine Idee für {{company|Ihr Team}}'],
        formal: ['Zum Thema {painPhrase}', 'Kurze Vorstellung: {company}'],
      },
      subjectProspect: {
        casual: ['Eine Idee für {prospect}', 'Kurze Frage an {prospect}'],
        neutral: ['Eine Idee für {prospect}', '{company} und {prospect}'],
        formal: ['{company} und {prospect}', 'Ein Vorschlag für {prospect}'],
      },
      openTrigger: {
        casual: ['Ich habe auf Ihrer Website gelesen: {triggerHeadline}'],
        neutral: ['Ich habe auf Ihrer Website gelesen: {triggerHeadline}'],
        formal: ['Mit Interesse habe ich auf Ihrer Website gelesen: {triggerHeadline}'],
      },
      openFact: { neutral: ['{fact}'] },
      openAbout: { neutral: [] },
      openPersona: {
        casual: ['Als {persona} kennen Sie das vermutlich.'],
        neutral: ['Als {persona} kennen Sie das sicher.'],
        formal: ['In Ihrer Rolle als {persona} kennen Sie diese Herausforderung sicher.'],
      },
      bridge: {
        neutral: ['In solchen Phasen rückt das Thema {painPhrase} oft nach oben.'],
        formal: ['In solchen Phasen rückt das Thema {painPhrase} häufig nach oben.'],
      },
      pain: { neutral: ['{painSentence}'] },
      // Nach dem Schmerzpunkt, und als Erstes gestrichen, wenn die Mail zu lang oder zu schwer wird.
      peers: {
        casual: ['Das erzählen mir viele {peers}.'],
        neutral: ['Das erzählen mir viele {peers}.'],
        formal: ['Diese Rückmeldung geben uns viele {peers}.'],
      },
      solution: {
        casual: ['Genau dafür gibt es {company}. {solutionSentence}'],
        neutral: [
          'Genau dafür gibt es {company}. {solutionSentence}',
          '{company} löst das mit dem Baustein „{SolutionName}“. {solutionSentence}',
        ],
        formal: [
          '{company} wurde genau dafür entwickelt. {solutionSentence}',
          '{company} löst dies mit dem Baustein „{SolutionName}“. {solutionSentence}',
        ],
      },
      courtesy: { neutral: [], veryFormal: ['Ich hoffe, es geht Ihnen gut.'] },
      ask: {
        casual: ['Passt ein kurzer Austausch nächste Woche?'],
        neutral: ['Hätten Sie nächste Woche 15 Minuten für ein kurzes Gespräch?'],
        formal: ['Wären Sie für ein kurzes Gespräch in der kommenden Woche offen?'],
      },
    },
    followUp: {
      subject: {
        casual: ['Nochmal zum Thema {painPhrase}', 'Noch ein Punkt'],
        neutral: ['Nochmal zum Thema {painPhrase}', 'Ein zweiter Gedanke'],
        formal: ['Eine verwandte Herausforderung', 'Zum Thema {painPhrase}'],
      },
      subjectProspect: {
        neutral: ['Noch eine Idee für {prospect}'],
        formal: ['Ein weiterer Vorschlag für {prospect}'],
      },
      open: {
        casual: ['Noch etwas, das viele {peers} bremst.'],
        neutral: ['Ein zweites Thema, das viele {peers} ansprechen.'],
        formal: ['Gern greife ich eine verwandte Herausforderung auf.'],
      },
      openPersona: {
        neutral: ['Als {persona} kennen Sie auch dieses Thema.'],
        formal: ['In Ihrer Rolle als {persona} kennen Sie auch dieses Thema.'],
      },
      pain: { neutral: ['{painSentence}'] },
      again: {
        neutral: ['Kurz noch einmal zum Thema {painPhrase}.', 'Kurz noch einmal zu meiner vorigen Nachricht.'],
        formal: [
          'Gern komme ich noch einmal auf das Thema {painPhrase} zurück.',
          'Gern komme ich noch einmal auf meine vorige Nachricht zurück.',
        ],
      },
      solution: {
        casual: ['So lösen wir das. {solutionSentence}'],
        neutral: ['So löst {company} das. {solutionSentence}'],
        formal: ['{company} setzt genau hier an. {solutionSentence}'],
      },
      mention: { neutral: ['{mention}', 'Ein Punkt, der Sie interessieren dürfte: {mentionPhrase}.'] },
      ask: {
        casual: ['Steht das bei Ihnen dieses Quartal an?'],
        neutral: ['Steht das Thema bei {prospectOr} dieses Quartal auf der Liste?'],
        formal: ['Hat dieses Thema bei {prospectOr} in diesem Quartal Priorität?'],
      },
    },
    proof: {
      subject: {
        casual: ['So hat es {proofCustomer} gemacht'],
        neutral: ['Was {proofCustomer} geändert hat'],
        formal: ['Ergebnisse bei {proofCustomer}'],
      },
      open: {
        casual: ['Ein kurzes Beispiel aus der Praxis.'],
        neutral: ['Ein kurzes Beispiel aus der Praxis.'],
        formal: ['Gern teile ich ein aktuelles Ergebnis eines Kunden.'],
      },
      result: { neutral: ['{proofText}'] },
      resultUnnamed: { neutral: ['So sieht es bei {proofCustomer} aus. {proofText}'] },
      quote: { neutral: ['{quoteBy} sagt dazu: {quote}'] },
      quoteTeam: { neutral: ['Das Team von {proofCustomer} sagt dazu: {quote}'] },
      credit: {
        neutral: ['Den Unterschied hat der Baustein „{SolutionName}“ gemacht.'],
        formal: ['Entscheidend war der Baustein „{SolutionName}“.'],
      },
      creditUnknown: { neutral: ['Der Ausgangspunkt dürfte Ihnen bekannt vorkommen.'] },
      ask: {
        casual: ['Soll ich Ihnen die ganze Geschichte schicken?'],
        neutral: ['Soll ich Ihnen die Details schicken?'],
        formal: ['Darf ich Ihnen die vollständige Fallstudie senden?'],
      },
    },
    overview: {
      subject: { neutral: ['Was sich mit {company} ändert'], formal: ['So arbeiten Teams mit {company}'] },
      open: { neutral: ['Kurz zusammengefasst, was sich mit {company} ändert.'] },
      // Wenn jede Lösung schon erzählt ist: der Kern in einem Satz, nicht derselbe Satz noch einmal.
      recap: {
        neutral: [
          'In einem Satz: {company} nimmt Ihrem Team das Thema {painPhrase} ab.',
          '{company} ist für {peers} gemacht.',
        ],
      },
      ask: {
        neutral: ['Wollen wir uns ansehen, wie das bei {prospectOr} aussehen würde?'],
        formal: ['Wäre es hilfreich zu sehen, wie das bei {prospectOr} aussehen würde?'],
      },
    },
    angle: {
      subject: {
        casual: ['Was Warten kostet', 'Ein anderer Blickwinkel'],
        neutral: ['Ein anderer Blickwinkel', 'Was Warten kostet'],
        formal: ['Die Kosten des Abwartens', 'Ein anderer Blickwinkel'],
      },
      open: {
        casual: ['Heute ein anderer Blickwinkel.'],
        neutral: ['Heute ein anderer Blickwinkel.'],
        formal: ['Heute möchte ich einen anderen Blickwinkel anbieten.'],
      },
      differentiator: { neutral: ['{differentiator}', 'Was {company} unterscheidet: {differentiatorPhrase}.'] },
      competitors: {
        neutral: ['Falls Sie {competitors} kennen: Genau hier liegt der Unterschied.'],
        formal: ['Falls Sie {competitors} verglichen haben: Genau hier liegt der Unterschied.'],
      },
      costOfWaiting: {
        casual: [
          '{painSentence} Das wird nicht von allein besser.',
          'Das Thema {painPhrase} wird nicht von allein besser.',
        ],
        neutral: [
          '{painSentence} Von allein wird das selten besser.',
          'Das Thema {painPhrase} löst sich selten von allein.',
        ],
        formal: [
          '{painSentence} Ohne Gegenmaßnahme verstärkt sich das meist.',
          'Das Thema {painPhrase} verstärkt sich ohne Gegenmaßnahme meist.',
        ],
      },
      industry: {
        neutral: ['In der Branche {industry} summiert sich das schnell.'],
        formal: ['In der Branche {industry} summiert sich dieser Effekt schnell.'],
      },
      solution: {
        neutral: ['{company} ändert das. {solutionSentence}'],
        formal: ['Hier setzt {company} an. {solutionSentence}'],
      },
      news: { neutral: ['Neues von unserer Seite. {news}'] },
      ask: {
        casual: ['Wissen Sie ungefähr, was Sie das heute kostet?'],
        neutral: ['Haben Sie schon beziffert, was Sie das heute kostet?'],
        formal: ['Hat Ihr Team bereits beziffert, was dies heute kostet?'],
      },
    },
    quickWin: {
      subject: {
        neutral: ['Ein einfacher erster Schritt', 'Klein anfangen'],
        formal: ['Ein überschaubarer erster Schritt'],
      },
      subjectProspect: { neutral: ['Ein erster Schritt für {prospect}'] },
      objection: {
        casual: [
          'Das Thema {painPhrase} anzugehen, klingt nach einem großen Projekt.',
          'Ein neues System klingt nach einem großen Projekt.',
        ],
        neutral: [
          'Eine häufige Sorge: Das Thema {painPhrase} anzugehen, klingt nach einem langen Projekt.',
          'Eine häufige Sorge: Ein neues System klingt nach einem langen Projekt.',
        ],
        formal: ['Eine häufige Sorge ist eine aufwendige Einführung.'],
      },
      answer: { neutral: ['Muss es aber nicht sein.'], formal: ['Das muss nicht so sein.'] },
      implementation: { neutral: ['{implementation}', 'Der Start dauert {implementationPhrase}.'] },
      roi: { neutral: ['{roi}', 'Zum Nutzen: {roiPhrase}.'] },
      pricing: { neutral: ['{pricing}', 'Zu den Kosten: {pricingPhrase}.'] },
      start: {
        neutral: ['Die meisten Teams starten mit einem Baustein und bauen dann aus.'],
        formal: ['Die meisten Teams beginnen mit einem klar abgegrenzten Schritt.'],
      },
      offer: { neutral: ['{offer}'] },
      solution: {
        neutral: [
          'Ein guter erster Schritt ist der Baustein „{SolutionName}“. {solutionSentence}',
          'Ein guter erster Schritt sieht so aus. {solutionSentence}',
        ],
        formal: [
          'Ein sinnvoller erster Schritt ist der Baustein „{SolutionName}“. {solutionSentence}',
          'Ein sinnvoller erster Schritt sieht so aus. {solutionSentence}',
        ],
      },
      persona: {
        neutral: ['Als {persona} erzielen Sie so einen schnellen Erfolg, ohne Ihr Team aus anderen Themen zu ziehen.'],
        formal: [
          'Als {persona} erzielen Sie so einen schnellen Erfolg, ohne Ihr Team von anderen Prioritäten abzuziehen.',
        ],
      },
      ask: {
        casual: ['Passt ein Rundgang von 20 Minuten?'],
        neutral: ['Wäre ein Rundgang von 20 Minuten interessant?'],
        formal: ['Wären Sie offen für einen Rundgang von 20 Minuten, wie das bei {prospectOr} aussehen würde?'],
      },
    },
    resource: {
      subject: {
        neutral: ['Noch ein Beispiel', 'Etwas Nützliches für {{company|Ihr Team}}'],
        formal: ['Ein weiteres Beispiel', 'Ein kurzer Überblick für {{company|Ihr Team}}'],
      },
      open: {
        casual: ['Diesmal ohne Verkaufsgespräch.'],
        neutral: ['Diesmal geht es weniger um uns.'],
        formal: ['Statt einer weiteren Vorstellung möchte ich Ihnen etwas Praktisches anbieten.'],
      },
      proof: {
        neutral: ['Hier ein weiteres Ergebnis. {proofText}'],
        formal: ['Hier ein weiteres Ergebnis, das einen Blick lohnt. {proofText}'],
      },
      offer: {
        neutral: ['Ich kann Ihnen eine einseitige Zusammenfassung schicken, was {peers} als Erstes geändert haben.'],
        formal: ['Gern sende ich Ihnen eine einseitige Zusammenfassung, was {peers} als Erstes geändert haben.'],
      },
      persona: {
        neutral: ['Sie ist in fünf Minuten gelesen.'],
        formal: ['Sie ist kurz genug, um sie mit der Geschäftsführung zu teilen.'],
      },
      ask: {
        casual: ['Soll ich sie Ihnen schicken?'],
        neutral: ['Soll ich sie Ihnen schicken?'],
        formal: ['Darf ich sie Ihnen zusenden?'],
      },
      askProof: {
        neutral: ['Soll ich Ihnen die Details schicken?'],
        formal: ['Darf ich Ihnen die Details senden?'],
      },
    },
    breakup: {
      subject: {
        neutral: ['Ich schließe das Thema ab', 'Kurzer Abschluss'],
        formal: ['Abschluss unseres Kontakts', 'Kurzer Abschluss'],
      },
      open: {
        casual: ['Ich habe nichts von Ihnen gehört und nehme an, das Timing passt gerade nicht.'],
        neutral: ['Ich habe nichts von Ihnen gehört und schließe das Thema hiermit ab.'],
        formal: [
          'Da ich nichts von Ihnen gehört habe, gehe ich davon aus, dass das Thema derzeit keine Priorität hat.',
        ],
      },
      recap: {
        neutral: [
          'Wenn das Thema {painPhrase} bei {prospectOr} wichtiger wird, greife ich den Faden gern wieder auf.',
          'Wenn das Thema bei {prospectOr} wichtiger wird, greife ich den Faden gern wieder auf.',
        ],
        formal: ['Sollte das Thema bei {prospectOr} an Bedeutung gewinnen, nehme ich den Faden gern wieder auf.'],
      },
      door: {
        neutral: ['Ich melde mich nicht mehr unaufgefordert.'],
        formal: ['Dies ist meine letzte Nachricht zu diesem Thema.'],
      },
      ask: {
        casual: ['Soll ich das Thema schließen, oder gibt es jemand anderen, mit dem ich sprechen sollte?'],
        neutral: ['Soll ich das Thema schließen, oder ist jemand anderes der richtige Ansprechpartner?'],
        formal: [
          'Soll ich das Thema abschließen, oder wäre jemand anderes in Ihrem Haus der richtige Ansprechpartner?',
        ],
      },
    },
  },
};
