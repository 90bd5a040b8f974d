import { words } from '../lexicon/list.ts';
import { ADJ_TOO, BASE, englishForms, NOUN_FIRST, NOUN_TOO, PAST, PAST_PART, S3 } from './en-lexicon.ts';
import type { Token } from './tokens.ts';

const set = (text: string): ReadonlySet<string> => new Set(words(text));

/** Finite auxiliaries, modals and copulas: a verb wherever they stand (with the exceptions below). */
const AUXILIARIES = set(`
  am is are was were has have had do does did will would shall should can could may might must ought
`);
const MODALS = set(`will would shall should can could may might must do does did let's`);
const DETERMINERS = set(`
  a an the this that these those my your our their his her its some any no every each all both either neither another
  other such whose many much more most few fewer less least several enough what which
`);
const WH_SUBJECTS = set(`what how why where whatever`);
const ARTICLES = set(`a an the my your our their his her its`);
const PREPOSITIONS = set(`
  about above across after against along among around as at before behind below beneath beside besides between
  beyond by despite down during except for from in inside into like near of off on onto out outside over past per
  since than through throughout till to toward towards under underneath unlike until up upon via with within without
`);
const SUBJECTS = set(`i we you they he she it who which that this there everyone everybody everything someone somebody
  something nobody nothing anyone anything each one what whatever`);
const PLURAL_SUBJECTS = set(`i we you they who which that`);
const SINGULAR_SUBJECTS = set(`he she it this that which who what there everyone everybody everything someone somebody
  something nobody nothing anyone anything each one`);
const OBJECTS = set(`me us you them him her it this that these those everyone everything something someone`);
const CONJUNCTIONS = set(`and or but nor so yet because although though while if unless whether when where once`);
/** Words that may stand between a subject and its verb, or before an imperative. */
const ADVERBS = set(`
  also just already still never ever often always really only usually even actually simply now then sometimes rarely
  not all both each too soon first quickly finally probably certainly definitely generally typically currently
  regularly recently easily automatically manually suddenly barely hardly mostly largely nearly almost quietly
  constantly continually gladly happily kindly
`);
const CLAUSE_PUNCT = new Set([',', ';', ':', '(', '—', '–', '-', '"', '“', '„', '«', '¿', '¡', '.', '!', '?']);
/** Words before an imperative that keep it an imperative ("Just reply", "So, book a time"). */
const SOFTENERS = set(`please just simply kindly so and then now or but also ok okay first next finally instead`);
/** After these, "'s" is "is" or "has", not a possessive. */
const S_HOSTS = set(`it that there here what who where how let he she this everything nothing something everyone
  someone today now why when which`);
/** What an imperative or a verb is followed by, as opposed to a noun in a headline. */
const PARTICLES = set(`up down out off back in on over away ahead around through along together forward`);
/** Particles that stand between a phrasal verb and its object ("backs up servers"), rarely after a noun. */
const OBJECT_PARTICLES = set(`up out off down back away`);
const FOLLOWERS = new Set([
  ...DETERMINERS,
  ...OBJECTS,
  ...PARTICLES,
  ...set(`to that how why what when where whether if
  into with for from about by at across here there now today again more less anyway fast quickly`),
]);
const ADJECTIVES = set(`
  new good great best better big small large high low long short fast quick easy hard real full key main top early late
  last next same own clear simple smart busy critical predictive manual automated modern digital global local daily
  weekly monthly annual free open ready able happy glad sure available common typical specific complex major minor
  extra entire whole recent current future previous similar different certain several average total direct
  personal professional operational financial commercial industrial clinical legal medical strategic technical
  sustainable scalable reliable flexible affordable valuable profitable measurable actionable
`);
// Only endings that are nearly always adjectives: "-al", "-ic", "-ent", "-ant" end many nouns too
// ("proposal", "clinic", "agent", "applicant").
const ADJECTIVE_ENDING = /(?:ous|ful|less|ive|ical|able|ible)$/;
const NOUN_ENDING = /(?:ives|ment|ness|tion|sion|ity|ance|ence|ship|ism|ist|er|or|ing)$/;

const IRREGULAR_PLURALS = set(`people staff children men women data media criteria personnel police`);
/** Nouns that take a singular or a plural verb ("the staff reviews", "staff swap shifts"). */
const COLLECTIVE = set(`staff team crew personnel management police data sales operations logistics analytics finance
  procurement marketing support`);
