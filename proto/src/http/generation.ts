import { z } from 'zod';
import { text, UserUrl } from './common.ts';

/**
 * Left out, empty or blank: no URL. One string schema rather than a union with `z.literal('')`,
 * so a refused URL is told its own reason (a union answers only "Invalid input").
 */
const OptionalUrl = text()
  .trim()
  .max(2048, 'URL is too long (2048 characters at most)')
  .transform((url) => url || undefined)
  .optional();

export const AnalyzeCompanyRequest = z.object({
  companyUrl: UserUrl,
  caseStudies: OptionalUrl,
  prospectCompanyUrl: OptionalUrl,
});
export type AnalyzeCompanyRequest = z.infer<typeof AnalyzeCompanyRequest>;

/** Languages the writers can write (the built-in composer: en and de; an LLM: all four). */
export const WRITING_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export const WritingLanguage = z.enum(WRITING_LANGUAGES);
export type WritingLanguage = z.infer<typeof WritingLanguage>;

/** `auto`: the company site's language when the writer can write it, else English. */
export const OutputLanguage = z.enum(['auto', ...WRITING_LANGUAGES]);
export type OutputLanguage = z.infer<typeof OutputLanguage>;

/**
 * Where the analysis read a fact (docs/architecture.md §6): which page, the block's place in that
 * page as read, the role the block plays there (feature, problem, quote…), and its words.
 */
export const Evidence = z.object({
  page: z.enum(['company', 'caseStudies']),
  block: z.number().int().min(0).max(100_000),
  role: text().max(40),
  text: text().max(600),
});
export type Evidence = z.infer<typeof Evidence>;

/**
 * Proof the page gives: a result ("Brightmart cut chargebacks by 41% in two quarters.") or, with
 * `quote`, someone's words, as the source states them. `customer` and `person` are set only where
 * the page ties them to it (a quote's own card, figure or byline; a result that names the customer
 * or sits on its story): a quote the page does not tie to anyone is kept without them. `solution`
 * is the text of the solution it belongs to, when the source says which.
 */
export const ProofPoint = z.object({
  customer: text().trim().min(1).max(120).optional(),
  result: text().trim().min(1).max(400),
  solution: text().trim().max(1500).optional(),
  quote: z.boolean().optional(),
  person: text().trim().max(160).optional(),
  /** The figures it states ("41%", "35 minutes"), as written. */
  figures: z.array(text().max(60)).max(8).optional(),
  confidence: z.number().min(0).max(1).optional(),
  evidence: Evidence.optional(),
});
export type ProofPoint = z.infer<typeof ProofPoint>;

/** The short, noun-phrase form of a pain ("retailer chargebacks"), for subject lines. */
export const PainPhrase = z.object({
  pain: text().trim().max(500),
  phrase: text().trim().min(1).max(80),
});
export type PainPhrase = z.infer<typeof PainPhrase>;

/** A pain the page states, or one the playbook supplies for a capability the page shows (to be reviewed). */
export const Origin = z.enum(['stated', 'inferred']);
export type Origin = z.infer<typeof Origin>;

/**
 * One pain/solution pair as the analysis found it: `pain` and `solution` are the texts of
 * `customerPains[i]` and `solutions[i]`, looked up by text (an edit leaves an entry unused rather
 * than wrong); which playbook pain and capability they are; the capability's short name on the
 * page; how sure the analysis is; and the blocks it read them from.
 */
export const AnalysisPair = z.object({
  pain: text().max(500),
  solution: text().max(1500),
  origin: Origin,
  confidence: z.number().min(0).max(1),
  painId: text().max(80).optional(),
  capabilityId: text().max(80).optional(),
  capabilityName: text().max(120).optional(),
  /**
   * Where the solution comes from: the page (a feature it shows, or its own answer to the pain), or
   * the playbook's usual answer, which the page does not confirm (the writers claim nothing from it).
   */
  solutionOrigin: Origin.optional(),
  evidence: z.array(Evidence).max(3).optional(),
});
export type AnalysisPair = z.infer<typeof AnalysisPair>;

const Scored = { confidence: z.number().min(0).max(1) };

