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

export const GenerateEmailsRequest = z.object({
  companyUrl: UserUrl,
  caseStudies: OptionalUrl,
  customization: Customization,
});
export type GenerateEmailsRequest = z.infer<typeof GenerateEmailsRequest>;

export const GenerateEmailsResponse = z.object({ sequence: EmailSequence });
export type GenerateEmailsResponse = z.infer<typeof GenerateEmailsResponse>;
