import { isFunctionWord } from '@seqgen/checks';
import { clean } from '../../text.ts';

/** A capability's name is short: longer headings make a claim. */
const MAX_NAME_WORDS = 4;

/**
 * A heading that names rather than claims: four words at most, no function words ("on", "your",
 * "the"), no sentence punctuation. "Carrier self-scheduling" names; "Early warning on every
 * critical asset" claims.
 */
export function nameOf(headline: string | undefined): string | undefined {
  // "Dock Audit: scan-to-verify at pack-out" — the name before the colon, the claim after it.
  const [before, after] = clean(headline).split(/:\s+/, 2);
  const text = (after && before ? before : clean(headline)).replace(/[.:!]+$/, '');
  if (!text) return undefined;
  const words = text.split(' ');
  if (words.length > MAX_NAME_WORDS || /[?!,;]/.test(text)) return undefined;
  if (words.some((word) => isFunctionWord(word.toLowerCase()) && word !== '&')) return undefined;
  if (!/\p{L}/u.test(text)) return undefined;
  return text;
}