/**
 * What the company is, before anything is extracted (docs/architecture.md §6): the business
 * function it serves (a playbook id, with its name in the page's language), what it sells, the
 * runner-up functions, and the industries the page says it serves.
 */
export const Classification = z.object({
  function: text().max(80),
  label: text().max(120),
  ...Scored,
  kind: z.enum(['software', 'services', 'products']),
  alternatives: z.array(z.object({ function: text().max(80), label: text().max(120), ...Scored })).max(3),
  industries: z.array(z.object({ industry: text().max(80), label: text().max(120), ...Scored })).max(3),
});
export type Classification = z.infer<typeof Classification>;

/**
 * The analysis result of docs/product.md §3 plus what the writers need to stay accurate (docs/architecture.md §6): each pain
 * is a full sentence in `customerPains` (the reader's situation), `solutions[i]` answers
 * `customerPains[i]`; the optional fields carry the short forms, proof points credited to their
 * customer, named customers, the page's language, and a `notice` of what the page did not say.
 * Extra fields are looked up by their text, so an edit that changes a pain or a solution simply
 * leaves the old short form or credit unused rather than attaching it to the wrong row.
 */
export const Analysis = z.object({
  companyName: text(),
  companyDescription: text(),
  targetAudience: text(),
  targetJobTitles: z.array(text()),
  customerPains: z.array(text()),
  solutions: z.array(text()),
  language: WritingLanguage.optional(),
  painPhrases: z.array(PainPhrase).optional(),
  proofPoints: z.array(ProofPoint).optional(),
  customers: z.array(text()).optional(),
  /** True when the page named no buyer titles and the titles are the analyser's inference. */
  titlesInferred: z.boolean().optional(),
  /** What the analysis could not find, said to the user (e.g. no customer pain on the page). */
  notice: text().optional(),
  classification: Classification.optional(),
  pairs: z.array(AnalysisPair).optional(),
});
export type Analysis = z.infer<typeof Analysis>;

export const AnalyzeCompanyResponse = z.object({ analysis: Analysis });
export type AnalyzeCompanyResponse = z.infer<typeof AnalyzeCompanyResponse>;

/**
 * POST /api/analyze-company/prospect: the wizard's prospect step checks its URL there (reachable,
 * a page, allowed by the SSRF guard) and shows the company's name as found, instead of the whole
 * generation failing at its last step (issue 13, item 4). With `seller` (what the seller's analysis
 * classified: its name, business function and served industries, as ids) the answer also says
 * whether the prospect is in the seller's audience. The seller is the caller's text: bounded.
 */
export const ProspectSeller = z.object({
  companyName: text()
    .trim()
    .min(1, 'Seller company name is required')
    .max(200, 'Seller company name is 200 characters at most'),
  function: text().trim().max(80, 'Seller function is 80 characters at most').optional(),
  industries: z
    .array(text().trim().max(80, 'Seller industries: each item is 80 characters at most'))
    .max(3, 'Seller industries: 3 items at most')
    .optional(),
});
export type ProspectSeller = z.infer<typeof ProspectSeller>;
export const CheckProspectRequest = z.object({ prospectCompanyUrl: UserUrl, seller: ProspectSeller.optional() });
export type CheckProspectRequest = z.infer<typeof CheckProspectRequest>;

/** Whether the prospect is in the seller's audience, with one line saying why (or why it may not be). */
export const ProspectFit = z.object({ fits: z.boolean(), reason: text() });
export type ProspectFit = z.infer<typeof ProspectFit>;

export const CheckProspectResponse = z.object({
  /** The page as read (after redirects). */
  url: text(),
  /** The company's name as the page gives it; its host when the page names none. */
  companyName: text(),
  /** The industries the prospect's page points at (playbook ids with their English names), best first. */
  industries: z.array(z.object({ id: text(), label: text() })).optional(),
  /**
   * Only when a seller was sent and the prospect could be judged (its page names an industry, and
   * the seller's function or page names the industries it serves).
   */
  fit: ProspectFit.optional(),
});
export type CheckProspectResponse = z.infer<typeof CheckProspectResponse>;

export const Tone = z.number().int().min(0).max(100);

