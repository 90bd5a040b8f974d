import { z } from 'zod';
import { UserUrl } from './common.ts';

const OptionalUrl = z
  .string()
  .trim()
  .max(2048, 'URL is too long (2048 characters at most)')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const AnalyzeCompanyRequest = z.object({
  companyUrl: UserUrl,
  caseStudies: OptionalUrl,
  prospectCompanyUrl: OptionalUrl,
});
export type AnalyzeCompanyRequest = z.infer<typeof AnalyzeCompanyRequest>;

export const Analysis = z.object({
  companyName: z.string(),
  companyDescription: z.string(),
  targetAudience: z.string(),
  targetJobTitles: z.array(z.string()),
  customerPains: z.array(z.string()),
  solutions: z.array(z.string()),
});
export type Analysis = z.infer<typeof Analysis>;

export const AnalyzeCompanyResponse = z.object({ analysis: Analysis });
export type AnalyzeCompanyResponse = z.infer<typeof AnalyzeCompanyResponse>;

export const Tone = z.number().int().min(0).max(100);

export const Customization = z.object({
  persona: z.enum(['generic', 'specific']),
  specificPersona: z.string().trim().max(200).default(''),
  seniority: z.enum(['above', 'below']).optional().or(z.literal('')),
  industry: z.enum(['specific', 'agnostic']),
  specificIndustry: z.string().trim().max(200).default(''),
  tone: Tone.default(50),
  additionalContext: z.string().trim().max(4000).default(''),
  targetSpecificCompany: z.enum(['yes', 'no']),
  prospectCompanyUrl: z.string().trim().max(2048).default(''),
});
export type Customization = z.infer<typeof Customization>;

export const Email = z.object({
  subject: z.string().min(1).max(300),
  body: z.string().min(1).max(10_000),
});
export type Email = z.infer<typeof Email>;

export const SEQUENCE_LENGTH = 7;
export const EmailSequence = z.array(Email).length(SEQUENCE_LENGTH);
export type EmailSequence = z.infer<typeof EmailSequence>;

const listOf = (label: string, maxItems: number, maxChars: number) =>
  z
    .array(z.string().trim().max(maxChars, `${label}: each item is ${maxChars} characters at most`))
    .max(maxItems, `${label}: ${maxItems} items at most`)
    .transform((items) => items.filter(Boolean));

/**
 * An analysis as the user hands it back: edited after URL analysis (spec §2 Edit mode) or built
 * from Manual Entry. Bounded, because it is the caller's text, not ours.
 */
export const SubmittedAnalysis = z.object({
  companyName: z.string().trim().min(1, 'Company name is required').max(200),
  companyDescription: z.string().trim().min(1, 'Company description is required').max(3000),
  targetAudience: z.string().trim().max(1000).default(''),
  targetJobTitles: listOf('Target job titles', 12, 150).default([]),
  customerPains: listOf('Customer pain points', 12, 500).refine(
    (items) => items.length > 0,
    'Add at least one customer pain point',
  ),
  solutions: listOf('Solutions', 12, 1500).refine((items) => items.length > 0, 'Add at least one solution'),
});
export type SubmittedAnalysis = z.infer<typeof SubmittedAnalysis>;

/**
 * `analysis` (optional): the user's edited or manually entered analysis, used as it is (nothing
 * is scraped); companyUrl may then be empty. Without it the company at companyUrl is analysed
 * (or its cached analysis reused).
 */
export const GenerateEmailsRequest = z
  .object({
    companyUrl: z.string({ error: 'URL must be text' }).trim().max(2048, 'URL is too long (2048 characters at most)'),
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

export const GenerateEmailsResponse = z.object({ sequence: EmailSequence });
export type GenerateEmailsResponse = z.infer<typeof GenerateEmailsResponse>;

/** One sequence from the signed-in user's generated history (GET /api/emails). */
export const GeneratedSequence = z.object({
  id: z.string(),
  companyUrl: z.string(),
  createdAt: z.string(),
  customization: Customization,
  sequence: EmailSequence,
});
export type GeneratedSequence = z.infer<typeof GeneratedSequence>;

/** Newest first, at most GENERATED_HISTORY_LIMIT. */
export const GeneratedSequenceList = z.array(GeneratedSequence);
export type GeneratedSequenceList = z.infer<typeof GeneratedSequenceList>;
export const GENERATED_HISTORY_LIMIT = 50;
