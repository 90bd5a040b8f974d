/**
 * What the built-in analyser knows about a language: how pages name their problems, buyers and
 * roles, how a benefit ("Cut unplanned downtime") says back the pain it answers, and the words
 * that end a noun phrase. Data only; the rules that read pages live in ../builtin/.
 */

export type LanguageCode = 'en' | 'de';

/** A pain said back from a benefit: "Reduce picking errors" → "Too many picking errors slip through." */
export interface BenefitRule {
  /** The benefit's verb or marker; the object is read after it, or before it (German word order). */
  pattern: RegExp;
  objectSide: 'after' | 'before';
  /** Lower runs first: explicit problem words beat inferred ones. */
  priority: number;
  /** The short noun phrase for subject lines ("manual invoice matching"). */
  phrase: (object: string, plural: boolean) => string;
  /** The reader's situation as one sentence. */
  sentence: (object: string, plural: boolean) => string;
  /** Only when the object names something that hurts (errors, downtime): "reduce" of a good thing is not a pain. */
  needsNegativeObject?: boolean;
  /** Also accepts objects that can only be too high (costs, time) as "negative". */
  acceptsReducible?: boolean;
  /** Only when the object is something measured that can rise ("win rate", "Termintreue"): "improve plan" says nothing. */
  needsMeasure?: boolean;
  /** Reads only a headline's opening word ("Real-time tracking"), never a sentence in the body. */
  headlineOnly?: boolean;
}

export interface Lexicon {
  code: LanguageCode;
  and: string;
  /** Headings and eyebrows of sections that list problems in the site's own words. */
  problemHeading: RegExp;
  /** Headings of sections that name who the product is for (roles, teams). */
  audienceHeading: RegExp;
  /** Headings of sections that are not capabilities: pricing, steps, FAQs, logos, testimonials… */
  notCapabilityHeading: RegExp;
  /** Headings of customer stories and quotes. */
  storyHeading: RegExp;
  /**
   * Headings that label a section rather than name a feature ("What Ledgerly does", "Features",
   * "How it works"): never a capability's name.
   */
  sectionLabel: RegExp;
  /** The third-person verb a description opens with after its label ("Invoice capture: reads…"). */
  openingVerb: RegExp;
  /** Words that are never the start of a customer's name ("After rolling out…"). */
  notNames: Set<string>;
  stopwords: Set<string>;
  determiners: Set<string>;
  /** Finite verbs and auxiliaries: a text with one is a statement, not a label. */
  verbs: Set<string>;
  /** Words that end a subject noun phrase: the verbs, plus adverbs, prepositions and conjunctions. */
  phraseBreakers: Set<string>;
  /** Words that end the object of a benefit verb ("reduce errors by 40%" → "errors"): not verbs, which are often nouns too ("costs"). */
  objectStops: Set<string>;
  /** Words that make a statement read as a problem ("too", "never", "nobody"). */
  problemMarkers: RegExp;
  /**
   * Words by which a sentence inside a benefit's text tells what goes wrong today ("Compressors
   * fail at 2 a.m."); stricter than problemMarkers, which read headings.
   */
  statedPainMarkers: RegExp;
  /** Promises that read like problems ("so you never miss", "nie wieder"): never a stated pain. */
  promiseMarkers: RegExp;
  /** Subjects that say nothing on their own ("Nobody", "You", "Teams"). */
  emptySubjects: Set<string>;
  /** Nouns too general to stand alone as a pain's short form ("schedules", "data"). */
  vagueNouns: Set<string>;
  /** Words and phrases that make a noun phrase a pain: errors, downtime, manual, late… */
  negativeWords: Set<string>;
  /** What a benefit may "reduce" besides bad things: costs, time, spend… */
  reducibleWords: Set<string>;
  /** Measures a benefit can raise: rates, margins, uptime (German: also the end of a compound). */
  measureWords: Set<string>;
  /** Mass nouns that look plural or take a singular verb ("analytics", "logistics", "news"). */
  singularNouns: Set<string>;
  benefitRules: BenefitRule[];
  /** A pain's sentence from its short form when the page gives none ("Manual data entry"). */
  sentenceFromPhrase: (phrase: string, plural: boolean) => string;
  /** A pain asked as a question ("Still keying invoices by hand?") as a statement, if the form is known. */
  questionToStatement: (question: string) => string | undefined;
  /** Role nouns that make a phrase a job title (manager, director, Leiter…), lower case. */
  roleHeads: Set<string>;
  /** Title words kept in capitals ("VP", "CFO") or lower case ("of", "and") when titles are cased. */
  titleSmallWords: Set<string>;
  /** Verbs that state a result in a customer story ("cut", "reduced", "senkte"). */
  resultVerbs: RegExp;
  /**
   * A result told as a before and an after, without a result verb (../builtin/comparisons.ts):
   * `insteadOf` sets the two side by side ("in 2 days instead of 19", "statt"), `fromTo` holds
   * the before and the after as its two groups ("from 19 days to 2", "von 78 % auf 96 %"), and
   * `timeSpan` is a measure in words ("the same day", "a week") where no figure is given.
   */
  beforeAfter: { insteadOf: RegExp; fromTo: RegExp; timeSpan: RegExp };
  /** Trigger events on a prospect's page, best first. */
  triggers: { kind: TriggerKind; pattern: RegExp }[];
  /** "We're opening…" → "you're opening…": the company's own voice turned to the reader. */
  toSecondPerson: (clause: string) => string | undefined;
}

export type TriggerKind = 'expansion' | 'funding' | 'hiring' | 'launch' | 'acquisition' | 'partnership' | 'award';