export const Customization = z.object({
  persona: z.enum(['generic', 'specific']),
  specificPersona: text().trim().max(200).default(''),
  seniority: z.enum(['above', 'below']).optional().or(z.literal('')),
  industry: z.enum(['specific', 'agnostic']),
  specificIndustry: text().trim().max(200).default(''),
  tone: Tone.default(50),
  additionalContext: text().trim().max(4000).default(''),
  targetSpecificCompany: z.enum(['yes', 'no']),
  prospectCompanyUrl: text().trim().max(2048).default(''),
  language: OutputLanguage.default('auto'),
});
export type Customization = z.infer<typeof Customization>;

export const Email = z.object({
  subject: text().min(1).max(300),
  body: text().min(1).max(10_000),
});
export type Email = z.infer<typeof Email>;

export const SEQUENCE_LENGTH = 7;
export const EmailSequence = z.array(Email).length(SEQUENCE_LENGTH);
export type EmailSequence = z.infer<typeof EmailSequence>;

/**
 * When each email goes out, in days after the first (the first is day 0): strictly increasing,
 * one day per email. The studio shows and edits it; exports turn it into each sequencer's delays.
 */
export const DEFAULT_CADENCE: readonly number[] = [0, 3, 7, 11, 16, 21, 28];
export const MAX_SEND_DAY = 365;
export const Cadence = z
  .array(
    z
      .number({ error: 'Each send day must be a number' })
      .int('Each send day must be a whole number of days')
      .min(0, 'Send days start at day 0')
      .max(MAX_SEND_DAY, `Send days are ${MAX_SEND_DAY} at most`),
    { error: 'The cadence must be a list of send days' },
  )
  .min(1)
  .max(20)
  .refine(
    (days) => days.every((day, index) => index === 0 || day > (days[index - 1] as number)),
    'Each send day must come after the one before it',
  );
export type Cadence = z.infer<typeof Cadence>;

/** The default cadence for `count` emails: the seven days of docs/product.md §3, extended a week at a time. */
export function defaultCadence(count: number): number[] {
  return Array.from({ length: count }, (_, index) => DEFAULT_CADENCE[index] ?? 28 + 7 * (index - 6));
}

const listOf = (label: string, maxItems: number, maxChars: number) =>
  z
    .array(text().trim().max(maxChars, `${label}: each item is ${maxChars} characters at most`))
    .max(maxItems, `${label}: ${maxItems} items at most`)
    .transform((items) => items.filter(Boolean));

const optionalText = (label: string, maxChars: number) =>
  text().trim().max(maxChars, `${label} is ${maxChars} characters at most`).optional();

/**
 * An analysis as the user hands it back: edited after URL analysis (docs/product.md §2 Edit mode) or built
 * from Manual Entry, with the manual form's other fields (docs/product.md §3), which the writers use where
 * they fit. Bounded, because it is the caller's text, not ours.
 */
export const SubmittedAnalysis = z.object({
  companyName: text().trim().min(1, 'Company name is required').max(200),
  companyDescription: text().trim().min(1, 'Company description is required').max(3000),
  targetAudience: text().trim().max(1000).default(''),
  targetJobTitles: listOf('Target job titles', 12, 150).default([]),
  customerPains: listOf('Customer pain points', 12, 500).refine(
    (items) => items.length > 0,
    'Add at least one customer pain point',
  ),
  solutions: listOf('Solutions', 12, 1500).refine((items) => items.length > 0, 'Add at least one solution'),
  language: WritingLanguage.optional(),
  painPhrases: z.array(PainPhrase).max(24).optional(),
  proofPoints: z.array(ProofPoint).max(24).optional(),
  customers: listOf('Customers', 24, 120).optional(),
  titlesInferred: z.boolean().optional(),
  notice: optionalText('Notice', 500),
  classification: Classification.optional(),
  pairs: z.array(AnalysisPair).max(24).optional(),
  // Manual Entry (docs/product.md §3): the rest of the form.
  industry: optionalText('Industry', 200),
  companySize: optionalText('Company size', 200),
  keyDifferentiators: listOf('Key differentiators', 12, 500).optional(),
  recentNews: optionalText('Recent news', 1000),
  competitors: listOf('Competitors', 12, 120).optional(),
  pricingModel: optionalText('Pricing model', 500),
  implementationTime: optionalText('Implementation time', 300),
  roi: optionalText('ROI', 500),
  caseStudies: optionalText('Case studies', 4000),
});
export type SubmittedAnalysis = z.infer<typeof SubmittedAnalysis>;

