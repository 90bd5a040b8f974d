import { detectLanguage } from '@seqgen/checks';
import { escapeRegExp, normalise } from '../../match.ts';
import type { FunctionPlaybook, Pain } from '../../playbook/index.ts';
import { bestMatch } from '../../playbook/signals.ts';
import { clean, sentences } from '../../text.ts';
import { inlineComparison, problemScore, type ReadBlock, type ReadPage } from '../read/roles.ts';
import { inReadersVoice } from './voice.ts';

/**
 * The problems a page states: its problem cards and problem sections, "Tired of…?" lines, and
 * "<strong>Problem.</strong> What we do about it" list items (the pain, with the page's answer
 * beside it). Only blocks read as problems count (./../read/roles.ts): a feature's headline or a
 * spec line never becomes a pain. Each is matched to the function's playbook pain it is, so the
 * writers can say it in the buyer's words.
 */

export interface StatedPain {
  /** The pain as the page states it, one sentence (for the analysis card). */
  sentence: string;
  /** The playbook pain it is, when its words say so. */
  pain: Pain | undefined;
  /** What the page answers it with, right beside it (an item's text after its bold lead). */
  answer: string | undefined;
  /** 0–1: how sure it is that the page states this as its customers' problem. */
  confidence: number;
  block: number;
}

/**
 * A sentence that talks about the page rather than the reader's problem ("If you lead a legal team,
 * you'll recognise this.") or says what the company does ("Each week we reconcile…"): never a pain.
 */
const META =
  /\b(recogni[sz]e this|sound(s)? familiar|tell us the same|that's why we exist|kennen sie das|bekannt vor(kommt)?|gibt es uns|ça vous parle|vous reconnaissez|c'est pour cela que nous|le suena|te suena|para eso estamos)\b/i;
const SAYS_WHAT_WE_DO = /(^|[,;:]\s*|\b(?:each|every) \w+ )(we|our|wir|unser\w*|nous|notre|nos|nosotros|nuestr\w+)\b/i;

export function isStatement(sentence: string, company: string): boolean {
  if (META.test(sentence) || SAYS_WHAT_WE_DO.test(sentence)) return false;
  // The seller named in it ("9,000 carers use Cuidalia every day") says what it does, not a pain.
  return !brandNamed(sentence, company);
}

/** A sentence that goes on about what the sentence before it named: "It checks…", "Sie prüft…". */
const GOES_ON_ABOUT_IT = /^(?:it|they|this|es|sie|er|il|elle|ils|elles|él|ella|ellos)\s/i;

/** Roles whose prose may state a pain in passing. */
const PROSE_ROLES = new Set(['text', 'hero', 'audience', 'story', 'faq']);

const OUR_VOICE = /\b(we|our|us|wir|unser|unsere|nous|notre|nos|nosotros|nuestro|nuestra|nuestros)\b/i;

/** The seller speaking of what it does: "we", "our", or its name. */
function sellerSpeaks(text: string, company: string): boolean {
  return OUR_VOICE.test(text) || brandNamed(text, company);
}

/**
 * The seller's name in a text (its first word will do: "Cuidalia calcula…"), written as a name:
 * capitalised, so "Frío Almarjal" is not named by "la cadena de frío".
 */
function brandNamed(text: string, company: string): boolean {
  if (normalise(text).includes(normalise(company))) return true;
  const brand = clean(company).split(' ')[0] ?? '';
  if (brand.length < 4) return false;
  const pattern = new RegExp(`(?:^|\\P{L})(${escapeRegExp(brand)})(?=\\P{L}|$)`, 'giu');
  return [...text.matchAll(pattern)].some((match) => /^\p{Lu}/u.test(match[1] ?? ''));
}

/** The text after a bold lead: more about the problem, or already the answer to it? */
function isAnswer(rest: string, company: string): boolean {
  if (!rest) return false;
  if (sellerSpeaks(rest, company)) return true;
  return problemScore(rest) === 0;
}

/**
 * A pain's text for the analysis card: its headline when that says something happens; a headline
 * that names the problem ("Waiting on CI") with the first sentence under it; else that sentence.
 */
function sentenceOf(
  headline: string | undefined,
  explanation: string,
  readsAsSentence: (text: string) => boolean,
): string {
  const head = clean(headline).replace(/[.:]+$/, '');
  const first = sentences(explanation)[0];
  // A headline that complains is the pain; a figurative one ("Audit requests become a scavenger
  // hunt") names no complaint, so the first sentence under it, said with it, says what it means.
  if (head && readsAsSentence(head) && (problemScore(head) > 0 || !first)) return asSentence(head);
  if (head && first) return `${head}: ${first}`;
  return first ?? (head ? asSentence(head) : '');
}

/** A headline as a sentence: a question or an exclamation keeps its own mark. */
const asSentence = (head: string) => (/[?!]$/.test(head) ? head : `${head}.`);

