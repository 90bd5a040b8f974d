import { words } from '../lexicon/list.ts';

/*
 * German verbs of business writing. Weak verbs are listed by their infinitive and conjugated by
 * rule (present and simple past of ich, du, er, wir, ihr, sie/Sie); strong and mixed verbs by
 * "infinitive 3rd-singular past [Konjunktiv II]"; prefixed strong verbs as "prefix+base"; separable
 * verbs as "particle|base", which gives the base's forms (the finite part in a main clause: "wir
 * rufen Sie an") and the joined forms (a subordinate clause: "…, wenn Sie uns anrufen").
 */
const WEAK = words(`
  abonnieren achten adressieren aktivieren aktualisieren akzeptieren analysieren ändern antworten arbeiten archivieren
  ärgern automatisieren basieren bauen beachten beantworten bearbeiten beauftragen bedanken bedauern bedeuten
  bedienen beeinflussen beenden befassen befragen befürchten begeistern begleiten begrenzen begründen begrüßen
  behandeln behaupten beklagen belasten belegen beliefern bemerken bemühen benachrichtigen benötigen benutzen
  beobachten berechnen berichten berücksichtigen beruhen beruhigen beschäftigen beschleunigen beschränken besichtigen
  bessern bestätigen bestellen bestimmen besuchen beteiligen betonen betrachten betreuen beurteilen bevorzugen bewahren
  bewegen bewerten bewirken bezahlen bezeichnen beziffern bezweifeln bilden blockieren brauchen buchen bündeln danken
  dauern decken definieren dienen digitalisieren diskutieren dokumentieren drehen drosseln drucken drücken eignen
  einigen empören enden entdecken entlasten entschuldigen entwickeln erarbeiten ergänzen erfassen erfüllen erhöhen
  erinnern erkundigen erlauben erläutern erleben erledigen erleichtern ermitteln ermöglichen erneuern erreichen
  errichten ersetzen erstellen erwarten erwähnen erweitern erzählen erzeugen erzielen etablieren evaluieren existieren
  fakturieren fassen fehlen feiern filtern finanzieren fokussieren folgen fordern fördern formulieren fragen freuen
  fühlen führen füllen funktionieren fürchten garantieren gefährden gehören genehmigen gestalten gewährleisten glauben
  gratulieren gründen haften halbieren handeln hassen hinterfragen hoffen holen honorieren hören identifizieren
  implementieren informieren initiieren installieren integrieren interessieren investieren justieren kalkulieren
  kämpfen kaufen klären klappen klassifizieren kombinieren kommentieren kommunizieren kompensieren konfigurieren
  konkretisieren konsolidieren kontaktieren kontrollieren konzentrieren koordinieren korrigieren kosten kritisieren
  kümmern kündigen kürzen landen leben legen lehren leisten leiten lenken lernen liefern limitieren lohnen lösen
  machen managen markieren maximieren melden merken mieten migrieren minimieren mobilisieren moderieren
  modernisieren motivieren nutzen nützen öffnen optimieren ordnen organisieren passen personalisieren pflegen planen
  platzieren präsentieren prägen priorisieren probieren produzieren profitieren protokollieren prüfen publizieren
  qualifizieren quantifizieren reagieren realisieren rechnen rechtfertigen recherchieren reden reduzieren regeln
  registrieren reichen reisen rekrutieren reparieren reservieren retten richten riskieren sagen sammeln schaden
  schaffen schätzen schauen schenken schicken schildern schulen schützen senken setzen sichern signalisieren
  simulieren skalieren skizzieren sorgen sparen spezialisieren spielen spüren stabilisieren standardisieren stärken
  stecken steigern stellen steuern stimmen stoppen stören strukturieren stützen suchen synchronisieren tätigen tauschen
  teilen testen trainieren transportieren trauen träumen üben überarbeiten überlegen übermitteln überprüfen
  überraschen überwachen überzeugen unterstützen untersuchen validieren verändern verantworten verarbeiten verbessern
  verbrauchen verbuchen verdienen verdoppeln vereinbaren vereinfachen verfolgen verfügen vergrößern verhandeln
  verhindern verifizieren verkaufen verknüpfen verkürzen verlangen verlängern verlinken vermarkten vermindern
  vermitteln vermuten vernetzen veröffentlichen verpassen verpflichten verrechnen verringern verschlanken
  verschwenden versenden versichern versorgen verspäten verstärken versuchen verteilen vertiefen vertrauen verursachen
  verwalten verwenden verwirklichen verzichten verzögern visualisieren wagen wählen wandeln warnen warten wechseln
  wecken werten widmen wiederholen wirken wohnen wundern wünschen zahlen zählen zeichnen zeigen zentralisieren
  zertifizieren zielen zögern zweifeln tracken scannen lieben beschweren bewältigen drängen häufen lagern lehnen mahnen
  packen passieren räumen rollen scheitern schwanken stapeln starten stocken telefonieren besetzen umfassen beschaffen
  unterschätzen überschätzen hinterlegen verpacken wirtschaften kalkulieren zusammenarbeiten berechnen bündeln genügen
  rücken bremsen kippen häufen klemmen hapern mangeln fehlen drohen erklären beantragen speichern löschen verschicken
  klicken updaten verplanen
  tippen rutschen schrumpfen tauchen schalten klingeln fertigen wehren stammen lauten sträuben erstatten reinigen heizen
  mailen kassieren nicken listen stornieren sperren streiken erfordern rekonstruieren verstecken ignorieren verteuern
  auditieren jagen schulden trennen sprengen patchen konkurrieren besteuern stauen berühren meinen wandern ersparen
  fotografieren notieren befreien wackeln vereinheitlichen zehren pausieren summieren sortieren verbauen beanstanden
  verschenken verpuffen eröffnen regulieren überleben nachbessern verlagern begegnen berechtigen abschirmen enttäuschen
  quetschen überbrücken entfernen verkleinern infizieren gelangen nerven vertrösten durchsuchen kontieren vorkontieren
  bremsen ärgern verärgern verzetteln verheddern stapeln stocken blättern suchen sichten prüfen buchen tracken loggen
  dokumentieren exportieren importieren archivieren scannen drucken faxen telefonieren chatten posten teilen liken
  verlinken abonnieren kündigen verlängern befristen entfristen befördern versetzen
  schulen coachen bewerben rekrutieren onboarden fakturieren mahnen stunden pfänden verzinsen tilgen
  bilanzieren budgetieren kalkulieren kontrollieren revidieren testieren zertifizieren akkreditieren validieren
  lizenzieren hosten deployen migrieren skalieren provisionieren monitoren alarmieren eskalieren priorisieren
  automatisieren digitalisieren standardisieren harmonisieren zentralisieren dezentralisieren outsourcen
  vergeben beauftragen verhandeln bestellen liefern lagern kommissionieren verpacken versenden retournieren tauschen
  erstatten reklamieren reparieren warten inspizieren messen kalibrieren justieren montieren installieren verkabeln
  verbrauchen heizen kühlen lüften beleuchten dämmen sanieren modernisieren renovieren vermieten verpachten
  verwalten kündigen räumen übernehmen begutachten bewerten versichern regulieren
  verbessern verschlechtern verzögern beschleunigen verdoppeln verdreifachen halbieren senken steigern stagnieren
  schwanken sinken steigen fallen wachsen explodieren verpassen verfehlen erreichen übertreffen
  unterbieten überbieten vergleichen benchmarken verifizieren plausibilisieren
  verdichten aggregieren visualisieren interpretieren prognostizieren simulieren modellieren planen
  disponieren takten routen tanken parken verladen entladen stornieren buchen verschieben verlegen
  bestätigen erinnern benachrichtigen informieren beraten unterstützen begleiten
  moderieren präsentieren demonstrieren überzeugen begeistern gewinnen verlieren halten binden
  vermissen verzeihen hadern zögern zaudern grübeln rätseln schätzen raten wetten hoffen bangen fürchten
  verhindern vermeiden begrenzen deckeln limitieren kappen streichen kürzen stemmen jonglieren pilotieren
  überlasten
`);

