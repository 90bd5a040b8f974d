import { countWords, LIMITS } from '@seqgen/checks';
import type { Email, RegenerateModifier } from '@seqgen/proto';
import { joinList, wordCount } from '../../text.ts';
import type { Pair, Proof, Register, SequenceBrief } from '../brief/types.ts';
import type { Copy, Tones } from '../copy/types.ts';
import {
  allFilled,
  choose,
  type Layout,
  type Line,
  layOut,
  phrasingsFor,
  randomFrom,
  type Slots,
  subjectFits,
} from './render.ts';

export const STEPS = ['intro', 'followUp', 'proof', 'angle', 'quickWin', 'resource', 'breakup'] as const;
export type Step = (typeof STEPS)[number];

/** How one email of the sequence is written differently (Regenerate): its step, modifier and seed variant. */
export interface Tweak {
  step: Step;
  modifier: RegenerateModifier | undefined;
  variant: number;
}

const REGISTERS: Register[] = ['veryCasual', 'casual', 'neutral', 'formal', 'veryFormal'];

/** Words per email (greeting and sign-off included) by register; the checks allow 25–125 (first ≤ 100). */
const BUDGET: Record<Register, { min: number; max: number }> = {
  veryCasual: { min: 35, max: 70 },
  casual: { min: 45, max: 85 },
  neutral: { min: 50, max: 95 },
  formal: { min: 55, max: 105 },
  veryFormal: { min: 60, max: 115 },
};

/**
 * The hardest an email may read: a grade under the checks' pass mark per email, so that the
 * sequence's average stays under its own (LIMITS.readingAverage).
 */
const READING_TARGET = { en: 9, de: 11 } as const;

