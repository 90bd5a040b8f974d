import type { WritingLanguage } from '@seqgen/proto';

/**
 * A client's worry in their own words ("We pay corporation tax every year but never know how
 * much…", an FAQ's question) said back to the reader ("You pay corporation tax every year but never
 * know how much…"), so it can stand as the reader's pain. Only where the words alone say how:
 * English and German (the polite "Sie" takes the verb of "wir"), French "nous" verbs in -ons.
 * Undefined where the change needs grammar a word list cannot give (Spanish verbs, "ich", "je").
 */
export function inReadersVoice(text: string, language: WritingLanguage): string | undefined {
  const rules = RULES[language];
  if (!rules || rules.refuse.test(text)) return undefined;
  let said = text;
  for (const [pattern, replacement] of rules.replace)
    said = typeof replacement === 'string' ? said.replace(pattern, replacement) : said.replace(pattern, replacement);
  return said;
}

type Replacement = string | ((match: string, ...groups: string[]) => string);

interface VoiceRules {
  /** First-person words this list cannot turn. */
  refuse: RegExp;
  replace: [RegExp, Replacement][];
}

/** The replacement in the case of the word it replaces ("Our" → "Your"). */
const cased = (to: string) => (match: string) =>
  /^\p{Lu}/u.test(match) ? to.charAt(0).toUpperCase() + to.slice(1) : to;

const RULES: Partial<Record<WritingLanguage, VoiceRules>> = {
  en: {
    refuse: /(?:^|[^\p{L}'’])(?:i|i'm|i've|i'd|i'll|my|me|mine|myself)(?![\p{L}'’])/iu,
    replace: [
      [/\bwe(?=['’](?:re|ve|d|ll)\b)/gi, cased('you')],
      [/\bours\b/gi, cased('yours')],
      [/\bourselves\b/gi, cased('yourselves')],
      [/\bour\b/gi, cased('your')],
      [/\b(?:we|us)\b/gi, cased('you')],
    ],
  },
  de: {
    refuse: /(?:^|[^\p{L}])(?:ich|mein\p{L}*|mich|mir)(?![\p{L}])/iu,
    replace: [
      [/\bunser(e[mnrs]?|)\b/gi, (_match, ending: string) => `Ihr${ending}`],
      // "für uns", "ohne uns": the accusative; elsewhere "uns" is mostly the dative ("uns fehlt").
      [/\b(für|durch|gegen|ohne|um) uns\b/gi, '$1 Sie'],
      [/\buns\b/gi, 'Ihnen'],
      [/\bwir\b/gi, 'Sie'],
    ],
  },
  fr: {
    refuse: /(?:^|[^\p{L}])(?:je|j['’]|mon|ma|mes|moi|me|m['’])(?![\p{L}])/iu,
    replace: [
      [
        /\b(nous) (sommes|faisons|disons)\b/gi,
        (_match, nous: string, verb: string) => `${cased('vous')(nous)} ${FRENCH_IRREGULAR[verb.toLowerCase()]}`,
      ],
      // "nous payons", "nous ne savons": the verb's -ons becomes -ez.
      [
        /\b(nous) ((?:ne |n['’])?(?:\p{L}+ )?)(\p{L}+)ons\b/giu,
        (_match, nous: string, between: string, stem: string) => `${cased('vous')(nous)} ${between}${stem}ez`,
      ],
      [/\bnous\b/gi, cased('vous')],
      [/\bnotre\b/gi, cased('votre')],
      [/\bnos\b/gi, cased('vos')],
    ],
  },
};

const FRENCH_IRREGULAR: Record<string, string> = { sommes: 'êtes', faisons: 'faites', disons: 'dites' };
