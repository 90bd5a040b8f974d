import { words } from '../lexicon/list.ts';

/*
 * French verbs of business writing. Regular verbs are listed by group and conjugated by rule
 * (présent, imparfait, passé simple of the 3rd person, futur, conditionnel, subjonctif); spelling
 * changes (commençons, mangeons, achète, appelle, préfère, paie) are generated alongside the plain
 * stem. Irregular verbs are written out by tense and lend their forms to their compounds
 * (venir → devenir, prévenir; duire → réduire, produire).
 */
const ER = words(`
  accepter accompagner accorder accélérer acheter acter adapter adopter adresser afficher affiner aider ajouter ajuster
  alerter alimenter alléger améliorer amener analyser animer annoncer annuler anticiper appeler apporter apprécier
  approcher approuver appuyer arrêter arriver assurer attirer augmenter automatiser avancer baisser baser bénéficier
  bloquer booster cadrer calculer calibrer capitaliser capter centraliser changer charger chercher chiffrer cibler
  classer clarifier clôturer coacher cocher collaborer collecter combiner commander commencer commenter communiquer
  comparer compenser compléter compter concentrer concerner confier configurer confirmer connecter consacrer
  conseiller considérer consolider constater consulter contacter continuer contribuer contrôler coordonner corriger
  coûter créer critiquer cumuler débloquer débuter décaler décider déclarer dédier déléguer demander démarrer démontrer
  dépanner dépasser déplacer déployer déposer désirer détailler détecter déterminer développer diagnostiquer diffuser
  digitaliser diminuer discuter disposer distribuer diviser documenter donner doubler douter échanger économiser écouter
  effectuer élaborer éliminer embaucher emporter employer encourager engager enregistrer entrer envisager équiper
  espérer essayer estimer étudier évaluer éviter évoluer examiner exécuter exister expédier expérimenter expliquer
  exploiter explorer exporter exprimer facturer faciliter fédérer fermer fiabiliser figurer filtrer finaliser financer
  fixer fluidifier fonctionner former formuler fusionner gagner garder gaspiller générer gérer harmoniser hésiter
  identifier ignorer imaginer impacter implémenter importer imposer imprimer indiquer industrialiser informer initier
  innover inquiéter installer intégrer intéresser inviter jouer juger justifier lancer laisser libérer lier limiter
  livrer localiser louer manquer marcher marquer maximiser mener mentionner mesurer migrer minimiser mobiliser modifier
  monter montrer motiver mutualiser négocier noter numériser observer occuper optimiser organiser oser oublier
  outiller pallier parler participer partager passer payer penser personnaliser peser piloter placer planifier
  plonger porter poser posséder poster pousser pratiquer préciser préférer prélever préparer présenter préserver
  presser prêter prioriser privilégier procéder profiter programmer progresser projeter prolonger proposer protéger
  prouver publier quantifier questionner rappeler rapprocher rassembler rassurer rater rationaliser réaliser recentrer
  rechercher récolter recommander réconcilier recruter récupérer rédiger redonner refuser regarder régler regrouper
  rejeter relancer relever remarquer rembourser remercier remonter remplacer rencontrer renforcer renouveler
  renseigner rentabiliser rentrer réorganiser réparer repasser repérer répéter reporter reposer représenter réserver
  résumer retarder retirer retourner retrouver réutiliser réviser risquer sauvegarder sauver scanner sécuriser
  segmenter sembler signaler signer simplifier simuler solliciter souhaiter souligner standardiser structurer
  suggérer supporter supprimer surveiller synchroniser tarder télécharger téléphoner témoigner tenter terminer tester
  tirer toucher tourner tracer traiter transférer transformer travailler trier trouver utiliser valider valoriser
  vérifier viser visiter visualiser voter cliquer entraîner aimer arranger causer conserver consommer déclencher
  dépenser désigner échouer éclairer embarquer emprunter encaisser enchaîner épargner équilibrer exiger fidéliser
  freiner gâcher grimper guider informatiser interroger inventer jongler manier mériter nécessiter obliger opérer
  patienter peiner perturber pénaliser pointer qualifier raconter rattraper réclamer recouvrer refléter réinventer
  remédier répercuter résister respecter rester révéler saturer soulager stocker surcharger tomber traîner trancher
  accélérer calculer chiffrer compliquer décrocher dégager démultiplier diversifier éviter fournir gaspiller
  lister mutualiser planifier prospecter recommander relancer rentabiliser sécuriser signer simplifier adorer
  sous-estimer surestimer sous-traiter abandonner aborder accumuler acheminer activer adhérer administrer affecter
  allouer arbitrer archiver associer attribuer autoriser bouger briller chuter circuler citer coller compiler composer
  constituer contourner copier couper croiser décliner dégrader demeurer déplorer désactiver dessiner diriger
  distinguer dupliquer durer écarter éditer engendrer enlever entamer évoquer exposer fabriquer favoriser forcer
  grouper héberger illustrer indexer isoler lever lisser maîtriser manipuler moderniser multiplier nettoyer
  normaliser ordonner orienter paramétrer plafonner recouper rediriger relier ressembler restituer sélectionner
  stabiliser tarifer unifier voyager télécharger hésiter arrêter intégrer fragiliser crouler noyer submerger
  rapprocher épuiser étouffer alourdir
  imputer ranger rattacher recopier rapatrier actualiser grignoter coexister allonger aligner échapper immobiliser
  traverser recalculer concorder fier contester redouter rapporter consister supposer déraper enliser transporter
  précéder réchauffer glisser assembler éterniser basculer manifester patcher veiller lâcher dériver appliquer
  uniformiser remporter redresser casser redémarrer disputer réinitialiser raccorder amputer coder verrouiller
  confronter inspecter étirer échantillonner réveiller devancer additionner dérouler entourer empêcher propager
  déborder gêner réinternaliser sourcer retoucher réintégrer réceptionner référencer tolérer empiler reconstituer
  lettrer effacer absorber combler chauffer implanter signifier fouiller immatriculer dimensionner abonner accéder
  acquitter agréger amorcer assumer attacher auditer boucler brancher budgéter céder certifier contracter
  dédoublonner endetter externaliser figer inventorier mélanger modéliser monétiser notifier provisionner refacturer
  résilier restaurer superviser oublier emmener ramener relayer rappeler réorienter repenser réviser
  accumuler patienter quitter rêver gaspiller dépanner
  tracker booker checker scorer benchmarker prioriser challenger reporter
  encombrer embouteiller saturer surcharger retarder stagner plafonner chuter flamber exploser baisser
  grimper doubler tripler diviser multiplier compter recompter pointer dépointer rapprocher lettrer délettrer
  ventiler provisionner clôturer reclasser reclassifier résilier renégocier
  relancer harceler talonner pister tracer localiser géolocaliser cartographier recenser répertorier
  étiqueter emballer déballer charger décharger stocker déstocker réapprovisionner commander recommander livrer
  expédier réexpédier retourner rembourser indemniser dédommager facturer créditer débiter prélever
  virer encaisser décaisser régler solder apurer recouvrer relancer mandater déléguer habiliter révoquer
  authentifier chiffrer déchiffrer crypter sauvegarder restaurer répliquer basculer migrer héberger déployer
  monitorer superviser alerter escalader trier prioriser affecter assigner réaffecter planifier replanifier
  reprogrammer décaler annuler reporter confirmer valider invalider rejeter approuver viser signer contresigner
  parapher archiver classer numériser scanner photographier filmer enregistrer
  localiser corriger réviser adapter manger accaparer préoccuper opter miser insister déranger soupçonner
  batailler lutter rivaliser dominer retaper éplucher chasser traquer orchestrer épauler
`);

