/**
 * The word lists one language needs. Phrases are lower-case; '…' inside a phrase stands for up to
 * three words ("geben sie … bescheid" matches "Geben Sie mir kurz Bescheid").
 */
export interface Lexicon {
  /** Very frequent function words: language detection, and never a content word or a name. */
  readonly functionWords: readonly string[];
  /** Words every outbound email uses, too common to tell two emails apart. */
  readonly fillerWords: readonly string[];
  /** Tokens that end with a full stop without ending the sentence (no trailing dot). */
  readonly abbreviations: readonly string[];
  /** Closing lines that sign off even without a comma ("Viele Grüße"). */
  readonly closings: readonly string[];
  /** An ask wherever they appear. */
  readonly askPhrases: readonly string[];
  /** An ask only at the start of a sentence or clause ("Reply 'yes'", not "the reply rate"). */
  readonly askCommands: readonly string[];
  /** Words that may come before an ask command ("just reply", "feel free to schedule"). */
  readonly askSofteners: readonly string[];
  readonly spamPhrases: readonly string[];
  /** All-capital words that are normal in this language's business writing. */
  readonly acronyms: readonly string[];
  /** Signals that an email closes the loop. */
  readonly breakup: readonly string[];
  /** Signals so clear that only the last email may use them. */
  readonly strongBreakup: readonly string[];
  /** Things a model says to its user, never to a prospect. */
  readonly modelChatter: readonly string[];
  readonly names: NameWords;
}

/** Where customer names sit in claim-like sentences, and what is never a name. */
export interface NameWords {
  /** Verbs that state a result ("cut", "gesenkt"); multi-word entries match as a sequence. */
  readonly resultVerbs: readonly string[];
  /** Words that may sit between a name and its result verb ("has", "recently"). */
  readonly beforeVerbSkip: readonly string[];
  /** In a result sentence, a capitalised run after these is a name ("at Brightmart"). */
  readonly prepositions: readonly string[];
  /** A list of names follows ("customers like A, B and C"). */
  readonly enumerationCues: readonly string[];
  /** A name follows ("helped Globocorp"). */
  readonly afterCues: readonly string[];
  /** A name comes right before ("Brightmart geholfen"). */
  readonly beforeCues: readonly string[];
  /** "X's team": nouns after a possessive that make X a name. */
  readonly possessiveNouns: readonly string[];
  readonly determiners: readonly string[];
  readonly pronouns: readonly string[];
  /** Weekdays and months. */
  readonly calendar: readonly string[];
  readonly conjunctions: readonly string[];
  /** Finite auxiliaries a German subject may follow after inversion ("hat Brightmart …"). */
  readonly auxiliaries: readonly string[];
  /**
   * Endings of common nouns in a language that capitalises every noun: a single capitalised
   * word with one of these endings is not taken for a name.
   */
  readonly commonNounEndings: readonly string[];
  /** Whether every noun is capitalised, so sentence position says more than case. */
  readonly capitalisedNouns: boolean;
}
