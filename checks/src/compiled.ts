import type { WritingLanguage } from '@seqgen/proto';
import { LANGUAGES, LEXICONS, type Lexicon } from './lexicon/index.ts';
import { phraseSource, phrasesRegExp } from './text.ts';

/** A language's word lists turned into what the checks run: regexes and sets, built once. */
export interface Compiled {
  readonly language: WritingLanguage;
  readonly lexicon: Lexicon;
  /** Function and filler words: not content, never a name. */
  readonly stopWords: ReadonlySet<string>;
  readonly ask: RegExp;
  readonly spam: RegExp;
  readonly breakup: RegExp;
  readonly strongBreakup: RegExp;
  readonly names: NameRules;
}

/** Word sequences by their first word, so a sentence is scanned once whatever the list's length. */
export type Cues = ReadonlyMap<string, readonly (readonly string[])[]>;

export interface NameRules {
  readonly resultVerbs: Cues;
  readonly beforeVerbSkip: ReadonlySet<string>;
  readonly prepositions: ReadonlySet<string>;
  readonly enumerationCues: Cues;
  readonly afterCues: Cues;
  readonly beforeCues: Cues;
  /** Matches a sentence that has any cue but the result verbs (those need a digit too). */
  readonly cuePattern: RegExp;
  readonly possessiveNouns: ReadonlySet<string>;
  readonly determiners: ReadonlySet<string>;
  readonly conjunctions: ReadonlySet<string>;
  readonly auxiliaries: ReadonlySet<string>;
  /** Never a name on its own: pronouns, calendar words, function words, "Team". */
  readonly ignorable: ReadonlySet<string>;
  readonly commonNounEndings: readonly string[];
  readonly capitalisedNouns: boolean;
}

function cues(phrases: readonly string[]): Cues {
  const byFirst = new Map<string, string[][]>();
  for (const phrase of phrases) {
    const sequence = phrase.toLowerCase().replace(/’/g, "'").split(/\s+/);
    const [first = ''] = sequence;
    byFirst.set(first, [...(byFirst.get(first) ?? []), sequence]);
  }
  return byFirst;
}

function cuePattern(words: Lexicon['names']): RegExp {
  const phrases = [...words.enumerationCues, ...words.afterCues, ...words.beforeCues];
  const possessive = words.possessiveNouns.map((noun) => `['’]s\\s+${noun}`);
  const sources = [phrasesRegExp(phrases).source, ...possessive];
  return new RegExp(sources.join('|'), 'iu');
}

function askRegExp(lexicon: Lexicon): RegExp {
  const anywhere = [phrasesRegExp(lexicon.askPhrases).source];
  if (lexicon.askCommands.length) {
    // A command counts at the start of a sentence or clause, after optional softeners.
    const softeners = lexicon.askSofteners.map((phrase) => phraseSource(phrase)).join('|');
    const commands = lexicon.askCommands.map((phrase) => phraseSource(phrase)).join('|');
    anywhere.push(`(?:^|[,;:—–(]|\\s-)\\s*(?:(?:${softeners})\\s+){0,2}(?:${commands})`);
  }
  return new RegExp(anywhere.join('|'), 'iu');
}

function compile(language: WritingLanguage): Compiled {
  const lexicon = LEXICONS[language];
  const words = lexicon.names;
  const stopWords = new Set([...lexicon.functionWords, ...lexicon.fillerWords]);
  return {
    language,
    lexicon,
    stopWords,
    ask: askRegExp(lexicon),
    // English spam phrases trip filters whatever language the rest of the email is in.
    spam: phrasesRegExp([...new Set([...lexicon.spamPhrases, ...LEXICONS.en.spamPhrases])], { global: true }),
    breakup: phrasesRegExp(lexicon.breakup, { open: true }),
    strongBreakup: phrasesRegExp(lexicon.strongBreakup, { open: true }),
    names: {
      resultVerbs: cues(words.resultVerbs),
      beforeVerbSkip: new Set(words.beforeVerbSkip),
      prepositions: new Set(words.prepositions),
      enumerationCues: cues(words.enumerationCues),
      afterCues: cues(words.afterCues),
      beforeCues: cues(words.beforeCues),
      cuePattern: cuePattern(words),
      possessiveNouns: new Set(words.possessiveNouns),
      determiners: new Set(words.determiners),
      conjunctions: new Set(words.conjunctions),
      auxiliaries: new Set(words.auxiliaries),
      ignorable: new Set([
        ...stopWords,
        ...words.pronouns,
        ...words.calendar,
        ...words.determiners,
        'i',
        'team',
        'teams',
      ]),
      commonNounEndings: words.commonNounEndings,
      capitalisedNouns: words.capitalisedNouns,
    },
  };
}

const compiled = new Map<WritingLanguage, Compiled>();

export function compiledFor(language: WritingLanguage): Compiled {
  let entry = compiled.get(language);
  if (!entry) {
    entry = compile(language);
    compiled.set(language, entry);
  }
  return entry;
}

/** Model chatter in any language: a German sequence can still carry an English "As an AI". */
export const MODEL_CHATTER = LANGUAGES.flatMap((language) => LEXICONS[language].modelChatter);
export const MODEL_CHATTER_PATTERN = phrasesRegExp(MODEL_CHATTER, { global: true });

/** All-capital words normal in business writing, in any language. */
export const KNOWN_ACRONYMS: ReadonlySet<string> = new Set(
  LANGUAGES.flatMap((language) => LEXICONS[language].acronyms),
);
