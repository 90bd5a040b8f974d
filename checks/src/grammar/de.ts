import { words } from '../lexicon/list.ts';
import { AUXILIARY, FINITE, germanForms, IMPERATIVE, INFINITIVE, joinedVerb, PARTICIPLE } from './de-lexicon.ts';
import type { Token } from './tokens.ts';

const set = (text: string): ReadonlySet<string> => new Set(words(text));

export const GERMAN_DETERMINERS = set(`
  der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner keines mein meine meinen
  meinem meiner meines dein deine deinen deinem deiner sein seine seinen seinem seiner seines ihr ihre ihren ihrem
  ihrer ihres unser unsere unseren unserem unserer unseres euer eure euren eurem eurer dies diese dieser diesen diesem
  dieses jede jeder jeden jedem jedes welche welcher welchen welchem welches manche mancher manchen alle allen aller
  beide beiden viele vielen wenige wenigen mehrere mehreren einige einigen andere anderen solche solchen
`);
export const GERMAN_PREPOSITIONS = set(`
  für mit von bei aus nach vor über unter durch um am im ins zum zur vom beim ohne gegen seit bis ab an auf hinter
  neben zwischen während wegen trotz statt dank laut gemäß pro je samt außer innerhalb außerhalb per via
`);
/** After a verb at the very start, these make it a question or imperative ("Haben Sie…", "Melde dich…"). */
const V1_NEXT = set(`
  sie wir ihr du es er man ich sich uns mir dir dich mich euch ihnen ihn ihm das dies einfach gern gerne kurz doch mal
  bitte jetzt schon noch auch nicht jemand etwas so hier da denn gleich ruhig
`);
const CLAUSE_BREAK = new Set([',', ';', ':', '(', ')', '–', '—', '-']);
const ADJECTIVE_ENDING = /(?:e|en|er|es|em)$/;

/** Formal address and "ich" are capitalised without being nouns. */
const FORMAL = set(`sie ihnen ihr ihre ihren ihrem ihrer ihres ich`);
const isNoun = (token: Token | undefined): boolean => token?.kind === 'word' && token.cap && !FORMAL.has(token.lower);

function initialVerb(tokens: readonly Token[], i: number, flags: number): boolean {
  const word = tokens[i]?.lower ?? '';
  if (word === 'bitte' || word === 'danke') return false;
  if (flags & AUXILIARY) return true;
  const next = tokens[i + 1];
  if (flags === IMPERATIVE) {
    return !next || next.kind === 'punct' || (next.kind === 'word' && !next.cap) || word === 'sag' || word === 'gib';
  }
  if (!next) return false;
  if (next.kind === 'word' && V1_NEXT.has(next.lower) && (!next.cap || /^(?:sie|ihnen|ihr)$/.test(next.lower))) {
    return true;
  }
  // A question may start with its verb ("Passt Dienstag?", "Kosten Retouren Sie viel Zeit?").
  return tokens[tokens.length - 1]?.text === '?' || tokens.some((token) => token.text === '?');
}

function laterVerb(tokens: readonly Token[], i: number, flags: number): boolean {
  const word = tokens[i]?.lower ?? '';
  const before = tokens[i - 1];
  const next = tokens[i + 1];
  if (word === 'bitte' || word === 'danke') return before?.lower === 'ich' || before?.lower === 'wir';
  if (flags === IMPERATIVE) return false;
  const nounNext = isNoun(next);
  // "meine letzte Nachricht", "unsere Kunden": a possessive, unless a comma or object follows ("Manche meinen, …").
  if (
    GERMAN_DETERMINERS.has(word) &&
    !(!next || next.kind === 'punct' || PRONOUNS.has(next.lower) || next.lower === 'dass')
  ) {
    return false;
  }
  if (before?.kind === 'word') {
    if (before.lower === 'zu' && flags & INFINITIVE) return false;
    if (GERMAN_PREPOSITIONS.has(before.lower)) return false;
    // "die optimierten Touren", but "das ändert sich", "die arbeiten gern".
    // Only a word with an adjective's ending can stand between a determiner and its noun.
    if (
      GERMAN_DETERMINERS.has(before.lower) &&
      ADJECTIVE_ENDING.test(word) &&
      (nounNext || (next?.kind === 'word' && !next.cap && ADJECTIVE_ENDING.test(next.lower) && isNoun(tokens[i + 2])))
    ) {
      return false;
    }
  }
  // An adjective before its noun ("…, optimierte Touren", "schnelle Entscheidungen").
  return !(!(flags & AUXILIARY) && nounNext && ADJECTIVE_ENDING.test(word) && (!before || before.kind === 'punct'));
}

const PRONOUNS = set(`sie wir ich er es man du ihr`);
/** Sentence-initial adverbs and adjectives: "Schneller einstellen", "Jetzt starten", "Einfach mehr erreichen". */
const ADVERB_START = new RegExp(
  `^(?:${words(`jetzt einfach endlich gemeinsam sofort direkt heute hier so mehr weniger besser schneller einfacher
    leichter günstiger effizienter smarter sicherer klarer früher`).join('|')}|\\p{L}+(?:lich|ig|isch|bar))$`,
  'u',
);

/**
 * A verb the lexicon lacks, where the word order shows it: second in the sentence with its subject
 * pronoun after it ("Seitdem verladen sie…").
 */