export function statedPainsOf(
  read: ReadPage,
  fn: FunctionPlaybook,
  company: string,
  readsAsSentence: (text: string) => boolean,
): StatedPain[] {
  const found: StatedPain[] = [];
  const used = new Set<number>();
  const isProblem = (entry: ReadBlock | undefined): entry is ReadBlock => entry?.role === 'problem';
  const add = (
    headline: string | undefined,
    explanation: string,
    answer: string | undefined,
    block: number,
    entry: ReadBlock,
  ) => {
    const sentence = sentenceOf(headline, explanation, readsAsSentence);
    if (!sentence || found.some((pain) => pain.sentence === sentence) || !isStatement(sentence, company)) return;
    const match = bestMatch(fn.pains, [
      { text: headline ?? '', weight: 2 },
      { text: explanation, weight: 1 },
    ]);
    const strength = Math.min(1, (entry.problem ?? 0) / 3);
    found.push({
      sentence,
      pain: match?.entry,
      answer,
      confidence: round(entry.confidence * (0.55 + 0.45 * strength) * (match ? 1 : 0.85)),
      block,
    });
  };

  for (const section of read.sections) {
    for (const card of section.cards) {
      const problems = card.blocks.filter((index) => isProblem(read.blocks[index]));
      if (!problems.length) continue;
      for (const index of card.blocks) used.add(index);
      const heading = card.heading === undefined ? undefined : read.blocks[card.heading];
      if (heading && isProblem(heading)) {
        const rest = problems
          .filter((index) => index !== card.heading)
          .map((index) => read.blocks[index]?.block.text ?? '');
        // A card whose text is the seller at work ("Cuidalia calcula…", "we log every request") under
        // a heading that complains about nothing is an answer laid out among the problems.
        if (problemScore(heading.block.text) === 0 && rest.length && sellerSpeaks(rest.join(' '), company)) continue;
        // A card in a problem section that complains about nothing ("Skills-matched and certified":
        // the answer, laid out beside the problems) is not one.
        if (
          problemScore(`${heading.block.text}. ${rest.join(' ')}`) === 0 &&
          !readsAsSentence(clean(heading.block.text))
        )
          continue;
        add(heading.block.text, rest.join(' '), undefined, card.heading as number, heading);
        continue;
      }
      for (const index of problems) itemPain(index);
    }
    for (const [position, index] of section.blocks.entries()) {
      if (used.has(index) || index === section.heading || index === section.eyebrow) continue;
      const entry = read.blocks[index] as ReadBlock;
      const next = section.blocks[position + 1];
      const following = next === undefined ? undefined : read.blocks[next];
      // A title line over a problem ("Approvals in limbo" | "Invoices wait…"), however little it says.
      const titles = labels(entry, following) && isProblem(following);
      if (!isProblem(entry) && !titles) continue;
      if (entry.block.kind === 'heading' || titles) {
        const explanation = isProblem(following) && following.block.kind !== 'heading' ? following.block.text : '';
        if (explanation) used.add(next as number);
        if (problemScore(`${entry.block.text}. ${explanation}`) === 0 && !readsAsSentence(clean(entry.block.text)))
          continue;
        add(entry.block.text, explanation, undefined, index, isProblem(entry) ? entry : (following as ReadBlock));
        continue;
      }
      itemPain(index);
    }
  }
  // Prose that is not a problem block (a narrative paragraph, a hero line) may still state one of
  // the function's pains: a sentence with a complaint in it that the playbook's pain words match.
  // The hero's headline is a heading, never prose, but one that asks "Tired of chasing approvals?"
  // states the pain the page is built around.
  const heroQuestion = read.sections[0]?.heading;
  for (const [index, entry] of read.blocks.entries()) {
    const asks = index === heroQuestion && /\?$/.test(entry.block.text.trim());
    if (used.has(index) || !(PROSE_ROLES.has(entry.role) || asks)) continue;
    for (const sentence of sentences(entry.block.text)) {
      const score = problemScore(sentence);
      if (score < 1 || !isStatement(sentence, company)) continue;
      const match = bestMatch(fn.pains, [{ text: sentence, weight: 1 }], 2);
      if (!match || found.some((pain) => pain.sentence === sentence)) continue;
      found.push({
        sentence,
        pain: match.entry,
        answer: undefined,
        confidence: round(0.45 + 0.05 * Math.min(3, score)),
        block: index,
      });
    }
  }
  return found;

  /** One list item or paragraph: its bold lead and what follows, or each of its problem sentences. */
  function itemPain(index: number) {
    const asked = read.blocks[index] as ReadBlock;
    // An FAQ's question in the client's words is said back to the reader, or not at all.
    const faq = read.sections[asked.section]?.kind === 'faq';
    const entry = faq ? saidToTheReader(asked) : asked;
    const { block } = entry;
    const compared = inlineComparison(block.text);
    if (compared) {
      add(compared.problem, '', compared.answer, index, entry);
      return;
    }
    // A bold lead that the sentence goes on from ("<strong>Priya</strong> is the site's only safety
    // adviser…", "<strong>Manual entry</strong> eats your week.") is the sentence's subject, not a
    // headline: the block is read as the sentences it is.
    const continues =
      block.lead && /^\p{Ll}/u.test(block.text.slice(block.lead.length).trim()) && !/[.:!?]\s*$/.test(block.lead);
    if (block.lead && !continues) {
      const rest = clean(block.text.slice(block.lead.length).replace(/^[\s.:–—-]+/, ''));
      const answer = isAnswer(rest, company) ? rest : undefined;
      add(block.lead, answer ? '' : rest, answer, index, entry);
      return;
    }
    const inSection = entry.confidence >= 0.8;
    // In a paragraph that names the seller ("Remitra is revenue cycle software…"), a sentence that
    // goes on with "It checks every claim…" is still the seller at work, whatever its words.
    const seller = brandNamed(block.text, company);
    // What the asker asks the seller ("Is it too late?") is no statement of their problem.
    const all = sentences(block.text).filter(
      (sentence) => !(seller && GOES_ON_ABOUT_IT.test(sentence)) && !(faq && /\?\s*$/.test(sentence)),
    );
    const complaining = withTheirScene(
      all,
      all.filter((sentence) => problemScore(sentence) >= (inSection ? 1 : 2)),
    );
    // In a problem section a paragraph that complains in words no cue knows still states its
    // problem: in its first sentence, the one that sets the scene ("You sell into twelve EU countries…"),
    // or the question it asks the reader ("¿Camareros que no se presentan el primer día?").
    const first = all[0];
    const chosen = complaining.length
      ? complaining
      : inSection && first && ((readsAsSentence(first) && !opensWithAName(first)) || asksTheReader(first))
        ? [first]
        : [];
    for (const sentence of chosen) {
      add(sentence, '', undefined, index, { ...entry, problem: Math.max(problemScore(sentence), entry.problem ?? 0) });
    }
  }
}

