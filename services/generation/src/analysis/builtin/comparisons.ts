import type { Lexicon } from '../lexicon/index.ts';

/**
 * Results told as a before and an after rather than with a result verb: "Copperline Plumbing now
 * gets paid in 2 days instead of 19", "From 19 days to 2", "Invoices now go out the same day
 * instead of a week later". A comparison needs a measure: "faster than ever" compares with nothing,
 * "instead of sitting in the truck" measures nothing.
 */

/** A measured result: a figure, or a number written out ("from three days to two hours", "halbiert"). */
export const QUANTITY =
  /\d|\b(two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|fifty|hundred|half|twice|double[ds]?|tripled?|zero|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf|zwanzig|hälfte|halbiert|verdoppelt|null)\b/i;

/** Does the sentence set a measured before against an after? */
export function readsAsBeforeAfter(sentence: string, lex: Lexicon): boolean {
  const { insteadOf, fromTo, timeSpan } = lex.beforeAfter;
  const span = fromTo.exec(sentence);
  // "went from 1 in 5 to 1 in 20": both ends measured; "from paper to tablets" is a change, not a result.
  if (span?.[1] && span[2] && QUANTITY.test(span[1]) && QUANTITY.test(span[2])) return true;
  return insteadOf.test(sentence) && (QUANTITY.test(sentence) || timeSpan.test(sentence));
}

/** Words before a name that are not part of it: "At Copperline Plumbing, invoices…", "Bei Elektro Brandl…". */
const LEADING_PREPOSITION = /^(?:at|for|with|bei|für|mit)\s+/i;
const MAX_NAME_WORDS = 5;
const NAME_WORD = /^(?:[\p{Lu}\p{N}][\p{L}\p{N}&.'’-]*|&|of|and|und)$/u;

/**
 * The names a comparison may open with, for the caller to validate: the capitalised run it starts
 * with ("Copperline Plumbing now gets paid…"), and the one after a colon ("From 19 days to 2:
 * Copperline Plumbing…"). A run the sentence goes on in capitals is a Title Case headline ("Paid
 * In Days Instead Of Weeks"), not a name followed by what it did.
 */
export function openingNames(sentence: string): string[] {
  const clauses = [sentence, sentence.split(/:\s+/)[1] ?? ''];
  return clauses.map((clause) => {
    const tokens = clause.replace(LEADING_PREPOSITION, '').split(/\s+/);
    const run: string[] = [];
    for (const token of tokens) {
      const bare = token.replace(/[,;:]+$/, '');
      if (!NAME_WORD.test(bare)) break;
      if (run.length >= MAX_NAME_WORDS) return '';
      run.push(bare);
      if (bare !== token) return run.join(' ');
    }
    const next = tokens[run.length] ?? '';
    return /^\p{Ll}/u.test(next) ? run.join(' ') : '';
  });
}
