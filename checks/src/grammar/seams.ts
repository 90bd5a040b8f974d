import type { WritingLanguage } from '@seqgen/proto';
import { LEXICONS } from '../lexicon/index.ts';
import { words } from '../lexicon/list.ts';
import { isMergeField, MERGE_FIELD_PATTERN } from '../merge-fields.ts';
import { isClosed } from './en.ts';
import { englishForms, NOUN_FIRST, NOUN_TOO, PAST, PAST_PART } from './en-lexicon.ts';
import { frenchForms } from './fr-lexicon.ts';
import { type Token, tokenize } from './tokens.ts';

export type SeamKind =
  | 'double-space'
  | 'space-before-punctuation'
  | 'missing-space'
  | 'repeated-word'
  | 'unbalanced-quotes'
  | 'unbalanced-brackets'
  | 'slot'
  | 'lower-case-start'
  | 'heading-run-on'
  | 'run-on'
  | 'dangling-connector'
  | 'ellipsis'
  | 'empty-colon'
  | 'line-break';

/** Something that reads as pasted or fused: what kind, and the text where it is. */
export interface Seam {
  readonly kind: SeamKind;
  readonly at: string;
}

interface Words {
  /** Capitalised closed-class words that open a heading or a sentence, never the middle of one. */
  readonly heading: ReadonlySet<string>;
  /** Subject pronouns: after a lower-case word, a second sentence fused to the first. */
  readonly subjects: ReadonlySet<string>;
  /** Articles: "at The Home Depot" is a name, so one followed by a capital is left alone. */
  readonly articles: ReadonlySet<string>;
  /** Words a sentence cannot end on. */
  readonly dangling: ReadonlySet<string>;
  /** Of those, prepositions a question or a verb may leave at the end ("What are you looking for?"). */
  readonly stranded: ReadonlySet<string>;
  /** Of those, particles of phrasal verbs ("as soon as a driver checks in"). */
  readonly particles: ReadonlySet<string>;
  /** Words that are fine twice in a row ("dass sie sie kennt", "nous nous occupons"). */
  readonly doubles: ReadonlySet<string>;
  /** Space before these is this language's typography ("Bonjour !"). */
  readonly spacedPunctuation: string;
  /** After these, a capitalised wh-word or pronoun is a noun: "das Warum", "le Pourquoi", "the How". */
  readonly nominalisers: ReadonlySet<string>;
}

const set = (text: string): ReadonlySet<string> => new Set(words(text));

