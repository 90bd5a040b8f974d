import type { WritingLanguage } from '@seqgen/proto';
import { words } from '../lexicon/list.ts';
import { isClosed } from './en.ts';
import type { Token } from './tokens.ts';

const set = (text: string): ReadonlySet<string> => new Set(words(text));

interface ClauseWords {
  /** A sentence that opens with these is a subordinate clause up to its first comma ("If you have time, …"). */
  readonly subordinators: ReadonlySet<string>;
  /** A sentence that opens with these (not a question) is a clause up to its verb ("What we do is…"). */
  readonly whWords: ReadonlySet<string>;
  /** After a noun, these open a relative clause that runs to its verb ("plans that work"). */
  readonly relatives: ReadonlySet<string>;
  /** Before a relative pronoun, these make it a conjunction ("so that", "now that"). */
  readonly notNouns: ReadonlySet<string>;
}

const WORDS: Readonly<Record<WritingLanguage, ClauseWords>> = {
  en: {
    subordinators: set(`if because although though unless whereas`),
    whWords: set(`what how why where when whatever whoever`),
    relatives: set(`that which who whom whose`),
    notNouns: set(`given except provided`),
  },
  de: {
    subordinators: set(`wenn weil obwohl falls dass ob damit nachdem bevor sobald sofern solange`),
    whWords: set(`was wie warum wieso weshalb wo wann wer welche welcher welches welchen welchem`),
    relatives: set(``),
    notNouns: set(``),
  },
  fr: {
    subordinators: set(`si parce lorsque puisque quoique afin`),
    whWords: set(`comment pourquoi quand où`),
    relatives: set(`qui que qu' dont`),
    notNouns: set(`parce afin bien pour sans avant alors ainsi tandis dès est-ce -ce plus moins autant`),
  },
  es: {
    subordinators: set(`si porque aunque mientras`),
    whWords: set(`cómo cuándo dónde cuando donde`),
    relatives: set(`que quien quienes donde`),
    notNouns: set(`para ya así aunque más menos tanto antes después hasta desde porque`),
  },
};

/** German clauses that start after a comma and end at the next one: relative and subordinate clauses. */
const GERMAN_RELATIVES = set(`der die das den dem deren dessen denen welche welcher welches welchen welchem`);
const GERMAN_SUBORDINATORS = set(`
  dass wenn weil ob obwohl falls damit sodass bevor nachdem sobald wie was wo wer warum wann weshalb wieso sofern
  solange während als
`);
const GERMAN_PREPOSITIONS = set(`mit für von bei auf aus nach über unter durch um an zu in gegen ohne`);
/** Wh-words that open a direct question after a comma ("Wenn X, wie würden Sie antworten?"). */
const GERMAN_QUESTION_WORDS = set(
  `wer wen wem wessen was wie warum wieso weshalb wo wann womit wofür wozu woher wohin welche welcher welches welchen
  welchem`,
);
/** Words between the wh-word and the verb of a question: "wie lange dauert es", "wie oft passiert das". */
const GERMAN_QUESTION_ADVERBS = set(`lange oft viel viele schnell genau weit häufig hoch sicher gut`);
/** Formal address and "ich": capitalised, but no noun a wh-phrase asks about. */
const GERMAN_FORMAL = set(`sie ihnen ihr ihre ihren ihrem ihrer ihres ich`);

/**
 * A direct question after a comma: the wh-word, then at once the finite verb (V2), or the noun it
 * asks about and then the verb ("…, wie viele Servicekräfte müssen Sie einstellen?", "…, welche
 * Tools nutzen Sie?"), where an embedded question puts its verb last ("…, wie schnell die
 * Entwicklung ausliefert, was würden Sie zeigen?").
 */
function germanQuestion(tokens: readonly Token[], i: number, verbs: ReadonlySet<number>): boolean {
  if (!GERMAN_QUESTION_WORDS.has(tokens[i]?.lower ?? '') || tokens[tokens.length - 1]?.text !== '?') return false;
  let next = GERMAN_QUESTION_ADVERBS.has(tokens[i + 1]?.lower ?? '') ? i + 2 : i + 1;
  if (verbs.has(next)) return true;
  // The noun asked about, after its adjectives: "wie viele neue Servicekräfte", "welche Tools".
  while (tokens[next]?.kind === 'word' && !tokens[next]?.cap && /(?:e|en|er|es|em)$/.test(tokens[next]?.lower ?? '')) {
    next += 1;
  }
  const noun = tokens[next];
  if (noun?.kind !== 'word' || !noun.cap || GERMAN_FORMAL.has(noun.lower)) return false;
  // V2: the verb right after it, with more of the clause after it (an embedded question ends on its verb).
  const after = tokens[next + 2];
  return verbs.has(next + 1) && !!after && after.kind !== 'punct';
}

const isQuestion = (tokens: readonly Token[]): boolean => tokens.some((token) => token.text === '?');

