/**
 * Writing (docs/architecture.md §6): a request and its analysis made into a brief (./brief), then
 * seven emails by one of two writers behind one interface (./writer.ts): the built-in composer
 * (./composer, with its words per language as data in ./copy) or the LLM writer (./llm). Every
 * sequence is held to the quality checks of `@seqgen/checks`, which the web app runs too. This
 * file is the only way in from outside the module.
 */
export {
  buildComposerBrief as buildBrief,
  type ComposerBrief as SequenceBrief,
  type ComposerInput as BriefInput,
} from './compose/brief.ts';
export { composeEmails } from './compose/compose.ts';
export { composeSequence } from './compose/variants.ts';
export { createWriter, type Writer, type WritingObserver, type WrittenSequence } from './writer.ts';