const WORDS: Readonly<Record<WritingLanguage, Words>> = {
  en: {
    heading: set(`What How Why When Where Who Which Whose The A An Our Your Their My Its This That These Those Every
      Each Some Any All Most Many Here`),
    subjects: set(`We You They He She It There`),
    articles: set(`The A An`),
    dangling: set(`and or but nor the a an our your their my its because than if whether with for to of in on at from
      about by into onto via including as`),
    stranded: set(`with for to of in on at from about by into onto`),
    particles: set(`in on up out off over through by along around back`),
    doubles: set(`that had do is`),
    spacedPunctuation: '',
    nominalisers: set(`the a an`),
  },
  de: {
    heading: set(`Was Wie Warum Wieso Weshalb Wann Wo Wer Welche Welcher Welches Die Der Das Den Dem Des Ein Eine Einen
      Unser Unsere Unseren Unserem Diese Dieser Dieses Jede Jeder Jedes Alle Kein Keine Mein Meine`),
    subjects: set(`Wir Ich Es Er Man`),
    articles: set(``),
    dangling: set(`und oder aber sowie sondern denn für von des eine einen einem einer eines unsere unser dass weil
      wenn ob ohne zwischen`),
    stranded: set(`denn`),
    particles: set(``),
    doubles: set(`die der das den dem des sie`),
    spacedPunctuation: '',
    nominalisers: set(`das der die den dem des ein eine einen einem eines`),
  },
  fr: {
    heading: set(`Ce Cette Ces Cet Comment Pourquoi Quand Où Qui Que Quel Quelle Quels Quelles Quoi Notre Nos Votre Vos
      Leur Leurs Mon Ma Mes Son Sa Ses Chaque Les Le La Un Une Des Du`),
    subjects: set(`Nous Vous Il Elle Ils Elles On Je`),
    articles: set(`Les Le La Un Une Des Du`),
    dangling:
      set(`et ou mais avec pour de du des le la les un une à au aux dans sur par sans chez que notre votre nos vos
      leur ce cette ces mon ma mes son sa ses dont car`),
    stranded: set(``),
    particles: set(``),
    doubles: set(`nous vous`),
    spacedPunctuation: ';:?!',
    nominalisers: set(`le la les l' un une du des`),
  },
  es: {
    heading: set(`Qué Cómo Cuándo Dónde Cuál Cuáles Quién Quiénes Nuestro Nuestra Nuestros Nuestras Su Sus Mi Mis Tu Tus
      Este Esta Estos Estas Cada Los Las El La Lo Un Una`),
    subjects: set(`Nosotros Yo Ellos Ellas`),
    articles: set(`Los Las El La Un Una`),
    dangling: set(`y e o u pero con para por de del a al en el la los las un una que sin sobre su sus nuestro nuestra
      nuestros nuestras mi mis porque`),
    stranded: set(``),
    particles: set(``),
    doubles: set(``),
    spacedPunctuation: '',
    nominalisers: set(`el la los las lo un una`),
  },
};

const EXTRA_ABBREVIATIONS = set(`etc vs approx incl ca bzw usw inkl ggf evtl sog vgl nr no st tel min max cf ex ej
  p.ex p.ej z.b u.a d.h e.g i.e sr sra srta dr dra mme mlle mr mrs ms jr`);