/** Strong and mixed verbs: infinitive, 3rd singular present, past stem, Konjunktiv II (optional). */
const STRONG = words(`
  befehlen befiehlt befahl | beginnen beginnt begann begänne | bieten bietet bot böte | binden bindet band bände |
  bitten bittet bat bäte | bleiben bleibt blieb bliebe | brechen bricht brach bräche | brennen brennt brannte |
  bringen bringt brachte brächte | denken denkt dachte dächte | empfehlen empfiehlt empfahl empföhle |
  essen isst aß äße | fahren fährt fuhr führe | fallen fällt fiel fiele | fangen fängt fing finge |
  finden findet fand fände | fliegen fliegt flog flöge | fließen fließt floss flösse | geben gibt gab gäbe |
  gehen geht ging ginge | gelingen gelingt gelang gelänge | gelten gilt galt gälte | genießen genießt genoss |
  geschehen geschieht geschah geschähe | gewinnen gewinnt gewann gewänne | gleichen gleicht glich |
  greifen greift griff | halten hält hielt hielte | hängen hängt hing hinge | heben hebt hob höbe |
  heißen heißt hieß hieße | helfen hilft half hülfe | kennen kennt kannte | klingen klingt klang klänge |
  kommen kommt kam käme | laden lädt lud lüde | lassen lässt ließ ließe | laufen läuft lief liefe |
  leiden leidet litt | leihen leiht lieh | lesen liest las läse | liegen liegt lag läge | meiden meidet mied |
  messen misst maß mäße | nehmen nimmt nahm nähme | nennen nennt nannte | raten rät riet riete |
  rennen rennt rannte | rufen ruft rief riefe | scheiden scheidet schied | scheinen scheint schien |
  schieben schiebt schob schöbe | schießen schießt schoss | schlafen schläft schlief | schlagen schlägt schlug schlüge |
  schließen schließt schloss schlösse | schneiden schneidet schnitt | schreiben schreibt schrieb schriebe |
  schweigen schweigt schwieg | sehen sieht sah sähe | senden sendet sandte/sendete | sinken sinkt sank sänke |
  sitzen sitzt saß säße | sprechen spricht sprach spräche | springen springt sprang | stehen steht stand stünde/stände |
  steigen steigt stieg stiege | sterben stirbt starb | stoßen stößt stieß | streichen streicht strich |
  streiten streitet stritt | tragen trägt trug trüge | treffen trifft traf träfe | treiben treibt trieb |
  treten tritt trat träte | trinken trinkt trank | vergessen vergisst vergaß vergäße | verlieren verliert verlor verlöre |
  wachsen wächst wuchs wüchse | weisen weist wies | wenden wendet wandte/wendete | werben wirbt warb |
  werfen wirft warf würfe | wiegen wiegt wog | ziehen zieht zog zöge | zwingen zwingt zwang | tun tut tat täte |
  fressen frisst fraß | stechen sticht stach | schwinden schwindet schwand | gleiten gleitet glitt |
  reißen reißt riss | weichen weicht wich | schleichen schleicht schlich | verderben verdirbt verdarb |
  verschleißen verschleißt verschliss | biegen biegt bog | fliehen flieht floh | kriechen kriecht kroch |
  schmelzen schmilzt schmolz | stehlen stiehlt stahl | schreiten schreitet schritt | verzeihen verzeiht verzieh |
  schwimmen schwimmt schwamm | gießen gießt goss | frieren friert fror | lügen lügt log | saugen saugt sog |
  hauen haut haute | wenden wendet wandte/wendete | melken melkt molk | schwingen schwingt schwang |
  winden windet wand | ringen ringt rang | dringen dringt drang | stinken stinkt stank | trügen trügt trog |
  schlingen schlingt schlang
`)
  .join(' ')
  .split('|');

