import { readingLevel } from '@seqgen/checks';
import type { SubmittedAnalysis, WritingLanguage } from '@seqgen/proto';
import { isNegative, lexiconFor } from '../../analysis/index.ts';
import { clean, sentences, wordCount } from '../../text.ts';
import { sanitise, statement } from './sanitise.ts';
import type { Outcome, Pair } from './types.ts';

/**
 * Pain i of the analysis with the solution that answers it, each as the writers tell it: the pain
 * as a sentence and a short form, the solution's name when it reads as one, its clearest
 * sentence, how it works, and what the pain costs. At least one pair, whatever was filtered.
 */
export function pairsOf(
  analysis: SubmittedAnalysis,
  solutions: string[],
  seller: { name: string; description: string },
  language: WritingLanguage,
  avoided: (text: string) => boolean,
): Pair[] {
  const { name, description } = seller;
  const phraseOf = new Map(
    (analysis.painPhrases ?? []).map((entry) => [clean(entry.pain), sanitise(entry.phrase, 80)]),
  );
  const pains = analysis.customerPains.map((pain) => sanitise(pain, 500));
  const pairs: Pair[] = [];
  const count = Math.min(Math.max(pains.length, solutions.length), 8);
  for (let index = 0; index < count; index += 1) {
    const painText = pains[index] ?? '';
    const solutionText = solutions[index] ?? solutions[0] ?? description;
    const painSentence = statement(painText);
    const split = splitSolution(solutionText);
    const sentence =
      solutionSentence(split.sentence, language) ?? (split.headline ? statement(split.headline) : undefined);
    if (!painSentence || !sentence || avoided(`${painText} ${solutionText}`)) continue;
    const phrase = phraseOf.get(clean(analysis.customerPains[index] ?? ''));
    pairs.push({
      pain: { sentence: painSentence, phrase: phrase && !/\?/.test(phrase) ? phrase : shortPain(painText, language) },
      solution: { name: solutionName(split.headline, language), sentence, means: meansOf(sentence, language) },
      outcome: outcomeOf(phrase ? `${painText} ${phrase}` : painText),
    });
  }
  if (!pairs.length) {
    // Everything was filtered (the user asked to leave it out): the first pair, as written.
    pairs.push({
      pain: { sentence: statement(pains[0] ?? '') ?? `${name}.`, phrase: undefined },
      solution: { name: undefined, sentence: statement(solutions[0] ?? description) ?? `${name}.`, means: undefined },
      outcome: 'general',
    });
  }
  return pairs;
}

const OUTCOMES: [Outcome, RegExp][] = [
  [
    'risk',
    /fraud|complian|audit|risk|secur|breach|phish|ransom|attack|threat|traceab|regulat|aml|kyc|defect|escape|sicherheit|nachweis|zertifiz/i,
  ],
  [
    'revenue',
    /revenue|sales|pipeline|conversion|cart|deal|churn|repeat|leads?\b|booking|no-show|discount|quota|chargeback|denial|denied|claim|slip away|lost (production|customers|patients|orders)|umsatz|vertrieb/i,
  ],
  ['cost', /cost|spend|fuel|price|expens|loss|waste|scrap|margin|profit|budget|fee|overtime|kosten|ausschuss|gewinn/i],
  [
    'visibility',
    /visib|real-time|real time|tracking|transparen|insight|report|dashboard|drift|explain|phantom|stale|out of date|out-of-date|guess|überblick|echtzeit/i,
  ],
  [
    'time',
    /manual|by hand|time|slow|hours|days|weeks|delay|late|spreadsheet|paper|excel|repetitive|stoppage|downtime|wait|schedul|shift|shut|zeit|hand|papier|verschoben/i,
  ],
];

const outcomeIn = (text: string): Outcome | undefined => OUTCOMES.find(([, pattern]) => pattern.test(text))?.[0];
/**
 * What a pain costs, read from the pain alone: a solution's words ("every night", "scheduling")
 * say what the product does, not what the problem costs, and a wrong stakes line is worse than none.
 */