const IR = words(`
  aboutir accomplir adoucir affaiblir agir agrandir alourdir amortir aplanir approfondir assainir assouplir avertir
  bâtir choisir convertir définir durcir éclaircir élargir embellir enrichir établir finir fleurir fournir franchir
  garantir grandir investir nourrir raccourcir ralentir ravir réagir réfléchir remplir répartir réunir réussir
  saisir subir unir vieillir ressaisir grossir faiblir pâtir amortir ralentir blêmir durcir renchérir
`);

const RE = words(`
  attendre entendre rendre dépendre perdre répondre correspondre défendre descendre étendre prétendre suspendre
  tendre vendre revendre fondre confondre détendre interrompre rompre
`);

interface Irregular {
  /** Présent: je, tu, il, nous, vous, ils. */
  readonly present: string;
  readonly imperfect: string;
  readonly future: string;
  /** Subjonctif and imperative forms the other tenses do not give. */
  readonly other?: string;
  /** Passé simple, 3rd person. */
  readonly simple?: string;
  /** Compounds, conjugated by putting their prefix before each form. */
  readonly derived?: string;
  /** The 3rd singular is also the past participle ("il fait" / "c'est fait"). */
  readonly participle?: boolean;
}

const IRREGULAR: Readonly<Record<string, Irregular>> = {
  être: {
    present: 'suis es est sommes êtes sont',
    imperfect: 'ét',
    future: 'ser',
    other: 'sois soit soyons soyez soient',
    simple: 'fut furent',
  },
  avoir: {
    present: 'ai as a avons avez ont',
    imperfect: 'av',
    future: 'aur',
    other: 'aie aies ait ayons ayez aient',
    simple: 'eut eurent',
  },
  aller: { present: 'vais vas va allons allez vont', imperfect: 'all', future: 'ir', other: 'aille ailles aillent' },
  faire: {
    present: 'fais fais fait faisons faites font',
    imperfect: 'fais',
    future: 'fer',
    other: 'fasse fasses fassions fassiez fassent',
    simple: 'fit firent',
    derived: 'refaire satisfaire défaire',
    participle: true,
  },
  pouvoir: {
    present: 'peux peux peut pouvons pouvez peuvent',
    imperfect: 'pouv',
    future: 'pourr',
    other: 'puisse puisses puissions puissiez puissent',
    simple: 'put purent',
  },
  vouloir: {
    present: 'veux veux veut voulons voulez veulent',
    imperfect: 'voul',
    future: 'voudr',
    other: 'veuille veuilles veuillent veuillez',
    simple: 'voulut voulurent',
  },
  devoir: {
    present: 'dois dois doit devons devez doivent',
    imperfect: 'dev',
    future: 'devr',
    other: 'doive doives',
    simple: 'dut durent',
  },
  savoir: {
    present: 'sais sais sait savons savez savent',
    imperfect: 'sav',
    future: 'saur',
    other: 'sache saches sachions sachiez sachent sachez sachons',
    simple: 'sut surent',
  },
  falloir: { present: 'faut', imperfect: 'fall', future: 'faudr', other: 'faille', simple: 'fallut' },
  valoir: {
    present: 'vaux vaux vaut valons valez valent',
    imperfect: 'val',
    future: 'vaudr',
    other: 'vaille vaillent',
    derived: 'prévaloir',
  },
  venir: {
    present: 'viens viens vient venons venez viennent',
    imperfect: 'ven',
    future: 'viendr',
    other: 'vienne viennes',
    simple: 'vint vinrent',
    derived: 'devenir revenir prévenir convenir intervenir parvenir provenir survenir subvenir souvenir advenir',
  },
  tenir: {
    present: 'tiens tiens tient tenons tenez tiennent',
    imperfect: 'ten',
    future: 'tiendr',
    other: 'tienne tiennes',
    simple: 'tint tinrent',
    derived: 'obtenir maintenir contenir soutenir retenir appartenir entretenir détenir',
  },
  prendre: {
    present: 'prends prends prend prenons prenez prennent',
    imperfect: 'pren',
    future: 'prendr',
    other: 'prenne prennes',
    simple: 'prit prirent',
    derived: 'comprendre apprendre reprendre entreprendre surprendre',
  },
  mettre: {
    present: 'mets mets met mettons mettez mettent',
    imperfect: 'mett',
    future: 'mettr',
    other: 'mette mettes',
    simple: 'mit mirent',
    derived: 'permettre promettre transmettre soumettre remettre admettre commettre omettre émettre',
  },
  dire: {
    present: 'dis dis dit disons dites disent',
    imperfect: 'dis',
    future: 'dir',
    other: 'dise dises',
    derived: 'redire prédire interdire contredire',
    participle: true,
  },
  voir: {
    present: 'vois vois voit voyons voyez voient',
    imperfect: 'voy',
    future: 'verr',
    other: 'voie voies',
    simple: 'vit virent',
    derived: 'revoir prévoir entrevoir',
  },
  croire: { present: 'crois crois croit croyons croyez croient', imperfect: 'croy', future: 'croir', other: 'croie' },
  crire: {
    present: 'cris cris crit crivons crivez crivent',
    imperfect: 'criv',
    future: 'crir',
    other: 'crive crives',
    simple: 'crivit crivirent',
    derived: 'écrire décrire inscrire souscrire prescrire transcrire réécrire',
    participle: true,
  },
  duire: {
    present: 'duis duis duit duisons duisez duisent',
    imperfect: 'duis',
    future: 'duir',
    other: 'duise duises',
    simple: 'duisit duisirent',
    derived: 'conduire réduire produire introduire traduire déduire induire séduire reconduire reproduire',
    participle: true,
  },
  struire: {
    present: 'struis struis struit struisons struisez struisent',
    imperfect: 'struis',
    future: 'struir',
    other: 'struise',
    derived: 'construire instruire détruire reconstruire',
    participle: true,
  },
  cevoir: {
    present: 'çois çois çoit cevons cevez çoivent',
    imperfect: 'cev',
    future: 'cevr',
    other: 'çoive çoives',
    simple: 'çut çurent',
    derived: 'recevoir apercevoir concevoir décevoir percevoir',
  },
  aître: {
    present: 'ais ais aît aissons aissez aissent',
    imperfect: 'aiss',
    future: 'aîtr',
    other: 'aisse aisses',
    derived: 'connaître reconnaître paraître apparaître disparaître naître',
  },
  croître: {
    present: 'croîs croîs croît croissons croissez croissent',
    imperfect: 'croiss',
    future: 'croîtr',
    other: 'croisse',
    derived: 'accroître',
  },
  vrir: {
    present: 'vre vres vre vrons vrez vrent',
    imperfect: 'vr',
    future: 'vrir',
    derived: 'ouvrir couvrir découvrir rouvrir recouvrir',
  },
  frir: { present: 'fre fres fre frons frez frent', imperfect: 'fr', future: 'frir', derived: 'offrir souffrir' },
  eindre: {
    present: 'eins eins eint eignons eignez eignent',
    imperfect: 'eign',
    future: 'eindr',
    other: 'eigne',
    derived: 'atteindre peindre éteindre restreindre enfreindre',
    participle: true,
  },
  aindre: {
    present: 'ains ains aint aignons aignez aignent',
    imperfect: 'aign',
    future: 'aindr',
    other: 'aigne',
    derived: 'craindre contraindre plaindre',
    participle: true,
  },
  oindre: {
    present: 'oins oins oint oignons oignez oignent',
    imperfect: 'oign',
    future: 'oindr',
    other: 'oigne',
    derived: 'joindre rejoindre',
    participle: true,
  },
  suivre: {
    present: 'suis suis suit suivons suivez suivent',
    imperfect: 'suiv',
    future: 'suivr',
    other: 'suive',
    derived: 'poursuivre',
  },
  vivre: {
    present: 'vis vis vit vivons vivez vivent',
    imperfect: 'viv',
    future: 'vivr',
    other: 'vive',
    derived: 'revivre survivre',
  },
  battre: {
    present: 'bats bats bat battons battez battent',
    imperfect: 'batt',
    future: 'battr',
    other: 'batte',
    derived: 'débattre combattre abattre',
  },
  courir: {
    present: 'cours cours court courons courez courent',
    imperfect: 'cour',
    future: 'courr',
    other: 'coure',
    derived: 'parcourir recourir',
  },
  quérir: {
    present: 'quiers quiers quiert quérons quérez quièrent',
    imperfect: 'quér',
    future: 'querr',
    other: 'quière',
    derived: 'acquérir conquérir requérir',
  },
  vaincre: {
    present: 'vaincs vaincs vainc vainquons vainquez vainquent',
    imperfect: 'vainqu',
    future: 'vaincr',
    other: 'vainque',
    derived: 'convaincre',
  },
  clure: {
    present: 'clus clus clut cluons cluez cluent',
    imperfect: 'clu',
    future: 'clur',
    other: 'clue',
    derived: 'conclure inclure exclure',
  },
  résoudre: {
    present: 'résous résous résout résolvons résolvez résolvent',
    imperfect: 'résolv',
    future: 'résoudr',
    other: 'résolve',
  },
  partir: {
    present: 'pars pars part partons partez partent',
    imperfect: 'part',
    future: 'partir',
    other: 'parte',
    derived: 'repartir',
  },
  sortir: { present: 'sors sors sort sortons sortez sortent', imperfect: 'sort', future: 'sortir', other: 'sorte' },
  sentir: {
    present: 'sens sens sent sentons sentez sentent',
    imperfect: 'sent',
    future: 'sentir',
    other: 'sente',
    derived: 'ressentir consentir pressentir',
  },
  servir: {
    present: 'sers sers sert servons servez servent',
    imperfect: 'serv',
    future: 'servir',
    other: 'serve',
    derived: 'desservir',
  },
  dormir: { present: 'dors dors dort dormons dormez dorment', imperfect: 'dorm', future: 'dormir', other: 'dorme' },
  lire: {
    present: 'lis lis lit lisons lisez lisent',
    imperfect: 'lis',
    future: 'lir',
    other: 'lise',
    derived: 'relire élire',
  },
  plaire: {
    present: 'plais plais plaît plaisons plaisez plaisent',
    imperfect: 'plais',
    future: 'plair',
    other: 'plaise',
    derived: 'déplaire',
  },
  envoyer: {
    present: 'envoie envoies envoie envoyons envoyez envoient',
    imperfect: 'envoy',
    future: 'enverr',
    other: 'envoya envoyèrent',
    derived: 'renvoyer',
  },
  rire: { present: 'ris ris rit rions riez rient', imperfect: 'ri', future: 'rir', derived: 'sourire' },
  cueillir: {
    present: 'cueille cueilles cueille cueillons cueillez cueillent',
    imperfect: 'cueill',
    future: 'cueiller',
    derived: 'accueillir recueillir',
  },
  suffire: { present: 'suffis suffis suffit suffisons suffisez suffisent', imperfect: 'suffis', future: 'suffir' },
  traire: {
    present: 'trais trais trait trayons trayez traient',
    imperfect: 'tray',
    future: 'trair',
    other: 'traie',
    derived: 'extraire soustraire distraire',
    participle: true,
  },
  pourvoir: {
    present: 'pourvois pourvois pourvoit pourvoyons pourvoyez pourvoient',
    imperfect: 'pourvoy',
    future: 'pourvoir',
    other: 'pourvoie',
  },
};