/** Strong and mixed verbs with an inseparable prefix: "be+kommen" conjugates like "kommen". */
const PREFIXED = words(`
  be+kommen be+halten be+schreiben be+sprechen be+stehen be+tragen be+treffen be+treiben be+weisen be+ziehen
  be+werben be+heben be+greifen be+raten be+schließen be+sitzen be+streiten be+treten be+finden be+denken be+kennen
  er+halten er+fahren er+geben er+kennen er+scheinen er+schließen er+weisen er+ziehen er+werben er+bringen
  er+greifen er+finden er+lassen er+tragen er+sehen er+reichen ver+binden ver+bringen ver+geben ver+gleichen
  ver+halten ver+lassen ver+laufen ver+meiden ver+schieben ver+sprechen ver+stehen ver+treiben ver+treten
  ver+weisen ver+fahren ver+tragen ver+raten ver+schreiben ver+bieten ver+sinken ver+nehmen ver+fallen
  ent+sprechen ent+stehen ent+scheiden ent+halten ent+nehmen ent+lassen ent+werfen ent+ziehen ent+fallen
  ent+gehen ent+schließen über+nehmen über+tragen über+treffen über+ziehen über+weisen über+stehen über+sehen
  über+geben über+lassen über+treiben über+schreiben unter+nehmen unter+halten unter+schreiben unter+scheiden
  unter+brechen unter+liegen unter+streichen unter+ziehen unter+bieten ge+fallen emp+finden emp+fangen ver+laden
  be+laden ent+laden ent+sprechen
  miss+verstehen wider+sprechen hinter+lassen zer+brechen voll+ziehen
  ver+schwinden ent+gehen ver+gehen über+schreiten über+springen ver+bieten ver+kennen ver+stoßen ver+sinken
  ver+treiben er+heben ver+schieben be+reißen zer+reißen ent+weichen ver+gleichen ver+streichen ent+stehen
  er+frieren ver+sagen be+fehlen ver+brennen be+schließen ent+ziehen über+wiegen ver+tragen be+laufen er+leiden
  er+liegen ver+leiten ver+leihen be+leihen ver+messen er+messen ver+raten er+raten ent+fliehen ver+halten
  er+schreiben ver+sehen be+sehen über+schlagen ent+schlagen er+schlagen ver+schlafen er+scheinen be+scheinen
  über+bieten über+geben ent+lassen ver+schlingen
`);

