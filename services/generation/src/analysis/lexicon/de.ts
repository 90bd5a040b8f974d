import { list } from './en.ts';
import type { BenefitRule, Lexicon } from './types.ts';

// German closes infinitive phrases with the verb ("Stillstände vermeiden"), so objects are read
// before the verb as well as after imperatives ("Senken Sie Ihre Kosten"). Sentences are built
// in the nominative with the verb agreeing with the object's number, so no case endings change.

const capital = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
const verb = (plural: boolean, singular: string, pluralForm: string) => (plural ? pluralForm : singular);

const rule = (
  pattern: RegExp,
  objectSide: 'after' | 'before',
  priority: number,
  phrase: BenefitRule['phrase'],
  sentence: BenefitRule['sentence'],
  extra: Partial<BenefitRule> = {},
): BenefitRule => ({ pattern, objectSide, priority, phrase, sentence, ...extra });

const BENEFIT_RULES: BenefitRule[] = [
  rule(
    /\b(?:schluss mit|nie wieder)\s+/giu,
    'after',
    1,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'kostet', 'kosten')} viele Betriebe Zeit und Geld.`,
  ),
  // "ohne Zettelwirtschaft" names a pain; "ohne Werkzeug" a convenience: only bad things count.
  rule(
    /\b(?:keine|kein|keinen|ohne)\s+/giu,
    'after',
    2,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'kostet', 'kosten')} viele Betriebe Zeit und Geld.`,
    { needsNegativeObject: true },
  ),
  // "Papierkram statt Kundenaufträge": what stands before "statt" is the pain.
  rule(
    /\s+(?:statt|anstatt|anstelle von)\s+/giu,
    'before',
    2,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'kostet', 'kosten')} viele Betriebe Zeit und Geld.`,
  ),
  rule(
    /\s+(?:vermeiden|verhindern|vermeidet|verhindert|eliminieren|beseitigen|beheben)\b/giu,
    'before',
    3,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'kostet', 'kosten')} viele Betriebe Zeit und Geld.`,
  ),
  rule(
    /\b(?:vermeiden|verhindern|eliminieren|beseitigen)\s+sie\s+/giu,
    'after',
    3,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'kostet', 'kosten')} viele Betriebe Zeit und Geld.`,
  ),
  rule(
    /\s+(?:um\s+[\d.,]+\s*(?:%|prozent)\s+)?(?:senken|reduzieren|verringern|minimieren|halbieren|senkt|reduziert|verringert)\b/giu,
    'before',
    4,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'ist', 'sind')} zu hoch.`,
    { needsNegativeObject: true, acceptsReducible: true },
  ),
  rule(
    /\b(?:senken|reduzieren|verringern|minimieren|halbieren)\s+sie\s+/giu,
    'after',
    4,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'ist', 'sind')} zu hoch.`,
    { needsNegativeObject: true, acceptsReducible: true },
  ),
  rule(
    /\s+automatisieren\b/giu,
    'before',
    5,
    (o) => `manuelle ${o}`,
    (o, plural) => `${capital(o)} ${verb(plural, 'läuft', 'laufen')} noch von Hand.`,
  ),
  rule(
    /\s+(?:beschleunigen|verkürzen|verkürzt|beschleunigt)\b/giu,
    'before',
    5,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'dauert', 'dauern')} zu lange.`,
  ),
  rule(
    /\s+(?:steigern|erhöhen|verbessern|optimieren|steigert|erhöht|verbessert)\b/giu,
    'before',
    6,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'bleibt', 'bleiben')} unter den Möglichkeiten.`,
    { needsMeasure: true },
  ),
  rule(
    /\s+(?:überwachen|im blick behalten|transparent machen)\b/giu,
    'before',
    7,
    (o) => o,
    (o) => `Niemand hat ${o} live im Blick.`,
  ),
  rule(
    /\s+(?:vorhersagen|prognostizieren|frühzeitig erkennen)\b/giu,
    'before',
    7,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'kommt', 'kommen')} ohne Vorwarnung.`,
  ),
  rule(
    /\s+(?:vereinfachen|vereinfacht)\b/giu,
    'before',
    8,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'ist', 'sind')} zu kompliziert.`,
  ),
  rule(
    /\s+(?:vernetzen|bündeln|zentralisieren|integrieren)\b/giu,
    'before',
    8,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'liegt', 'liegen')} verteilt in vielen Insellösungen.`,
  ),
  rule(
    /\s+(?:dokumentieren|nachweisen|rückverfolgen)\b/giu,
    'before',
    8,
    (o) => o,
    (o, plural) => `${capital(o)} ${verb(plural, 'ist', 'sind')} lückenhaft dokumentiert.`,
  ),
];