/** What a form can be. */
export const FINITE = 1; // a finite form for any subject
export const NOUS = 2; // only with "nous" (or an imperative for the present)
export const VOUS = 4; // only with "vous" (or an imperative for the present)
export const IMPERATIVE = 8; // the present -ons/-ez form, or sois, soyez, sachez, veuillez
export const PARTICIPLE = 16; // the 3rd singular is also the past participle ("réduit")
export const AUXILIARY = 32; // être, avoir, aller, pouvoir, devoir, vouloir, savoir, falloir
export const RARE = 64; // a form that is mostly a noun ("lit", "cours"): a verb only after its subject

const AUXILIARY_VERBS = new Set(['être', 'avoir', 'aller', 'pouvoir', 'devoir', 'vouloir', 'savoir', 'falloir']);
const IMPERATIVES = new Set(['sois', 'soyez', 'soyons', 'ayez', 'ayons', 'sachez', 'sachons', 'veuillez']);

function add(map: Map<string, number>, form: string, extra = 0): void {
  let flags = extra;
  if (/(?:ons|ions)$/.test(form)) flags |= NOUS;
  else if (/(?:ez|iez)$/.test(form)) flags |= VOUS;
  else flags |= FINITE;
  map.set(form, (map.get(form) ?? 0) | flags);
}