/** Separable verbs: particle, then the verb it belongs to. */
const SEPARABLE = words(`
  ab|bauen ab|bilden ab|brechen ab|decken ab|geben ab|holen ab|laufen ab|lösen ab|melden ab|nehmen ab|rechnen
  ab|sagen ab|schließen ab|schätzen ab|sichern ab|sprechen ab|stimmen ab|wickeln ab|ziehen an|bieten an|binden
  an|fallen an|fangen an|fragen an|gehen an|kommen an|legen an|melden an|nehmen an|passen an|rufen an|schauen
  an|sehen an|sprechen an|steigen an|stoßen an|wenden an|zeigen auf|bauen auf|decken auf|fallen auf|greifen
  auf|hören auf|lösen auf|nehmen auf|setzen auf|teilen auf|wenden auf|zeigen aus|bauen aus|fallen aus|füllen
  aus|gehen aus|lasten aus|lösen aus|probieren aus|rollen aus|schreiben aus|sehen aus|sprechen aus|tauschen
  aus|wählen aus|weiten aus|werten aus|zahlen bei|tragen bei|fügen bereit|stellen dar|stellen dazu|kommen
  durch|führen durch|laufen ein|binden ein|führen ein|gehen ein|halten ein|laden ein|ordnen ein|planen ein|reichen
  ein|richten ein|schätzen ein|setzen ein|sparen ein|stellen ein|teilen ein|tragen fest|legen fest|stellen
  fort|setzen frei|geben her|stellen heraus|finden heraus|stellen herunter|laden hin|weisen hinzu|fügen hoch|fahren
  hoch|laden kennen|lernen los|legen mit|bringen mit|machen mit|nehmen mit|teilen nach|denken nach|fassen
  nach|haken nach|weisen nach|vollziehen statt|finden teil|nehmen um|gehen um|setzen um|stellen voran|bringen
  voran|treiben vor|bereiten vor|liegen vor|nehmen vor|schlagen vor|sehen vor|stellen vorbei|kommen vorbei|schauen
  weg|fallen weiter|entwickeln weiter|geben weiter|helfen weiter|leiten zu|greifen zu|hören zu|lassen zu|nehmen
  zu|ordnen zu|sagen zu|schicken zu|sichern zurück|fahren zurück|gehen zurück|greifen zurück|kommen zurück|melden
  zurück|rufen zusammen|arbeiten zusammen|fassen zusammen|führen zusammen|stellen ab|lehnen aus|richten
  nach|fragen um|planen zurück|schicken ein|pflegen ab|arbeiten auf|holen aus|geben ein|geben los|gehen weiter|machen
  auf|laden ein|kaufen ab|fragen an|stehen nach|bestellen auf|räumen auf|stocken aus|drucken ein|bauen ab|rufen
  auf|rufen ein|loggen um|ziehen zu|stellen an|rechnen auf|bereiten zurück|zahlen aus|liefern an|liefern nach|reichen
  an|hängen
  ab|tippen ein|tippen schief|gehen schief|laufen weiter|gehen weiter|laufen aus|laufen ab|schalten ein|schalten
  ab|hängen ab|weichen überein|stimmen raus|gehen herein|kommen nach|sehen kaputt|gehen los|fahren zusammen|passen
  zurück|verfolgen zusammen|spielen durch|kommen auf|halten hin|ziehen zusammen|suchen hinein|stecken
  durcheinander|bringen auf|schlüsseln aus|steigen voll|laufen weg|werfen aus|lesen ab|rutschen hinterher|fragen
  hinterher|laufen hinterher|telefonieren weg|nehmen mit|gestalten zurück|holen wiederher|stellen still|stehen
  an|fühlen ab|springen zusammen|kommen nach|halten ab|gleichen weiter|berechnen dabei|haben zurück|liegen
  dahinter|stehen ein|treten durch|rechnen nebeneinander|stellen an|zweifeln ein|laufen bereit|liegen auf|fressen
  herein|holen zurück|setzen ab|nicken hinzu|ziehen mit|gehen ein|greifen an|ordnen mit|wachsen auf|schreiben
  unter|gehen ab|fangen zu|sehen weg|lassen ab|schaffen ein|nehmen hin|sehen brach|liegen nach|prüfen
  auseinander|laufen vorbei|gehen aus|bleiben her|gehen ein|treiben auf|tauchen ein|ziehen vor|legen nach|jagen
  lahm|legen offen|legen hin|schauen dahinter|stecken mit|finanzieren ab|stellen zu|stimmen stand|halten
  nieder|schlagen fest|stecken auf|laufen ab|wandern ab|gehen ein|brechen durch|gehen vor|kontieren ein|spielen
  zu|weisen ab|legen ab|laden auf|fangen still|legen ab|heben an|legen auf|stellen aus|fallen aus|stellen
  ein|lösen ein|sehen her|geben hoch|rechnen mit|spielen nach|rechnen um|buchen vor|ziehen weiter|reichen
  zu|arbeiten ab|rechnen ab|sprechen zurück|rufen nach|liefern aus|sortieren ein|lagern aus|lagern um|lagern
  ab|schreiben zu|schreiben gut|schreiben frei|schalten frei|stellen ab|ziehen zu|kommen ein|arbeiten um|legen
  aus|schließen ein|schränken auf|klären vor|führen um|gehen nach|tragen
`);

