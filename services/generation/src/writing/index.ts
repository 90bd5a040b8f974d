/**
 * Writing (docs/architecture.md §6): a request and its analysis made into a brief (./brief), then
 * seven emails by one of two writers behind one interface (./writer.ts): the built-in composer
 * (./composer, with its words per language as data in ./copy) or the LLM writer (./llm). Every
 * sequence is held to the quality checks of `@seqgen/checks`, which the web app runs too. This
 * file is the only way in from outside the module.
 */
export { buildBrief } from './brief/brief.ts';
export type { BriefInput, SequenceBrief } from './brief/types.ts';
export { composeSequence } from './composer/composer.ts';
export { createWriter, type Writer, type WritingObserver, type WrittenSequence } from './writer.ts';
