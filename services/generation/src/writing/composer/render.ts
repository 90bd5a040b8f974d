import { bodyParts, countWords, LIMITS, readingLevel } from '@seqgen/checks';
import type { Email, WritingLanguage } from '@seqgen/proto';
import type { Register } from '../brief/types.ts';
import type { Phrasings, Tones } from '../copy/types.ts';

/**
 * Turning copy into an email: filling slots (a phrasing whose slot has no value is skipped, never
 * rendered with a hole), choosing between phrasings with a seeded generator, and laying the email
 * out within its word budget by dropping optional sentences — never cutting one.
 */

export type Slots = Record<string, string | undefined>;

/** `{name}` but not the sequencer's `{{merge_field}}`. */
const SLOT = /(?<!\{)\{([A-Za-z]+)\}(?!\})/g;

/** A phrasing with its slots filled, or undefined when one of them has no value. */
export function fill(template: string, slots: Slots): string | undefined {
  let missing = false;
  const text = template.replace(SLOT, (_match, name: string) => {
    const direct = slots[name];
    if (direct !== undefined && direct !== '') return direct;
    // {PainPhrase}: the same value as {painPhrase}, capitalised to start a sentence or a subject.
    const lower = slots[name.charAt(0).toLowerCase() + name.slice(1)];
    if (/^\p{Lu}/u.test(name) && lower) return lower.charAt(0).toLocaleUpperCase() + lower.slice(1);
    missing = true;
    return '';
  });
  return missing ? undefined : text;
}

/** mulberry32: small, fast and reproducible; seeds differ per email so emails vary independently. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FALLBACK: Record<Register, Register[]> = {
  veryCasual: ['veryCasual', 'casual', 'neutral'],
  casual: ['casual', 'neutral'],
  neutral: ['neutral'],
  formal: ['formal', 'neutral'],
  veryFormal: ['veryFormal', 'formal', 'neutral'],
};

/** The phrasings for a register: its own, else the nearest towards neutral. */
export function phrasingsFor(tones: Tones, register: Register): Phrasings {
  for (const key of FALLBACK[register]) {
    const found = tones[key];
    if (found?.length) return found;
  }
  return [];
}

/**
 * The first phrasing (in an order the generator shuffles, keeping the copy's order as a
 * preference: earlier phrasings are tried first twice as often) that fills.
 */
export function choose(
  tones: Tones,
  register: Register,
  slots: Slots,
  random: () => number,
  transform: (text: string) => string = (text) => text,
): string | undefined {
  const options = phrasingsFor(tones, register);
  const order = options
    .map((option, index) => ({ option, key: index + random() * options.length * 0.75 }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.option);
  for (const option of order) {
    const text = fill(transform(option), slots);
    if (text) return text;
  }
  return undefined;
}

/** Every fillable phrasing, in the copy's order (for subjects, which must also fit a length). */
export function allFilled(
  tones: Tones,
  register: Register,
  slots: Slots,
  transform: (text: string) => string,
): string[] {
  return phrasingsFor(tones, register)
    .map((option) => fill(transform(option), slots))
    .filter((text): text is string => Boolean(text));
}

/** A sentence in an email; optional ones go first when the email runs long. */
export interface Line {
  text: string;
  /** 0: keep; 1: drop when long; 2: drop first. */
  drop: 0 | 1 | 2;
  /**
   * The sentence this one points back to ("that adds up fast" after the pain): it goes when that
   * one goes, so no "that" is left pointing at nothing.
   */
  after?: Line | undefined;
}

export interface Layout {
  greeting: string;
  paragraphs: Line[][];
  ask: string;
  signOff: string;
  sender: string;
  /** Sentences that may be added, in order, when the email is too short. */
  fillers: string[];
  budget: { min: number; max: number };
  /** The hardest the prose may read (a grade), in the email's language. */
  reading: { language: WritingLanguage; max: number };
}

/** Merge fields count as one word, and their fallback as what a reader may see. */
const subjectText = (subject: string) =>
  subject.replace(/\{\{\w+\|?([^}]*)\}\}/g, (_m, fallback: string) => fallback || 'x');

