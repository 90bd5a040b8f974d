import type { WritingLanguage } from '@seqgen/proto';
import type { CompanyProfile } from '../../analysis/index.ts';
import { clean, sentences, squash, wordCount } from '../../text.ts';
import { sanitise } from './sanitise.ts';
import type { Prospect } from './types.ts';

/** "Pacific Produce delivers fresh produce to…" → "you deliver fresh produce to…" (English pages only). */
function aboutYou(description: string, name: string): string | undefined {
  const first = sentences(description)[0] ?? '';
  const pattern = new RegExp(
    `^(?:the\\s+)?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(is|are|has|have|does|\\p{Ll}+s)\\b(.*)$`,
    'u',
  );
  const match = pattern.exec(first);
  if (!match?.[1]) return undefined;
  const verb = match[1];
  const base =
    verb === 'is' || verb === 'are'
      ? 'are'
      : verb === 'has' || verb === 'have'
        ? 'have'
        : verb === 'does'
          ? 'do'
          : verb.endsWith('ies')
            ? `${verb.slice(0, -3)}y`
            : /(ss|sh|ch|x|z|o)es$/.test(verb)
              ? verb.slice(0, -2)
              : verb.slice(0, -1);
  const rest = clean(match[2] ?? '').replace(/[.!]+$/, '');
  if (wordCount(rest) > 22 || wordCount(rest) < 3) return undefined;
  return `you ${base} ${rest}`.replace(/\bits\b/g, 'your').replace(/\bit\b/g, 'you');
}

export function prospectOf(
  profile: CompanyProfile | null | undefined,
  seller: string,
  language: WritingLanguage,
): Prospect | undefined {
  if (!profile) return undefined;
  const name = sanitise(profile.companyName, 80);
  if (!name || squash(name) === squash(seller)) return undefined;
  const trigger = profile.triggers?.[0];
  const headline = trigger ? sanitise(trigger.text, 220) : '';
  return {
    name,
    aboutYou:
      language === 'en' && profile.language === 'en'
        ? aboutYou(sanitise(profile.companyDescription, 400), name)
        : undefined,
    trigger:
      trigger && headline
        ? {
            kind: trigger.kind,
            yourNews: trigger.yourNews && language === profile.language ? sanitise(trigger.yourNews, 200) : undefined,
            headline,
          }
        : undefined,
  };
}