/** Auxiliaries, modals, sein, haben, werden, wissen and tun: every finite form, written out. */
const IRREGULAR: Readonly<Record<string, string>> = {
  sein: 'bin bist ist sind seid war warst waren wart wäre wärst wären wärt sei seien',
  haben: 'habe hab hast hat haben habt hatte hattest hatten hattet hätte hättest hätten hättet',
  werden: 'werde wirst wird werden werdet wurde wurdest wurden wurdet würde würdest würden würdet',
  können: 'kann kannst können könnt konnte konntest konnten konntet könnte könntest könnten könntet könne',
  müssen: 'muss musst müssen müsst musste musstest mussten musstet müsste müsstest müssten müsstet müsse',
  sollen: 'soll sollst sollen sollt sollte solltest sollten solltet solle',
  wollen: 'will willst wollen wollt wollte wolltest wollten wolltet wolle',
  dürfen: 'darf darfst dürfen dürft durfte durftest durften durftet dürfte dürftest dürften dürftet dürfe',
  mögen: 'mag magst mögen mögt mochte mochtest mochten mochtet möchte möchtest möchten möchtet möge',
  wissen: 'weiß weißt wissen wisst wusste wusstest wussten wusstet wüsste wüssten wisse',
  lassen: 'lasse lässt lasst lassen ließ ließen ließe',
};

