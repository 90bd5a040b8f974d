import { phrases, words } from './list.ts';
import type { Lexicon } from './types.ts';

export const de: Lexicon = {
  functionWords: words(`
    der die das den dem des ein eine einen einem einer eines und oder aber ist sind war waren bin hat haben hatte wird
    werden wurde nicht kein keine mit von zu zum zur auf für bei aus nach vor über unter durch um am im ins sie ich
    wir ihr ihre ihren ihrem ihrer ihnen es er sich mich mir uns unser unsere dass wenn als wie auch noch schon nur
    sehr mehr kann können könnte möchte würde dann doch was wer wo diese dieser dieses diesen jetzt hier mal ob man
    alle viele weil ohne gegen sondern während zwischen beim vom damit dabei
  `),
  fillerWords: words(`
    danke grüße team teams frage woche wochen zeit thema einfach vielleicht gerade heute bereits davon darum deshalb
    daher etwas immer jede jeden jeder einmal wieder weiter neue neuen ganz genau wirklich lohnt gerne kurz kurze
    kurzen passt meist meisten viel wenig gibt geht macht machen sehen zeigen schicken senden schreiben antworten
    melden idee ideen
  `),
  abbreviations: [
    'z',
    'b',
    'z.b',
    'bzw',
    'ca',
    'nr',
    'u.a',
    'd.h',
    'inkl',
    'ggf',
    'usw',
    'vgl',
    'dr',
    // Titles before a name in a byline ("Dipl.-Ing. Jan Weber", "Prof. Dr. Anna Roth", "Hr. Meier").
    'prof',
    'ing',
    'dipl',
    'dipl.-ing',
    'kfm',
    'dipl.-kfm',
    'co',
    'e.v',
    'e.k',
    'abt',
    'stv',
    'hr',
    'fr',
    'evtl',
    'sog',
    'mio',
    'mrd',
    'tsd',
    'bspw',
  ],
  closings: phrases(`
    viele grüße | beste grüße | mit freundlichen grüßen | freundliche grüße | herzliche grüße | liebe grüße |
    schöne grüße | grüße | bis bald | danke | vielen dank | mit besten grüßen
  `),
  askPhrases: phrases(`
    lassen sie … wissen | antworten sie | geben sie … bescheid | sagen sie … bescheid | buchen sie | melden sie sich |
    gib mir … bescheid | sag mir … bescheid | schreib mir | schreiben sie mir | rufen sie mich | vereinbaren sie |
    klicken sie | schicken sie mir | senden sie mir | wählen sie | meld dich | antworte einfach
  `),
  askCommands: [],
  askSofteners: [],
  spamPhrases: phrases(`
    jetzt zugreifen | kostenlos und unverbindlich | garantiert | nur heute | gewinner | klicken sie hier |
    sofort handeln | 100% kostenlos | gratis geld | einmalige gelegenheit | nur für kurze zeit |
    herzlichen glückwunsch | dringend | geld verdienen | !!! | €€€
  `),
  acronyms: [
    'DSGVO',
    'GDPR',
    'EBITDA',
    'DATEV',
    'GOBD',
    'GOBD',
    'HGB',
    'CSRD',
    'ESRS',
    'NIS2',
    'KRITIS',
    'BAFA',
    'KFW',
  ],
  breakup: phrases(`
    letzte nachricht | letzte e-mail | letzte mail | letzten mal | nicht weiter | melde mich nicht mehr | schließe |
    akte | abschließen | kein thema | nicht mehr | zum abschluss
  `),
  strongBreakup: ['letzte nachricht', 'letzte e-mail', 'letzte mail', 'melde mich nicht mehr'],
  modelChatter: phrases(`
    als ki | sprachmodell | ich kann dabei nicht helfen | ich kann ihnen dabei nicht helfen | es tut mir leid, aber |
    hier ist ihre e-mail | hier ist die e-mail | hier ist die sequenz | hier sind die e-mails
  `),
  names: {
    resultVerbs: words(`
      gesenkt senkte senkten senkt reduziert reduzierte reduzierten gesteigert steigerte steigerten verkürzt verkürzte
      verkürzten halbiert halbierte halbierten spart sparte sparten gespart erhöht erhöhte erhöhten erzielt erzielte
      erzielten verdoppelt verdoppelte verbessert verbesserte
    `),
    beforeVerbSkip: ['hat', 'haben', 'bereits', 'schon', 'damit', 'dabei', 'erfolgreich', 'team', 'teams'],
    prepositions: ['bei', 'für', 'mit'],
    enumerationCues: phrases(`
      kunden wie | unternehmen wie | firmen wie | teams wie | marken wie | darunter | wie etwa | zum beispiel
    `),
    afterCues: ['zusammen mit', 'team von', 'teams von'],
    beforeCues: ['geholfen'],
    possessiveNouns: [],
    determiners: ['die', 'der', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer'],
    pronouns: words(`
      ich wir sie ihr ihre ihren ihrem ihrer ihres ihnen unser unsere unseren unserem du dein deine er es man
    `),
    calendar: words(`
      montag dienstag mittwoch donnerstag freitag samstag sonntag januar februar märz april mai juni juli august
      september oktober november dezember
    `),
    conjunctions: ['und', 'oder', 'sowie'],
    auxiliaries: ['hat', 'haben', 'hatte', 'hatten', 'konnte', 'konnten', 'wurde', 'wurden'],
    // "-en", "-ern", "-eln" are mostly plurals ("für Retouren", "bei Händlern"); few brand names end so.
    commonNounEndings: words(`
      en ern eln ung heit keit schaft schaften tät tion ismus nis nisse kosten zeit quote rate prozess prozesse leiter
      leiterin lager kunde händler team teams woche monat monate tage stunde prozent
    `),
    capitalisedNouns: true,
  },
};
