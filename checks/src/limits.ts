/**
 * Every threshold the checks use. Exported as one object so the writers aim for the same numbers
 * the checks enforce and the UI can explain them without copying them.
 */

export type ReadingScale = 'grade' | 'ease';

/** `grade`: lower is easier (pass ≤ pass, warn ≤ warn). `ease`: higher is easier (pass ≥ pass, warn ≥ warn). */
export interface ReadingBand {
  readonly scale: ReadingScale;
  readonly pass: number;
  readonly warn: number;
}

export const LIMITS = {
  emails: 7,
  length: { min: 25, max: 125, firstEmailMax: 100 },
  subject: { maxChars: 50, maxWords: 8, minCapsWords: 2 },
  /** Per email, on the prose. */
  reading: {
    en: { scale: 'grade', pass: 10, warn: 12 },
    de: { scale: 'grade', pass: 12, warn: 14 },
    fr: { scale: 'ease', pass: 50, warn: 30 },
    es: { scale: 'ease', pass: 50, warn: 30 },
  },
  /** Over the sequence. en and de have no warning band: warn equals pass. */
  readingAverage: {
    en: { scale: 'grade', pass: 8, warn: 8 },
    de: { scale: 'grade', pass: 10, warn: 10 },
    fr: { scale: 'ease', pass: 60, warn: 45 },
    es: { scale: 'ease', pass: 60, warn: 45 },
  },
  asks: { exactly: 1 },
  spam: { capsMinLetters: 4, exclamationsFail: 2 },
  distinct: { fail: 0.55, warn: 0.4, minWordLength: 4, stemLength: 5 },
  personalisation: { minEmails: 2, minSharedPrefix: 4, prospectFirstWordMin: 4 },
  greeting: { maxWords: 6 },
  signOff: { maxLines: 2, maxWordsPerLine: 4 },
  detectLanguage: { minWords: 8, minHits: 3, minLead: 1.5 },
  summary: { maxProblems: 3 },
  /** Longest quote of the user's text inside a reason. */
  quoteChars: 40,
} as const satisfies {
  reading: Record<string, ReadingBand>;
  readingAverage: Record<string, ReadingBand>;
  [key: string]: unknown;
};
