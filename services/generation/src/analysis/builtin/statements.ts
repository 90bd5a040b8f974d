import { capitalise, clean, spacedWords, squash, wordCount } from '../../text.ts';
import type { Lexicon } from '../lexicon/index.ts';
import { type Section, sectionText } from './structure.ts';

/**
 * What the page states: the product's capabilities (./capabilities.ts) and its customers'
 * problems (./pains.ts), read from sentences that stand on their own.
 */

/** Something the product does, as the page says it. */
export interface Capability {
  /** The feature's name ("Continuous cycle counting"), when it has one. */
  headline: string | undefined;
  /** One self-contained sentence on what it does, from the page. */
  sentence: string;
  /** Everything the page says about it, for matching pains and proof. */
  text: string;
}

/** A customer's problem: the reader's situation as a sentence, and a short form when there is one. */
export interface PainStatement {
  sentence: string;
  /** Noun phrase cased for the middle of a sentence ("retailer chargebacks"). */
  phrase: string | undefined;
  /** Where it came from: the page's own problem statement, or read back from a benefit. */
  source: 'problem' | 'benefit' | 'implicit';
  text: string;
}

export const MAX_CAPABILITY_SECTIONS = 80;
const MAX_SENTENCE_WORDS = 32;
/** A feature card says what it does in a sentence or two; less is a label or a call to action. */
export const MIN_BODY_WORDS = 8;
export const QUESTION = /\?\s*$/;
/** Calls to action and link labels are not capability statements. */
export const CALL_TO_ACTION =
  /^(book|request|schedule|get|start|try|see|learn|read|watch|download|contact|talk|join|sign|explore|discover|jetzt|mehr|kontakt|demo|termin)\b.{0,40}$|[→›»]\s*$/i;
export const VENDOR_VOICE = /^(we|our|us|wir|unser\w*)\b/i;
export const QUOTED = /^["“„«]/;

/** A sentence as the writers need it: complete, capitalised, ending with a full stop. */
export function asStatement(text: string): string {
  const value = clean(text).replace(/\s+([,.;:!?])/g, '$1');
  if (!value) return value;
  const ended = /[.!…]$/.test(value) ? value : `${value.replace(/[,;:–—-]+$/, '')}.`;
  return capitalise(ended);
}

/** A long statement cut at its first clause break (a dash or a semicolon), when that part stands alone. */
export function firstClause(text: string): string {
  if (wordCount(text) <= 22) return text;
  const cut =
    /^(.{20,}?)\s*(?:\s[—–]\s|;\s|:\s)/u.exec(text) ??
    /^(.{40,}?),\s+(?:so|which|while|whereas|so that|and then|sodass|damit|während)\s/iu.exec(text);
  if (cut?.[1] && wordCount(cut[1]) >= 6) return cut[1];
  return text;
}

export const usableSentence = (sentence: string) =>
  !QUESTION.test(sentence) &&
  !CALL_TO_ACTION.test(sentence) &&
  wordCount(sentence) >= 5 &&
  wordCount(sentence) <= MAX_SENTENCE_WORDS;

/** "Compressors fail at 2 a.m.": a sentence telling what goes wrong today, not a promise about it. */
export function statesProblem(sentence: string, lex: Lexicon, companyName: string): boolean {
  // "We … catch account takeover that endpoint tools never see" is the product at work; so is
  // "Recallwell reads your PMS" (the name's first word, for "Recallwell Health").
  const squashed = squash(sentence);
  const firstWord = squash(companyName.split(' ')[0] ?? '');
  const named = squashed.includes(squash(companyName)) || (firstWord.length >= 5 && squashed.includes(firstWord));
  if (VENDOR_VOICE.test(sentence) || (companyName && named)) return false;
  return lex.statedPainMarkers.test(sentence) && !lex.promiseMarkers.test(sentence);
}

/**
 * A question section answered by one sub-section: "How much is your bank really charging you to buy
 * currency?", its explanation, then "Transparent FX pricing". The page pairs them by layout.
 */
export function answeredQuestion(section: Section): Section | undefined {
  if (!QUESTION.test(section.heading) || section.children.length !== 1 || section.role === 'other') return undefined;
  const explanation = section.blocks
    .filter((block) => !QUOTED.test(block.text))
    .map((block) => block.text)
    .join(' ');
  const [answer] = section.children as [Section];
  if (spacedWords(explanation) < MIN_BODY_WORDS || spacedWords(sectionText(answer)) < MIN_BODY_WORDS) return undefined;
  return answer;
}