function inverted(tokens: readonly Token[], i: number): number {
  const next = tokens[i + 1];
  const first = tokens[i - 1];
  if (i !== 1 || !first?.initial || first.kind !== 'word' || next?.kind !== 'word') return 0;
  if (!PRONOUNS.has(next.lower) || GERMAN_DETERMINERS.has(first.lower) || GERMAN_PREPOSITIONS.has(first.lower))
    return 0;
  return /(?:en|t|te|ten)$/.test(tokens[i]?.lower ?? '') ? FINITE : 0;
}

/** A verb in -ieren the lexicon lacks ("summiert", "digitalisierten"): a finite form by its ending. */
function foreignVerb(word: string): number {
  if (/ier(?:e|st|t|en|te|test|ten|tet)$/.test(word) && word.length > 6) {
    return FINITE | (word.endsWith('ieren') ? INFINITIVE : 0) | (word.endsWith('iert') ? PARTICIPLE : 0);
  }
  return 0;
}

/**
 * An infinitive headline: an -en form second after an adverb or adjective, with no subject after
 * it ("Schneller einstellen ohne Rätselraten.", but "Jetzt starten wir durch.").
 */
function headlineInfinitive(tokens: readonly Token[], i: number): boolean {
  const first = tokens[i - 1];
  if (i !== 1 || !first?.initial || first.kind !== 'word' || !ADVERB_START.test(first.lower)) return false;
  const next = tokens[i + 1];
  return !next || next.kind === 'punct' || (next.kind === 'word' && GERMAN_PREPOSITIONS.has(next.lower));
}

/** German finite verbs of a tokenised sentence: capitalised words inside a sentence are nouns. */
export function germanFiniteVerbs(tokens: readonly Token[]): number[] {
  const forms = germanForms();
  const found: number[] = [];
  let auxiliaryInClause = false;
  tokens.forEach((token, i) => {
    if (token.kind === 'punct') {
      if (CLAUSE_BREAK.has(token.text)) auxiliaryInClause = false;
      return;
    }
    if (token.kind !== 'word' || (token.cap && !token.initial)) return;
    const flags =
      forms.get(token.lower) ??
      (token.cap ? 0 : joinedVerb(token.lower) || inverted(tokens, i) || foreignVerb(token.lower));
    if (!flags || !(flags & (FINITE | IMPERATIVE))) return;
    if (flags & INFINITIVE && !(flags & AUXILIARY) && headlineInfinitive(tokens, i)) return;
    const verb = token.cap ? initialVerb(tokens, i, flags) : laterVerb(tokens, i, flags);
    if (!verb) return;
    const next = tokens[i + 1];
    // "…können Ihnen helfen.", "…haben die Kosten reduziert.": the infinitive or participle of a
    // verb already counted.
    const dependent =
      flags & (INFINITIVE | PARTICIPLE) &&
      !(flags & AUXILIARY) &&
      ((auxiliaryInClause && (!next || next.kind === 'punct')) ||
        (next?.kind === 'word' && !!((forms.get(next.lower) ?? 0) & AUXILIARY)));
    if (!dependent) found.push(i);
    if (flags & AUXILIARY) auxiliaryInClause = true;
  });
  if (!found.length) {
    const guessed = unknownVerb(tokens, forms);
    if (guessed >= 0) found.push(guessed);
  }
  return found;
}

/** Lower-case words with a verb's ending that are not verbs. */
const NOT_VERBS = set(`
  nicht jetzt meist erst zuletzt sofort selbst seit statt weit oft sonst fast gut halt laut samt unten oben hinten innen
  außen morgen gestern selten zusammen trotzdem deshalb zunächst zufrieden offen eigen verschieden vorhanden gelegen
  bekannt bereit gesamt exakt direkt perfekt schlecht leicht recht echt bestimmt spät spätestens mindestens längst
  bisschen gern gerne insgesamt vielleicht
`);

/**
 * A verb the lexicon lacks, where nothing else is a verb: a lower-case word with a verb's ending
 * right after a noun or a personal pronoun ("…Rückfragen fressen Zeit", "…wir skalieren").
 */
function unknownVerb(tokens: readonly Token[], forms: ReadonlyMap<string, number>): number {
  for (let i = 1; i < tokens.length; i += 1) {
    const token = tokens[i];
    const before = tokens[i - 1];
    if (token?.kind !== 'word' || token.cap || before?.kind !== 'word') continue;
    const word = token.lower;
    if (
      word.length < 4 ||
      forms.has(word) ||
      joinedVerb(word) ||
      NOT_VERBS.has(word) ||
      !/(?:en|t|te|ten)$/.test(word)
    ) {
      continue;
    }
    if (GERMAN_DETERMINERS.has(word) || GERMAN_PREPOSITIONS.has(word) || V1_NEXT.has(word)) continue;
    // Not a participle or superlative ending a headline ("Von Händlern empfohlen.", "Der schnellste Weg").
    if (/^ge/.test(word) || /st(?:e|en)$/.test(word) || tokens[i + 1]?.kind !== 'word') continue;
    if (GERMAN_DETERMINERS.has(before.lower) || GERMAN_PREPOSITIONS.has(before.lower)) continue;
    if ((isNoun(before) && !before.initial) || PRONOUNS.has(before.lower) || (before.initial && before.cap)) return i;
  }
  return -1;
}
