/**
 * Analysis (docs/architecture.md §6): a company's website read into the facts the writers use.
 * Pages are fetched and read in worker threads within budgets (./extraction), read as blocks with
 * roles (./read), classified into a business function of the playbook (./classify), and their facts
 * extracted with provenance (./facts) by the built-in analyser (./analyse.ts), which the LLM, when
 * configured, reviews (./llm.ts). The prospect's page is profiled and judged for fit (./prospect.ts).
 * This file is the only way in from outside the module; the analysis never depends on the writing.
 */
export { analyseSite, prepareAnalysis, type SiteMaterial } from './analyse.ts';
export { classify } from './classify/classify.ts';
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
export { withoutLegalForm } from './facts/company.ts';
export { readsAsSentence } from './facts/sentence.ts';
export { type CompanyProfile, type Fit, fitOf, profileProspect as profileCompany } from './prospect.ts';
