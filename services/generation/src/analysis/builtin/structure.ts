import { clean, spacedWords } from '../../text.ts';
import type { Block, PageContent } from '../extraction/content.ts';
import type { Lexicon } from '../lexicon/index.ts';

/**
 * A page read as a reader reads it: headed sections (a heading, the eyebrow above it, the text
 * under it, the sub-sections inside it), and testimonials (a quote and who said it).
 */
export interface Section {
  heading: string;
  /** The short label above a heading ("The problem", "The platform"). */
  eyebrow: string | undefined;
  level: number;
  /** The container the heading sits in (Block.group): what follows outside it is not its own text. */
  group: number;
  blocks: Block[];
  children: Section[];
  parent: Section | undefined;
  role: SectionRole;
}

/**
 * problem: lists the customers' problems; audience: says whom the product is for; story:
 * testimonials and customer stories; other: pricing, steps, FAQs, logos; capability: what the
 * product does (the default).
 */
export type SectionRole = 'problem' | 'audience' | 'story' | 'other' | 'capability';

export interface Testimonial {
  quote: string;
  /** The attribution as written: "Renee Alvarez, Inventory Control Manager, Tidewater 3PL". */
  attribution: string;
  /**
   * What ties the attribution to the quote: the markup (a quote's footer, cite or figcaption, an
   * author line), a leading dash ("— Priya Raman"), or only its place right after the quote in
   * the same container, which the analysis trusts only when it also names a role.
   */
  tie: 'markup' | 'dash' | 'position';
}

const isEyebrow = (block: Block | undefined, next: Block | undefined) =>
  Boolean(
    block &&
      next?.kind === 'heading' &&
      (block.kind === 'p' || block.kind === 'text') &&
      block.group === next.group &&
      spacedWords(block.text) <= 5 &&
      !/[.!,]/.test(block.text),
  );

/** Headed sections in page order (a flat list; `children` and `parent` give the nesting). */
export function sectionsOf(page: PageContent, lex: Lexicon): Section[] {
  const all: Section[] = [];
  const stack: Section[] = [];
  const blocks = page.blocks;
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index] as Block;
    if (isEyebrow(block, blocks[index + 1])) continue;
    if (block.kind === 'heading') {
      const level = block.level ?? 2;
      while (stack.length && (stack.at(-1) as Section).level >= level) stack.pop();
      const parent = stack.at(-1);
      const previous = blocks[index - 1];
      const section: Section = {
        heading: block.text,
        eyebrow: isEyebrow(previous, block) ? previous?.text : undefined,
        level,
        group: block.group,
        blocks: [],
        children: [],
        parent,
        role: 'capability',
      };
      section.role = roleOf(section, lex);
      parent?.children.push(section);
      stack.push(section);
      all.push(section);
      continue;
    }
    stack.at(-1)?.blocks.push(block);
  }
  for (const section of all) {
    // A list of problems under a heading that does not say so ("What we hear from sales leaders").
    const cards = section.children.length >= 2 && section.children.every((child) => child.children.length === 0);
    if (section.role === 'capability' && section.level >= 2 && cards) {
      const problems = section.children.filter((child) => readsAsProblem(child.heading, lex)).length;
      if (problems / section.children.length >= 0.6) {
        section.role = 'problem';
        for (const child of section.children) if (child.role === 'capability') child.role = 'problem';
      }
    }
  }
  return all;
}

/** Does a heading state a problem ("Reps discount too early", "Still keying invoices by hand?")? */
export function readsAsProblem(heading: string, lex: Lexicon): boolean {
  const text = clean(heading);
  const words = text.toLowerCase().split(' ');
  // "What we do", "How it works": a label, whatever verb it holds.
  if (/^(what|how|why|who|where|when|was|wie|warum|wer|wo)\b/i.test(text) && !/\?$/.test(text)) return false;
  if (lex.problemMarkers.test(text)) return true;
  if (words.length < 3) return false;
  // A benefit opens with its verb ("Cut unplanned downtime"); a problem states what happens.
  const opensWithBenefit = lex.benefitRules.some((rule) => {
    rule.pattern.lastIndex = 0;
    const match = rule.pattern.exec(text);
    return match?.index === 0;
  });
  return !opensWithBenefit && words.slice(1).some((word) => lex.verbs.has(word));
}