const outcomeOf = (pain: string): Outcome => outcomeIn(pain) ?? 'general';

/**
 * "… reduce cart abandonment with AI-timed checkout recovery messages across email, SMS and
 * WhatsApp." → "AI-timed checkout recovery messages across email, SMS and WhatsApp": what follows
 * the last "with", "through", "using" or "by" in a sentence, when it is a phrase of its own.
 */
function meansOf(sentence: string, language: WritingLanguage): string | undefined {
  // German: only after "mit", whose case (dative) the copy keeps by saying "mit {means}" again.
  // Not after a comma: "…an einem Ort, mit Ablauffristen", "…in seconds, with 99% accuracy" add a
  // detail to what was said, they do not say how.
  const pattern =
    language === 'de'
      ? /[^,]\smit\s+([^,;:]{12,90}?)\.?$/u
      : /[^,]\s(?:with|through|using|via|by)\s+([^,;:]*(?:,\s[^,;:]+)*?)\.?$/u;
  const means = pattern
    .exec(sentence)?.[1]
    ?.trim()
    .replace(/[.!]+$/, '');
  if (!means || wordCount(means) < 3 || wordCount(means) > 14) return undefined;
  // "in under 2 seconds with 99% accuracy", "mit 50 bis 1.000 Mitarbeitenden": a figure is a result or a size.
  if (/\d/.test(means)) return undefined;
  // "… mit 50 Mitarbeitenden gemacht": the phrase runs into the verb, so the sentence went on past it.
  if (language === 'de' && /\s\p{Ll}+$/u.test(means)) return undefined;
  // "by … before it happens", "with you": a clause or a person is not a means.
  if (/\b(you|your team|us|before|when|until|so that|which|that)\b/i.test(means) && language === 'en') return undefined;
  return means;
}

/** A solution's headline is its name only when it reads as one: short, no verb, no figures. */
function solutionName(headline: string | undefined, language: WritingLanguage): string | undefined {
  if (!headline) return undefined;
  // "Dock Audit: scan-to-verify at pack-out" → "Dock Audit".
  const text = clean(headline.split(': ')[0] ?? headline).replace(/[.:]+$/, '');
  if (wordCount(text) > 5 || /\d|[?!,]/.test(text)) return undefined;
  const imperative =
    /^(cut|reduce|automate|eliminate|stop|get|see|make|keep|turn|prove|install|replace|predict|detect|track|shorten|avoid|improve|boost|fill|build|plan|run|senken|vermeiden|automatisieren|steigern)\b/i;
  if (imperative.test(text)) return undefined;
  // A name of common words ("Transparent FX pricing", "Batch payments & accounting sync") reads as
  // shouting mid-sentence with its capital; names of products ("Smart Recall", "No-Show Shield") keep theirs.
  const [first = '', ...rest] = text.split(' ');
  const common = rest.length > 0 && rest.every((word) => /^(\p{Ll}|&|[\p{Lu}\d]{2,}s?$)/u.test(word));
  // "Drag-and-drop dispatch board", "On-my-way texts": a hyphenated first word is as common.
  if (language === 'en' && /^\p{Lu}\p{Ll}+(?:-\p{Ll}+)*$/u.test(first) && common) {
    const name = text.charAt(0).toLowerCase() + text.slice(1);
    // A thing you count needs its article mid-sentence ("with the dispatch board"); a mass noun or
    // a plural does not ("with invoice capture", "on-my-way texts"), nor a product's own name.
    return COUNTED_THINGS.test(name) ? `the ${name}` : name;
  }
  return text;
}

/** The last word of a capability that is one thing of a kind: a board, an app, a portal. */
const COUNTED_THINGS =
  /\b(board|dashboard|app|portal|platform|engine|assistant|scheduler|planner|tracker|builder|hub|inbox|calendar|editor|console|monitor|scanner|checker|map|feed|bot|chatbot|widget|wizard|library|marketplace|workspace|timeline|calculator|kiosk|terminal|extension|plugin|plug-in|integration|API|SDK|view|record|log|ledger|queue|score|template|checklist|form|page|report)$/;

