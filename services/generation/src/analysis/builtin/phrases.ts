import { capitalise, clean, sentences } from '../../text.ts';
import type { PageContent } from '../extraction/content.ts';
import type { Lexicon } from '../lexicon/index.ts';

/**
 * Noun phrases: the short form of a pain ("retailer chargebacks"), the object of a benefit verb
 * ("reduce picking errors by 30%" → "picking errors"), and how a phrase is cased in the middle of
 * a sentence. Rules, not a parser: each gives up (undefined) rather than return a fragment.
 */

const MAX_PHRASE_WORDS = 5;
const MAX_PHRASE_CHARS = 48;
/** Names recur: the first few hundred blocks show how a page writes them. */
const MAX_PROPER_NOUN_BLOCKS = 600;

/** Words the page writes with a capital in mid-sentence: names, products, tools ("Excel", "SAP"). */
export function properNounsOf(pages: (PageContent | undefined)[]): Set<string> {
  const proper = new Set<string>();
  const lower = new Set<string>();
  for (const page of pages) {
    if (!page) continue;
    for (const block of page.blocks.slice(0, MAX_PROPER_NOUN_BLOCKS)) {
      // Headings are often in Title Case: only running text tells names from common words.
      // So are buttons and labels run together ("Start Free Talk to an Engineer").
      if (block.kind === 'heading' || (!/[.!?]$/.test(block.text) && isTitleCase(block.text))) continue;
      for (const sentence of sentences(block.text)) {
        const tokens = sentence.split(' ');
        for (let index = 1; index < tokens.length; index += 1) {
          const word = (tokens[index] as string).replace(/^[("“„'‘]+|[.,;:!?)"”“'’]+$/g, '');
          if (!/^\p{L}/u.test(word)) continue;
          const key = word.toLowerCase();
          if (/^\p{Lu}/u.test(word)) proper.add(key);
          else lower.add(key);
        }
      }
    }
  }
  // A word seen both ways ("Retailer" in a heading, "retailer" in a sentence) is a common word.
  for (const word of lower) proper.delete(word);
  return proper;
}

/** Casing for the middle of a sentence: "Retailer chargebacks" → "retailer chargebacks", "Excel files" stays. */
export function midSentence(phrase: string, lex: Lexicon, proper: Set<string>): string {
  const [first = '', ...rest] = phrase.split(' ');
  if (!first || /^[\p{Lu}\p{N}]{2,}\b/u.test(first) || /^\p{L}+\p{Lu}/u.test(first.slice(1))) return phrase;
  const bare = first.replace(/[^\p{L}-]/gu, '').toLowerCase();
  if (lex.code === 'de') {
    // German capitalises nouns: only a leading adjective, article or pronoun goes lower case.
    const next = rest[0] ?? '';
    const adjective = /(e|en|er|es|em)$/.test(bare) && /^\p{Lu}/u.test(next);
    if (!lex.determiners.has(bare) && !lex.stopwords.has(bare) && !adjective) return phrase;
  } else if (proper.has(bare)) {
    return phrase;
  }
  return [first.charAt(0).toLocaleLowerCase() + first.slice(1), ...rest].join(' ');
}

/** Words Title Case leaves in lower case ("Nobody Owns the Spend"). */
const TITLE_SMALL = /^(a|an|the|and|or|but|nor|of|to|in|on|at|for|by|with|as|vs\.?|per|from|into|via)$/i;

/** Is this English text in Title Case: three words or more, every word but the small ones capitalised? */
export function isTitleCase(text: string): boolean {
  const tokens = text.split(' ').filter((token) => /\p{L}/u.test(token));
  if (tokens.length < 3) return false;
  return tokens.every((token) => TITLE_SMALL.test(token) || /^["“(]?[\p{Lu}\p{N}]/u.test(token));
}

/**
 * Headlines in Title Case read as shouting in a sentence: "Nobody Owns the Spend" → "Nobody owns
 * the spend"; "Pacific Produce Opens New…" → "Pacific Produce opens new…". Names the page writes
 * with capitals in running text, acronyms and the words of `keep` (a company's name) stay.
 */
export function sentenceCase(text: string, proper: Set<string>, keep = ''): string {
  if (!isTitleCase(text)) return text;
  const kept = new Set(keep.split(' '));
  return text
    .split(' ')
    .map((token, index) => {
      const bare = token.replace(/[^\p{L}\p{N}]/gu, '');
      if (index === 0 || kept.has(bare) || proper.has(bare.toLowerCase()) || /^[\p{Lu}\p{N}]{2,}/u.test(bare)) {
        return token;
      }
      // "DevOps", "iPhone": capitals inside a word mark a name.
      if (/\p{Lu}/u.test(bare.slice(1))) return token;
      return token.toLowerCase();
    })
    .join(' ');
}

/** "errors", "no-shows", "Rüstzeiten": does the phrase's head noun take a plural verb? */
export function isPluralPhrase(phrase: string, lex: Lexicon): boolean {
  const head = (phrase.toLowerCase().split(/\s+/).at(-1) ?? '').replace(/[^\p{L}-]/gu, '');
  if (/\s(and|&|und)\s/i.test(phrase)) return true;
  if (!head || lex.singularNouns.has(head)) return false;
  if (lex.code === 'de') {
    if (/(ung|heit|keit|schaft|tion|ität|ment|ismus|tur|ik|nis|ss|tum)$/.test(head)) return false;
    return /(en|e|er|s|n)$/.test(head);
  }
  if (/\s(and|&|und)\s/i.test(phrase)) return true;
  if (/(ss|us|is|ics)$/.test(head)) return false;
  return /[^'’]s$/.test(head);
}

interface Token {
  word: string;
  /** Punctuation after the word ends the phrase ("errors," / "errors."). */
  ended: boolean;
}

function tokensOf(text: string): Token[] {
  return clean(text)
    .split(' ')
    .map((raw) => {
      const bare = raw.replace(/^[("“„'‘«]+/, '');
      const word = bare.replace(/[.,;:!?)"”“'’»…—–]+$/, '');
      return { word, ended: word !== bare || /[—–]$/.test(raw) };
    })
    .filter((token) => token.word !== '' && token.word !== '—' && token.word !== '–');
}

const HAS_NUMBER = /\d/;

/** A usable noun phrase or undefined: not empty, not a pronoun, not a lone vague noun, short. */
function acceptPhrase(parts: string[], lex: Lexicon): string | undefined {
  while (parts.length && lex.determiners.has((parts[0] as string).toLowerCase())) parts.shift();
  while (parts.length && lex.objectStops.has((parts.at(-1) as string).toLowerCase())) parts.pop();
  if (!parts.length || parts.length > MAX_PHRASE_WORDS) return undefined;
  const phrase = parts.join(' ');
  const lower = phrase.toLowerCase();
  if (phrase.length > MAX_PHRASE_CHARS || HAS_NUMBER.test(phrase) || !/\p{L}{3,}/u.test(phrase)) return undefined;
  if (lex.emptySubjects.has(lower) || lex.vagueNouns.has(lower) || lex.stopwords.has(lower)) return undefined;
  return phrase;
}

/**
 * "Duplicate and overbilled invoices get paid…": a subject joined by "and" or "or" runs on to its
 * verb, or it would be cut to a lone "Duplicate". Adds the rest to `parts` when it does; returns
 * the index of the verb, else `at` (the conjunction) unchanged.
 */
function coordinated(tokens: Token[], at: number, parts: string[], lex: Lexicon): number {
  const conjunction = (tokens[at] as Token).word.toLowerCase();
  if (!parts.length || !COORDINATING.has(conjunction)) return at;
  const rest: string[] = [];
  let next = at + 1;
  for (; next < tokens.length; next += 1) {
    const { word, ended } = tokens[next] as Token;
    if (lex.phraseBreakers.has(word.toLowerCase())) break;
    rest.push(word);
    if (ended) return at;
  }
  const verb = tokens[next]?.word.toLowerCase() ?? '';
  if (!rest.length || parts.length + 1 + rest.length > MAX_PHRASE_WORDS || !lex.verbs.has(verb)) return at;
  parts.push(conjunction, ...rest);
  return next;
}

const COORDINATING = new Set(['and', 'or', 'und', 'oder']);

/**
 * The subject of a statement as a short noun phrase: "Retailer chargebacks eat into…" →
 * "Retailer chargebacks"; "Schedules live in spreadsheets…" → "Schedules in spreadsheets";
 * "Margins are thin" → "Thin margins". Undefined when the subject is a pronoun or too long.
 */
export function subjectPhrase(statement: string, lex: Lexicon): string | undefined {
  const tokens = tokensOf(statement);
  const parts: string[] = [];
  let index = 0;
  for (; index < tokens.length; index += 1) {
    const { word, ended } = tokens[index] as Token;
    const lower = word.toLowerCase();
    if (parts.length === 0 && lex.determiners.has(lower)) continue;
    if (lex.phraseBreakers.has(lower)) {
      index = coordinated(tokens, index, parts, lex);
      break;
    }
    parts.push(word);
    if (ended || parts.length > MAX_PHRASE_WORDS) break;
  }
  const subject = parts.join(' ');
  if (!subject || lex.emptySubjects.has(subject.toLowerCase())) return undefined;
  const verb = tokens[index]?.word.toLowerCase() ?? '';
  const next = tokens.slice(index + 1, index + 5);
  // "Margins are (too) thin" → "Thin margins" (English predicate adjectives only).
  if (lex.code === 'en' && /^(is|are)$/.test(verb) && parts.length <= 2) {
    const adjective = next.find((token) => !/^(too|very|so|often|still|always|already)$/i.test(token.word));
    if (adjective && /^\p{Ll}+$/u.test(adjective.word) && !lex.phraseBreakers.has(adjective.word)) {
      const built = acceptPhrase([adjective.word, subject.toLowerCase()], lex);
      if (built && adjective.ended) return capitalise(built);
    }
  }
  const accepted = acceptPhrase([...parts], lex);
  if (accepted) return accepted;
  // A lone vague subject takes where it sits: "Schedules live in spreadsheets" → "Schedules in spreadsheets".
  if (parts.length === 1 && lex.vagueNouns.has(subject.toLowerCase())) {
    const prepIndex = next.findIndex((token) => /^(in|on|across|between|im|in|auf|über)$/i.test(token.word));
    if (prepIndex >= 0 && prepIndex <= 1) {
      const object: string[] = [];
      for (const token of next.slice(prepIndex + 1)) {
        if (lex.phraseBreakers.has(token.word.toLowerCase())) break;
        object.push(token.word);
        if (token.ended || object.length >= 3) break;
      }
      const withPlace = object.length
        ? [subject, (next[prepIndex] as Token).word, ...object.filter((w) => !lex.determiners.has(w.toLowerCase()))]
        : [];
      if (withPlace.length >= 3 && withPlace.length <= MAX_PHRASE_WORDS) return withPlace.join(' ');
    }
  }
  return undefined;
}

const TIME_WORDS =
  /^(weeks?|days?|hours?|months?|years?|minutes?|seconds?|overnight|today|tomorrow|instantly|automatically|faster|wochen|tage|stunden|monate|jahre|minuten|sofort)$/i;
const FOLLOWING_VERBS = new Set(
  'get save see start grow keep make focus spend free win close ship deliver scale stay let give take reduce cut improve boost be go'.split(
    ' ',
  ),
);
const ADVERBS = new Set(
  'automatically instantly quickly easily lückenlos automatisch sofort einfach schnell schneller direkt jederzeit zuverlässig sicher digital endlich deutlich spürbar'.split(
    ' ',
  ),
);

/** The object after a benefit verb: "reduce unplanned downtime by 30%" → "unplanned downtime". */
export function objectAfter(rest: string, lex: Lexicon): string | undefined {
  const tokens = tokensOf(rest).slice(0, 12);
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const { word, ended } = tokens[i] as Token;
    const lower = word.toLowerCase();
    if (parts.length === 0 && lex.determiners.has(lower)) {
      if (ended) break;
      continue;
    }
    if (/^[\d$€£]/.test(word) || /%$/.test(word) || TIME_WORDS.test(word)) break;
    if (lower === 'and' || lower === '&' || lower === 'und') {
      const next = (tokens[i + 1]?.word ?? '').toLowerCase();
      if (!parts.length || parts.length >= 3 || !next || FOLLOWING_VERBS.has(next) || lex.objectStops.has(next)) break;
      parts.push(word);
      continue;
    }
    if (lex.objectStops.has(lower) || ADVERBS.has(lower)) break;
    parts.push(word);
    if (ended || parts.length >= MAX_PHRASE_WORDS) break;
  }
  return acceptObject(parts, lex);
}

/** The object before a closing verb (German): "Ungeplante Stillstände vermeiden" → "Ungeplante Stillstände". */
export function objectBefore(head: string, lex: Lexicon): string | undefined {
  const tokens = tokensOf(head);
  const parts: string[] = [];
  for (let i = tokens.length - 1; i >= 0 && parts.length < 4; i -= 1) {
    const { word, ended } = tokens[i] as Token;
    const lower = word.toLowerCase();
    if (ended && parts.length) break;
    if (parts.length === 0 && ADVERBS.has(lower)) continue;
    if (lex.objectStops.has(lower) || lex.determiners.has(lower) || /^\d/.test(word)) break;
    parts.unshift(word);
  }
  return acceptObject(parts, lex);
}

function acceptObject(parts: string[], lex: Lexicon): string | undefined {
  while (parts.length && /^(and|und|&)$/i.test(parts.at(-1) as string)) parts.pop();
  const phrase = acceptPhrase(parts, lex);
  if (!phrase) return undefined;
  // English objects lose heading capitals ("Cut Fuel Costs" → "fuel costs"); names keep theirs.
  if (lex.code === 'en') {
    return phrase
      .split(' ')
      .map((word) => (/^\p{Lu}\p{Ll}+$/u.test(word) ? word.toLowerCase() : word))
      .join(' ');
  }
  return phrase;
}

/** Does the phrase name something that hurts (errors, downtime, manual entry)? */
export function isNegative(phrase: string, lex: Lexicon, words: Set<string> = lex.negativeWords): boolean {
  const lower = phrase.toLowerCase();
  if (words.has(lower)) return true;
  return lower.split(/\s+/).some((word) => words.has(word.replace(/[^\p{L}/-]/gu, '')));
}

/** "win rate", "Termintreue": something measured that a benefit can raise (German compounds by their end). */
export function isMeasure(phrase: string, lex: Lexicon): boolean {
  return phrase
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}/-]/gu, ''))
    .some(
      (word) =>
        lex.measureWords.has(word) ||
        (lex.code === 'de' && [...lex.measureWords].some((measure) => word.endsWith(measure))),
    );
}