/**
 * `analysis` (optional): the user's edited or manually entered analysis, used as it is (nothing
 * is scraped); companyUrl may then be empty. Without it the company at companyUrl is analysed
 * (or its cached analysis reused).
 */
export const GenerateEmailsRequest = z
  .object({
    companyUrl: text({ error: 'URL must be text' }).trim().max(2048, 'URL is too long (2048 characters at most)'),
    caseStudies: OptionalUrl,
    analysis: SubmittedAnalysis.optional(),
    customization: Customization,
  })
  .superRefine((request, context) => {
    const { customization } = request;
    if (!request.analysis && !request.companyUrl) {
      context.addIssue({ code: 'custom', path: ['companyUrl'], message: 'Please enter a company URL' });
    }
    if (customization.persona === 'specific' && !customization.specificPersona) {
      context.addIssue({
        code: 'custom',
        path: ['customization', 'specificPersona'],
        message: 'Please enter the role or title of the persona you are targeting',
      });
    }
    if (customization.industry === 'specific' && !customization.specificIndustry) {
      context.addIssue({
        code: 'custom',
        path: ['customization', 'specificIndustry'],
        message: 'Please enter the industry you are targeting',
      });
    }
    if (customization.targetSpecificCompany === 'yes' && !customization.prospectCompanyUrl) {
      context.addIssue({
        code: 'custom',
        path: ['customization', 'prospectCompanyUrl'],
        message: 'Please enter the prospect company URL',
      });
    }
  });
export type GenerateEmailsRequest = z.infer<typeof GenerateEmailsRequest>;

export const CheckStatus = z.enum(['pass', 'warn', 'fail']);
export type CheckStatus = z.infer<typeof CheckStatus>;

/** One quality check's verdict with a one-line reason (docs/architecture.md §6). */
export const CheckResult = z.object({
  id: text(),
  label: text(),
  status: CheckStatus,
  reason: text(),
});
export type CheckResult = z.infer<typeof CheckResult>;

/** Every check of a sequence: per email (in order) and for the sequence as a whole. */
export const SequenceChecks = z.object({
  /** The worst status of all. */
  status: CheckStatus,
  summary: text(),
  sequence: z.array(CheckResult),
  emails: z.array(z.array(CheckResult)),
});
export type SequenceChecks = z.infer<typeof SequenceChecks>;

/**
 * What the checks compare a sequence with: its language, the texts every fact must come from
 * (analysis, case studies, manual data, the user's context, the prospect's page) and what the
 * user asked to personalise to. Plain data, so the browser can re-run the same checks.
 */
export const CheckContext = z.object({
  language: WritingLanguage,
  sources: z.array(text()),
  persona: text().optional(),
  industry: text().optional(),
  /** Other names the industry goes by in the emails ("food distribution" typed, "food and beverage" written): any counts. */
  industryNames: z.array(text()).max(4).optional(),
  prospect: text().optional(),
  caseStudyCustomers: z.array(text()).default([]),
  /** The proof the sequence may use, as the analysis credits it: quotes and results and who they belong to. */
  proofs: z
    .array(z.object({ customer: text().optional(), person: text().optional(), text: text() }))
    .max(48)
    .optional(),
  /** The pains and what answers each, as the sequence is written from them. */
  pairs: z
    .array(z.object({ pain: text(), solution: text() }))
    .max(24)
    .optional(),
});
export type CheckContext = z.infer<typeof CheckContext>;

/** The `sequence` of docs/product.md §7, plus the checks, the language written in and what the checks used. */
export const GenerateEmailsResponse = z.object({
  sequence: EmailSequence,
  checks: SequenceChecks.optional(),
  language: WritingLanguage.optional(),
  checkContext: CheckContext.optional(),
  /** What the writer could not honour, for the user to read (context in another language, a prospect outside the seller's audience). */
  notices: z.array(text()).optional(),
});
export type GenerateEmailsResponse = z.infer<typeof GenerateEmailsResponse>;