const DOUBLE_SPACE = /\S[ \t\u00a0]{2,}(?=\S)/g;
const URLISH = /(?:https?:\/\/|www\.|@|\.(?:com|net|org|io|ai|co|de|fr|es|eu|uk|ch|at|app|dev|pdf|docx?|xlsx?|csv)\b)/i;
const BULLET = /^\s*(?:[-*•–·▪]|\d{1,2}[.)])\s+/;
const SENTENCE_END = /[.!?…:;]["”’»)\]]*$/;
const BALANCED = /[()[\]"“”„«»¿]/;
const CAPITALISED_WORD = /^\p{Lu}\p{Ll}/u;
const SHORT_LETTERS = /^\p{L}{1,3}$/u;

const closingSets = new Map<WritingLanguage, ReadonlySet<string>>();
const closingsOf = (language: WritingLanguage): ReadonlySet<string> => {
  let closings = closingSets.get(language);
  if (!closings) {
    closings = new Set(LEXICONS[language].closings);
    closingSets.set(language, closings);
  }
  return closings;
};

/** A short quote of `text` from `start` to `end`, with the words either side. */
function around(text: string, start: number, end: number): string {
  const from = Math.max(0, start - 24);
  const to = Math.min(text.length, end + 24);
  // Whole words only: a word cut by the window is dropped.
  const before = from > 0 ? text.slice(from, start).replace(/^\S*\s/, '') : text.slice(0, start);
  const after = to < text.length ? text.slice(end, to).replace(/\s\S*$/, '') : text.slice(end);
  return (before + text.slice(start, end) + after).trim();
}

/** The whitespace-delimited run of text around `at` ("acme.com/page?utm=mail"). */
function chunk(text: string, at: number): string {
  let from = at;
  let to = at;
  while (from > 0 && !/\s/.test(text.charAt(from - 1))) from -= 1;
  while (to < text.length && !/\s/.test(text.charAt(to))) to += 1;
  return text.slice(from, to);
}

function isAbbreviation(word: string, language: WritingLanguage): boolean {
  const lower = word.toLowerCase();
  return lower.length === 1 || LEXICONS[language].abbreviations.includes(lower) || EXTRA_ABBREVIATIONS.has(lower);
}

const AUXILIARIES = new Set(
  words(`have has had do does did be am is are was were been can could will would should may might
  must ought`),
);
const LEAVES_PREPOSITION = new Set(
  words(`i we you they he she it who that which to can could will would should
  is are was were be been being has have had get gets got
  might must may do does did`),
);

/** "the team I work with", "worth talking to", "what it's made of": a verb leaves its preposition. */
function verbBefore(tokens: readonly Token[], i: number, particle: boolean): boolean {
  const verb = tokens[i - 1];
  if (verb?.kind !== 'word') return false;
  if (/(?:ing|ed)$/.test(verb.lower)) return true;
  const flags = englishForms().get(verb.lower) ?? 0;
  if (flags & (PAST | PAST_PART)) return true;
  // "It doesn't have to.", "We'd love to.", "if you ever need them to": a verb phrase left out after "to".
  if (tokens[i]?.lower === 'to' && (flags || AUXILIARIES.has(verb.lower) || verb.lower === 'like')) return true;
  if (tokens[i]?.lower === 'to' && OBJECT_PRONOUNS.has(verb.lower) && isVerbForm(tokens[i - 2])) return true;
  // "without reps typing them in", "log it in", "pass it on": a phrasal verb's particle after its object pronoun.
  if (particle && OBJECT_PRONOUNS.has(verb.lower)) {
    const before = tokens[i - 2];
    return isVerbForm(before) || (before?.kind === 'word' && /ing$/.test(before.lower) && before.lower.length > 4);
  }
  if (!flags) return false;
  if (particle) return true;
  const first = tokens[i - 2]?.lower ?? '';
  return LEAVES_PREPOSITION.has(first) || /'(?:re|ve|ll|d|m|s)$/.test(first) || tokens[i]?.lower === 'to';
}

/** Words that open a clause with a gap a preposition is left from: "what customers pay for". */
const GAP_OPENERS = new Set(words(`what which that who whom where whatever whichever`));
/** Words that start the subject of a clause with no relative pronoun: "a project nobody has time for". */
const SUBJECT_STARTS = new Set(
  words(`i we you they he she it nobody someone somebody everyone everybody anyone each every no the a an this
  these those my your our their his her its`),
);
const OBJECT_PRONOUNS = new Set(words(`them it us me you him her`));

const isVerbForm = (token: Token | undefined): boolean =>
  token?.kind === 'word' &&
  (englishForms().has(token.lower) || AUXILIARIES.has(token.lower) || /(?:n't|'(?:s|re|ve|ll|d|m))$/.test(token.lower));

/**
 * A preposition left at the end of a relative or wh-clause: a verb shortly before it, and before
 * that a wh-word or a noun, then the clause's own subject ("what customers pay for", "the shelf it
 * is on", "the certifications your regulators ask for"), not the verb straight after the wh-word
 * ("the team that works with.").
 */
function gapBefore(tokens: readonly Token[], i: number): boolean {
  let verb = -1;
  for (let k = i - 1; k >= Math.max(0, i - 4) && tokens[k]?.kind !== 'punct'; k -= 1) {
    if (isVerbForm(tokens[k])) {
      verb = k;
      break;
    }
  }
  for (let k = verb - 2; k >= 0; k -= 1) {
    const token = tokens[k];
    const next = tokens[k + 1];
    if (!token || token.kind === 'punct' || !next) return false;
    if (token.kind !== 'word' || isVerbForm(next)) continue;
    if (GAP_OPENERS.has(token.lower)) return true;
    const subject = next.kind === 'name' || (next.kind === 'word' && (SUBJECT_STARTS.has(next.lower) || next.cap));
    const flags = englishForms().get(token.lower);
    const noun = !isClosed(token.lower) && (flags === undefined || !!(flags & (NOUN_TOO | NOUN_FIRST)));
    if (subject && noun) return true;
  }
  return false;
}

/** Words before "une"/"una" that make it a pronoun: "cada una", "chacune"; and "en" + verb ("en ont une"). */
const PRONOUN_HOSTS = new Set(words(`cada alguna ninguna otra cualquiera chacune`));
const SPANISH_CLITICS = new Set(words(`se me te nos os le les lo`));

/**
 * A word of the dangling list used as no connector: "une à une", "una a una" (one by one); a
 * pronoun "une" / "una" ("en ont une", "cada una"); Spanish "para" as the
 * verb after its clitic ("cuando una máquina se para").
 */
function notConnector(tokens: readonly Token[], i: number, language: WritingLanguage): boolean {
  const word = tokens[i]?.lower ?? '';
  const before = tokens[i - 1];
  if (before?.kind !== 'word') return false;
  if (tokens[i - 2]?.lower === word && /^(?:à|a|par|por|tras)$/.test(before.lower)) return true;
  if (language === 'fr' && (word === 'une' || word === 'un')) {
    return PRONOUN_HOSTS.has(before.lower) || (tokens[i - 2]?.lower === 'en' && frenchForms().has(before.lower));
  }
  if (language === 'es' && word === 'una') return PRONOUN_HOSTS.has(before.lower);
  if (language === 'es' && word === 'para') return SPANISH_CLITICS.has(before.lower);
  return false;
}

/** Brackets and quotes that open and never close, or close and never opened. */
function balance(text: string, language: WritingLanguage, out: Seam[]): void {
  const plain = text.includes('{{') ? text.replace(MERGE_FIELD_PATTERN, (field) => '0'.repeat(field.length)) : text;
  const brackets = plain
    // "1)", "a)" enumerations and ":)" smileys are not brackets.
    .replace(/(^|\s)(?:\d{1,2}|[a-zA-Z])\)/g, '$1  ')
    .replace(/[:;]-?[)(]/g, (smiley) => ' '.repeat(smiley.length));
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    let depth = 0;
    let unmatched = -1;
    for (let i = 0; i < brackets.length; i += 1) {
      const char = brackets.charAt(i);
      if (char === open) {
        if (depth === 0) unmatched = i;
        depth += 1;
      } else if (char === close) {
        depth -= 1;
        if (depth < 0) {
          out.push({ kind: 'unbalanced-brackets', at: around(text, i, i + 1) });
          depth = 0;
        }
      }
    }
    if (depth > 0) out.push({ kind: 'unbalanced-brackets', at: around(text, unmatched, unmatched + 1) });
  }
  const counts: Record<string, number> = {};
  for (const char of plain) if ('"“”„«»¿?'.includes(char)) counts[char] = (counts[char] ?? 0) + 1;
  const count = (char: string): number => counts[char] ?? 0;
  const trimmed = plain.trim();
  const quote = (char: string): void => {
    const at = plain.indexOf(char);
    // One sentence of a quotation that spans several: it opens at the start or closes at the end.
    const opensSpan =
      char !== '¿' && counts[char] === 1 && trimmed.startsWith(char) && !/["”»“]/.test(trimmed.slice(1));
    const closesSpan = counts[char] === 1 && /[.!?…]\s*["”»“]$/.test(trimmed) && trimmed.endsWith(char);
    if (opensSpan || closesSpan) return;
    out.push({ kind: 'unbalanced-quotes', at: around(text, at, at + 1) });
  };
  if (count('"') % 2) quote('"');
  if (count('«') !== count('»')) quote(count('«') > count('»') ? '«' : '»');
  if (language === 'de' && count('„')) {
    if (count('„') !== count('“') + count('”')) quote('„');
  } else if (count('“') !== count('”')) quote(count('“') > count('”') ? '“' : '”');
  if (language === 'es' && count('¿') > count('?')) quote('¿');
}

function lineBreaks(text: string, language: WritingLanguage, out: Seam[]): void {
  const closings = closingsOf(language);
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length - 1; i += 1) {
    const line = (lines[i] ?? '').trim();
    const next = (lines[i + 1] ?? '').trim();
    // The sign-off and the signature under it.
    if (closings.has(line.toLowerCase().replace(/[,.!]+$/, ''))) return;
    if (!line || !next || BULLET.test(lines[i + 1] ?? '') || SENTENCE_END.test(line)) continue;
    if (line.endsWith(',') && !/^\p{Ll}/u.test(next)) continue;
    const tail = line.split(/\s+/).slice(-3).join(' ');
    const head = next.split(/\s+/).slice(0, 3).join(' ');
    out.push({ kind: 'line-break', at: `${tail}\n${head}` });
  }
}

const isWord = (token: Token | undefined): token is Token => token?.kind === 'word';
const lowerFirst = (token: Token | undefined): boolean => {
  const first = token?.text.charAt(0) ?? '';
  return first !== first.toUpperCase();
};

/** The seams of a text already tokenised: one pass over the tokens, the rarer checks only when needed. */
export function findSeams(text: string, tokens: readonly Token[], language: WritingLanguage): Seam[] {
  const out: Seam[] = [];
  const { heading, subjects, articles, dangling, stranded, particles, doubles, spacedPunctuation, nominalisers } =
    WORDS[language];
  const newline = text.includes('\n');
  const gapHasNewline = (from: number, to: number): boolean => newline && text.slice(from, to).includes('\n');
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    const before = tokens[i - 1];
    const next = tokens[i + 1];
    const spaceBefore = !!before && before.end < token.start;
    const spaceAfter = !next || token.end < next.start;
    if (token.kind === 'name') {
      if (!token.text.startsWith('{{') || !isMergeField(token.text)) out.push({ kind: 'slot', at: token.text });
      continue;
    }
    if (token.kind === 'word') {
      if (isWord(before) && spaceBefore && before.lower === token.lower && !doubles.has(token.lower)) {
        if (!gapHasNewline(before.end, token.start)) {
          out.push({ kind: 'repeated-word', at: text.slice(before.start, token.end) });
        }
      }
      // A capitalised closed-class word right after a lower-case word, or after a heading's one
      // capitalised word ("cut empty miles Results The numbers…"): a heading or sentence fused on.
      // Not a noun made of it ("ohne das Warum") nor a word cut before a hyphen ("beim Ein- und Auszug").
      const heading1 = tokens[i - 2];
      // Not a letter naming something ("a Series A last year").
      const afterHeadingWord =
        isWord(before) &&
        before.cap &&
        !before.initial &&
        isWord(heading1) &&
        lowerFirst(heading1) &&
        token.text.length > 1;
      if (
        token.cap &&
        isWord(before) &&
        spaceBefore &&
        (lowerFirst(before) || afterHeadingWord) &&
        (heading.has(token.text) || subjects.has(token.text)) &&
        !nominalisers.has(before.lower) &&
        !(next?.text === '-' && next.start === token.end)
      ) {
        const name =
          (articles.has(token.text) && !(isWord(next) && lowerFirst(next))) ||
          (language === 'es' && token.text === 'Por' && !/^qu[eé]/.test(next?.lower ?? ''));
        if (!name && !gapHasNewline(before.end, token.start)) {
          out.push({
            kind: subjects.has(token.text) ? 'run-on' : 'heading-run-on',
            at: text.slice(before.start, (next && next.kind !== 'punct' ? next : token).end),
          });
        }
      }
      // A sentence that ends on a connector: "…and." "…with." "…für."
      if (dangling.has(token.text) && next && !spaceAfter && /^[.!?]$/.test(next.text)) {
        const after = tokens[i + 2];
        const ends = !after || after.start > next.end || /^[.!?"”’»)]$/.test(after.text);
        const allowed =
          (stranded.has(token.text) &&
            (next.text === '?' ||
              (language === 'en' && (verbBefore(tokens, i, particles.has(token.text)) || gapBefore(tokens, i))))) ||
          notConnector(tokens, i, language);
        if (ends && !allowed) out.push({ kind: 'dangling-connector', at: around(text, token.start, next.end) });
      }
      continue;
    }
    if (token.kind !== 'punct') continue;
    const mark = token.text;
    if (mark === '…' || (mark === '.' && next?.text === '.' && tokens[i + 2]?.text === '.' && before?.text !== '.')) {
      if (mark === '…' || tokens[i + 2]?.start === token.start + 2) {
        out.push({ kind: 'ellipsis', at: around(text, token.start, mark === '…' ? token.end : token.end + 2) });
      }
      continue;
    }
    if (!before || ',.;:?!'.indexOf(mark) < 0) continue;
    if (spaceBefore) {
      // "Thanks , Anna": but French "Merci !", a dash or bullet before, a smiley " :)" and " ...".
      const smiley = (mark === ':' || mark === ';') && !spaceAfter && /^[-)(DPp]/.test(next?.text ?? '');
      const followed = spaceAfter || /^["”’»)]$/.test(next?.text ?? '');
      if (
        followed &&
        !smiley &&
        !spacedPunctuation.includes(mark) &&
        !/^[-–—•*]$/.test(before.text) &&
        !(mark === '.' && next?.text === '.') &&
        !gapHasNewline(before.end, token.start)
      ) {
        out.push({ kind: 'space-before-punctuation', at: text.slice(before.start, token.end) });
      }
      continue;
    }
    // "fell.Then", "costs,time": a missing space after sentence punctuation.
    if (mark !== ':' && !spaceAfter && isWord(next) && before.kind !== 'punct') {
      const abbreviation = mark === '.' && SHORT_LETTERS.test(before.text) && SHORT_LETTERS.test(next.text);
      const newSentence = mark !== '.' || CAPITALISED_WORD.test(next.text);
      if (!abbreviation && newSentence && !URLISH.test(chunk(text, token.start))) {
        out.push({ kind: 'missing-space', at: text.slice(before.start, next.end) });
      }
      continue;
    }
    // A sentence starting in lower case after a full stop.
    if (mark === '.' && spaceAfter && next && before.kind === 'word' && !isAbbreviation(before.text, language)) {
      const word = next.kind === 'punct' && /^["“„«]$/.test(next.text) ? tokens[i + 2] : next;
      if (isWord(word) && lowerFirst(word) && !URLISH.test(chunk(text, token.start))) {
        out.push({ kind: 'lower-case-start', at: text.slice(before.start, word.end) });
      }
      continue;
    }
    // A colon with nothing after it.
    if (mark === ':' && (!next || /^[.!?,;:]$/.test(next.text)) && !URLISH.test(chunk(text, token.start))) {
      out.push({ kind: 'empty-colon', at: text.slice(before.start, token.end) });
    }
  }
  if (DOUBLE_SPACE.test(text)) {
    DOUBLE_SPACE.lastIndex = 0;
    for (const match of text.matchAll(DOUBLE_SPACE)) {
      out.push({ kind: 'double-space', at: around(text, match.index, match.index + match[0].length) });
    }
  }
  DOUBLE_SPACE.lastIndex = 0;
  if (BALANCED.test(text)) balance(text, language, out);
  if (text.includes('}') || text.includes('{')) {
    for (const token of tokens)
      if (token.text === '{' || token.text === '}') out.push({ kind: 'slot', at: token.text });
  }
  if (newline) lineBreaks(text, language, out);
  return out;
}

/**
 * What reads as pasted or fused in a text: spacing and punctuation slips, a repeated word, an
 * unclosed quote or bracket, a left-over slot, a sentence run into a heading or another sentence,
 * a sentence that ends on a connector or is cut, and a line break inside a sentence. Merge fields
 * (`{{first_name|there}}`) are fine; any other brace is a slot.
 */
export function seams(text: string, language: WritingLanguage): Seam[] {
  return findSeams(text, tokenize(text, language), language);
}