/**
 * An FAQ question's words said to the reader where a word list can (./voice.ts), else kept as the
 * client asked them ("el camión que confirmé el lunes no aparece"): the analysis card shows the
 * client's worry either way, and the emails say the playbook's pain it matches, never the page's.
 */
function saidToTheReader(entry: ReadBlock): ReadBlock {
  const language = detectLanguage(entry.block.text) ?? 'en';
  const text = inReadersVoice(entry.block.text, language) ?? entry.block.text;
  return { ...entry, block: { ...entry.block, text, lead: undefined } };
}

/**
 * A short line without a full stop over a paragraph ("Reviewed blind" | "Migrations are approved
 * by engineers who…"): a card's title drawn as plain text, read as a heading is.
 */
function labels(entry: ReadBlock, following: ReadBlock | undefined): boolean {
  if (!following || following.block.kind === 'heading' || entry.block.kind !== 'text') return false;
  const words = entry.block.text.split(/\s+/).length;
  return words <= 6 && !/[.!?:]$/.test(entry.block.text) && following.block.text.split(/\s+/).length > words * 2;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A complaint that leans on the sentence before it is said with it: "Personne ne l'a vérifié
 * depuis la signature." needs the contracts it speaks of, and "Niemand weiß genau, warum es drei
 * Kennzeichen gibt." the tax codes the paragraph opened with. Only in a short paragraph of two or
 * three sentences, so a pain stays one thought.
 */
function withTheirScene(all: readonly string[], complaining: readonly string[]): string[] {
  if (all.join(' ').split(/\s+/).length > SCENE_MAX_WORDS) return [...complaining];
  const said: string[] = [];
  for (const [at, sentence] of all.entries()) {
    if (!complaining.includes(sentence)) continue;
    const before = all[at - 1];
    const leans =
      before !== undefined &&
      (BACK_REFERENCE.test(sentence) || (at === 1 && all.length <= 3 && problemScore(before) === 0));
    if (!leans) {
      said.push(sentence);
      continue;
    }
    // Said after what it leans on: added to that pain when it is one, else with its scene.
    const last = said.at(-1);
    if (last?.endsWith(before)) said[said.length - 1] = `${last} ${sentence}`;
    else said.push(`${before} ${sentence}`);
  }
  return said;
}

/** A paragraph longer than this is not said whole as one pain. */
const SCENE_MAX_WORDS = 45;

/** A sentence that points back at what the one before it named. */
const BACK_REFERENCE =
  /^(?:this|that|these|those|it|they|dies\p{L}*|das|sie|ce|cela|ça|ceci|esto|eso|ello)\s|\s(?:them|l['’](?:a|ont|avait)|lo ha|la ha|le ha)\s/iu;

/**
 * A story about someone ("Mark runs production.", "Priya is the site's only safety adviser."): its
 * first sentence introduces the person, and says no problem on its own.
 */
const opensWithAName = (sentence: string) =>
  /^\p{Lu}\p{Ll}+\s+(?:is|was|runs|has|had|ist|war|hat|est|a|était|es|era|tiene)\s/u.test(sentence);

/** A question of a few words put to the reader: in a problem section, the problem it asks about. */
const asksTheReader = (sentence: string) => /\?\s*$/.test(sentence) && sentence.trim().split(/\s+/).length >= 4;
