import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { PLAYBOOK_LANGUAGES, type PlaybookLanguage } from './schema.ts';

/**
 * The built-in writer's connecting sentences per language (../../playbook/frames/<language>.yaml):
 * greetings, openers, asks, the frames around proof and objections, subject lines. Each is a list
 * of alternatives, per register or for `all`; a frame is used only when every slot it names has a
 * value (the slots are listed at the top of the English file).
 */

export const REGISTERS = ['casual', 'neutral', 'formal'] as const;
export type Register = (typeof REGISTERS)[number];

const Lines = z.array(z.string().min(1)).min(1);

/** Alternatives per register, or for all registers; a register without its own uses `all`, then `neutral`. */
const Variants = z
  .object({ all: Lines.optional(), casual: Lines.optional(), neutral: Lines.optional(), formal: Lines.optional() })
  .strict()
  .refine((variants) => Boolean(variants.all ?? variants.neutral), 'needs `all` or `neutral`');
export type Variants = z.infer<typeof Variants>;

const PerRegister = z.object({ casual: Lines, neutral: Lines, formal: Lines }).strict();

const group = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, Variants])) as Record<K, typeof Variants>).strict();

export const Frames = z
  .object({
    language: z.enum(PLAYBOOK_LANGUAGES),
    /** {peers} when no industry is known ("teams like yours"). */
    peersFallback: z.string().min(1),
    /** An industry the user typed that the playbook does not know: {industry} is their words. */
    typedIndustry: z.object({ peers: z.string().min(1), in: z.string().min(1) }).strict(),
    when: z
      .object({ yesterday: z.string(), thisWeek: z.string(), lastWeek: z.string(), lastMonth: z.string() })
      .strict(),
    greeting: PerRegister,
    signOff: PerRegister,
    nameIt: Variants,
    /** What the company offers, from its own description when that is a list, not a sentence ({offer}). */
    offer: Variants,
    /**
     * The analysis card's solution for a pain the page does not answer and the playbook cannot
     * (for the user to review and replace); the emails never say it.
     */
    valueUnconfirmed: Variants,
    opener: group([
      'event',
      'referral',
      'prospect',
      'prospectScale',
      'prospectHook',
      'prospectNoIndustry',
      'persona',
      'personaUnsure',
      'industry',
      'generic',
    ] as const),
    echo: Variants,
    ask: group(['intro', 'proof', 'objection', 'breakup', 'strong'] as const),
    followUp: group(['open', 'persona', 'personaTitled', 'personaUnsure'] as const),
    proof: group([
      'same',
      'quoteRole',
      'quoteNamed',
      'quotePerson',
      'quoteCustomer',
      'quoteAnonymous',
      'result',
      'resultOwn',
      'usesName',
    ] as const),
    objection: group(['open', 'implementation', 'pricing'] as const),
    angle: group(['open', 'personaAbove', 'personaBelow', 'personaUnsure'] as const),
    insight: group(['industry', 'competitors', 'roi', 'news', 'mention'] as const),
    breakup: group(['open', 'door', 'doorProspect'] as const),
    subjects: group(['prospect', 'proof', 'proofQuote', 'industry', 'objection', 'breakup'] as const),
  })
  .strict();
export type Frames = z.infer<typeof Frames>;

const FRAMES_DIR = new URL('../../playbook/frames/', import.meta.url);
const loaded = new Map<PlaybookLanguage, Frames>();

/** The frames of one language, read and validated on first use. */
export function framesFor(language: PlaybookLanguage, dir: URL = FRAMES_DIR): Frames {
  const cached = dir === FRAMES_DIR ? loaded.get(language) : undefined;
  if (cached) return cached;
  const parsed = Frames.safeParse(parse(readFileSync(new URL(`${language}.yaml`, dir), 'utf8')));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`playbook frames/${language}.yaml: ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`);
  }
  if (dir === FRAMES_DIR) loaded.set(language, parsed.data);
  return parsed.data;
}

/** The alternatives for a register: its own, else `all`, else `neutral`. */
export function linesFor(variants: Variants, register: Register): string[] {
  return variants[register] ?? variants.all ?? variants.neutral ?? [];
}
