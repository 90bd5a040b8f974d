/**
 * What reading one page may cost. Issue 10, finding 1: a page of 200,000 nested `<div>` drove the
 * extraction into a stack overflow after 8–30 s of blocked event loop. Every walk over the page
 * is iterative, and these budgets bound the rest; the values are named here so tests and the
 * worker pool share them.
 */
import type { ChildNode, Document } from 'domhandler';
import { DomHandler, Parser } from 'htmlparser2';

/**
 * Open elements deeper than this and the page is refused as too complex. Real pages nest well
 * under 100 (Chromium's HTML parser stops nesting at 512 altogether), and htmlparser2 keeps its
 * open elements in an array it `unshift`s per tag, so depth makes parsing quadratic: 100,000
 * levels took 1–12 s before the walk even began. 256 leaves real pages plenty of room.
 */
export const MAX_DEPTH = 256;

/**
 * DOM nodes read (elements, text runs and comments): about 50,000 elements with the text
 * between them, ten times a heavy real home page. Past it the rest of the page is not read, as
 * with the fetcher's byte cap: the head and the hero come first, and the analysers read at most
 * 4,000 blocks anyway.
 */
export const MAX_NODES = 100_000;

/**
 * Wall time for parsing and extracting one page. A 1 MB page takes about 30 ms
 * (`npm run bench`), so this leaves thirty times that on a loaded machine and still lets a
 * refusal reach the user within the 2 s the issue asks for, fetch included.
 */
export const TIME_BUDGET_MS = 1_000;

/** How a page went over budget: too deeply nested, too slow to read, or too big for a worker's heap. */
export type TooComplexReason = 'depth' | 'time' | 'size';

const REASONS: Record<TooComplexReason, string> = {
  depth: `the page nests elements more than ${MAX_DEPTH} deep`,
  time: `the page took longer than ${TIME_BUDGET_MS} ms to read`,
  size: 'the page needed more memory than a page may',
};

/** A page the analyser will not read: analysis answers 422 and suggests manual entry. */
export class PageTooComplex extends Error {
  readonly reason: TooComplexReason;

  constructor(reason: TooComplexReason) {
    super(REASONS[reason]);
    this.name = 'PageTooComplex';
    this.reason = reason;
  }
}

/** A wall-time limit checked every few thousand steps, so checking costs next to nothing. */
export class Deadline {
  readonly #at: number;
  #steps = 0;

  constructor(ms: number = TIME_BUDGET_MS) {
    this.#at = performance.now() + ms;
  }

  /** One step of work; throws PageTooComplex('time') once the time is up. */
  tick(): void {
    this.#steps += 1;
    if ((this.#steps & 1023) === 0 && performance.now() > this.#at) throw new PageTooComplex('time');
  }
}

/** Thrown inside the parser at the node budget, caught by parseHtml: not an error. */
const ENOUGH = Symbol('node budget reached');

/** domhandler's tree builder with the depth, node and time budgets enforced as nodes arrive. */
class BudgetedHandler extends DomHandler {
  nodes = 0;
  readonly #deadline: Deadline;

  constructor(deadline: Deadline) {
    super();
    this.#deadline = deadline;
  }

  protected override addNode(node: ChildNode): void {
    if (this.nodes >= MAX_NODES) throw ENOUGH;
    this.nodes += 1;
    this.#deadline.tick();
    super.addNode(node);
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    // tagStack starts with the document itself.
    if (this.tagStack.length - 1 > MAX_DEPTH) throw new PageTooComplex('depth');
  }
}

export interface ParsedPage {
  root: Document;
  /** Nodes read. */
  nodes: number;
  /** True when the page had more than MAX_NODES and the rest was not read. */
  cut: boolean;
}

/**
 * Parses HTML as cheerio's slim build did (htmlparser2 with its defaults: forgiving, entities
 * decoded, tag names lower-cased), within the budgets. Throws PageTooComplex.
 */
export function parseHtml(html: string, deadline: Deadline): ParsedPage {
  const handler = new BudgetedHandler(deadline);
  let cut = false;
  try {
    new Parser(handler).end(html);
  } catch (error) {
    if (error !== ENOUGH) throw error;
    // The tree built so far is whole: every node is attached to its parent as it arrives.
    cut = true;
  }
  return { root: handler.root, nodes: handler.nodes, cut };
}
