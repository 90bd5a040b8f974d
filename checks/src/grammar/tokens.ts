import type { WritingLanguage } from '@seqgen/proto';

/**
 * One token of a sentence. Merge fields (`{{first_name|there}}`) and slots (`{company}`) are
 * names; French elisions are their own words ("l'appelons" → "l'", "appelons"), and a French
 * inverted or imperative pronoun is split off with its hyphen ("Avez-vous" → "Avez", "-vous").
 */
export interface Token {
  /** As written. */
  readonly text: string;
  /** Lower-case, typographic apostrophes as "'". */
  readonly lower: string;
  readonly kind: 'word' | 'name' | 'number' | 'punct';
  /** Starts with a capital letter. */
  readonly cap: boolean;
  /**
   * First word of the sentence or of a part that may start with a capital: after an opening
   * quote, bracket, ¿ or ¡, a colon, semicolon or dash.
   */
  readonly initial: boolean;
  /** Where it starts and ends in the text. */
  readonly start: number;
  readonly end: number;
}

const TOKEN =
  /\{\{[^{}\n]*\}\}|\{[^{}\n]*\}|\p{N}+(?:[.,:/]\p{N}+)*(?:[-‐]?\p{L}+)*%?|[\p{L}\p{M}][\p{L}\p{M}\p{N}]*(?:['’‐-][\p{L}\p{M}\p{N}]+)*|[^\s\p{L}\p{M}\p{N}]/gu;

const LETTER_START = /^[\p{L}\p{M}]/u;

// After these a capital is a sentence's capital, not a name's.
const OPENERS = new Set([
  ':',
  ';',
  '(',
  '[',
  '"',
  '“',
  '„',
  '«',
  '‘',
  '‚',
  '»',
  '¿',
  '¡',
  '—',
  '–',
  '•',
  '.',
  '!',
  '?',
]);
// Transparent for "initial": an opening quote or mark before the first word.
const QUOTES = new Set(["'", '’', '*', '-']);

const FR_ELISION = /^(?:l|d|j|m|t|s|n|c|qu|jusqu|lorsqu|puisqu|quoiqu)['’](?=[\p{L}\p{M}])/iu;
const FR_WHOLE = new Set(["aujourd'hui", "quelqu'un", "quelqu'une", "prud'homme", "prud'hommes"]);
const FR_HYPHEN_PRONOUN =
  /^(.+?)(?:(?:-t)?-(?:je|tu|il|elle|on|nous|vous|ils|elles|ce|moi|toi|le|la|les|lui|leur|en|y))+$/iu;
const FR_HYPHEN_WHOLE = new Set(['rendez-vous', 'vis-à-vis', 'c-à-d']);

const lowerOf = (text: string): string => {
  const lower = text.toLowerCase();
  return lower.includes('’') ? lower.replace(/’/g, "'") : lower;
};

function push(out: Token[], text: string, kind: Token['kind'], initial: boolean, start: number): void {
  const first = text.charAt(0);
  out.push({
    text,
    lower: lowerOf(text),
    kind,
    cap: kind === 'word' && first !== first.toLowerCase(),
    initial,
    start,
    end: start + text.length,
  });
}

function pushFrenchWord(out: Token[], word: string, initial: boolean, start: number): void {
  let rest = word;
  let at = start;
  let first = initial;
  if ((rest.includes("'") || rest.includes('’')) && !FR_WHOLE.has(lowerOf(rest))) {
    const elided = FR_ELISION.exec(rest);
    if (elided) {
      push(out, rest.slice(0, elided[0].length), 'word', first, at);
      at += elided[0].length;
      rest = rest.slice(elided[0].length);
      first = false;
    }
  }
  if (rest.includes('-') && !FR_HYPHEN_WHOLE.has(lowerOf(rest))) {
    const inverted = FR_HYPHEN_PRONOUN.exec(rest);
    if (inverted?.[1]) {
      push(out, inverted[1], 'word', first, at);
      at += inverted[1].length;
      for (const part of rest.slice(inverted[1].length).match(/-(?:t-)?[^-]+/g) ?? []) {
        push(out, part, 'word', false, at);
        at += part.length;
      }
      return;
    }
  }
  push(out, rest, 'word', first, at);
}

/** The tokens of a sentence (or of a longer text: a full stop starts a new sentence). */
export function tokenize(sentence: string, language: WritingLanguage): Token[] {
  const out: Token[] = [];
  let initial = true;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(sentence); match; match = TOKEN.exec(sentence)) {
    const text = match[0];
    const first = text.charCodeAt(0);
    if (first === 123 /* { */ && text.length > 1) {
      push(out, text, 'name', initial, match.index);
      initial = false;
    } else if (first >= 48 && first <= 57) {
      push(out, text, 'number', initial, match.index);
      initial = false;
    } else if (text.length > 1 || LETTER_START.test(text)) {
      if (language === 'fr') pushFrenchWord(out, text, initial, match.index);
      else push(out, text, 'word', initial, match.index);
      initial = false;
    } else {
      push(out, text, /\p{N}/u.test(text) ? 'number' : 'punct', false, match.index);
      if (OPENERS.has(text)) initial = true;
      else if (!QUOTES.has(text)) initial = false;
    }
  }
  return out;
}