/** How the user wants one email rewritten (the studio's Regenerate menu). */
export const REGENERATE_MODIFIERS = [
  'shorter',
  'longer',
  'casual',
  'formal',
  'stronger_cta',
  'different_angle',
] as const;
export const RegenerateModifier = z.enum(REGENERATE_MODIFIERS, {
  error: `Modifier must be one of: ${REGENERATE_MODIFIERS.join(', ')}`,
});
export type RegenerateModifier = z.infer<typeof RegenerateModifier>;

/**
 * One email of a sequence written again (POST /api/regenerate-email): the same inputs as
 * generate-emails, the sequence as it stands (with the user's edits, which are kept), which email
 * (0–6) and how. Nothing is stored and no quota is used; the answer is the new email and the
 * checks of the sequence with it in place.
 */
export const RegenerateEmailRequest = z
  .object({
    companyUrl: text({ error: 'URL must be text' }).trim().max(2048, 'URL is too long (2048 characters at most)'),
    caseStudies: OptionalUrl,
    analysis: SubmittedAnalysis.optional(),
    customization: Customization,
    sequence: EmailSequence,
    index: z
      .number({ error: 'index must be a number from 0 to 6' })
      .int('index must be a number from 0 to 6')
      .min(0, 'index must be a number from 0 to 6')
      .max(SEQUENCE_LENGTH - 1, 'index must be a number from 0 to 6'),
    modifier: RegenerateModifier.optional(),
  })
  .superRefine((request, context) => {
    if (!request.analysis && !request.companyUrl) {
      context.addIssue({ code: 'custom', path: ['companyUrl'], message: 'Please enter a company URL' });
    }
  });
export type RegenerateEmailRequest = z.infer<typeof RegenerateEmailRequest>;

export const RegenerateEmailResponse = z.object({
  email: Email,
  /** The checks of the whole sequence with the new email in place (the new email's at `emails[index]`). */
  checks: SequenceChecks,
  checkContext: CheckContext.optional(),
});
export type RegenerateEmailResponse = z.infer<typeof RegenerateEmailResponse>;

/**
 * Server-Sent Events of POST /api/generate-emails/stream, each `event: <type>` with this JSON as
 * its `data`: `progress` per step, `draft` while an LLM writes an email (its words so far),
 * `email` as each email is ready, then `done` with what the JSON endpoint answers, or `error`
 * with the error code and message of docs/product.md §8 (and the status the JSON endpoint would have answered).
 */
export const GENERATION_STEPS = ['analysis', 'brief', 'writing', 'checking'] as const;
export const GenerationStreamEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    step: z.enum(GENERATION_STEPS),
    /** What the user reads ("Writing email 3 of 7…"). */
    message: text(),
  }),
  /** The email being written, as far as the model has got (an LLM writer only; the `email` event follows). */
  z.object({ type: z.literal('draft'), index: z.number().int().min(0), subject: text(), body: text() }),
  z.object({ type: z.literal('email'), index: z.number().int().min(0), email: Email }),
  z.object({ type: z.literal('done') }).extend(GenerateEmailsResponse.shape),
  z.object({ type: z.literal('error'), status: z.number().int(), error: text(), message: text() }),
]);
export type GenerationStreamEvent = z.infer<typeof GenerationStreamEvent>;

/** One sequence from the signed-in user's generated history (GET /api/emails). */
export const GeneratedSequence = z.object({
  id: text(),
  companyUrl: text(),
  createdAt: text(),
  customization: Customization,
  sequence: EmailSequence,
});
export type GeneratedSequence = z.infer<typeof GeneratedSequence>;

/** Newest first, at most GENERATED_HISTORY_LIMIT. */
export const GeneratedSequenceList = z.array(GeneratedSequence);
export type GeneratedSequenceList = z.infer<typeof GeneratedSequenceList>;
export const GENERATED_HISTORY_LIMIT = 50;