/** Before "of", these head the subject: "Which of your sites uses…", "Most of our customers use…". */
const SINGULAR_QUANTIFIERS = set(`which one each either neither much`);
const PLURAL_QUANTIFIERS = set(`many several few both`);
/** Quantifiers that agree with the noun after "of": "most of the work goes", "most of our customers use". */
const MASS_QUANTIFIERS = set(`most all some any none half part`);
/** Pronouns that head a subject past a prepositional phrase: "Who on your team types…". */
const PRONOUN_HEADS = set(`who someone somebody everyone everybody anyone anybody nobody something everything nothing`);
const NUMBER_WORDS = set(`one two three four five six seven eight nine ten twelve dozen hundred thousand`);
/** Prepositions that are also adjectives at the start of a sentence ("Outside developers…"). */
const ADJECTIVE_PREPOSITIONS = set(`outside inside`);
/** A rate after a subject: "How many invoices a month need…". */
const RATE_UNITS = set(`hour day night shift week month quarter year season`);
const RATE_WORDS = set(`a an per each every`);
/** Verb prefixes written with a hyphen: "re-enter", "double-check", "co-sign". */
const HYPHEN_PREFIX = /^(?:re|pre|co|de|un|over|under|double|cross|mis|out|self)-(?=\p{L}{2})/u;
const isPlural = (word: string): boolean =>
  IRREGULAR_PLURALS.has(word) || (/[^su'’]s$/.test(word) && !/(?:ss|us|is)$/.test(word));
/** Words in -ly that are not adverbs. */
const NOT_ADVERBS = set(`family supply apply reply rely fly ally rally july italy assembly anomaly monopoly tally belly
  jelly bully holly folly lily butterfly multiply comply imply`);
const isAdverb = (word: string): boolean =>
  ADVERBS.has(word) || (word.length > 4 && word.endsWith('ly') && !NOT_ADVERBS.has(word));
/** A capitalised word in -ly is a name ("Quantly works…", "Calendly sends…") unless it is a known adverb. */
const isAdverbToken = (token: Token | undefined): boolean =>
  token?.kind === 'word' && (token.cap ? ADVERBS.has(token.lower) : isAdverb(token.lower));

/** A function word: determiner, preposition, pronoun, conjunction, auxiliary or adverb. */
export function isClosed(word: string): boolean {
  return (
    AUXILIARIES.has(word) ||
    DETERMINERS.has(word) ||
    PREPOSITIONS.has(word) ||
    SUBJECTS.has(word) ||
    OBJECTS.has(word) ||
    CONJUNCTIONS.has(word) ||
    ADVERBS.has(word)
  );
}

const isAdjective = (word: string): boolean =>
  ADJECTIVES.has(word) || (ADJECTIVE_ENDING.test(word) && !NOUN_ENDING.test(word));

/** A name: a merge field or slot, or a capitalised word that does not start the sentence. */
const isName = (token: Token | undefined): boolean =>
  !!token && (token.kind === 'name' || (token.kind === 'word' && token.cap && !token.initial && token.lower !== 'i'));

/** A word that can end a subject noun phrase ("team", "Denials", "scheduling"). */
function isNoun(token: Token, forms: ReadonlyMap<string, number>): boolean {
  if (token.kind !== 'word') return false;
  const word = token.lower;
  if (word.includes("'") || isClosed(word) || isAdverbToken(token) || isAdjective(word)) return false;
  if (word.endsWith('ing')) return true;
  const flags = forms.get(word) ?? 0;
  if (flags & (PAST | PAST_PART) && !(flags & (NOUN_TOO | NOUN_FIRST))) return false;
  // An unambiguous verb form is not a noun ("helps", "reduce").
  if (flags & (BASE | S3) && !(flags & (NOUN_TOO | NOUN_FIRST))) return false;
  return true;
}

/** Index of the word before `i`, past adverbs ("we also plan"): -1 at the start or after punctuation. */
function subjectIndex(tokens: readonly Token[], i: number): number {
  let j = i - 1;
  while (j >= 0 && isAdverbToken(tokens[j])) j -= 1;
  const rateHead = tokens[j - 2];
  if (
    RATE_UNITS.has(tokens[j]?.lower ?? '') &&
    RATE_WORDS.has(tokens[j - 1]?.lower ?? '') &&
    rateHead &&
    isNoun(rateHead, englishForms())
  ) {
    j -= 2;
  }
  const token = tokens[j];
  return token && token.kind !== 'punct' ? j : -1;
}

/** At the start of a sentence or clause, after words like "please" or "just": where imperatives stand. */
function clauseStart(tokens: readonly Token[], i: number): boolean {
  let j = i - 1;
  while (j >= 0) {
    const token = tokens[j];
    if (!token) break;
    if (token.kind === 'punct') return CLAUSE_PUNCT.has(token.text);
    if (token.kind !== 'word' || !SOFTENERS.has(token.lower)) return false;
    j -= 1;
  }
  return true;
}

/** The next token: a word a verb takes after it (an object, a particle, an adverb), not a noun's. */
function verbFollows(tokens: readonly Token[], i: number): boolean {
  const next = tokens[i + 1];
  if (!next) return false;
  if (next.kind === 'name' || next.kind === 'number') return true;
  if (next.kind !== 'word') return false;
  return isName(next) || FOLLOWERS.has(next.lower) || isAdverb(next.lower);
}

/** Like verbFollows, but an object noun counts too ("costs money"), a preposition or the end does not. */
function objectFollows(tokens: readonly Token[], i: number): boolean {
  const next = tokens[i + 1];
  if (!next || next.kind === 'punct') return false;
  if (next.kind !== 'word') return true;
  const word = next.lower;
  // "plans that work": a relative clause follows a noun.
  if (word === 'that' || word === 'which' || word === 'who') return false;
  // "plans to grow": an infinitive follows a verb.
  if (word === 'to') return !!((englishForms().get(tokens[i + 2]?.lower ?? '') ?? 0) & BASE);
  // "trust and customer experience decide": a verb follows, so this word was a noun.
  const flags = englishForms().get(word) ?? 0;
  if (flags & BASE && !(flags & (NOUN_TOO | NOUN_FIRST | ADJ_TOO))) return false;
  // "teams key in most invoices", "fill in the form": "in" as a base form's particle before a
  // determined object (not "Pricing plans in every region").
  if (word === 'in' && (englishForms().get(tokens[i]?.lower ?? '') ?? 0) & BASE) {
    const after = tokens[i + 2];
    return after?.kind === 'word' && DETERMINERS.has(after.lower) && !PREPOSITIONS.has(after.lower);
  }
  // "backs up servers", "holds up a vehicle": a phrasal verb's particle, then its object.
  if (OBJECT_PARTICLES.has(word)) {
    const after = tokens[i + 2];
    return !!after && after.kind !== 'punct' && !(after.kind === 'word' && isPreposition(after.lower));
  }
  return !isPreposition(word) && !CONJUNCTIONS.has(word);
}

const isPreposition = (word: string): boolean => PREPOSITIONS.has(word) && !DETERMINERS.has(word);

const WH_DETERMINERS = set(`which what that whose`);
/** Determiners of plural nouns only. */
const PLURAL_DETERMINERS = set(`fewer few many several these those both various multiple numerous`);

/** The -ing form of a verb in the lexicon: "moving", "chasing", "keying", "planning". */
function isGerund(word: string): boolean {
  if (!word.endsWith('ing') || word.length < 6) return false;
  const stem = word.slice(0, -3);
  const forms = englishForms();
  const base = (candidate: string) => !!((forms.get(candidate) ?? 0) & BASE);
  return base(stem) || base(`${stem}e`) || (/(.)\1$/.test(stem) && base(stem.slice(0, -1)));
}

/** A determiner, object pronoun, name or number after `i`: what a verb takes and a noun does not. */
function properObject(tokens: readonly Token[], i: number): boolean {
  const next = tokens[i + 1];
  if (!next) return false;
  if (next.kind === 'name' || next.kind === 'number' || isName(next)) return true;
  return next.kind === 'word' && (DETERMINERS.has(next.lower) || OBJECTS.has(next.lower));
}

function contraction(token: Token): boolean {
  const word = token.lower;
  if (/n't$/.test(word) || /'(?:re|ve|ll|d|m)$/.test(word)) return true;
  if (word.endsWith("'s")) return S_HOSTS.has(word.slice(0, -2));
  return false;
}

function auxiliary(tokens: readonly Token[], i: number, token: Token): boolean {
  const word = token.lower;
  const before = tokens[subjectIndex(tokens, i)];
  const next = tokens[i + 1];
  if (word === 'may' && token.cap) return token.initial && next?.kind === 'word' && OBJECTS.has(next.lower);
  // "a can", "the will"; but "This will be…", "That can wait."
  if ((word === 'can' || word === 'will' || word === 'must') && before && ARTICLES.has(before.lower)) return false;
  if (word === 'have' || word === 'do') return !(before && (before.lower === 'to' || MODALS.has(before.lower)));
  return true;
}

interface NounPhrase {
  readonly plural: boolean;
  /** Plural by "and" ("kitchens and housekeeping"): a weaker sign than a plural noun. */
  readonly coordinated?: boolean;
  /** Opened by a determiner, a possessive or a number ("the team", "Acme's team", "3 sites"). */
  readonly determined: boolean;
  /** Inside a prepositional phrase or after "to" ("on shift plans", "to handle"): not a subject. */
  readonly governed: boolean;
  readonly words: number;
  /** Index of its first word. */
  readonly start: number;
}

/**
 * The word at `k` is a preposition that puts the noun phrase after it inside a prepositional phrase:
 * not "Outside" as an adjective, nor a phrasal verb's particle ("find out a job…").
 */
function governs(tokens: readonly Token[], k: number): boolean {
  const before = tokens[k];
  if (before?.kind !== 'word' || !isPreposition(before.lower)) return false;
  if (before.initial && ADJECTIVE_PREPOSITIONS.has(before.lower)) return false;
  const verb = tokens[k - 1];
  const flags = verb?.kind === 'word' ? (englishForms().get(verb.lower) ?? 0) : 0;
  return !(OBJECT_PARTICLES.has(before.lower) && flags && !(flags & (NOUN_TOO | NOUN_FIRST)));
}

/** The noun phrase that ends at `j`, if the word there can end one. */
function nounPhrase(tokens: readonly Token[], j: number, forms: ReadonlyMap<string, number>): NounPhrase | undefined {
  const head = tokens[j];
  if (!head) return undefined;
  // "a quick no", "the many": a determiner used as a noun.
  const article = tokens[j - 1];
  const determinerNoun =
    DETERMINERS.has(head.lower) &&
    !!article &&
    (article.lower === 'a' || article.lower === 'the' || isAdjective(article.lower));
  if (!determinerNoun && !isNoun(head, forms)) return undefined;
  let k = j - 1;
  let words = 1;
  for (; k >= 0; k -= 1) {
    const token = tokens[k];
    if (token?.kind !== 'word' || isClosed(token.lower) || /['’]s$/.test(token.lower)) break;
    if (!isNoun(token, forms) && !isAdjective(token.lower) && !/ed$/.test(token.lower) && !isAdverb(token.lower)) break;
    words += 1;
  }
  const before = tokens[k];
  const word = before?.lower ?? '';
  return {
    plural: isPlural(head.lower),
    determined:
      !!before &&
      (before.kind === 'number' ||
        DETERMINERS.has(word) ||
        NUMBER_WORDS.has(word) ||
        /['’]s$/.test(word) ||
        (OBJECTS.has(word) && word !== 'it')),
    governed: governs(tokens, k),
    words,
    start: k + 1,
  };
}

/** A quantifier or pronoun at `at` before "of" or another preposition heads the subject: "Which of…", "Who on…". */
function headOf(
  tokens: readonly Token[],
  at: number,
  preposition: string,
  innerPlural: boolean,
): NounPhrase | undefined {
  const head = tokens[at];
  const word = head?.kind === 'word' ? head.lower : '';
  if (!PREPOSITIONS.has(preposition)) return undefined;
  const quantifier =
    preposition === 'of' &&
    (SINGULAR_QUANTIFIERS.has(word) ||
      PLURAL_QUANTIFIERS.has(word) ||
      MASS_QUANTIFIERS.has(word) ||
      NUMBER_WORDS.has(word));
  if (!quantifier && !PRONOUN_HEADS.has(word)) return undefined;
  const plural =
    PLURAL_QUANTIFIERS.has(word) ||
    (NUMBER_WORDS.has(word) && word !== 'one') ||
    (MASS_QUANTIFIERS.has(word) && innerPlural);
  return { plural, determined: true, governed: governs(tokens, at - 1), words: 1, start: at };
}

/** A name, or a run of them ("Brightmart", "{{company|Acme}}", "Acme Health"), as a noun phrase. */
function namePhrase(tokens: readonly Token[], j: number): NounPhrase {
  let k = j;
  while (k > 0 && isName(tokens[k - 1])) k -= 1;
  return { plural: false, determined: true, governed: governs(tokens, k - 1), words: j - k + 1, start: k };
}

/**
 * The subject ending at `j`: past prepositional phrases ("Teams like yours", "Fewer questions from
 * colleagues about reimbursements"), to a pronoun or quantifier that heads them ("Who on your team",
 * "Which of your sites"), and with what it is joined to by "and" ("kitchens and housekeeping").
 */
function subjectPhrase(
  tokens: readonly Token[],
  j: number,
  forms: ReadonlyMap<string, number>,
  levels = 3,
  coordinate = true,
): NounPhrase | undefined {
  const phraseAt = (at: number) => (isName(tokens[at]) ? namePhrase(tokens, at) : nounPhrase(tokens, at, forms));
  let phrase = phraseAt(j);
  // "Which of your systems", "Who on your team": a quantifier or pronoun before a determined phrase.
  const determiner = tokens[(phrase?.start ?? 0) - 1];
  if (
    phrase &&
    !phrase.governed &&
    determiner &&
    (DETERMINERS.has(determiner.lower) || /['’]s$/.test(determiner.lower))
  ) {
    const head = headOf(tokens, phrase.start - 3, tokens[phrase.start - 2]?.lower ?? '', phrase.plural);
    if (head) return head;
  }
  for (let round = 0; round < levels && phrase?.governed && phrase.start >= 2; round += 1) {
    const preposition = tokens[phrase.start - 1]?.lower ?? '';
    if (preposition === 'to') break;
    const at = phrase.start - 2;
    const head = tokens[at];
    const word = head?.kind === 'word' ? head.lower : '';
    const quantified = headOf(tokens, at, preposition, phrase.plural);
    if (quantified) return quantified;
    // "Maintenance done before a failure costs…": a participle after its noun.
    const participle =
      head?.kind === 'word' && (!!((forms.get(word) ?? 0) & PAST_PART) || /[^e]ed$/.test(word) || word === 'done');
    const outer = phraseAt(participle && at > 0 ? at - 1 : at);
    if (!outer) break;
    phrase = outer;
  }
  if (coordinate && phrase && tokens[phrase.start - 1]?.lower === 'and' && phrase.start >= 2) {
    const first = phraseAt(phrase.start - 2);
    // Only subjects that open their clause: "In hospitality, kitchens and housekeeping need…", not
    // "…needs reminders and a credit limit".
    const opener = first ? tokens[first.start - 1] : undefined;
    if (first && (!opener || opener.kind === 'punct' || CONJUNCTIONS.has(opener.lower))) {
      return {
        plural: true,
        coordinated: !phrase.plural,
        determined: first.determined || phrase.determined,
        governed: first.governed,
        words: first.words + phrase.words + 1,
        start: first.start,
      };
    }
  }
  return phrase;
}

/** Why an -s form that is also a noun was not taken for a verb: 'headline' when only for its bare subject. */
type Refusal = 'no' | 'headline';

function thirdPersonVerb(
  tokens: readonly Token[],
  i: number,
  flags: number,
  forms: ReadonlyMap<string, number>,
): true | Refusal {
  if (!(flags & (NOUN_TOO | NOUN_FIRST))) return true;
  const j = subjectIndex(tokens, i);
  const subject = tokens[j];
  if (!subject) return 'no';
  // "which texts still need", "what plans…": a determiner and its noun, unless an object follows.
  if (flags & NOUN_FIRST && WH_DETERMINERS.has(subject.lower) && !properObject(tokens, i)) return 'no';
  if (!SINGULAR_SUBJECTS.has(subject.lower)) {
    // Agreement with the last noun, not with "and": "fake payment requests", "every product, pack and price needs".
    const phrase = subjectPhrase(tokens, j, forms, 3, false);
    if (!phrase || phrase.governed) return 'no';
    // "Sales waits days", but "Sales calls that convert": a plural-looking department with an object after.
    const head = tokens[j]?.lower ?? '';
    if (phrase.plural && !(COLLECTIVE.has(head) && (!head.endsWith('s') || objectFollows(tokens, i)))) {
      return 'no';
    }
    // "Fewer truck rolls": after a determiner of plurals, the -s word is the plural noun itself.
    const determiner = tokens[phrase.start - 1]?.lower ?? '';
    if (PLURAL_DETERMINERS.has(determiner) && !phrase.plural) return 'no';
    // "Automated claim checks": a headline's noun, not a subject and its verb; but an adverb
    // between them shows a verb ("Disaster recovery often sounds…").
    const adverbBefore = isAdverbToken(tokens[i - 1]);
    // "Wrong tax on invoices turns into…": after a prepositional phrase's plural noun, no compound.
    const afterPhrase = phrase.start + phrase.words <= j && isPlural(tokens[i - 1]?.lower ?? '');
    if (!phrase.determined && phrase.words > 1 && !adverbBefore && !afterPhrase) return 'headline';
  }
  if (flags & NOUN_FIRST && !objectFollows(tokens, i)) {
    // "Acme records and transcribes calls": two verbs of one singular subject.
    const phrase = SINGULAR_SUBJECTS.has(subject.lower) ? undefined : subjectPhrase(tokens, j, forms, 1, false);
    return phrase?.plural || !coordinatedVerb(tokens, i, forms) ? 'no' : true;
  }
  return true;
}

/**
 * After `i`, "and" and an -s form that is a verb by itself or by its object: "records and
 * transcribes sales calls", "logs and routes every ticket".
 */
function coordinatedVerb(tokens: readonly Token[], i: number, forms: ReadonlyMap<string, number>): boolean {
  if (tokens[i + 1]?.lower !== 'and') return false;
  let k = i + 2;
  while (isAdverbToken(tokens[k])) k += 1;
  const flags = tokens[k]?.kind === 'word' ? (forms.get(tokens[k]?.lower ?? '') ?? guess(tokens[k]?.lower ?? '')) : 0;
  if (!(flags & S3)) return false;
  return !(flags & (NOUN_TOO | NOUN_FIRST)) || (properObject(tokens, k) && objectFollows(tokens, k));
}

/**
 * The verb of a relative clause with its own subject, right before the main verb: "Leads that sales
 * trusts shorten…", "Tickets that the night shift opens wait…". Returns 'main' when the word after
 * it agrees with the noun before the clause, so it is the main verb; 'clause' when only the clause's
 * verb is sure; 'no' otherwise.
 */
function objectRelative(
  tokens: readonly Token[],
  i: number,
  forms: ReadonlyMap<string, number>,
): 'main' | 'clause' | 'no' {
  const next = tokens[i + 1];
  if (next?.kind !== 'word') return 'no';
  const after = forms.get(next.lower) ?? 0;
  const auxiliary = AUXILIARIES.has(next.lower) && !DETERMINERS.has(next.lower);
  const verbNext = auxiliary || (!!(after & (BASE | S3 | PAST | PAST_PART)) && !(after & (NOUN_FIRST | ADJ_TOO)));
  if (!verbNext) return 'no';
  const j = subjectIndex(tokens, i);
  const subject = tokens[j];
  if (!subject || SUBJECTS.has(subject.lower)) return 'no';
  const phrase = subjectPhrase(tokens, j, forms, 1, false);
  if (!phrase || phrase.governed) return 'no';
  // The clause's verb agrees with its own subject: "the night shift opens", not "the night shift".
  const own = forms.get(tokens[i]?.lower ?? '') ?? 0;
  const collective = COLLECTIVE.has(subject.lower);
  if (own & S3 ? phrase.plural && !collective : !phrase.plural && !collective) return 'no';
  // Past its determiner: "that the night shift opens".
  let r = phrase.start - 1;
  const determiner = tokens[r]?.lower ?? '';
  if (r > 0 && (DETERMINERS.has(determiner) || /['’]s$/.test(determiner)) && !RELATIVES.has(determiner)) r -= 1;
  const relative = tokens[r];
  if (relative?.kind !== 'word' || !RELATIVES.has(relative.lower) || relative.lower === 'who') return 'no';
  const head = tokens[r - 1];
  if (!head || !(isName(head) || isNoun(head, forms))) return 'no';
  const outer = subjectPhrase(tokens, r - 1, forms);
  if (!outer || outer.governed || auxiliary) return 'clause';
  const agrees =
    after & (PAST | PAST_PART) ||
    (after & S3 && !outer.plural) ||
    (after & BASE && (outer.plural || COLLECTIVE.has(head.lower)));
  return agrees ? 'main' : 'clause';
}

function pastVerb(tokens: readonly Token[], i: number, forms: ReadonlyMap<string, number>): boolean {
  const j = subjectIndex(tokens, i);
  const subject = tokens[j];
  if (!subject) return false;
  if (SUBJECTS.has(subject.lower) && !DETERMINERS.has(subject.lower)) return true;
  if (/^(?:that|which|what|whatever)$/.test(subject.lower)) return true;
  if (tokens[i + 1]?.lower === 'by') return false;
  const phrase = subjectPhrase(tokens, j, forms, 1);
  return !!phrase && !phrase.governed;
}

function baseVerb(tokens: readonly Token[], i: number, flags: number, forms: ReadonlyMap<string, number>): boolean {
  const j = subjectIndex(tokens, i);
  const subject = tokens[j];
  if (subject && (subject.lower === 'to' || MODALS.has(subject.lower))) return false;
  const nounToo = flags & (NOUN_TOO | NOUN_FIRST | ADJ_TOO);
  if (clauseStart(tokens, i)) {
    // After a comma, a word in a list ("revenue, churn and expansion") unless a verb's object follows.
    const afterComma = tokens[i - 1]?.text === ',';
    const ends = !tokens[i + 1] || /^[.!?]$/.test(tokens[i + 1]?.text ?? '');
    if (afterComma && nounToo && !ends && !verbFollows(tokens, i)) return false;
    if (!nounToo || flags & NOUN_TOO) return true;
    const next = tokens[i + 1];
    if (flags & ADJ_TOO) {
      return !!next && ((verbFollows(tokens, i) && !PREPOSITIONS.has(next.lower)) || PARTICLES.has(next.lower));
    }
    return verbFollows(tokens, i);
  }
  if (!subject) return false;
  const word = subject.lower;
  if (word === 'that' || word === 'which') return !nounToo || !!(flags & NOUN_TOO);
  if (PLURAL_SUBJECTS.has(word)) return true;
  if (!nounToo) return !DETERMINERS.has(word) && !PREPOSITIONS.has(word) && (isNoun(subject, forms) || isName(subject));
  const phrase = subjectPhrase(tokens, j, forms);
  if (phrase?.plural && !phrase.governed) {
    // "kitchens and housekeeping need the same items", not "hearing care stores".
    const next = tokens[i + 1];
    if (
      phrase.coordinated &&
      !(next?.kind === 'word' && (DETERMINERS.has(next.lower) || OBJECTS.has(next.lower) || isAdverb(next.lower)))
    ) {
      return false;
    }
    if (flags & NOUN_FIRST) return objectFollows(tokens, i);
    // "leave tables empty on…": an adjective after its noun, unless an object follows.
    if (flags & ADJ_TOO) return verbFollows(tokens, i) && !isPreposition(tokens[i + 1]?.lower ?? '');
    return true;
  }
  return false;
}

/** English finite verbs of a tokenised sentence. */
export function englishFiniteVerbs(tokens: readonly Token[]): number[] {
  const forms = englishForms();
  const found: number[] = [];
  const headlines: number[] = [];
  /** Main verbs found after a relative clause: the clause has ended there. */
  const mains = new Set<number>();
  tokens.forEach((token, i) => {
    if (token.kind !== 'word') return;
    const word = token.lower;
    if (token.cap && !token.initial && !/^i(?:'|$)/.test(word)) return;
    if (word.includes("'")) {
      if (contraction(token)) found.push(i);
      return;
    }
    if (AUXILIARIES.has(word)) {
      if (auxiliary(tokens, i, token)) found.push(i);
      return;
    }
    if (word === 'be') {
      if (clauseStart(tokens, i)) found.push(i);
      return;
    }
    if (word === 'like') {
      const subject = tokens[subjectIndex(tokens, i)];
      const next = tokens[i + 1];
      if (
        subject &&
        (PLURAL_SUBJECTS.has(subject.lower) ||
          (next?.kind === 'word' && DETERMINERS.has(next.lower) && isNoun(subject, forms)))
      ) {
        found.push(i);
      }
      return;
    }
    const known = forms.get(word) ?? hyphenated(word, forms);
    const flags = known ?? guess(word);
    if (!flags) return;
    if (mains.has(i)) {
      found.push(i);
      return;
    }
    const relative = flags & (S3 | BASE) ? objectRelative(tokens, i, forms) : 'no';
    if (relative !== 'no') {
      found.push(i);
      // "…that the night shift opens wait until morning": the next word is the main verb.
      if (relative === 'main') mains.add(i + 1);
      return;
    }
    // A past form the lexicon lacks ("reclaimed"): only with a subject before and an object after.
    if (known === undefined && flags === PAST_PART && /ed$/.test(word) && !objectFollows(tokens, i)) return;
    const third = flags & S3 ? thirdPersonVerb(tokens, i, flags, forms) : 'no';
    const verb =
      third === true ||
      (flags & PAST && !ARTICLES.has(tokens[i - 1]?.lower ?? '')) ||
      (flags & PAST_PART && pastVerb(tokens, i, forms)) ||
      (flags & BASE && baseVerb(tokens, i, flags, forms)) ||
      (flags & (S3 | BASE) && afterGerund(tokens, i, flags, found)) ||
      // "records and files every call": the second of two verbs joined by "and".
      (flags & S3 &&
        tokens[i - 1]?.lower === 'and' &&
        found.includes(i - 2) &&
        !!((forms.get(tokens[i - 2]?.lower ?? '') ?? 0) & S3) &&
        objectFollows(tokens, i));
    if (verb) found.push(i);
    else if (flags & (S3 | BASE) && afterRelative(tokens, i, flags, found, mains, forms)) {
      found.push(i);
      mains.add(i);
    } else if (third === 'headline' && !(flags & NOUN_FIRST)) headlines.push(i);
  });
  // "Revenue recognition runs on a spreadsheet…": a bare subject and an -s form that is mostly a
  // verb, in a sentence too long for a headline and with no verb before it, is a subject and its verb.
  const candidate = headlines[0];
  if (
    candidate !== undefined &&
    !found.some((i) => i < candidate) &&
    tokens.filter((token) => token.kind === 'word' || token.kind === 'name').length >= LONG_SENTENCE &&
    tokens[tokens.length - 1]?.text === '.' &&
    verbFollows(tokens, candidate)
  ) {
    found.push(candidate);
    found.sort((a, b) => a - b);
  }
  // "What we found surprised us", "How we work matters": a wh-clause is the subject of the verb after it.
  const first = tokens[0];
  if (found.length === 1 && first && WH_SUBJECTS.has(first.lower) && tokens[tokens.length - 1]?.text !== '?') {
    let j = (found[0] ?? 0) + 1;
    while (isAdverbToken(tokens[j])) j += 1;
    const next = tokens[j];
    const flags = next?.kind === 'word' ? (forms.get(next.lower) ?? 0) : 0;
    if (next && (flags & (S3 | PAST | PAST_PART) || AUXILIARIES.has(next.lower))) found.push(j);
  }
  return found;
}

/** Words from which a sentence is too long to be a headline. */
const LONG_SENTENCE = 12;

/** "re-enter", "double-check": the flags of the verb after a verb prefix. */
function hyphenated(word: string, forms: ReadonlyMap<string, number>): number | undefined {
  const prefix = HYPHEN_PREFIX.exec(word);
  return prefix ? forms.get(word.slice(prefix[0].length)) : undefined;
}

const RELATIVES = set(`that which who`);

/**
 * The main verb after a relative clause, agreeing with the noun before the clause: "Guests who book
 * and never turn up leave tables empty", "Every complaint that repeats costs more".
 */
function afterRelative(
  tokens: readonly Token[],
  i: number,
  flags: number,
  found: readonly number[],
  mains: ReadonlySet<number>,
  forms: ReadonlyMap<string, number>,
): boolean {
  const before = tokens[i - 1];
  if (before?.kind !== 'word') return false;
  // "on the go", "can say": a noun or an infinitive.
  if (DETERMINERS.has(before.lower) || MODALS.has(before.lower)) return false;
  if (isPreposition(before.lower) && !PARTICLES.has(before.lower)) return false;
  // "…who book and never turn up": a second verb of the relative clause.
  let b = i - 1;
  while (isAdverbToken(tokens[b])) b -= 1;
  if (CONJUNCTIONS.has(tokens[b]?.lower ?? '')) return false;
  // "at short notice", "the HR record": the end of a noun phrase, unless an object follows ("their own
  // leave the month").
  const next = tokens[i + 1];
  const objectNext = next?.kind === 'word' && (DETERMINERS.has(next.lower) || OBJECTS.has(next.lower));
  let n = i - 1;
  while (
    n > 0 &&
    (isName(tokens[n]) ||
      isAdjective(tokens[n]?.lower ?? '') ||
      (tokens[n]?.kind === 'word' && !forms.has(tokens[n]?.lower ?? '') && !isClosed(tokens[n]?.lower ?? '')))
  )
    n -= 1;
  if (n < i - 1 && !objectNext && (isAdjective(before.lower) || DETERMINERS.has(tokens[n]?.lower ?? ''))) return false;
  // Right after the clause's verb, only with an object after it ("repeats costs more", not "needs checks for").
  if (found.includes(i - 1) && !objectFollows(tokens, i)) return false;
  let verbInClause = false;
  for (let k = i - 1; k > 0; k -= 1) {
    const token = tokens[k];
    if (!token || token.kind === 'punct' || mains.has(k)) return false;
    if (found.includes(k)) verbInClause = true;
    if (token.kind !== 'word' || !RELATIVES.has(token.lower)) continue;
    if (!verbInClause) return false;
    const phrase = subjectPhrase(tokens, k - 1, forms);
    if (!phrase || phrase.governed) return false;
    if (flags & NOUN_FIRST && !objectFollows(tokens, i)) return false;
    return flags & S3 ? !phrase.plural || COLLECTIVE.has(tokens[k - 1]?.lower ?? '') : phrase.plural;
  }
  return false;
}

/**
 * An -s form after a gerund and its object: "Moving dashboards and alerts over sounds like months of
 * work" (not "Managing returns", where the -s word is the gerund's object).
 */
function afterGerund(tokens: readonly Token[], i: number, flags: number, found: readonly number[]): boolean {
  const first = tokens[0];
  if (!(flags & S3) || flags & NOUN_FIRST || !first?.initial || first.kind !== 'word' || i < 2) return false;
  // A verb's -ing form ("Moving", "Chasing"), not a noun in -ing ("Phishing emails").
  if (!isGerund(first.lower)) return false;
  if (found.length || tokens.slice(1, i).some((token) => token.kind === 'punct')) return false;
  // "Heating and lights run…": a noun in -ing, not a gerund with its object.
  const object = tokens[1];
  if (object?.kind === 'word' && (CONJUNCTIONS.has(object.lower) || isPreposition(object.lower))) return false;
  // "Chasing rent and repairs takes…": the verb is the next word.
  const after = englishForms().get(tokens[i + 1]?.lower ?? '') ?? 0;
  if (after & (BASE | S3) && !(after & (NOUN_TOO | NOUN_FIRST | ADJ_TOO))) return false;
  return objectFollows(tokens, i) || tokens[i + 1]?.lower === 'like';
}

/**
 * Verbs the lexicon lacks, by their ending: "digitizes", "productized", "gamifies" (not "size",
 * "prize"), and regular past forms ("reclaimed"), which still need a subject and an object.
 */
function guess(word: string): number {
  if (word.length >= 5 && /[^e]ed$/.test(word) && !isAdjective(word)) return PAST_PART;
  if (word.length < 7) return 0;
  if (/(?:ize|ify)$/.test(word)) return BASE;
  if (/(?:izes|ifies)$/.test(word)) return S3;
  return 0;
}
