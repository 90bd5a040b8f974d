/**
 * Analysis (docs/architecture.md §6): a company's website read into the facts the writers use.
 * Pages are fetched and read in worker threads within budgets (./extraction), then analysed by
 * the built-in analyser (./builtin, with word lists per language in ./lexicon) or, when an LLM is
 * configured, by the model (./llm.ts). The writers reuse the analysis's language knowledge
 * (lexiconFor, isNegative, midSentence, withoutLegalForm). This file is the only way in from
 * outside the module; the analysis never depends on the writing.
 */
export { analyseSite, type CompanyProfile, profileCompany, type SiteMaterial } from './builtin/analyse-site.ts';
export { withoutLegalForm } from './builtin/company.ts';
export { isNegative, midSentence } from './builtin/phrases.ts';
export {
  type AnalyseCompanyInput,
  type AnalysisDeps,
  type AnalysisOutcome,
  type CompanyAnalyser,
  createCompanyAnalyser,
  normaliseWithRole,
} from './company-analyser.ts';
export type { PageRole } from './errors.ts';
export type { PageContent } from './extraction/content.ts';
export { extractPage } from './extraction/page.ts';
export { createPagePool, type PageReader } from './extraction/pool.ts';
export { type Lexicon, lexiconFor } from './lexicon/index.ts';
