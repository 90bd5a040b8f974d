import { words } from '../lexicon/list.ts';
import {
  AUXILIARY,
  FINITE,
  frenchForms,
  frenchInfinitives,
  IMPERATIVE,
  NOUS,
  PARTICIPLE,
  RARE,
  VOUS,
} from './fr-lexicon.ts';
import type { Token } from './tokens.ts';

const set = (text: string): ReadonlySet<string> => new Set(words(text));

export const FRENCH_DETERMINERS = set(`
  le la les l' un une des du au aux cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs
  chaque quel quelle quels quelles aucun aucune quelques d'
`);
export const FRENCH_PREPOSITIONS = set(`
  de d' à pour par avec sans sur sous dans chez vers entre contre après avant depuis pendant selon dès via envers
  malgré parmi jusqu' jusque
`);
/** Adjectives before their noun: "la même demande", "votre prochaine relance". */
const PRENOMINAL = set(`
  nouveau nouvel nouvelle nouveaux nouvelles prochain prochaine prochains prochaines dernier dernière derniers
  dernières premier première premiers premières seul seule seuls seules même mêmes autre autres bon bonne bons bonnes
  petit petite petits petites grand grande grands grandes meilleur meilleure meilleurs meilleures vrai vraie vrais
  vraies deuxième troisième simple simples ce
`);
/**
 * Verb forms that are also everyday nouns: after "la", "les", "l'", "leur" or "en" these are read
 * as nouns ("la demande", "en place"); any other verb form there is read as a verb behind an object
 * pronoun ("et la rapproche", "leur propose").
 */
const NOUN_FORMS = set(`
  demande relance commande contrôle charge marche note compte reste place pose porte garde forme visite aide baisse
  échange partage signe cible limite mesure marque réserve montre copie facture paie règle remarque rencontre risque
  trace vote dépense livre pilote poste filtre groupe classe programme alerte liste analyse équipe pause passe touche
  offre ouvre couvre suite présente pratique critique double calme ferme fixe conforme active continue recherche
  relève prise coupe date cote planche plante vente réponse tâche lance essaie appuie envoie emploie paye
  lettre chiffre solde retouche étiquette référence source code part piste veille bascule base doute trace ligne
  commande compte calcul cadre centre classe note règle tarif forme vente ventile file pile poste suite charge
`);
const isNounForm = (word: string): boolean => NOUN_FORMS.has(word) || NOUN_FORMS.has(word.replace(/s$/, ''));

/** Object pronouns and "ne" between a subject and its verb: "nous l'appelons", "je vous écris". */
const CLITICS = set(`me m' te t' se s' nous vous le la les l' lui leur y en ne n'`);
/** Clitics that cannot be a determiner or a preposition, so a verb follows. */
const SURE_CLITICS = set(`me m' te t' se s' nous vous lui y ne n'`);
const SUBJECTS = set(`je j' tu il elle on nous vous ils elles ce c' qui cela ça ceci celui celle ceux celles
  quelqu'un chacun chacune rien`);
/** Words that open a sentence without being its subject: "Chaque…", "Dans…", "Comment…", "Souvent…". */
const NOT_SUBJECTS = set(`
  comment pourquoi quand où combien quel quelle quels quelles que qu' quoi et mais ou donc si puis alors ensuite enfin
  souvent toujours jamais déjà encore aussi plus moins très bien trop tout tous toute toutes aujourd'hui demain hier
  ici là voici voilà merci bonjour oui non peut-être ainsi chez après avant depuis pendant selon
`);
/** After these, a verb at the start of a clause can be an imperative. */
const OPENERS = set(`et puis alors donc ou mais sinon ensuite enfin simplement surtout si`);
const CLAUSE_PUNCT = new Set([',', ';', ':', '(', '—', '–', '"', '“', '«', '.', '!', '?']);
/** What a verb is followed by rather than a noun's complement: "réduit vos délais", not "réduit de 30 %". */
const VERB_FOLLOWERS = set(`
  le la les l' un une des du au aux ce cet cette ces mon ma mes son sa ses notre nos votre vos leur leurs me te se nous
  vous lui y en pas plus jamais aussi déjà souvent toujours encore bien mieux beaucoup vraiment même rapidement
  automatiquement tout tous toutes que qu' gagner perdre économiser
`);

/** Verb forms that are mostly adjectives ("un équipement critique", "une vue complète"). */
const ADJECTIVE_FORMS = set(`
  critique critiques complète complètes pratique pratiques précise précises double doubles calme calmes ferme fermes
  fixe fixes limite limites présente présentes conforme conformes cible cibles active actives continue continues
`);

