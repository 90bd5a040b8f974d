import type { Customization, Email, StoredSequence } from '@seqgen/proto';
import { cadenceFor } from './cadence';

/** Saved and rated sequences are either a list or `{ sequence: [...] }` (docs/product.md §3). */
export function emailsOf(stored: StoredSequence): Email[] {
  return Array.isArray(stored) ? stored : stored.sequence;
}

/** The stored send days when they fit, else the default cadence (older saves have none). */
export function cadenceOf(stored: StoredSequence): number[] {
  const emails = emailsOf(stored);
  return cadenceFor(emails.length, Array.isArray(stored) ? undefined : stored.cadence);
}

type TitleInput = Partial<
  Pick<Customization, 'persona' | 'specificPersona' | 'seniority' | 'industry' | 'specificIndustry' | 'tone'>
>;

export const FALLBACK_TITLE = 'Email Sequence';

/**
 * docs/product.md §5 default title: specific persona, Executive (above the line) or Operational (below),
 * specific industry, Casual (tone ≤ 25) or Formal (tone ≥ 75), then "Sequence".
 */
export function defaultSequenceTitle(customization: TitleInput | null | undefined): string {
  const c = customization ?? {};
  const parts: string[] = [];
  const persona = c.persona === 'specific' ? c.specificPersona?.trim() : undefined;
  if (persona) parts.push(persona);
  if (c.seniority === 'above') parts.push('Executive');
  else if (c.seniority === 'below') parts.push('Operational');
  const industry = c.industry === 'specific' ? c.specificIndustry?.trim() : undefined;
  if (industry) parts.push(industry);
  if (typeof c.tone === 'number') {
    if (c.tone <= 25) parts.push('Casual');
    else if (c.tone >= 75) parts.push('Formal');
  }
  return parts.length === 0 ? FALLBACK_TITLE : [...parts, 'Sequence'].join(' ');
}
