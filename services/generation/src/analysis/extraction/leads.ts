import { wordCount } from '../../text.ts';
import type { Block } from './content.ts';

/**
 * Lead-ins set off by punctuation rather than bold: "Invoice capture: reads PDF invoices…",
 * "Truck stock — every van's parts list…". Shape alone says little ("Note: prices exclude VAT" is
 * a sentence), so a label counts only in a run of such items side by side — a list, or a row of
 * cards — where each is a feature's name.
 */

/**
 * A label of one to six words, then a colon, a dash between spaces, or an em dash, then the rest.
 * It starts with a capital letter: "14 min — to fill a call-out" is a figure, not a name.
 */
const LABELLED = /^(\p{Lu}[^.!?:;,—–"“„«]{0,48}?)\s*(?::\s|\s[—–-]\s|—\s?)(?=\S)/u;
const MAX_LABEL_WORDS = 6;
const MIN_REST_WORDS = 3;
const ITEM_KINDS = new Set<Block['kind']>(['li', 'p']);

/** The label a block opens with, when it has the shape of one. */
function labelOf(text: string): string | undefined {
  const label = LABELLED.exec(text)?.[1]?.trim();
  if (!label || wordCount(label) > MAX_LABEL_WORDS) return undefined;
  if (wordCount(text.slice(label.length)) < MIN_REST_WORDS) return undefined;
  return label;
}

/** Sets `lead` on every block of a run of two or more adjacent labelled items of one kind and group. */
export function markLabelledLeads(blocks: Block[]): void {
  let run: Block[] = [];
  const close = () => {
    if (run.length >= 2) {
      for (const block of run) block.lead ??= labelOf(block.text);
    }
    run = [];
  };
  for (const block of blocks) {
    const labelled = ITEM_KINDS.has(block.kind) && Boolean(block.lead ?? labelOf(block.text));
    const previous = run.at(-1);
    if (previous && (!labelled || block.kind !== previous.kind || block.group !== previous.group)) close();
    if (labelled) run.push(block);
  }
  close();
}