const isName = (token: Token | undefined): boolean =>
  !!token && (token.kind === 'name' || (token.kind === 'word' && token.cap && !token.initial));

interface Left {
  /** Clitics right before the word. */
  readonly chain: readonly string[];
  /** The token before them. */
  readonly before: Token | undefined;
  readonly index: number;
}

function leftOf(tokens: readonly Token[], i: number): Left {
  const chain: string[] = [];
  let j = i - 1;
  while (j >= 0 && tokens[j]?.kind === 'word' && CLITICS.has(tokens[j]?.lower ?? '')) {
    chain.push(tokens[j]?.lower ?? '');
    j -= 1;
  }
  return { chain, before: tokens[j], index: j };
}

/**
 * A subject or a verb's clitics stand before the word: "nous l'appelons", "Acme présente…" (a name or
 * noun opening the sentence), not a determiner or preposition ("la demande", "en place").
 */
function licensed(left: Left): boolean {
  if (left.chain.some((word) => SURE_CLITICS.has(word))) return true;
  const before = left.before;
  if (!before) return false;
  // "Acme présente…", but "Fini les doubles paiements": an opening word only right before the verb.
  return (
    isName(before) ||
    (before.kind === 'word' && SUBJECTS.has(before.lower)) ||
    (!left.chain.length && openingName(before))
  );
}

/** The sentence's first word, capitalised and no function word or verb: a name ("Acme") or bare noun. */
function openingName(token: Token): boolean {
  const word = token.lower;
  return (
    token.kind === 'word' &&
    token.initial &&
    token.cap &&
    !NOT_SUBJECTS.has(word) &&
    !FRENCH_DETERMINERS.has(word) &&
    !FRENCH_PREPOSITIONS.has(word) &&
    !PRENOMINAL.has(word) &&
    !frenchForms().has(word)
  );
}

function clauseStart(tokens: readonly Token[], left: Left): boolean {
  let j = left.index;
  while (j >= 0 && tokens[j]?.kind === 'word' && OPENERS.has(tokens[j]?.lower ?? '')) j -= 1;
  const token = tokens[j];
  return !token || (token.kind === 'punct' && CLAUSE_PUNCT.has(token.text));
}

const has = (left: Left, pronoun: string): boolean => left.chain.includes(pronoun) || left.before?.lower === pronoun;

function frenchVerb(tokens: readonly Token[], i: number, flags: number): boolean {
  const token = tokens[i];
  if (!token) return false;
  const word = token.lower;
  const next = tokens[i + 1];
  const left = leftOf(tokens, i);
  const before = left.before;
  const inverted = next?.kind === 'word' && next.lower.startsWith('-') && next.lower !== '-ce';
  if (word === 'as') return has(left, 'tu');
  if (token.cap && token.initial) {
    // Sentence-initial: an imperative, an inversion ("Avez-vous", "Est-ce") or an auxiliary.
    if (flags & (AUXILIARY | IMPERATIVE) || inverted || next?.lower === '-ce') return true;
    return false;
  }
  if (!left.chain.length && before?.kind === 'word') {
    const w = before.lower;
    if (FRENCH_PREPOSITIONS.has(w) || (FRENCH_DETERMINERS.has(w) && !(flags & AUXILIARY))) return false;
    // "la prochaine relance", but "les matières premières bougent", "tout seul évite": an adjective
    // before a noun, or after one before its verb.
    if (PRENOMINAL.has(w) && !(flags & AUXILIARY) && isNounForm(word)) return false;
  }
  // "Acme lit…", "Qui lit…", but "le lit": a form that is mostly a noun needs its subject.
  if (flags & RARE && !licensed(left)) return false;
  if (inverted) return true;
  if (left.chain.length && !licensed(left) && isNounForm(word)) return false;
  // "Acme a réduit…": the participle of an auxiliary already counted.
  if (
    flags & PARTICIPLE &&
    before?.kind === 'word' &&
    !left.chain.length &&
    AUXILIARY & (frenchForms().get(before.lower) ?? 0)
  ) {
    return false;
  }
  if (flags & NOUS && (has(left, 'nous') || next?.lower === '-nous')) return true;
  if (flags & VOUS && (has(left, 'vous') || next?.lower === '-vous')) return true;
  if (flags & IMPERATIVE && flags & (NOUS | VOUS) && clauseStart(tokens, left)) return true;
  if (flags & VOUS && flags & IMPERATIVE && !left.chain.length) return true;
  if (!(flags & FINITE)) return false;
  if ((flags & PARTICIPLE && !(flags & AUXILIARY)) || ADJECTIVE_FORMS.has(word)) {
    if (licensed(left) || left.chain.length) return true;
    if (next?.lower === 'par') return false;
    // "fait rentrer l'argent": a verb before an infinitive.
    if (next?.kind === 'word' && frenchInfinitives().has(next.lower)) return true;
    return !!next && next.kind === 'word' && VERB_FOLLOWERS.has(next.lower);
  }
  return true;
}

