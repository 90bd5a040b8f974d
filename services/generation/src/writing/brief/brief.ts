import { sentences, wordCount } from '../../text.ts';
import { audiencePhrase, peersOf } from './audience.ts';
import { type ReaderContext, readContext } from './context.ts';
import { pairsOf } from './pairs.ts';
import { proofsOf } from './proofs.ts';
import { prospectOf } from './prospect.ts';
import { sanitise, statement } from './sanitise.ts';
import type { BriefInput, ManualFacts, Register, SequenceBrief } from './types.ts';

/** The tone bands of docs/product.md §5: up to 20 Very Casual, 40 Casual, 60 Balanced, 80 Professional, above Very Professional. */
export function registerOf(tone: number, formality: ReaderContext['formality']): Register {
  const bands: Register[] = ['veryCasual', 'casual', 'neutral', 'formal', 'veryFormal'];
  const band = tone <= 20 ? 0 : tone <= 40 ? 1 : tone <= 60 ? 2 : tone <= 80 ? 3 : 4;
  const shifted = formality === 'more' ? Math.min(4, band + 1) : formality === 'less' ? Math.max(0, band - 1) : band;
  return bands[shifted] as Register;
}

const listed = (items: string[] | undefined, max: number, chars: number) =>
  (items ?? [])
    .map((item) => sanitise(item, chars))
    .filter(Boolean)
    .slice(0, max);

/** Cleans and structures one request for the writers. */
export function buildBrief(input: BriefInput): SequenceBrief {
  const { analysis, customization, language } = input;
  const name = sanitise(analysis.companyName, 120) || 'our team';
  const description = sanitise(analysis.companyDescription, 1200);
  const prospect =
    customization.targetSpecificCompany === 'yes' ? prospectOf(input.prospect, name, language) : undefined;
  const context = readContext(sanitise(customization.additionalContext, 4000), prospect?.name);
  const avoided = (text: string) => context.avoid.some((term) => text.toLowerCase().includes(term));

  const solutions = analysis.solutions.map((solution) => sanitise(solution, 1500));
  const pairs = pairsOf(analysis, solutions, { name, description }, language, avoided);
  const proofs = proofsOf(analysis, solutions, pairs, language, avoided);

  const persona =
    customization.persona === 'specific' ? sanitise(customization.specificPersona, 80) || undefined : undefined;
  const industry =
    customization.industry === 'specific' ? sanitise(customization.specificIndustry, 80) || undefined : undefined;
  const manual: ManualFacts = {
    differentiators: listed(analysis.keyDifferentiators, 6, 300).filter((item) => !avoided(item)),
    competitors: avoided('competitor') ? [] : listed(analysis.competitors, 4, 80),
    pricing: avoided('pric') || avoided('cost') ? undefined : sanitise(analysis.pricingModel, 300) || undefined,
    implementation: sanitise(analysis.implementationTime, 300) || undefined,
    roi: sanitise(analysis.roi, 300) || undefined,
    news: sanitise(analysis.recentNews, 600) || undefined,
    caseStudies: sanitise(analysis.caseStudies, 4000) || undefined,
  };
  const register = registerOf(customization.tone, context.formality);
  // "Zunftwerk ist die Lohnsoftware für das Handwerk: mobile Zeiterfassung, …": the claim, not its list.
  const opening = sentences(description)[0];
  const beforeList = opening?.split(': ')[0];
  const intro = beforeList && beforeList !== opening && wordCount(beforeList) >= 5 ? `${beforeList}.` : opening;
  const sources = [
    name,
    description,
    analysis.targetAudience,
    ...analysis.targetJobTitles,
    ...analysis.customerPains,
    ...analysis.solutions,
    ...(analysis.painPhrases ?? []).map((entry) => entry.phrase),
    ...(analysis.proofPoints ?? []).flatMap((point) => [point.customer, point.result, point.person ?? '']),
    ...(analysis.customers ?? []),
    analysis.industry ?? '',
    analysis.companySize ?? '',
    ...(analysis.keyDifferentiators ?? []),
    analysis.recentNews ?? '',
    ...(analysis.competitors ?? []),
    analysis.pricingModel ?? '',
    analysis.implementationTime ?? '',
    analysis.roi ?? '',
    analysis.caseStudies ?? '',
    customization.additionalContext,
    input.prospect?.companyName ?? '',
    input.prospect?.companyDescription ?? '',
    ...(input.prospect?.triggers ?? []).map((trigger) => trigger.text),
  ].filter(Boolean);
  return {
    language,
    seed: input.seed ?? seedOf(`${name}|${JSON.stringify(customization)}`),
    tone: customization.tone,
    register,
    length: context.length,
    seniority: persona && customization.seniority ? customization.seniority : undefined,
    company: {
      name,
      intro: intro ? statement(intro) : undefined,
      audience: audiencePhrase(sanitise(analysis.targetAudience, 300), language),
      peers: peersOf(sanitise(analysis.targetAudience, 300), language),
    },
    pairs,
    proofs,
    persona,
    industry,
    prospect,
    context,
    manual,
    sender: { firstName: sanitise(input.sender?.firstName, 40).split(' ')[0] || undefined },
    checkContext: {
      language,
      sources,
      ...(persona ? { persona } : {}),
      ...(industry ? { industry } : {}),
      ...(prospect ? { prospect: prospect.name } : {}),
      caseStudyCustomers: [...new Set(proofs.map((proof) => proof.customer))],
    },
  };
}

/** FNV-1a: a stable seed from the request, so the same request reads the same. */
export function seedOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}