/** Contractions the formal registers spell out (in the copy only; a customer's words stay theirs). */
const EXPANSIONS: [RegExp, string][] = [
  [/\bI'm\b/g, 'I am'],
  [/\bI've\b/g, 'I have'],
  [/\bI'd\b/g, 'I would'],
  [/\bI'll\b/g, 'I will'],
  [/\b([Yy])ou're\b/g, '$1ou are'],
  [/\b([Yy])ou've\b/g, '$1ou have'],
  [/\b([Yy])ou'll\b/g, '$1ou will'],
  [/\b([Ww])e're\b/g, '$1e are'],
  [/\b([Ww])e'll\b/g, '$1e will'],
  [/\b([Ii])t's\b/g, '$1t is'],
  [/\b([Tt])hat's\b/g, '$1hat is'],
  [/\b([Hh])ere's\b/g, '$1ere is'],
  [/\b([Dd])on't\b/g, '$1o not'],
  [/\b([Dd])oesn't\b/g, '$1oes not'],
  [/\b([Hh])aven't\b/g, '$1ave not'],
  [/\b([Ww])on't\b/g, '$1ill not'],
  [/\b([Cc])an't\b/g, '$1annot'],
  [/\b([Ii])sn't\b/g, '$1s not'],
];

const COMPANY_FIELD = /\{\{company(\|[^}]*)?\}\}/g;

/** Copy is fixed: each phrasing is spelled out once per process. */
const EXPANDED = new Map<string, string>();

/**
 * One sequence being composed: the brief, the copy of its language, and what the emails so far
 * have told (solutions, proof points, subjects, fillers), so that nothing is told twice; and the
 * pieces every email is made of (./emails.ts puts them together).
 */
export class Composition {
  readonly brief: SequenceBrief;
  readonly copy: Copy;
  readonly tweak: Tweak | undefined;
  step: Step = 'intro';
  /** Proof points already told: each result is used once. */
  readonly usedProofs = new Set<Proof>();
  /** Solutions whose sentence an email already told. */
  readonly toldSolutions = new Set<Pair>();
  readonly toldMeans = new Set<Pair>();
  readonly subjects = new Set<string>();
  readonly toldStakes = new Set<string>();
  readonly toldFillers = new Set<string>();
  /** Sentences from the page (pains, solutions, the description) that an email has told. */
  readonly told = new Set<string>();
  personaUses = 0;
  random: () => number = Math.random;
  factsUsed = new Set<string>();

  constructor(brief: SequenceBrief, copy: Copy, tweak?: Tweak) {
    this.brief = brief;
    this.copy = copy;
    this.tweak = tweak;
  }

  /** The modifier asked for the email being written, if it is the one being regenerated. */
  get modifier(): RegenerateModifier | undefined {
    return this.tweak?.step === this.step ? this.tweak.modifier : undefined;
  }

  /** The brief's register, one step more casual or formal when the regenerated email asks. */
  get register(): Register {
    const base = REGISTERS.indexOf(this.brief.register);
    const shift = this.modifier === 'casual' ? -1 : this.modifier === 'formal' ? 1 : 0;
    return REGISTERS[Math.min(REGISTERS.length - 1, Math.max(0, base + shift))] as Register;
  }

  get length(): SequenceBrief['length'] {
    if (this.modifier === 'shorter') return 'short';
    if (this.modifier === 'longer') return 'long';
    return this.brief.length;
  }

  begin(step: Step): void {
    this.step = step;
    // A regenerated email draws other words: its own seed variant, the rest of the sequence as before.
    const variant = this.tweak?.step === step ? Math.imul(this.tweak.variant + 1, 0x85ebca6b) : 0;
    this.random = randomFrom((this.brief.seed ^ Math.imul(STEPS.indexOf(step) + 1, 0x9e3779b1) ^ variant) >>> 0);
  }

  /** The pair for an email: pains in order, wrapping when the analysis has fewer. */
  pair(index: number): Pair {
    const pairs = this.brief.pairs;
    // A different angle: another pain and its solution (which one, by the variant: asking again moves on).
    const shift =
      this.modifier === 'different_angle' ? 1 + ((this.tweak?.variant ?? 0) % Math.max(1, pairs.length - 1)) : 0;
    return pairs[(index + shift) % pairs.length] as Pair;
  }

  /**
   * A pair whose solution no email has told yet, starting from `index`; else one whose pain has a
   * short form (it can be referred to without telling it again); else the one at `index`.
   */
  freshPair(index: number): Pair {
    const pairs = this.brief.pairs;
    const from = (offset: number) => pairs[(index + offset) % pairs.length] as Pair;
    for (let offset = 0; offset < pairs.length; offset += 1)
      if (!this.toldSolutions.has(from(offset))) return from(offset);
    for (let offset = 0; offset < pairs.length; offset += 1) if (from(offset).pain.phrase) return from(offset);
    return this.pair(index);
  }

  nextProof(quote: boolean): Proof | undefined {
    const used = [...this.usedProofs].map((proof) => proof.customer);
    const open = this.brief.proofs.filter((proof) => proof.quote === quote && !this.usedProofs.has(proof));
    // Another customer when there is one: two stories from the same customer read as one.
    const others = open.filter((candidate) => !used.includes(candidate.customer));
    // A different angle: another customer's story than the first (which one, by the variant).
    const pick =
      this.modifier === 'different_angle' ? 1 + ((this.tweak?.variant ?? 0) % Math.max(1, others.length - 1)) : 0;
    const proof = others[pick] ?? others[0] ?? open[pick] ?? open[0];
    if (proof) this.usedProofs.add(proof);
    return proof;
  }

  slotsFor(pair: Pair | undefined, proof?: Proof): Slots {
    const { company, prospect, persona, industry, manual } = this.brief;
    // A sentence from the page is told once: a phrasing that would repeat it is not used.
    const fresh = (sentence: string | undefined) => (sentence && !this.told.has(sentence) ? sentence : undefined);
    const peers = industry
      ? this.copy.peers.industry.replace('{industry}', industry)
      : (company.peers ?? this.copy.peers.fallback);
    return {
      company: company.name,
      companyIntro: fresh(company.intro),
      prospect: prospect?.name,
      prospectOr:
        prospect?.name ?? (this.brief.language === 'de' ? '{{company|Ihrem Unternehmen}}' : '{{company|your company}}'),
      persona,
      industry,
      peers,
      aboutYou: prospect?.aboutYou,
      painSentence: fresh(pair?.pain.sentence),
      painPhrase: pair?.pain.phrase,
      solutionSentence: fresh(pair?.solution.sentence),
      solutionName: pair?.solution.name,
      proofCustomer: proof?.customer,
      proofText: proof && !proof.quote ? proof.text : undefined,
      quote: proof?.quote ? quoted(proof.text, this.brief.language) : undefined,
      quoteBy: proof?.quote && proof.person ? quoteBy(proof.person, proof.customer, this.brief.language) : undefined,
      competitors: manual.competitors.length
        ? joinList(manual.competitors, this.brief.language === 'de' ? 'oder' : 'or')
        : undefined,
    };
  }

  /** Copy for the register, formal registers spelling out contractions. */
  transform = (text: string): string => {
    if (this.brief.language !== 'en' || (this.register !== 'formal' && this.register !== 'veryFormal')) return text;
    let result = EXPANDED.get(text);
    if (result === undefined) {
      result = text;
      for (const [pattern, replacement] of EXPANSIONS) result = result.replace(pattern, replacement);
      EXPANDED.set(text, result);
    }
    return result;
  };

  choose(tones: Tones, slots: Slots): string | undefined {
    const text = choose(tones, this.register, slots, this.random, this.transform);
    return text && !this.avoided(text) ? text : undefined;
  }

  line(tones: Tones, slots: Slots, drop: Line['drop']): Line | undefined {
    const text = this.choose(tones, slots);
    if (!text) return undefined;
    // What the user asked to personalise to stays, whatever the length: it is why they asked.
    const { persona, industry, prospect } = this.brief;
    const personal = [persona, industry, prospect?.name].some((value) => value && text.includes(value));
    return { text, drop: personal ? 0 : drop };
  }

  lines(tones: Tones, slots: Slots, drop: Line['drop']): Line[] {
    const line = this.line(tones, slots, drop);
    return line ? [line] : [];
  }

  persona(tones: Tones, slots: Slots, drop: Line['drop']): Line[] {
    const lines = this.lines(tones, slots, drop);
    if (lines.length) this.personaUses += 1;
    return lines;
  }

  /** The user asked to leave a topic out: no sentence of ours mentions it. */
  avoided(text: string): boolean {
    const lower = text.toLowerCase();
    return this.brief.context.avoid.some((term) => lower.includes(term));
  }

  /** Why the pain matters to this reader (seniority decides the argument); optional, never twice the same. */
  stakes(pair: Pair, slots: Slots): string | undefined {
    // A pain whose cost we cannot name gets no stakes line: a generic one ("a drag on growth") reads as padding.
    if (pair.outcome === 'general') return undefined;
    const seniority = this.brief.seniority ?? 'none';
    const text = this.choose(this.copy.stakes[seniority][pair.outcome], slots);
    if (!text || this.toldStakes.has(text)) return undefined;
    this.toldStakes.add(text);
    return text;
  }

  /**
   * How the company answers the pain: said once per solution; a later email may say how it works
   * (its means, once), and otherwise refers to it.
   */
  solution(tones: Tones, pair: Pair, slots: Slots, drop: Line['drop'] = 0): Line[] {
    if (this.toldSolutions.has(pair)) {
      if (!pair.solution.means || this.toldMeans.has(pair)) return [];
      this.toldMeans.add(pair);
      return this.lines(this.copy.means, { ...slots, means: pair.solution.means }, drop);
    }
    this.toldSolutions.add(pair);
    const lines = this.lines(tones, slots, drop);
    for (const line of lines) line.text = this.nameOnce(line.text, pair);
    return lines;
  }

  /**
   * "…with invoice capture. Invoice capture reads PDF invoices…" → "…with invoice capture. It
   * reads PDF invoices…": a sentence that opens on the name just said says it once.
   */
  private nameOnce(text: string, pair: Pair): string {
    const { name, sentence } = pair.solution;
    const company = this.brief.company.name;
    // "Dispatchwell was built for exactly this. Dispatchwell plans…": the company, said once too.
    if (sentence.startsWith(`${company} `)) {
      const at = text.indexOf(sentence);
      if (at > 0 && text.slice(0, at).includes(company)) {
        this.told.add(sentence);
        return `${text.slice(0, at)}${this.copy.companyAgain}${sentence.slice(company.length)}${text.slice(at + sentence.length)}`;
      }
    }
    if (!name) return text;
    // With or without its article: "the dispatch board" is said, "Dispatch board shows…" follows.
    const bare = name.replace(/^the /, '').toLowerCase();
    const opening = [`the ${bare} `, `${bare} `].find((start) => sentence.toLowerCase().startsWith(start));
    if (!opening) return text;
    const at = text.indexOf(sentence);
    if (at <= 0 || !text.slice(0, at).toLowerCase().includes(bare)) return text;
    // The page's sentence is told, in this shorter form: no later email tells it again.
    this.told.add(sentence);
    return `${text.slice(0, at)}${this.copy.nameAgain}${sentence.slice(opening.length - 1)}${text.slice(at + sentence.length)}`;
  }

  /** Lines that point back to `referent` ("that adds up fast"): they go when it goes. */
  pointingBack(lines: Line[], referent: Line | undefined): Line[] {
    for (const line of lines) line.after = referent;
    return lines;
  }

  subject(tones: Tones, prospectTones: Tones | undefined, slots: Slots): string {
    const candidates = [
      ...(this.brief.prospect && prospectTones ? allFilled(prospectTones, this.register, slots, this.transform) : []),
      ...allFilled(tones, this.register, slots, this.transform),
    ].filter((subject) => subjectFits(subject) && !this.subjects.has(subject.toLowerCase()) && !this.avoided(subject));
    // Prefer the first choice most of the time; the seed picks among the rest for variety.
    const subject =
      candidates[this.random() < 0.65 ? 0 : Math.floor(this.random() * candidates.length)] ??
      candidates[0] ??
      this.brief.company.name;
    this.subjects.add(subject.toLowerCase());
    return this.register === 'veryCasual' ? subject.charAt(0).toLocaleLowerCase() + subject.slice(1) : subject;
  }

  email(
    step: Step,
    subject: string,
    paragraphs: Line[][],
    ask: Tones,
    slots: Slots,
    cap: number = LIMITS.length.max,
  ): Email {
    const budget = { ...BUDGET[this.register] };
    const length = this.length;
    if (length === 'short' || this.brief.seniority === 'above')
      budget.max = Math.min(budget.max, length === 'short' ? 60 : budget.max - 10);
    // Longer: room for more, and a fuller email (a filler or two more) rather than the same one.
    if (length === 'long') {
      budget.max += 20;
      budget.min = budget.max - 10;
    }
    if (length === 'short') budget.min = Math.min(budget.min, 30);
    budget.max = Math.min(budget.max, cap);
    budget.min = Math.min(budget.min, budget.max - 10);
    const layout: Layout = {
      greeting: this.copy.greeting[this.register],
      paragraphs: paragraphs.filter((paragraph) => paragraph.length > 0),
      ask:
        (this.modifier === 'stronger_cta' && step !== 'breakup'
          ? this.choose(this.copy.strongAsk, slots)
          : undefined) ??
        this.choose(ask, slots) ??
        this.choose(this.copy.steps.intro.ask, slots) ??
        '',
      signOff: this.copy.signOff[this.register],
      sender: this.brief.sender.firstName ?? '{{sender_name}}',
      fillers: step === 'breakup' ? [] : this.fillers(slots),
      budget,
      reading: {
        language: this.brief.language,
        max: this.brief.language === 'de' ? READING_TARGET.de : READING_TARGET.en,
      },
    };
    let email = layOut(subject, layout);
    if (countWords(email.body) < LIMITS.length.min + 3 && step !== 'breakup') {
      // Too little left to say: a filler may come back rather than leave the email a fragment,
      // but only as far as the length check needs; beyond that a repeat is padding.
      email = layOut(subject, {
        ...layout,
        fillers: this.fillers(slots, true),
        budget: { ...layout.budget, min: LIMITS.length.min + 3 },
      });
    }
    for (const filler of layout.fillers) if (email.body.includes(filler)) this.toldFillers.add(filler);
    // The reader's company is the sequencer's to fill in, unless the user named the prospect.
    const prospect = this.brief.prospect?.name;
    if (prospect)
      email = {
        subject: email.subject.replace(COMPANY_FIELD, prospect),
        body: email.body.replace(COMPANY_FIELD, prospect),
      };
    const { company, pairs } = this.brief;
    for (const sentence of [company.intro, ...pairs.flatMap((pair) => [pair.pain.sentence, pair.solution.sentence])]) {
      if (sentence && email.body.includes(sentence)) this.told.add(sentence);
    }
    return email;
  }

  /**
   * Short sentences a short email may take, each once per sequence: a long one would only make it
   * harder to read. `again`: a fragment of an email may take one already told, after every other.
   */
  fillers(slots: Slots, again = false): string[] {
    const usable = phrasingsFor(this.copy.filler, this.register)
      .map((template) => choose({ neutral: [template] }, 'neutral', slots, this.random, this.transform))
      .filter(
        (text): text is string => Boolean(text) && !this.avoided(text as string) && wordCount(text as string) <= 18,
      );
    const fresh = usable.filter((text) => !this.toldFillers.has(text));
    return again ? [...fresh, ...usable.filter((text) => this.toldFillers.has(text))] : fresh;
  }
}

/** “words” in the language's quotation marks, without a doubled full stop. */
export function quoted(text: string, language: string): string {
  const inner = text.replace(/^["“„]|["”“]$/g, '').trim();
  const ended = /[.!?…]$/.test(inner) ? inner : `${inner}.`;
  return language === 'de' ? `„${ended}“` : `“${ended}”`;
}

/** "Laura Benedict, VP of Distribution" at "Brightmart" → "Laura Benedict, VP of Distribution at Brightmart," */
export function quoteBy(person: string, customer: string, language: string): string {
  const at = language === 'de' ? 'bei' : 'at';
  return person.includes(',') ? `${person} ${at} ${customer},` : `${person} ${at} ${customer}`;
}