/** Endings of regular finite forms that no common noun or adjective has: "accaparaient", "phagocyteront". */
const SURE_ENDING = /(?:aient|eraient|eront|èrent|issent|erions|eriez)$/;
/** Endings of the finite forms of regular verbs, for a word where a verb must stand. */
const FINITE_ENDING = /(?:e|es|ent|ons|ez|ait|ais|era|eras|erai|erez|erons|it|a)$/;
/** Words with a verb's ending that are none. */
const NOT_VERBS = set(`
  souvent comment comme même presque ensemble encore vite juste seulement surtout parfois désormais cependant
  pourtant lorsque puisque quoique chaque quelque quelques entre contre autre autres cela ça rien personne
  client patient agent argent parent talent accident incident président adhérent urgent récent fréquent différent
  excellent lent prudent cent présent absent content intelligent transparent cohérent pertinent équivalent
  concurrent permanent précédent suivant
`);
/** Subject pronouns (and "qui") after which a verb must follow, through its clitics. */
const VERB_HOSTS = set(`je j' tu il elle on nous vous ils elles qui`);

/**
 * A verb the lexicon lacks, by a regular ending where a verb must stand: after a subject pronoun or
 * "qui" and its clitics ("elles accaparent", "qui phagocyte"); with an ending no noun has; or a 3rd
 * plural in -ent after a plural noun, before its object ("…des remplaçants grignotent des heures").
 */
function unknownVerb(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  if (token?.kind !== 'word' || token.cap || token.lower.length < 4) return false;
  const word = token.lower;
  if (
    NOT_VERBS.has(word) ||
    word.endsWith('ment') ||
    FRENCH_DETERMINERS.has(word) ||
    FRENCH_PREPOSITIONS.has(word) ||
    PRENOMINAL.has(word) ||
    CLITICS.has(word) ||
    /(?:er|ir|oir)$/.test(word) ||
    frenchInfinitives().has(word)
  ) {
    return false;
  }
  const left = leftOf(tokens, i);
  // "de vous écrire", "pour le faire": an infinitive after a preposition and its clitics.
  if (left.before?.kind === 'word' && FRENCH_PREPOSITIONS.has(left.before.lower) && left.chain.length) return false;
  const before = left.before;
  const opened =
    before?.kind === 'word' && (FRENCH_DETERMINERS.has(before.lower) || FRENCH_PREPOSITIONS.has(before.lower));
  if (SURE_ENDING.test(word)) return !(opened && !left.chain.length);
  if (!FINITE_ENDING.test(word)) return false;
  if (before?.kind === 'word' && VERB_HOSTS.has(before.lower) && !(before.lower === 'qui' && before.initial)) {
    return true;
  }
  if (left.chain.some((clitic) => SURE_CLITICS.has(clitic))) return true;
  // A plural noun, the verb, then its object or an adverb.
  if (!word.endsWith('ent') || left.chain.length || before?.kind !== 'word' || opened) return false;
  if (!/[sx]$/.test(before.lower) || CLITICS.has(before.lower) || SUBJECTS.has(before.lower)) return false;
  const next = tokens[i + 1];
  return next?.kind === 'word' && (VERB_FOLLOWERS.has(next.lower) || next.lower === 'des' || next.lower === 'du');
}

/** French finite verbs of a tokenised sentence. */
export function frenchFiniteVerbs(tokens: readonly Token[]): number[] {
  const forms = frenchForms();
  const found: number[] = [];
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || (token.cap && !token.initial)) return;
    const word = token.lower;
    if (word === 'voici' || word === 'voilà') {
      found.push(i);
      return;
    }
    // "puis" is "then", but "Puis-je…" is pouvoir.
    const flags = word === 'puis' && tokens[i + 1]?.lower === '-je' ? AUXILIARY | FINITE : forms.get(word);
    if (flags ? frenchVerb(tokens, i, flags) : !word.startsWith('-') && unknownVerb(tokens, i)) found.push(i);
  });
  return found;
}
