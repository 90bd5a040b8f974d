import type { Outcome, Register } from '../brief/types.ts';

/**
 * The built-in writer's words, per language (docs/architecture.md §6: copy as data). Each entry is a list
 * of interchangeable phrasings; the composer takes the first one (in a seeded order) whose slots
 * it can fill. Slots are `{name}`; their form is fixed by their name, so grammar holds by
 * construction:
 *
 * - sentences, always at the start of a sentence: {painSentence} {solutionSentence} {proofText}
 *   {fact} {mention} {differentiator} {implementation} {roi} {pricing} {news} {offer} {stakes}
 * - noun phrases, never at the start of a sentence: {painPhrase} {solutionName} {peers}
 *   {industry} {competitors} {mentionPhrase} {means}; capitalised forms {PainPhrase} {SolutionName} may
 *   start a sentence or a subject line
 * - names: {company} {prospect} {proofCustomer} {persona} {quotePerson}
 * - clauses in the reader's voice, after "I saw", "I see": {trigger} {aboutYou}
 * - {quote}: words in quotation marks; {triggerHeadline}: a headline in quotation marks
 * - {prospectOr}: the prospect's name, else the sequencer's `{{company|…}}` merge field
 *
 * The composer tests (test/writing/composer.test.ts) check every entry against these rules.
 * Merge fields are written in seqgen's form, `{{first_name|there}}`, and translated to each
 * sequencer's syntax on export.
 */
export type Phrasings = string[];

/** One set of phrasings per register; a missing register falls back towards `neutral`. */
export interface Tones {
  veryCasual?: Phrasings;
  casual?: Phrasings;
  neutral: Phrasings;
  formal?: Phrasings;
  veryFormal?: Phrasings;
}

export type Seniority = 'above' | 'below' | 'none';

export interface Copy {
  greeting: Record<Register, string>;
  signOff: Record<Register, string>;
  /** How to name a group of peers: "teams in {industry}", "teams like yours". */
  peers: { industry: string; fallback: string };
  /** A direct ask with a time in it, for an email regenerated with a stronger call to action. */
  strongAsk: Tones;
  /** A solution told before, by how it works: "Under the hood, {company} uses {means}." */
  means: Tones;
  /**
   * A solution's name said again at once ("…with invoice capture. Invoice capture reads…"): what
   * the second mention becomes ("It reads…").
   */
  nameAgain: string;
  /** The company said again at once ("Genau dafür gibt es Lagerblick. Lagerblick plant…" → "Die Lösung plant…"). */
  companyAgain: string;
  /** Sentences a short email may add before its ask: who the company is, whom it serves. */
  filler: Tones;
  /** Why the pain matters to this reader: outcome and risk above the line, hours and tools below. */
  /** What a pain costs the reader, by seniority; a pain of no known cost ('general') gets none. */
  stakes: Record<Seniority, Record<Exclude<Outcome, 'general'>, Tones>>;
  steps: {
    intro: Record<
      | 'subject'
      | 'subjectProspect'
      | 'openTrigger'
      | 'openFact'
      | 'openAbout'
      | 'openPersona'
      | 'bridge'
      | 'pain'
      | 'peers'
      | 'solution'
      | 'courtesy'
      | 'ask',
      Tones
    >;
    followUp: Record<
      'subject' | 'subjectProspect' | 'open' | 'openPersona' | 'pain' | 'again' | 'solution' | 'mention' | 'ask',
      Tones
    >;
    proof: Record<
      'subject' | 'open' | 'result' | 'resultUnnamed' | 'quote' | 'quoteTeam' | 'credit' | 'creditUnknown' | 'ask',
      Tones
    >;
    overview: Record<'subject' | 'open' | 'recap' | 'ask', Tones>;
    angle: Record<
      | 'subject'
      | 'open'
      | 'differentiator'
      | 'competitors'
      | 'costOfWaiting'
      | 'industry'
      | 'solution'
      | 'news'
      | 'ask',
      Tones
    >;
    quickWin: Record<
      | 'subject'
      | 'subjectProspect'
      | 'objection'
      | 'answer'
      | 'implementation'
      | 'roi'
      | 'pricing'
      | 'start'
      | 'offer'
      | 'solution'
      | 'persona'
      | 'ask',
      Tones
    >;
    resource: Record<'subject' | 'open' | 'proof' | 'offer' | 'persona' | 'ask' | 'askProof', Tones>;
    breakup: Record<'subject' | 'open' | 'recap' | 'door' | 'ask', Tones>;
  };
}
