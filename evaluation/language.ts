/**
 * A small stop-word language detector for en/de/fr/es, to find sentences written in a language
 * other than the email's. Only words that belong to one of the four languages are listed ("de",
 * "la", "en", "die", "a" are left out), so a sentence is scored by the words only its language
 * uses. Quoted text, merge fields, URLs and the names the caller passes are removed first.
 */
import type { Language } from './expectations.ts';
import { fold } from './matching.ts';

const STOP_WORDS: Record<Language, readonly string[]> = {
  en: [
    'the',
    'and',
    'of',
    'to',
    'is',
    'are',
    'you',
    'your',
    'we',
    'our',
    'with',
    'that',
    'this',
    'for',
    'it',
    'on',
    'be',
    'have',
    'has',
    'will',
    'can',
    'not',
    'what',
    'when',
    'how',
    'if',
    'from',
    'they',
    'their',
    'would',
    'about',
    'just',
    'which',
    'there',
    'who',
    'at',
    'or',
    'my',
    'me',
  ],
  de: [
    'der',
    'und',
    'ist',
    'nicht',
    'mit',
    'sie',
    'ich',
    'wir',
    'das',
    'dem',
    'den',
    'des',
    'ein',
    'eine',
    'einen',
    'einem',
    'auf',
    'auch',
    'sich',
    'wie',
    'für',
    'von',
    'zu',
    'bei',
    'nach',
    'oder',
    'aber',
    'wenn',
    'noch',
    'schon',
    'ihre',
    'ihr',
    'ihnen',
    'wird',
    'werden',
    'sind',
    'kann',
    'können',
    'haben',
    'hat',
    'dass',
    'uns',
    'unsere',
    'mehr',
  ],
  fr: [
    'et',
    'des',
    'du',
    'est',
    'sont',
    'vous',
    'votre',
    'vos',
    'nous',
    'notre',
    'nos',
    'avec',
    'pour',
    'dans',
    'sur',
    'qui',
    'pas',
    'une',
    'au',
    'aux',
    'ce',
    'cette',
    'mais',
    'ou',
    'leur',
    'leurs',
    'être',
    'avez',
    'avons',
    'fait',
    'très',
    'aussi',
    'je',
    'il',
    'elle',
    'chez',
  ],
  es: [
    'el',
    'los',
    'las',
    'y',
    'del',
    'son',
    'usted',
    'su',
    'sus',
    'nuestro',
    'nuestra',
    'nuestros',
    'con',
    'para',
    'por',
    'una',
    'uno',
    'pero',
    'como',
    'muy',
    'también',
    'está',
    'están',
    'tu',
    'tus',
    'hay',
    'cuando',
    'esto',
    'este',
    'esta',
    'lo',
    'al',
    'sin',
    'más',
    'ya',
    'yo',
    'tiene',
    'tienen',
  ],
};

const LISTS = Object.fromEntries(
  Object.entries(STOP_WORDS).map(([language, words]) => [language, new Set(words.map(fold))]),
) as Record<Language, Set<string>>;

/** Words that two lists share after folding count for neither. */
const SHARED = (() => {
  const counts = new Map<string, number>();
  for (const list of Object.values(LISTS)) for (const word of list) counts.set(word, (counts.get(word) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count > 1).map(([word]) => word));
})();

export type LanguageScores = Record<Language, number>;

export function scoreSentence(sentence: string): LanguageScores {
  const scores: LanguageScores = { en: 0, de: 0, fr: 0, es: 0 };
  for (const word of fold(sentence).match(/\p{L}+/gu) ?? []) {
    if (SHARED.has(word)) continue;
    for (const language of Object.keys(LISTS) as Language[]) if (LISTS[language].has(word)) scores[language] += 1;
  }
  return scores;
}

/** The text without what is not the writer's own prose: merge fields, quotes, URLs, addresses, names. */
export function proseOf(text: string, namesToIgnore: readonly string[] = []): string {
  let prose = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/“[^”]*”|„[^“”]*[“”]|«[^»]*»|"[^"\n]*"/g, ' ');
  for (const name of [...namesToIgnore].sort((a, b) => b.length - a.length)) {
    if (name.length < 3) continue;
    prose = prose.split(name).join(' ');
  }
  return prose;
}

export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export interface ForeignSentence {
  sentence: string;
  language: Language;
}

/**
 * Sentences of at least four words whose stop words say another language: the other language
 * has at least two of its words and two more than the expected one.
 */
export function foreignSentences(
  text: string,
  expected: Language,
  namesToIgnore: readonly string[] = [],
): ForeignSentence[] {
  const found: ForeignSentence[] = [];
  for (const sentence of sentencesOf(proseOf(text, namesToIgnore))) {
    if ((sentence.match(/\p{L}+/gu) ?? []).length < 4) continue;
    const scores = scoreSentence(sentence);
    const [best, bestScore] = (Object.entries(scores) as [Language, number][]).sort((a, b) => b[1] - a[1])[0] as [
      Language,
      number,
    ];
    if (best !== expected && bestScore >= 2 && bestScore >= scores[expected] + 2) {
      found.push({ sentence, language: best });
    }
  }
  return found;
}

/** "Hi ," and the like: a greeting whose name came out empty, or an empty merge-field fallback. */
export function emptyGreeting(body: string): boolean {
  if (/\{\{\s*first_name\s*\|\s*\}\}/i.test(body)) return true;
  return /^\s*(hi|hello|hey|dear|hallo|guten tag|liebe[rs]?|sehr geehrte[rs]?|bonjour|cher|chère|hola|estimad[oa]s?)\s*[,!]/im.test(
    body,
  );
}