/** What a form can be. */
export const FINITE = 1;
/** An -en form that is also the infinitive ("planen"). */
export const INFINITIVE = 2;
/** A du-imperative only ("schreib", "sag"): a verb at the start of a sentence. */
export const IMPERATIVE = 4;
/** Also the past participle ("reduziert", "erhalten"). */
export const PARTICIPLE = 8;
/** A form of sein, haben, werden, a modal or wissen. */
export const AUXILIARY = 16;

function add(map: Map<string, number>, form: string, flags: number): void {
  map.set(form, (map.get(form) ?? 0) | flags);
}

/** Weak verb forms: present, simple past and imperative. */
function weakForms(infinitive: string): { finite: string[]; imperative: string[] } {
  const short = /[lr]n$/.test(infinitive);
  const stem = short ? infinitive.slice(0, -1) : infinitive.slice(0, -2);
  // "arbeitest", "rechnet", "öffnete": an e between the stem and the ending; after m or n it is not
  // always there ("trennst"), so both are generated.
  const dental = !short && /[td]$/.test(stem);
  const nasal = !short && /(?:[^lrhaeiouäöü]|ch)[mn]$/.test(stem);
  const sibilant = /(?:s|ß|z|x)$/.test(stem);
  const finite = [`${stem}e`, infinitive];
  for (const e of dental ? ['e'] : nasal ? ['e', ''] : ['']) {
    finite.push(sibilant ? `${stem}t` : `${stem}${e}st`, `${stem}${e}t`);
    for (const ending of ['te', 'test', 'ten', 'tet']) finite.push(`${stem}${e}${ending}`);
  }
  if (short && stem.endsWith('el')) finite.push(`${stem.slice(0, -2)}le`);
  return { finite, imperative: [stem, `${stem}e`] };
}

function strongForms(line: string): { infinitive: string; finite: string[]; imperative: string[] } | undefined {
  const [infinitive, third, pastStems, subjunctive] = line.trim().split(/\s+/);
  if (!infinitive || !third || !pastStems) return undefined;
  const stem = infinitive.slice(0, -(infinitive.endsWith('en') ? 2 : 1));
  const thirdStem = third.replace(/t$/, '');
  const finite = [
    `${stem}e`,
    `${thirdStem}st`,
    `${third}st`,
    third,
    infinitive,
    /[td]$/.test(stem) ? `${stem}et` : `${stem}t`,
  ];
  for (const past of pastStems.split('/')) {
    const pastStem = past.replace(/e$/, '');
    finite.push(past, `${past}st`, `${past}est`, `${pastStem}en`, `${pastStem}et`, `${past}t`);
  }
  if (subjunctive) finite.push(subjunctive, `${subjunctive}st`, `${subjunctive}n`, `${subjunctive}t`);
  return { infinitive, finite, imperative: [stem, `${stem}e`, thirdStem] };
}

// Inseparable prefixes: these verbs' participle has no ge- ("reduziert", "erhalten").
const NO_GE = /^(?:be|ge|er|ver|zer|ent|emp|miss|über|unter|wider|hinter|voll)/;

let forms: Map<string, number> | undefined;
/** The forms of verbs without a separable particle, to read particle and verb written as one word. */
let simple: Map<string, number> | undefined;