export function subjectFits(subject: string): boolean {
  const visible = subjectText(subject);
  return visible.length <= LIMITS.subject.maxChars && countWords(subject) <= LIMITS.subject.maxWords;
}

const joinParagraph = (lines: string[]) =>
  lines.every((line) => line.startsWith('- ')) ? lines.join('\n') : lines.join(' ');

function bodyOf(layout: Layout, keep: (line: Line) => boolean, extra: string[]): string {
  const paragraphs = layout.paragraphs
    .map((paragraph) => paragraph.filter(keep).map((line) => line.text))
    .filter((lines) => lines.length > 0)
    .map(joinParagraph);
  if (extra.length) paragraphs.push(extra.join(' '));
  return [layout.greeting, ...paragraphs, layout.ask, `${layout.signOff}\n${layout.sender}`].join('\n\n');
}

/**
 * Lays the email out within its budget: optional sentences go (least needed first) when it runs
 * long or reads too hard (the hardest optional sentence first); fillers come in when it runs
 * short. Sentences are never cut.
 */
const MAX_FILLERS = 2;

export function layOut(subject: string, layout: Layout): Email {
  const dropped = new Set<Line>();
  const lines = layout.paragraphs.flat();
  const keep = (line: Line): boolean => !dropped.has(line) && (!line.after || keep(line.after));
  // Word counts add up line by line; only the final text is assembled and measured as a whole.
  const wordsOf = new Map<Line, number>(lines.map((line) => [line, countWords(line.text)]));
  const frame = countWords(`${layout.greeting} ${layout.ask} ${layout.signOff} ${layout.sender}`);
  const words = () => frame + lines.reduce((sum, line) => sum + (keep(line) ? (wordsOf.get(line) ?? 0) : 0), 0);
  for (const level of [2, 1] as const) {
    for (const line of [...lines].reverse()) {
      if (words() <= layout.budget.max) break;
      if (line.drop === level) dropped.add(line);
    }
  }
  const grades = new Map<string, number>();
  const grade = (text: string) => {
    let value = grades.get(text);
    if (value === undefined) {
      value = readingLevel(text, layout.reading.language).score;
      grades.set(text, value);
    }
    return value;
  };
  const prose = (extra: string[]) => bodyParts(bodyOf(layout, keep, extra)).prose;
  while (grade(prose([])) > layout.reading.max) {
    const hardest = lines
      .filter((line) => line.drop > 0 && keep(line))
      .sort((a, b) => grade(b.text) - grade(a.text) || b.drop - a.drop)[0];
    if (!hardest) break;
    dropped.add(hardest);
    if (words() < LIMITS.length.min + 5) {
      dropped.delete(hardest);
      break;
    }
  }
  const extra: string[] = [];
  let count = words();
  // Still hard to read with nothing left to drop (long names, a long quote): a short plain
  // sentence breaks it up, as a writer would, if there is room for one.
  for (const filler of layout.fillers) {
    if (grade(prose(extra)) <= layout.reading.max || extra.length >= MAX_FILLERS) break;
    const added = countWords(filler);
    if (count + added > layout.budget.max || grade(prose([...extra, filler])) >= grade(prose(extra))) continue;
    extra.push(filler);
    count += added;
  }
  for (const filler of layout.fillers) {
    // Two at most: an email of fillers is padding, whatever its length.
    if (count >= layout.budget.min || extra.length >= MAX_FILLERS) break;
    if (extra.includes(filler)) continue;
    if (lines.some((line) => keep(line) && line.text.includes(filler))) continue;
    const added = countWords(filler);
    if (
      count + added > layout.budget.max ||
      grade(prose([...extra, filler])) > Math.max(layout.reading.max, grade(prose(extra)))
    )
      continue;
    extra.push(filler);
    count += added;
  }
  return { subject, body: bodyOf(layout, keep, extra) };
}
