import type { SubmittedAnalysis, WritingLanguage } from '@seqgen/proto';
import { withoutLegalForm } from '../../analysis/index.ts';
import { saysName, sentences, squash, wordCount } from '../../text.ts';
import { solutionSentence, splitSolution } from './pairs.ts';
import { sanitise, statement } from './sanitise.ts';
import type { Pair, Proof } from './types.ts';

/**
 * The analysis's results and quotes, each credited to its customer and, when known, to the pair
 * whose solution produced it; then results from a hand-written case study. Results first.
 */
export function proofsOf(
  analysis: SubmittedAnalysis,
  solutions: string[],
  pairs: Pair[],
  language: WritingLanguage,
  avoided: (text: string) => boolean,
): Proof[] {
  const proofs: Proof[] = [];
  for (const point of analysis.proofPoints ?? []) {
    const customer = withoutLegalForm(sanitise(point.customer, 120));
    const text = point.quote ? sanitise(point.result, 300) : statement(sanitise(point.result, 300));
    if (!customer || !text || /\?/.test(text) || avoided(`${customer} ${text}`)) continue;
    if (point.quote && wordCount(text) > 30) continue;
    const credited = point.solution ? solutions.indexOf(sanitise(point.solution, 1500)) : -1;
    // A result that names what did it ("…after switching to Rostra shift fill") is credited to that.
    const named = pairs.findIndex((pair) => pair.solution.name && namesCapability(text, pair.solution.name));
    const pairIndex =
      named >= 0
        ? named
        : credited === -1
          ? undefined
          : pairs.findIndex(
              (pair) =>
                pair.solution.sentence ===
                solutionSentence(splitSolution(solutions[credited] ?? '').sentence, language),
            );
    proofs.push({
      customer,
      text,
      person: point.person ? sanitise(point.person, 160) : undefined,
      quote: Boolean(point.quote),
      pair: pairIndex === undefined || pairIndex < 0 ? undefined : pairIndex,
      named: squash(text).includes(squash(customer)),
    });
  }
  // A hand-written case study (Manual Entry) with a result in it.
  for (const sentence of sentences(sanitise(analysis.caseStudies, 4000))) {
    if (!/\d/.test(sentence) || proofs.length >= 8) continue;
    const customer =
      /^((?:\p{Lu}[\p{L}\p{N}&.'-]*\s?){1,4})\s+(?:cut|reduced|increased|raised|grew|saved|doubled|improved|lowered|shortened|senkte|reduzierte|steigerte)\b/u
        .exec(sentence)?.[1]
        ?.trim();
    const text = statement(sentence);
    if (customer && text && !avoided(text))
      proofs.push({ customer, text, person: undefined, quote: false, pair: undefined, named: true });
  }
  proofs.sort((a, b) => Number(a.quote) - Number(b.quote));
  return proofs;
}

/** Whether a text names a capability, its article aside ("the dispatch board"). */
export function namesCapability(text: string, name: string): boolean {
  return saysName(text, name.replace(/^the /, ''));
}