/**
 * "Dock Audit: scan-to-verify at pack-out: Every carton is checked…" → the headline before the
 * last colon that still leaves a sentence, and that sentence.
 */
export function splitSolution(solution: string): { headline: string | undefined; sentence: string } {
  let best: { headline: string; sentence: string } | undefined;
  for (let colon = solution.indexOf(': '); colon > 0; colon = solution.indexOf(': ', colon + 2)) {
    const lead = solution.slice(0, colon);
    const rest = solution.slice(colon + 2);
    if (wordCount(lead) > 12 || /[.!?]/.test(lead) || !/^\p{Lu}/u.test(rest)) continue;
    best = { headline: lead, sentence: rest };
  }
  return best ?? { headline: undefined, sentence: solution };
}

/**
 * The clearest sentence of a solution: the first one short enough to read at a glance, unless a
 * later one is much plainer; never a question.
 */
export function bestSentence(text: string, language: WritingLanguage): string | undefined {
  const candidates = sentences(text)
    .map(statement)
    .filter((sentence): sentence is string => Boolean(sentence) && wordCount(sentence as string) >= 4);
  const short = candidates.filter((sentence) => wordCount(sentence) <= 28);
  if (!short.length) return candidates[0];
  const level = (sentence: string) => readingLevel(sentence, language).score;
  const [first, ...rest] = short as [string, ...string[]];
  const plainer = rest.find((sentence) => level(sentence) < level(first) - 4);
  return plainer ?? first;
}

/** The sentence an email tells of a solution: its clearest, as said to the reader. */
export function solutionSentence(text: string, language: WritingLanguage): string | undefined {
  const sentence = bestSentence(text, language);
  return sentence && language === 'en' ? toldToTheReader(sentence) : sentence;
}

/**
 * "See every technician, job and drive time on one board." → "You can see every technician…": a
 * page's command to its visitor, told in an email as what the reader can do. Only verbs that do
 * not start a noun phrase, followed by the words a command goes on with ("See every…", "Get
 * your…"), so "Schedule builder lets managers…" or "Track & Trace shows…" stay as they are.
 */
function toldToTheReader(sentence: string): string {
  const command =
    /^(See|Get|Know|Keep|Let|Give|Stop|Cut|Reduce|Automate|Move|Send|Catch|Spot|Find|Turn|Build|Take|Bring|Collect|Connect|Sync|Create|Manage|Approve|Assign|Capture|Share|Close|Answer|Accept|Chase)\s+(every|each|all|your|the|a|an|which|who|what|when|how|where|more|less|it|them|any|exactly|instantly|up|back|out)\b/;
  if (!command.test(sentence)) return sentence;
  return `You can ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
}

/**
 * A short form of a pain the analysis did not give one for (a hand-written pain): its subject,
 * when that is short, plain and names something that hurts ("retailer chargebacks", not "new hires").
 */
function shortPain(pain: string, language: WritingLanguage): string | undefined {
  const subject =
    /^((?:[\p{L}-]+\s){0,3}[\p{L}-]+)\s+(?:eat|eats|leave|leaves|live|lives|take|takes|cost|costs|slow|slows|pile|piles|stall|stalls|keep|keeps|cause|causes|drain|drains|sit|sits|is|are|go|goes|come|comes)\b/iu.exec(
      clean(pain),
    )?.[1];
  if (
    !subject ||
    /^(the|your|our|their|nobody|no one|you|we|they|it|this|that|there|teams?|most|many)\b/i.test(subject)
  )
    return undefined;
  if (language !== 'en' || !isNegative(subject, lexiconFor(language))) return undefined;
  return /^\p{Lu}\p{Ll}+$/u.test(subject.split(' ')[0] ?? '')
    ? subject.charAt(0).toLowerCase() + subject.slice(1)
    : subject;
}
