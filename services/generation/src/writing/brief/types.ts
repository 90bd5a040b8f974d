import type { CheckContext, Customization, SubmittedAnalysis, WritingLanguage } from '@seqgen/proto';
import type { CompanyProfile } from '../../analysis/index.ts';
import type { ReaderContext } from './context.ts';

/**
 * Everything a writer needs for one sequence, cleaned and structured: every string from a page or
 * a form is plain text here (no markup, no template tokens, no sentences aimed at a model), and
 * each fact knows its form — a whole sentence, or a noun phrase that fits inside one — so the
 * composer never splices a fragment where a sentence belongs (docs/architecture.md §6).
 */
export interface SequenceBrief {
  language: WritingLanguage;
  /** Picks between phrasings; the same brief and seed always give the same sequence. */
  seed: number;
  tone: number;
  register: Register;
  length: 'short' | 'normal' | 'long';
  seniority: 'above' | 'below' | undefined;
  company: {
    name: string;
    /** One sentence on what the company does, third person. */
    intro: string | undefined;
    /** Whom it serves, for the middle of a sentence ("warehouse managers at distribution centers"). */
    audience: string | undefined;
    /** A short plural group of the reader's peers ("warehouse managers"), when the audience names one. */
    peers: string | undefined;
  };
  /** Pain i with the solution that answers it; at least one. */
  pairs: Pair[];
  /** Results and quotes, results first; each is used at most once across the sequence. */
  proofs: Proof[];
  /** The addressee's role, as the user wrote it ("Head of Logistics"). */
  persona: string | undefined;
  industry: string | undefined;
  prospect: Prospect | undefined;
  context: ReaderContext;
  manual: ManualFacts;
  sender: { firstName: string | undefined };
  /** What every fact, number and name in the emails must come from. */
  checkContext: CheckContext;
}

export type Register = 'veryCasual' | 'casual' | 'neutral' | 'formal' | 'veryFormal';

export interface Pair {
  pain: {
    /** The reader's situation, one sentence ending with a full stop. */
    sentence: string;
    /** Short noun phrase for the middle of a sentence or a subject ("retailer chargebacks"). */
    phrase: string | undefined;
  };
  solution: {
    /** The capability's name when it reads as one ("continuous cycle counting", "Dock Audit"). */
    name: string | undefined;
    /** What it does, one sentence. */
    sentence: string;
    /**
     * How it does it, when the sentence says ("with AI-timed checkout recovery messages across
     * email, SMS and WhatsApp"): a later email can refer to the solution without repeating it.
     */
    means: string | undefined;
  };
  outcome: Outcome;
}

export type Outcome = 'cost' | 'revenue' | 'risk' | 'time' | 'visibility' | 'general';

export interface Proof {
  customer: string;
  /** A result sentence ("Brightmart cut chargebacks by 41% in two quarters."), or the quote's words. */
  text: string;
  /** For a quote: "Laura Benedict, VP of Distribution". */
  person: string | undefined;
  quote: boolean;
  /** The pair whose solution produced it, when known. */
  pair: number | undefined;
  /** Whether the text names the customer itself (else the writer says whose it is). */
  named: boolean;
}

export interface Prospect {
  name: string;
  /** What they do, said to them ("you deliver fresh produce to restaurants…"), when the page says it plainly. */
  aboutYou: string | undefined;
  trigger: { kind: string; yourNews: string | undefined; headline: string } | undefined;
}

export interface ManualFacts {
  differentiators: string[];
  competitors: string[];
  pricing: string | undefined;
  implementation: string | undefined;
  roi: string | undefined;
  news: string | undefined;
  caseStudies: string | undefined;
}

export interface BriefInput {
  analysis: SubmittedAnalysis;
  customization: Customization;
  language: WritingLanguage;
  prospect?: CompanyProfile | null | undefined;
  sender?: { firstName?: string | undefined } | undefined;
  seed?: number | undefined;
}