/** A statement has a verb or reads as a problem; a label ("Alert fatigue", "Veraltete Richtlinien") does not. */
export function isClause(text: string, lex: Lexicon): boolean {
  const words = clean(text).toLowerCase().split(' ');
  if (words.length >= 6) return true;
  return (
    words.some((word) => lex.verbs.has(word.replace(/[^\p{L}'’-]/gu, ''))) ||
    /\b(too|never|still|nobody|no one|nie|nicht|noch|niemand)\b|n't\b/i.test(text)
  );
}

function roleOf(section: Section, lex: Lexicon): SectionRole {
  const labels = [section.eyebrow ?? '', section.heading].map(clean);
  const inherited = section.parent?.role;
  if (labels.some((label) => lex.problemHeading.test(label))) return 'problem';
  if (labels.some((label) => lex.audienceHeading.test(label))) return 'audience';
  if (labels.some((label) => lex.storyHeading.test(label))) return 'story';
  if (labels.some((label) => lex.notCapabilityHeading.test(label))) return 'other';
  // A card inside a problem list is a problem; inside "How it works" it is a step, not a
  // capability. The page's title (h1) and its hero lend nothing: they cover the whole page.
  if (inherited && inherited !== 'capability' && (section.parent?.level ?? 1) >= 2) return inherited;
  return 'capability';
}

const QUOTE_START = /^["“„«‘']/;
const QUOTE_END = /["”“»’']\s*$/;
const DASH_START = /^[—–~-]{1,2}\s*/;

/** Blocks of a quote read together: one quote can run over several paragraphs. */
const MAX_QUOTE_PARAGRAPHS = 4;

/**
 * Quotes and who said them: a quote block (or a paragraph in quotation marks) followed by an
 * attribution, or both in one line ("“…” — Luis Moreno, Head of Logistics, Pacific Produce"). A
 * quote followed by nothing that belongs to it has no attribution: the next short paragraph in
 * another container (a logo strip, the next section) is not who said it.
 */
export function testimonialsOf(page: PageContent): Testimonial[] {
  const found: Testimonial[] = [];
  const blocks = page.blocks;
  for (let index = 0; index < blocks.length && found.length < 30; index += 1) {
    const block = blocks[index] as Block;
    const text = block.text;
    if (block.attribution || DASH_START.test(text)) continue;
    const inline = /^["“„«](.{12,600}?)["”“»]\s*[—–~-]{1,2}\s*(.{3,160})$/u.exec(text);
    if (inline?.[1] && inline[2]) {
      found.push({ quote: clean(inline[1]), attribution: clean(inline[2]), tie: 'dash' });
      continue;
    }
    const quoted = block.kind === 'quote' || (QUOTE_START.test(text) && QUOTE_END.test(text));
    if (!quoted || spacedWords(text) < 4) continue;
    // The rest of a quote in further paragraphs of the same blockquote.
    const words = [text];
    let last = index;
    while (words.length < MAX_QUOTE_PARAGRAPHS) {
      const next = blocks[last + 1];
      if (next?.kind !== 'quote' || next.group !== block.group || next.attribution) break;
      if (DASH_START.test(next.text) || QUOTE_START.test(next.text)) break;
      words.push(next.text);
      last += 1;
    }
    const who = attributionAfter(blocks, last, block.group);
    if (!who) continue;
    found.push({
      quote: clean(words.join(' ').replace(/^["“„«‘']+|["”“»’']+$/g, '')),
      attribution: who.attribution,
      tie: who.tie,
    });
    index = last;
  }
  return found;
}

/** The attribution right after a quote's last block, and what ties it to the quote. */
function attributionAfter(
  blocks: Block[],
  last: number,
  group: number,
): Pick<Testimonial, 'attribution' | 'tie'> | undefined {
  const marked: string[] = [];
  for (let next = last + 1; next < Math.min(blocks.length, last + 4) && blocks[next]?.attribution; next += 1) {
    marked.push((blocks[next] as Block).text.replace(DASH_START, ''));
  }
  if (marked.length) return { attribution: joined(marked), tie: 'markup' };
  const first = blocks[last + 1];
  const dashed = Boolean(first && DASH_START.test(first.text));
  const parts: string[] = [];
  for (let next = last + 1; next < Math.min(blocks.length, last + 4); next += 1) {
    const candidate = blocks[next] as Block;
    if (candidate.kind === 'heading' || spacedWords(candidate.text) > 14 || QUOTE_START.test(candidate.text)) break;
    // Outside the quote's container only a dash says whose words they were.
    if (!dashed && candidate.group !== group) break;
    parts.push(candidate.text.replace(DASH_START, ''));
    if (candidate.text.includes(',')) break;
  }
  if (!parts.length) return undefined;
  return { attribution: joined(parts), tie: dashed ? 'dash' : 'position' };
}

const joined = (parts: string[]) => clean(parts.join(', ').replace(/,\s*,/g, ','));

/** The text of a section: its own blocks (not its sub-sections'). */
export const sectionText = (section: Section): string => section.blocks.map((block) => block.text).join(' ');
