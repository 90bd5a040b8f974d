import type { Customization } from '@seqgen/proto';
import { prospectNameOf } from './merge-fields';

/** Who a sequence is written for, from its stored customization. */
export interface Audience {
  prospect: string | undefined;
  persona: string | undefined;
  seniority: 'Executive' | 'Operational' | undefined;
  industry: string | undefined;
}

export const AUDIENCE_COPY = {
  anyPersona: 'Any persona',
  anyIndustry: 'Any industry',
  prospect: 'Prospect',
  persona: 'Persona',
  industry: 'Industry',
} as const;

export function audienceOf(customization: Partial<Customization> | null | undefined): Audience {
  const c = customization ?? {};
  const persona = c.persona === 'specific' ? c.specificPersona?.trim() || undefined : undefined;
  return {
    prospect: c.targetSpecificCompany === 'yes' ? prospectNameOf(c.prospectCompanyUrl ?? '') : undefined,
    persona,
    seniority: persona
      ? c.seniority === 'above'
        ? 'Executive'
        : c.seniority === 'below'
          ? 'Operational'
          : undefined
      : undefined,
    industry: c.industry === 'specific' ? c.specificIndustry?.trim() || undefined : undefined,
  };
}

/** "VP Finance at Globex · SaaS", "Any persona at Globex · Any industry", "Fleet Manager · Any industry". */
export function audienceLine(customization: Partial<Customization> | null | undefined): string {
  const { prospect, persona, industry } = audienceOf(customization);
  const who = persona ?? AUDIENCE_COPY.anyPersona;
  return [prospect ? `${who} at ${prospect}` : who, industry ?? AUDIENCE_COPY.anyIndustry].join(' · ');
}