const PERSON = ['ais', 'ais', 'ait', 'ions', 'iez', 'aient'];
const FUTURE = ['ai', 'as', 'a', 'ons', 'ez', 'ont'];

function tenses(map: Map<string, number>, imperfect: string, future: string, extra = 0): void {
  for (const ending of PERSON) add(map, imperfect + ending, extra);
  for (const ending of FUTURE) add(map, future + ending, extra);
  for (const ending of PERSON) add(map, future + ending, extra);
}

function present(map: Map<string, number>, forms: readonly string[], extra = 0): void {
  forms.forEach((form, person) => {
    add(map, form, extra | (person === 3 || person === 4 ? IMPERATIVE : 0));
  });
}

/** -er verbs, with the stems their spelling changes give. */
function firstGroup(map: Map<string, number>, infinitive: string): void {
  const stem = infinitive.slice(0, -2);
  const stems = new Set([stem]);
  // achète, préfère; appelle, jette; paie, emploie
  const accent = /[eé]([^aeiouyéèê]+)$/.exec(stem);
  if (accent) {
    stems.add(`${stem.slice(0, accent.index)}è${accent[1]}`);
    if (/[lt]$/.test(stem) && stem.charAt(accent.index) === 'e') stems.add(stem + stem.charAt(stem.length - 1));
  }
  if (stem.endsWith('y')) stems.add(`${stem.slice(0, -1)}i`);
  // commençons, mangeons: before a or o.
  const hard = stem.endsWith('c') ? `${stem.slice(0, -1)}ç` : stem.endsWith('g') ? `${stem}e` : stem;
  // préférer → préfère: the stem with é takes è before a silent ending, never é ("précédent" is an adjective).
  const grave = accent?.[0]?.startsWith('é');
  for (const s of stems) {
    if (!(grave && s === stem)) for (const ending of ['e', 'es', 'ent']) add(map, s + ending);
    tenses(map, hard, `${s}er`);
  }
  add(map, `${hard}ons`, IMPERATIVE);
  add(map, `${stem}ez`, IMPERATIVE);
  for (const ending of ['ions', 'iez']) add(map, stem + ending);
  for (const ending of ['ais', 'ait', 'aient']) add(map, hard + ending);
  add(map, `${hard}a`);
  add(map, `${stem}èrent`);
}