function build(): Map<string, number> {
  const map = new Map<string, number>();
  const strong = new Map<string, { finite: string[]; imperative: string[] }>();
  for (const line of STRONG) {
    const parsed = strongForms(line);
    if (parsed) strong.set(parsed.infinitive, parsed);
  }
  const conjugate = (infinitive: string): { finite: string[]; imperative: string[] } => {
    const own = strong.get(infinitive);
    if (own) return own;
    for (const entry of PREFIXED) {
      const [prefix, base] = entry.split('+');
      if (prefix && base && `${prefix}${base}` === infinitive) {
        const of = strong.get(base) ?? weakForms(base);
        return { finite: of.finite.map((form) => prefix + form), imperative: of.imperative.map((f) => prefix + f) };
      }
    }
    return weakForms(infinitive);
  };
  const addVerb = (infinitive: string): void => {
    const { finite, imperative } = conjugate(infinitive);
    const participleLike = NO_GE.test(infinitive) || infinitive.endsWith('ieren');
    for (const form of finite) {
      let flags = FINITE;
      if (form === infinitive) flags |= INFINITIVE | (participleLike ? PARTICIPLE : 0);
      else if (participleLike && form.endsWith('t') && !form.endsWith('st')) flags |= PARTICIPLE;
      add(map, form, flags);
    }
    for (const form of imperative) if (!map.has(form)) add(map, form, IMPERATIVE);
  };
  for (const infinitive of WEAK) addVerb(infinitive);
  for (const line of STRONG) {
    const infinitive = line.trim().split(/\s+/)[0];
    if (infinitive) addVerb(infinitive);
  }
  for (const entry of PREFIXED) addVerb(entry.replace('+', ''));
  // Konjunktiv II of "brauchen", as common as the modals' ("Wie lange bräuchten Sie…?").
  for (const form of words('bräuchte bräuchtest bräuchten bräuchtet')) add(map, form, FINITE);
  simple = new Map(map);
  for (const entry of SEPARABLE) {
    const [particle, base] = entry.split('|');
    if (!particle || !base) continue;
    if (!map.has(base)) addVerb(base);
    // Joined, at the end of a subordinate clause.
    for (const form of conjugate(base).finite) add(map, particle + form, FINITE | (form === base ? INFINITIVE : 0));
  }
  for (const [infinitive, list] of Object.entries(IRREGULAR)) {
    for (const form of list.split(' ')) add(map, form, FINITE | AUXILIARY | (form === infinitive ? INFINITIVE : 0));
  }
  // Rare forms that are everyday words: "schlicht" (ihr schlicht, of schleichen) is "plain".
  map.delete('schlicht');
  simple?.delete('schlicht');
  return map;
}

/** Every generated form with what it can be (built once, on first use). */
export function germanForms(): ReadonlyMap<string, number> {
  forms ??= build();
  return forms;
}

/** Particles of separable verbs, longest first. */
const PARTICLES = words(`
  nebeneinander durcheinander auseinander wiederher hinterher dahinter zusammen zurecht herunter heraus herein hinein
  hinaus gegenüber entgegen voraus vorbei voran überein zurück weiter wieder dabei daneben dazu bereit kaputt kennen
  nieder schief still offen brach fest fort frei hinzu heran herum voll hoch lahm heim fertig durch statt teil raus
  rein drauf dran ab an auf aus bei dar ein her hin los mit nach um vor weg zu
`).sort((a, b) => b.length - a.length);

/**
 * A separable verb written as one word at the end of a subordinate clause ("…, wenn ein Server
 * ausfällt", "…, bevor jemand es abtippt"): a particle and a finite form of a verb the lexicon has.
 * Not a zu-infinitive ("abzutippen") and not a participle ("abgetippt", which is no finite form).
 */
export function joinedVerb(word: string): number | undefined {
  germanForms();
  for (const particle of PARTICLES) {
    if (!word.startsWith(particle) || word.length - particle.length < 3) continue;
    const rest = word.slice(particle.length);
    const flags = simple?.get(rest);
    if (flags && flags & FINITE && !(flags & AUXILIARY) && !/^zu/.test(rest)) return flags & ~IMPERATIVE;
  }
  return undefined;
}

export const GERMAN_LEMMAS = new Set([
  ...WEAK,
  ...STRONG.map((line) => line.trim().split(/\s+/)[0] ?? ''),
  ...PREFIXED.map((entry) => entry.replace('+', '')),
  ...SEPARABLE.map((entry) => entry.replace('|', '')),
  ...Object.keys(IRREGULAR),
]).size;
