import { withoutInjections } from '@seqgen/checks';
import type { Element } from 'domhandler';
import { clean, truncate, wordCount } from '../../text.ts';
import { MAX_BLOCK_CHARS, MAX_BLOCKS, MAX_TEXT_CHARS } from './blocks.ts';
import type { Deadline } from './budget.ts';
import type { Block } from './content.ts';
import { textOf } from './dom.ts';

/** Fewer visible words than this and the page is a shell whose copy arrives with its script. */
export const SHELL_WORDS = 60;
const TITLE_KEYS = /^(title|heading|headline|name|label|question)$/i;
const BODY_KEYS = /^(body|description|subheading|subtitle|text|summary|content|answer|copy|lead|excerpt)$/i;
const NOT_COPY = /^(https?:|\/|#|[\w.-]+@|[\w-]+\.(svg|png|jpe?g|webp|js|css)$)|^[\w-]+$|[{}<>]|^\$?[\d.,]+$/;

/**
 * Copy from embedded page data: every object with a short title and a longer body becomes a
 * heading and a paragraph, in document order; other prose strings become paragraphs.
 */
export function blocksFromPageData(
  scripts: Element[],
  deadline: Deadline,
  onInjections: (removed: number) => void,
): Block[] {
  const blocks: Block[] = [];
  let group = 10_000;
  let chars = 0;
  const push = (kind: Block['kind'], raw: string, level?: number) => {
    if (blocks.length >= MAX_BLOCKS || chars >= MAX_TEXT_CHARS) return;
    const { text, removed } = withoutInjections(clean(raw));
    if (removed) onInjections(removed);
    if (!text) return;
    const block: Block = { kind, text: truncate(text, MAX_BLOCK_CHARS), group };
    if (level) block.level = level;
    blocks.push(block);
    chars += block.text.length;
  };
  const prose = (value: unknown): value is string =>
    typeof value === 'string' &&
    value.length <= MAX_BLOCK_CHARS &&
    !NOT_COPY.test(value.trim()) &&
    wordCount(value) >= 2;
  // `level`: the heading level of the next titled object, one deeper under each titled ancestor.
  // Recursive, but JSON.parse output nested at most 12 levels is read.
  const visit = (value: unknown, depth: number, level: number) => {
    if (depth > 12 || blocks.length >= MAX_BLOCKS) return;
    deadline.tick();
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1, level);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    group += 1;
    const entries = Object.entries(record);
    const title = entries.find(([key, item]) => TITLE_KEYS.test(key) && prose(item) && wordCount(item as string) <= 14);
    if (title) {
      // A CMS block type says what a section is ("ProblemSection"): an eyebrow a reader would see.
      const type = typeof record.__typename === 'string' ? record.__typename : '';
      if (/problem|pain|challenge/i.test(type)) push('p', 'The problem');
      push('heading', title[1] as string, Math.min(6, level));
    }
    for (const [key, item] of entries) {
      if (title && key === title[0]) continue;
      if (BODY_KEYS.test(key) && prose(item) && wordCount(item) >= 4) push('p', item);
      else if (item && typeof item === 'object') visit(item, depth + 1, title ? level + 1 : level);
    }
  };
  for (const script of scripts) {
    const text = textOf(script, deadline);
    if (text.length > 2_000_000) continue;
    try {
      visit(JSON.parse(text), 0, 2);
    } catch {
      // Not JSON after all: nothing to read.
    }
  }
  return blocks;
}