function secondGroup(map: Map<string, number>, infinitive: string): void {
  const stem = infinitive.slice(0, -2);
  present(
    map,
    ['is', 'is', 'it', 'issons', 'issez', 'issent'].map((ending) => stem + ending),
  );
  tenses(map, `${stem}iss`, infinitive);
  for (const ending of ['isse', 'isses', 'irent']) add(map, stem + ending);
}

function thirdGroup(map: Map<string, number>, infinitive: string): void {
  const stem = infinitive.slice(0, -2);
  const third = stem.endsWith('mp') ? `${stem}t` : stem;
  present(map, [`${stem}s`, `${stem}s`, third, `${stem}ons`, `${stem}ez`, `${stem}ent`]);
  tenses(map, stem, infinitive.slice(0, -1));
  for (const ending of ['e', 'es', 'it', 'irent']) add(map, stem + ending);
}

function irregular(map: Map<string, number>, verb: Irregular, prefix: string, extra: number): void {
  const forms = verb.present.split(' ').map((form) => prefix + form);
  present(map, forms, extra);
  tenses(map, prefix + verb.imperfect, prefix + verb.future, extra);
  for (const form of `${verb.other ?? ''} ${verb.simple ?? ''}`.split(' ').filter(Boolean)) {
    add(map, prefix + form, extra | (IMPERATIVES.has(form) ? IMPERATIVE : 0));
  }
  if (verb.participle && forms[2]) map.set(forms[2], (map.get(forms[2]) ?? 0) | PARTICIPLE);
}

