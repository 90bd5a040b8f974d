import { detectLanguage } from '@seqgen/checks';
import type { WritingLanguage } from '@seqgen/proto';
import { readsAsSentence } from '../../analysis/index.ts';

/**
 * Whether text the user wrote (an edited pain, a solution, a manual field) can go into an email as
 * it stands: a sentence with a verb, in the email's language. Otherwise the playbook says it.
 */
export function readsAsUserSentence(text: string, language: WritingLanguage, assumed?: WritingLanguage): boolean {
  if (!text || text.split(/\s+/).length < 4 || text.split(/\s+/).length > 40) return false;
  // Too short to tell is taken to be in the language its source is in (the analysis's, the context's).
  if ((detectLanguage(text) ?? assumed) !== language) return false;
  return readsAsSentence(text, language);
}

/** Words from a page or the user in the email's language: detected as it, or too short to tell and from a source in it. */
export function inLanguage(text: string, language: WritingLanguage, assumed: WritingLanguage | undefined): boolean {
  return (detectLanguage(text) ?? assumed) === language;
}
