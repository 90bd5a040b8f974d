import type { WritingLanguage } from '@seqgen/proto';
import { words } from '../../text.ts';
import type { PageContent } from '../extraction/content.ts';

/** Function words that only one of the languages uses often. */
const STOPWORDS: Record<WritingLanguage, Set<string>> = {
  en: new Set(['the', 'and', 'with', 'your', 'for', 'you', 'that', 'our', 'are', 'from', 'this', 'will']),
  de: new Set(['und', 'der', 'die', 'das', 'mit', 'für', 'ihre', 'sie', 'wir', 'nicht', 'auf', 'ist', 'ein', 'eine']),
  fr: new Set(['les', 'des', 'et', 'pour', 'vous', 'avec', 'une', 'est', 'nous', 'dans', 'sur', 'votre']),
  es: new Set(['los', 'las', 'y', 'para', 'con', 'una', 'que', 'es', 'nuestro', 'del', 'por', 'sus']),
};

/**
 * The page's language from its words; the `lang` attribute only when the text is too short to
 * tell (templates often keep `lang="en"` on translated pages).
 */
export function pageLanguage(page: PageContent): WritingLanguage {
  const sample = words(
    [page.title, page.metaDescription ?? '', ...page.blocks.slice(0, 300).map((block) => block.text)].join(' '),
  ).slice(0, 4000);
  const scores = (Object.entries(STOPWORDS) as [WritingLanguage, Set<string>][])
    .map(([code, list]) => ({ code, score: sample.filter((word) => list.has(word)).length }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (best && best.score >= 8 && best.score >= (second?.score ?? 0) * 1.5) return best.code;
  const declared = page.lang?.slice(0, 2);
  if (declared && declared in STOPWORDS) return declared as WritingLanguage;
  return best && best.score > 0 ? best.code : 'en';
}