const DE_VERBS = list(`
    ist, sind, war, waren, wird, werden, wurde, wurden, hat, haben, hatte, kann, können, muss, müssen, soll,
    sollen, steckt, stecken, liegt, liegen, läuft, laufen, kostet, kosten, dauert, dauern, fehlt, fehlen,
    bleibt, bleiben, gibt, geht, gehen, kommt, kommen, entsteht, entstehen, frisst, fressen, bindet, binden,
    verursacht, verursachen, bremst, bremsen, blockiert, blockieren, sorgt, sorgen, führt, führen, landet,
    landen, passiert, passieren, häuft, häufen, verzögert, verzögern
`);
const DE_FUNCTION_WORDS = list(`
    noch, immer, oft, ständig, regelmäßig, meist, meistens, häufig, selten, nie, bereits, schon, in, im, auf,
    bei, mit, für, von, vom, zu, zum, zur, über, unter, durch, ohne, nach, vor, aus, und, oder, aber, weil,
    wenn, dass, die, der, das, als, wie, denn, sondern, während
`);

export const GERMAN: Lexicon = {
  code: 'de',
  and: 'und',
  problemHeading:
    /\b(das problem|problem\w*|herausforderung(en)?|kennen sie das|bekannt vor|typische hürden|der alltag|bisher|woran es hakt|was bremst|hürden)\b/i,
  // "Für Personalabteilungen im Mittelstand": a heading that opens on whom it is for; "Für jede
  // Schicht der richtige Plan" names no group and is not one.
  audienceHeading:
    /^für\s+(?:\S+\s+){0,3}?\S*(?:teams?|unternehmen|betriebe|abteilungen|leiter(?:innen)?|verantwortliche|mittelstand|mittelständler|hersteller|kanzleien|praxen|händler)\b|\b(für wen|wer profitiert|zielgruppe|gemacht für|entwickelt für|für teams|mit wem wir arbeiten)\b/i,
  notCapabilityHeading:
    /^(?:preise|faq|häufige fragen|fragen|kontakt|über uns|blog|news|aktuelles|karriere|jobs|referenzen|kunden|unsere kunden|fallstudien|erfolgsgeschichten|partner|branchen|impressum|datenschutz|newsletter|demo|jetzt|in \w+ schritten|starten sie|testen sie|sehen sie|vereinbaren|warum\b|team\b|das sagen|stimmen|integrationen|zahlen)\b|\bpreise?\b/i,
  storyHeading:
    /\b(referenz(en)?|kundenstimmen|erfolgsgeschichte(n)?|fallstudie(n)?|das sagen unsere kunden|stimmen)\b/i,
  sectionLabel:
    /^(?:(?:was|wie|warum|wer|wo|wann)\s(?!.*\?\s*$)|(?:(?:die|unsere|alle)\s)?(?:funktionen|leistungen|vorteile|features|produkt|plattform|überblick|lösungen|lösung|module|highlights|funktionsumfang)\s*$)/i,
  // "liest", "prüft", "sendet": a verb in the third person; German nouns are capitalised.
  openingVerb: /^\p{Ll}+t$/u,
  notNames: list(`
    nach, vor, seit, mit, ohne, wenn, während, dank, heute, innerhalb, jede, jeder, unsere, unser, wir, die, der,
    das, dies, diese, durch, bei, in, im, am, an, auf, für, von, wie, warum, was, über, unter, weil, als, alle,
    beide, viele, einige, es, sie, ihre, hier, jetzt, dann, nur, auch, mehr, weniger, ein, eine, zwei, drei,
    jahr, jahre, monat, monate, tag, tage, woche, wochen, quartal, erste, letzte, neue, kunde, kunden, team,
    teams, unternehmen, fallstudie, ergebnis, ergebnisse
  `),
  stopwords: list(`
    und, der, die, das, den, dem, des, mit, für, ihre, ihr, ihren, ihrer, sie, wir, nicht, auf, ist, sind, ein,
    eine, einen, einem, einer, auch, als, bei, von, vom, zu, zum, zur, im, in, an, am, aus, nach, über, unter,
    durch, ohne, oder, aber, wie, was, wer, wenn, dass, noch, nur, schon, sehr, mehr, weniger, so, es, um,
    wird, werden, hat, haben, kann, können, unsere, unser, jede, jeden, alle, eins, zwei, drei, vier, fünf,
    sechs, sieben, acht, neun, zehn, welche, welcher, welches, welchen, dieser, diese, dieses, diesen, jeder,
    jedes, sich, dann, denn, doch, etwas, ganz, immer, wieder, hier, dort, heute, morgen, nächste, nächsten,
    sowie, damit, sodass, sondern, weil, während, bevor, nachdem, sobald, gibt, geht, macht, wurde, wurden,
    sein, seine, seinen, ihrem, unseren, keine, kein, einfach, direkt
  `),
  determiners: list(`
    die, der, das, den, dem, des, ihre, ihren, ihrer, ihrem, eure, unsere, unser, unseren, alle, jede, jeden,
    jeder, ein, eine, einen, einem, einer, kein, keine
  `),
  objectStops: list(`
    um, mit, durch, bei, in, im, für, von, vom, zu, zum, zur, und, oder, dank, sie, wir, ihr, ist, sind, wird,
    werden, schnell, schneller, sofort, automatisch, mehr, endlich, einfach, auf, an, aus, nach, über, pro, je,
    bis, als, nicht, lückenlos, jederzeit, direkt, zuverlässig, sicher, digital
  `),
  problemMarkers:
    /\b(zu|nie|niemand|nicht|kein(e|en)?|noch|immer noch|ohne|statt|verloren|verschoben|fehl\w*|unklar\w*|veraltet\w*|stunden|wochen|chaos|suche|papier|zettel\w*)\b|\?\s*$/i,
  statedPainMarkers:
    /\b(fehlt|fehlen|verlier\w*|verloren|nie|niemand|keine? zeit|zu spät|hinterher\w*|such(en|t)|stapeln|vergessen|übersehen|bleib(t|en) liegen)\b/i,
  promiseMarkers:
    /\b(nie wieder|nicht mehr|kein\w* mehr|damit sie|ohne|statt|anstatt|muss|müssen)\b|^(mit|dank|wenn|sobald|falls)\b/i,
  verbs: DE_VERBS,
  phraseBreakers: new Set([...DE_VERBS, ...DE_FUNCTION_WORDS]),
  emptySubjects: list(`
    niemand, man, wir, sie, es, das, alle, jeder, viele, keiner, nichts, alles, teams, betriebe, unternehmen
  `),
  vagueNouns: list(`
    daten, arbeit, prozesse, prozess, aufgaben, zahlen, ergebnisse, zeit, geld, kosten, systeme, dokumente,
    informationen, teams, abläufe, projekte, aufträge
  `),
  negativeWords: list(`
    fehler, ausschuss, stillstand, stillstände, stillstandzeiten, verzögerungen, verzug, ausfälle, ausfall,
    nacharbeit, reklamationen, engpässe, engpass, zettelwirtschaft, papier, excel, manuell, manuelle,
    ungeplante, ungeplant, verschoben, verspätet, verspätete, fehlende, lückenhaft, lücken, aufwand,
    doppelerfassung, medienbrüche, rüstzeiten, wartezeiten, suchzeiten, insellösungen, risiko, risiken,
    strafen, bußgelder, unklare, unklar, hohe, hoher, hohes, veraltete, veraltet, suche, doppelarbeit, papierkram,
    zettel, stundenzettel, abtippen, rückfragen
  `),
  reducibleWords: list(`
    kosten, zeit, zeiten, durchlaufzeiten, lieferzeiten, aufwand, bestände, bestand, energiekosten
  `),
  measureWords: list(`
    quote, marge, umsatz, verfügbarkeit, effizienz, produktivität, qualität, termintreue, liefertreue,
    auslastung, transparenz, sicherheit, zufriedenheit, ertrag, gewinn, leistung, durchsatz, ausbringung,
    oee, gesamtanlageneffektivität, wirtschaftlichkeit, rentabilität, planungssicherheit, kapazität
  `),
  singularNouns: list(`
    logistik, planung, produktion, fertigung, instandhaltung, qualität, sicherheit, zettelwirtschaft,
    ausschuss, compliance, transparenz, dokumentation, abrechnung, buchhaltung, verwaltung, steuerung,
    auftragsplanung, personalplanung, kommunikation, organisation, nacharbeit, verantwortung
  `),
  benefitRules: BENEFIT_RULES,
  sentenceFromPhrase: (phrase, plural) =>
    `${capital(phrase)} ${verb(plural, 'kostet', 'kosten')} viele Betriebe Zeit und Geld.`,
  questionToStatement: (question) => {
    const text = question.trim().replace(/\?+$/, '');
    const match = /^(\p{Lu}\p{Ll}+en)\s+Sie\s+(.+)$/u.exec(text);
    if (!match?.[1] || !match[2]) return undefined;
    const rest = match[2]
      .replace(/\bIhre\b/g, 'ihre')
      .replace(/\bIhren\b/g, 'ihren')
      .replace(/\bIhrer\b/g, 'ihrer')
      .replace(/\bIhrem\b/g, 'ihrem')
      .replace(/\bIhr\b/g, 'ihr')
      .replace(/\bIhnen\b/g, 'ihnen');
    return `Viele Betriebe ${match[1].toLowerCase()} ${rest}.`;
  },
  roleHeads: list(`
    leiter, leiterin, leitung, manager, managerin, planer, planerin, geschäftsführer, geschäftsführerin,
    inhaber, inhaberin, vorstand, beauftragter, beauftragte, verantwortlicher, verantwortliche, einkäufer,
    einkäuferin, controller, disponent, disponentin, meister, meisterin, techniker, ingenieur, ingenieurin,
    direktor, direktorin, head, cfo, ceo, cto, cio, ciso, coo, administrator, administratorin
  `),
  titleSmallWords: list('of, and, für, und, der, des, &'),
  resultVerbs:
    /\b(gesenkt|senkte|senkt|reduziert|reduzierte|gesteigert|steigerte|steigert|verkürzt|verkürzte|halbiert|halbierte|spart|sparte|gespart|erhöht|erhöhte|erzielt|erzielte|verbessert|verbesserte|vermeidet|vermied|gewonnen)\b/i,
  beforeAfter: {
    insteadOf: /\b(?:statt|anstatt|anstelle von|im vergleich zu|gegenüber)\s/i,
    fromTo: /\bvon\s+(.{1,30}?)\s+auf\s+(.{1,30})/i,
    // Letters, not \b: "über" starts with a letter \b does not count as one.
    timeSpan:
      /(?<!\p{L})(?:am\s+(?:selben|gleichen)\s+tag|über nacht|(?:eine[nmr]?|pro)\s+(?:stunde|tag|woche|monat|quartal|jahr)|stunden|tagen?|wochen|monaten?|minuten|sekunden)(?!\p{L})/iu,
  },
  triggers: [
    {
      kind: 'expansion',
      pattern:
        /\b(eröffne[nt]?|eröffnung|erweiter[nt]|erweiterung|neubau|neue[nsr]?|baut|bauen)\b.{0,60}\b(logistikzentrum|lager|werk|standort|standorte|niederlassung|büro|halle|produktionshalle|zentrum|filiale|praxis|klinik)\b/i,
    },
    {
      kind: 'funding',
      pattern:
        /\b(finanzierung(srunde)?|investition|investiert|investieren|kapitalerhöhung|millionen euro|mio\.? euro)\b/i,
    },
    {
      kind: 'hiring',
      pattern:
        /\b(wir stellen ein|stellen \d+|suchen verstärkung|offene stellen|\d+ neue (mitarbeiter|stellen|kolleg)|jetzt bewerben)\b/i,
    },
    {
      kind: 'launch',
      pattern: /\b(startet|starten|führt .{0,30} ein|stellt .{0,30} vor|präsentiert|neu im (programm|angebot))\b/i,
    },
    { kind: 'acquisition', pattern: /\b(übernimmt|übernahme|fusion)\b/i },
    { kind: 'partnership', pattern: /\b(partnerschaft|kooperiert|kooperation mit)\b/i },
    { kind: 'award', pattern: /\b(ausgezeichnet|auszeichnung|award|preisträger)\b/i },
  ],
  toSecondPerson: (clause) => {
    const text = clause.trim();
    if (!/^(wir|unser|unsere|unseren|unserem|unserer)\b/i.test(text)) return undefined;
    return text
      .replace(/^wir\b/i, 'Sie')
      .replace(/\b(bei|mit|von|zu|aus|nach|seit) uns\b/gi, '$1 Ihnen')
      .replace(/\buns\b/gi, 'Sie')
      .replace(/\bunsere\b/gi, 'Ihre')
      .replace(/\bunseren\b/gi, 'Ihren')
      .replace(/\bunserem\b/gi, 'Ihrem')
      .replace(/\bunserer\b/gi, 'Ihrer')
      .replace(/\bunser\b/gi, 'Ihr');
  },
};
