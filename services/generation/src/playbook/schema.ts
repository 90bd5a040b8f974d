import { z } from 'zod';

/**
 * The playbook's shape (docs/architecture.md §6): what a senior SDR knows about selling to one
 * business function, in the four languages the writers write. The files are reviewed copy in
 * ../../playbook/ (README there says how each field is used); this schema is what the loader and the
 * copy test hold them to. Every sentence is a whole sentence a rep could send as it stands: the
 * composer strings them together and fills only `{company}`, never splices a page's words into them.
 */

export const PLAYBOOK_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type PlaybookLanguage = (typeof PLAYBOOK_LANGUAGES)[number];

/** One piece of copy in every language. */
const Text = z.object({ en: z.string(), de: z.string(), fr: z.string(), es: z.string() }).strict();
export type Text = z.infer<typeof Text>;

/** A list per language (signal words, titles): lengths may differ between languages. */
const Lists = z
  .object({ en: z.array(z.string()), de: z.array(z.string()), fr: z.array(z.string()), es: z.array(z.string()) })
  .strict();
export type Lists = z.infer<typeof Lists>;

const Id = z.string().regex(/^[a-z][a-z0-9-]*$/, 'ids are lower-case words joined by dashes');

/** Who feels a pain or hears an angle: the budget holder (above the line), the people doing the work (below), or both. */
export const Level = z.enum(['above', 'below', 'both']);
export type Level = z.infer<typeof Level>;

/** What a pain costs: the seniority angles and the stakes sentence key off it. */
export const Outcome = z.enum(['time', 'cost', 'risk', 'revenue', 'visibility', 'growth', 'quality', 'compliance']);
export type Outcome = z.infer<typeof Outcome>;

export const Capability = z
  .object({
    id: Id,
    /** Words in a feature's name or text that show the page offers this kind of capability. */
    signals: Lists,
    /** What it does for the buyer, with `{company}` as the subject: one sentence. */
    value: Text,
  })
  .strict();
export type Capability = z.infer<typeof Capability>;

export const Pain = z
  .object({
    id: Id,
    level: Level,
    outcome: Outcome,
    /** Capability ids that answer it, best first. */
    answeredBy: z.array(Id).min(1),
    /** Words by which a page states this problem (to recognise a stated pain as this one). */
    signals: Lists,
    /** The problem in the buyer's own words, said to them: one sentence. */
    text: Text,
    /** A short noun phrase for subject lines and lists, no article, no full stop. */
    phrase: Text,
    /** The question a good SDR asks about it: one question. */
    question: Text,
  })
  .strict();
export type Pain = z.infer<typeof Pain>;

export const Objection = z
  .object({
    id: Id,
    level: Level,
    /** The objection as a rep reports it ("Most finance teams tell us…"): one sentence. */
    text: Text,
    /** The answer, one or two sentences; may use `{company}`. */
    answer: Text,
    /**
     * The capabilities the answer claims for the seller, any one of which must be verified for the
     * company before the answer is used. Absent: the answer claims nothing a company in this
     * function might lack (how teams usually handle it, what a fair trial looks like).
     */
    answeredBy: z.array(Id).min(1).optional(),
  })
  .strict();
export type Objection = z.infer<typeof Objection>;

export const FunctionPlaybook = z
  .object({
    id: Id,
    /** What the company sells: software, a service, or products (hardware, supplies). */
    kinds: z.array(z.enum(['software', 'services', 'products'])).min(1),
    /** The function's name for the middle of a sentence, lower case where the language allows. */
    label: Text,
    /**
     * What the buyer is in charge of, where the function's name is the seller's trade ("marketing
     * agency" sells "marketing"): the emails say "teams that run {topic}". Same grammar as label.
     */
    topic: Text.optional(),
    /** Words and phrases a company's site in this function uses (classification). */
    signals: Lists,
    buyers: z.object({ above: Lists, below: Lists }).strict(),
    capabilities: z.array(Capability).min(3),
    pains: z.array(Pain).min(5),
    objections: z.array(Objection).min(3),
    /** Why it matters, by seniority: above the line cost, risk, growth, headcount; below, the daily work. */
    angles: z.object({ above: z.array(Text).min(2), below: z.array(Text).min(2) }).strict(),
    /** The function seen from one industry (ids of ../../playbook/industries.yaml): one sentence each. */
    industries: z.record(Id, Text).default({}),
    /** Subject lines, two to six words, no slots. */
    subjects: z.array(Text).min(4),
    /** Discovery questions beyond the pains' own. */
    questions: z.array(Text).min(3),
  })
  .strict()
  .superRefine((playbook, context) => {
    const capabilities = new Set(playbook.capabilities.map((capability) => capability.id));
    for (const [index, pain] of playbook.pains.entries()) {
      for (const id of pain.answeredBy) {
        if (!capabilities.has(id)) {
          context.addIssue({
            code: 'custom',
            path: ['pains', index, 'answeredBy'],
            message: `"${id}" is not a capability of ${playbook.id}`,
          });
        }
      }
    }
    for (const [index, objection] of playbook.objections.entries()) {
      for (const id of objection.answeredBy ?? []) {
        if (!capabilities.has(id)) {
          context.addIssue({
            code: 'custom',
            path: ['objections', index, 'answeredBy'],
            message: `"${id}" is not a capability of ${playbook.id}`,
          });
        }
      }
    }
    // Every company gets a truthful objection email: answers that claim no capability, one for any reader.
    const unconditional = playbook.objections.filter((objection) => !objection.answeredBy);
    if (unconditional.length < 2 || !unconditional.some((objection) => objection.level === 'both')) {
      context.addIssue({
        code: 'custom',
        path: ['objections'],
        message: 'needs two objections without answeredBy, one at level both',
      });
    }
    const answering = new Set(playbook.pains.flatMap((pain) => pain.answeredBy));
    for (const [index, capability] of playbook.capabilities.entries()) {
      if (!answering.has(capability.id)) {
        context.addIssue({
          code: 'custom',
          path: ['capabilities', index],
          message: `capability "${capability.id}" answers no pain`,
        });
      }
    }
    for (const [kind, list] of [
      ['capabilities', playbook.capabilities],
      ['pains', playbook.pains],
      ['objections', playbook.objections],
    ] as const) {
      const seen = new Set<string>();
      for (const item of list) {
        if (seen.has(item.id)) context.addIssue({ code: 'custom', path: [kind], message: `"${item.id}" twice` });
        seen.add(item.id);
      }
    }
  });
export type FunctionPlaybook = z.infer<typeof FunctionPlaybook>;

export const Industry = z
  .object({
    id: Id,
    /** "logistics" — for lists and the middle of a sentence. */
    label: Text,
    /** "in logistics", "in der Logistik", "dans la logistique", "en logística". */
    in: Text,
    /** Peers in the industry, plural: "logistics teams", "Logistikteams"… */
    peers: Text,
    /** Words that show a page, a customer or the user's industry field is about this industry. */
    signals: Lists,
    /** What is true of the industry whatever the function: one sentence each, no slots. */
    angles: z.array(Text).min(2),
  })
  .strict();
export type Industry = z.infer<typeof Industry>;

export const Industries = z.object({ industries: z.array(Industry).min(1) }).strict();