/** Entries that are endings shared by their compounds, not verbs of their own. */
const PATTERNS = new Set(words('crire duire struire cevoir aître vrir frir eindre aindre oindre quérir clure traire'));

let forms: Map<string, number> | undefined;

function build(): Map<string, number> {
  const map = new Map<string, number>();
  for (const verb of ER) firstGroup(map, verb);
  for (const verb of IR) secondGroup(map, verb);
  for (const verb of RE) thirdGroup(map, verb);
  for (const [lemma, verb] of Object.entries(IRREGULAR)) {
    const extra = AUXILIARY_VERBS.has(lemma) ? AUXILIARY : 0;
    if (!PATTERNS.has(lemma)) {
      irregular(map, verb, '', extra);
    }
    for (const compound of (verb.derived ?? '').split(' ').filter(Boolean)) {
      irregular(map, verb, compound.slice(0, compound.length - lemma.length), extra);
    }
  }
  // A preposition that is also a rare verb form ("entre").
  map.delete('entre');
  // Nouns that are also a verb form ("le lit", "les cours"): a verb only after its subject ("Acme lit…").
  for (const word of ['sens', 'vis', 'lit', 'cours']) map.set(word, (map.get(word) ?? 0) | RARE);
  return map;
}

let infinitives: Set<string> | undefined;

/** Every verb's infinitive, compounds included ("rentrer", "faire", "réduire"). */
export function frenchInfinitives(): ReadonlySet<string> {
  infinitives ??= new Set([
    ...ER,
    ...IR,
    ...RE,
    ...Object.entries(IRREGULAR).flatMap(([lemma, verb]) => [
      ...(PATTERNS.has(lemma) ? [] : [lemma]),
      ...(verb.derived?.split(' ') ?? []),
    ]),
  ]);
  return infinitives;
}

/** Every generated form with what it can be (built once, on first use). */
export function frenchForms(): ReadonlyMap<string, number> {
  forms ??= build();
  return forms;
}

export const FRENCH_LEMMAS =
  new Set([...ER, ...IR, ...RE]).size +
  Object.entries(IRREGULAR).reduce(
    (sum, [lemma, verb]) => sum + (PATTERNS.has(lemma) ? 0 : 1) + (verb.derived?.split(' ').length ?? 0),
    0,
  );
