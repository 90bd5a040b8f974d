import { mainClauseVerbs } from '@seqgen/checks';
import type { WritingLanguage } from '@seqgen/proto';

/**
 * Whether a headline says that something happens ("Appointments live in an inbox") rather than
 * naming a thing ("Schedules built on gut feel", "Skills-matched and certified"): a finite verb in
 * its main clause (the checks' grammar, @seqgen/checks). Then it can stand as a pain's sentence.
 */
export function readsAsSentence(text: string, language: WritingLanguage): boolean {
  if (text.trim().split(/\s+/).length < 3) return false;
  return mainClauseVerbs(text, language).length > 0;
}