/** Per token: outside any clause (0), in a subordinate clause (1) or in a relative clause (2). */
type Marks = number[];
const SUBORDINATE = 1;
const RELATIVE = 2;

const CLAUSE_END = new Set([',', ':', ';', '–', '—']);

/** Marks from `from` up to (not including) the next comma, colon, semicolon or dash, or the end. */
function toComma(tokens: readonly Token[], from: number, marks: Marks, mark: number): void {
  for (let k = from; k < tokens.length && !CLAUSE_END.has(tokens[k]?.text ?? ''); k += 1) marks[k] = mark;
}

/** Marks from `from` through the first verb after it. */
function toVerb(tokens: readonly Token[], from: number, verbs: ReadonlySet<number>, marks: Marks): void {
  for (let k = from; k < tokens.length && tokens[k]?.text !== ','; k += 1) {
    marks[k] = RELATIVE;
    if (verbs.has(k)) return;
  }
}

/** Before an adjective, these make the "que" after it a comparison's ("plus longues que prévu"). */
const COMPARATIVES = set(`plus moins aussi autant`);
const PREPOSITIONS_BEFORE_RELATIVE: Readonly<Record<WritingLanguage, ReadonlySet<string>>> = {
  en: set(``),
  de: set(``),
  fr: set(`à de pour avec sur par sans chez dans vers entre contre`),
  es: set(`a de con en por para sin sobre entre hacia desde`),
};

/** The word a relative clause follows is a noun or name: not a verb, a conjunction or the sentence's start. */
function isHead(
  before: Token | undefined,
  index: number,
  verbs: ReadonlySet<number>,
  notNouns: ReadonlySet<string>,
  language: WritingLanguage,
): boolean {
  if (!before) return false;
  if (before.kind === 'name') return true;
  return (
    before.kind === 'word' &&
    !verbs.has(index) &&
    !notNouns.has(before.lower) &&
    !before.lower.startsWith('-') &&
    !(language === 'en' && isClosed(before.lower))
  );
}

export interface Clauses {
  /** The finite verbs outside subordinate and relative clauses. */
  readonly main: number[];
  /**
   * No main verb, but a subordinate clause beside other words: an elliptical main clause a reader
   * accepts ("If it's not a priority, no worries.", "Danke, dass Sie sich die Zeit nehmen.").
   */
  readonly elliptical: boolean;
}

/**
 * The finite verbs of the main clause: those not inside a subordinate clause that opens the
 * sentence ("If you have time, …"), a relative clause after a noun ("plans that work", "Pläne, die
 * funktionieren") or a German clause after a comma.
 */
export function clauses(tokens: readonly Token[], verbs: readonly number[], language: WritingLanguage): Clauses {
  if (!verbs.length) return { main: [], elliptical: false };
  const { subordinators, whWords, relatives, notNouns } = WORDS[language];
  const verbSet = new Set(verbs);
  const marks: Marks = tokens.map(() => 0);
  const first = tokens.findIndex((token) => token.kind !== 'punct');
  const opener = tokens[first]?.lower ?? '';
  if (subordinators.has(opener)) toComma(tokens, first, marks, SUBORDINATE);
  else if (whWords.has(opener) && !isQuestion(tokens)) {
    if (language === 'de') toComma(tokens, first, marks, RELATIVE);
    else toVerb(tokens, first, verbSet, marks);
  }
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || marks[i]) return;
    const before = tokens[i - 1];
    if (language === 'de') {
      const afterComma =
        before?.text === ',' ||
        (tokens[i - 2]?.text === ',' && before?.kind === 'word' && GERMAN_PREPOSITIONS.has(before.lower));
      if (afterComma && GERMAN_RELATIVES.has(token.lower) && !germanQuestion(tokens, i, verbSet)) {
        toComma(tokens, i, marks, RELATIVE);
      } else if (before?.text === ',' && GERMAN_SUBORDINATORS.has(token.lower) && !germanQuestion(tokens, i, verbSet)) {
        toComma(tokens, i, marks, SUBORDINATE);
      }
      return;
    }
    if (!relatives.has(token.lower) || !before || i === first) return;
    // "plus longues que prévu": a comparison, not a relative clause.
    if (language === 'fr' && token.lower === 'que' && COMPARATIVES.has(tokens[i - 2]?.lower ?? '')) return;
    // "la personne à qui vous écrivez" is a relative clause; "À qui demandez-vous conseil ?" a question.
    let head = i - 1;
    if (language !== 'en' && before.kind === 'word' && PREPOSITIONS_BEFORE_RELATIVE[language].has(before.lower)) {
      head = i - 2;
    }
    const noun = isHead(tokens[head], head, verbSet, notNouns, language);
    if (noun) toVerb(tokens, i, verbSet, marks);
  });
  const main = verbs.filter((i) => !marks[i]);
  const elliptical =
    !main.length && marks.includes(SUBORDINATE) && tokens.some((token, i) => !marks[i] && token.kind !== 'punct');
  return { main, elliptical };
}
