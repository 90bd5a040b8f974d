import { clean, sentences, wordCount, words } from '../../text.ts';
import type { Block } from '../extraction/content.ts';
import type { BenefitRule, Lexicon } from '../lexicon/index.ts';
import {
  isMeasure,
  isNegative,
  isPluralPhrase,
  midSentence,
  objectAfter,
  objectBefore,
  subjectPhrase,
} from './phrases.ts';
import {
  answeredQuestion,
  asStatement,
  type Capability,
  firstClause,
  MAX_CAPABILITY_SECTIONS,
  type PainStatement,
  QUESTION,
  QUOTED,
  statesProblem,
  usableSentence,
  VENDOR_VOICE,
} from './statements.ts';
import { isClause, type Section, sectionText } from './structure.ts';

/**
 * The problem a question section states, from its explanation: the sentence that says what goes
 * wrong ("A currency swing in between can wipe out the profit on an entire season"), else the
 * first, else the question said as a statement.
 */
export function questionPain(section: Section, lex: Lexicon, companyName: string): PainStatement | undefined {
  const explanation = section.blocks.map((block) => block.text).join(' ');
  const candidates = sentences(explanation)
    .slice(0, 3)
    .map(firstClause)
    .filter((sentence) => usableSentence(sentence) && !VENDOR_VOICE.test(sentence) && !QUOTED.test(sentence));
  const harmful = candidates.find(
    (sentence) =>
      // "… that's £200,000 a year": a sentence leaning on the one before does not stand alone.
      (!/(^|,\s*)(that|this|it|these|those)('s|’s|\s+is|\s+are|\s+means)\b/i.test(sentence) &&
        statesProblem(sentence, lex, companyName)) ||
      (!lex.promiseMarkers.test(sentence) && words(sentence).some((word) => lex.negativeWords.has(word))),
  );
  const chosen = harmful ?? candidates[0] ?? lex.questionToStatement(section.heading);
  if (!chosen) return undefined;
  return {
    sentence: asStatement(chosen),
    phrase: undefined,
    source: 'problem',
    text: `${section.heading} ${explanation}`,
  };
}

/**
 * A paragraph under a problem heading that tells the problems: "Most managers still build rotas
 * in spreadsheets. Every sick call means an hour on the phone, agency staff cost twice as much,
 * and nobody is sure the rota is safe." Each sentence that is a statement of the reader's world,
 * and each clause of a sentence that lists them, is one. The company at work is not.
 */
function toldProblems(paragraph: string, lex: Lexicon, companyName: string): string[] {
  const told: string[] = [];
  for (const sentence of sentences(paragraph).slice(0, 4)) {
    const firstWord = companyName.split(' ')[0] ?? '';
    const company = firstWord.length >= 3 && sentence.toLowerCase().includes(firstWord.toLowerCase());
    if (company || VENDOR_VOICE.test(sentence) || QUESTION.test(sentence) || lex.promiseMarkers.test(sentence))
      continue;
    const clauses = sentence
      .replace(/[.!]+$/, '')
      .split(/,\s*(?:and\s+|or\s+|und\s+|oder\s+)?/iu)
      .map((clause) => clause.trim());
    const listed = clauses.length >= 2 && clauses.every((clause) => wordCount(clause) >= 3 && isClause(clause, lex));
    if (listed) told.push(...clauses.map((clause) => asStatement(clause)));
    else if (wordCount(sentence) <= 30 && isClause(sentence, lex)) told.push(asStatement(sentence));
  }
  return told;
}

const LISTED_BECAUSE = /\b(?:because|since|weil|da)\s+(.+?)[.!:]?$/iu;

/** The problems a sentence lists after "because": each clause that says something goes wrong. */
function listedProblems(text: string, lex: Lexicon): string[] {
  for (const sentence of sentences(text)) {
    const rest = LISTED_BECAUSE.exec(sentence)?.[1];
    if (!rest) continue;
    const clauses = rest
      .split(
        /,\s*(?:and\s+|or\s+|und\s+|oder\s+)?|\s+(?:and|und)\s+(?=(?:the|nobody|no one|you|your|they|niemand|die|der|das)\b)/iu,
      )
      .map((clause) => clause.trim())
      .filter((clause) => wordCount(clause) >= 3 && isClause(clause, lex));
    const problems = clauses.filter(
      (clause) =>
        lex.statedPainMarkers.test(clause) ||
        /\b(keeps?|kept|get|gets|got)\s+\w+(ing|ed)\b|\bnever\b/i.test(clause) ||
        words(clause).some((word) => lex.negativeWords.has(word)),
    );
    if (clauses.length >= 2 && problems.length >= 2) return problems.map((clause) => asStatement(clause));
  }
  return [];
}

/**
 * A heading that is a thing and a relative clause about it: a few words, then "that", "which",
 * "who" or the reader or writer as the clause's subject ("…you hear about too late").
 */
const RELATIVE_LABEL = /^[\p{L}\p{N}'’-]+(?:\s+[\p{L}\p{N}'’-]+){0,3}?\s+(?:that|which|who|you|we)\s+\S/iu;

/**
 * The page's own problem statements: the items of a problem section, and pains asked as
 * questions ("Still keying invoices by hand?"), each as a sentence and, where the subject is a
 * specific bad thing, a short form.
 */
export function problemStatements(
  sections: Section[],
  lex: Lexicon,
  proper: Set<string>,
  companyName: string,
): PainStatement[] {
  const found: PainStatement[] = [];
  const add = (raw: string, detail?: string) => {
    if (found.length >= 8) return;
    // A quoted question inside a statement ("“Where is my order?” tickets…") keeps its words, not
    // its question mark: an email may hold one question, its ask.
    let text = clean(raw).replace(/\?(["”“»’])/g, '$1');
    if (!text || VENDOR_VOICE.test(text) || wordCount(text) > 40) return;
    if (QUESTION.test(text)) {
      // "Still keying invoices by hand?" → a statement; "Month-end waiting on AP accruals?" → a label.
      const statement = lex.questionToStatement(text);
      if (statement) text = statement;
      else if (!isClause(text.replace(/\?+$/, ''), lex)) text = text.replace(/\?+$/, '');
      else return;
    }
    const first = sentences(text)[0] ?? text;
    const explained = detail ? sentences(detail).find(usableSentence) : undefined;
    // A label ("Manual data entry", "Alert fatigue") rather than a statement ("Reps discount too early").
    const short = !isClause(first, lex) && !/[.!]$/.test(first);
    // "Promotions that never reach the shelf", "Out-of-stocks you hear about too late": a thing and
    // what is wrong with it, said as a heading. Its explanation says it as a sentence.
    const described = !short && !/[.!]$/.test(first) && RELATIVE_LABEL.test(first) && explained !== undefined;
    let sentence: string;
    let phrase: string | undefined;
    if (described && explained && !VENDOR_VOICE.test(explained)) {
      sentence = asStatement(firstClause(explained));
      phrase = wordCount(first) <= 5 ? first : undefined;
    } else if (short) {
      // A heading-like item ("Manual data entry"): its short form is itself.
      phrase = first;
      sentence =
        explained && !VENDOR_VOICE.test(explained)
          ? asStatement(firstClause(explained))
          : lex.sentenceFromPhrase(midSentence(first, lex, proper), isPluralPhrase(first, lex));
    } else {
      sentence = asStatement(firstClause(first));
      const subject = subjectPhrase(first, lex);
      phrase = subject && isNegative(subject, lex) ? subject : undefined;
    }
    if (wordCount(sentence) < 3 || found.some((pain) => pain.sentence === sentence)) return;
    found.push({
      sentence,
      phrase: phrase ? midSentence(phrase, lex, proper) : undefined,
      source: 'problem',
      text: `${raw} ${detail ?? ''}`,
    });
  };
  for (const section of sections) {
    // A problem card is read with its list (below), not as a list of its own.
    if (section.role !== 'problem' || section.parent?.role === 'problem') continue;
    const items = section.blocks.filter((block) => block.kind === 'li' || block.kind === 'dt');
    const paragraphs = section.blocks.filter(
      (block) => (block.kind === 'p' || block.kind === 'text') && !/:\s*$/.test(block.text),
    );
    if (items.length) {
      for (const item of items) {
        // A term of a definition list is explained by the definition after it.
        const next = section.blocks[section.blocks.indexOf(item) + 1];
        const detail = item.kind === 'dt' && (next?.kind === 'dd' || next?.kind === 'p') ? next.text : undefined;
        add(customerVoice(item.text, lex), detail);
      }
    } else if (section.children.length === 0) {
      // Cards of a short statement and its explanation: "No-shows leave pick lines understaffed." + "A 6 a.m. call-out…".
      for (let index = 0; index < paragraphs.length; index += 1) {
        const text = (paragraphs[index] as Block).text;
        const next = paragraphs[index + 1]?.text;
        const told = toldProblems(text, lex, companyName);
        if (wordCount(text) <= 12 && next && wordCount(next) > 12) {
          add(text, next);
          index += 1;
        } else if (wordCount(text) <= 30 && told.length < 2) {
          add(text);
        } else {
          for (const problem of told) add(problem);
        }
      }
    }
    for (const child of section.children) add(customerVoice(child.heading, lex), sectionText(child));
  }
  // "They're calling because the crew keeps changing, the same things get missed every week, and
  // nobody answers the phone": problems listed in a section's opening paragraph, one pain each.
  // Said near the top, like the rest of a page's pitch: a very long page is not read to its end.
  for (const section of sections.slice(0, MAX_CAPABILITY_SECTIONS)) {
    if (section.role !== 'capability' && section.role !== 'problem') continue;
    const opening = section.blocks.filter((block) => block.kind === 'p' && !block.lead).slice(0, 2);
    for (const block of opening) for (const clause of listedProblems(block.text, lex)) add(clause);
  }
  for (const section of sections) {
    // Pains asked as questions in headings anywhere ("Still reconciling in spreadsheets?").
    if ((section.role === 'problem' || section.role === 'capability') && !answeredQuestion(section)) {
      if (QUESTION.test(section.heading) && lex.questionToStatement(section.heading)) add(section.heading);
    }
  }
  return found;
}

/**
 * "We key invoices in by hand": in a list of problems, "we" is the customer speaking, told back to
 * the reader ("You key invoices in by hand"); elsewhere it is the company, and left out.
 */
function customerVoice(text: string, lex: Lexicon): string {
  const told = lex.toSecondPerson(text);
  return told ? told.charAt(0).toLocaleUpperCase() + told.slice(1) : text;
}

/** The pain a capability answers, read back from the benefit it claims ("Cut fuel costs" → "Fuel costs are higher…"). */
export function benefitPain(capability: Capability, lex: Lexicon, proper: Set<string>): PainStatement | undefined {
  const texts = [
    capability.headline ?? '',
    ...sentences(capability.text.slice((capability.headline ?? '').length)).slice(0, 3),
  ];
  let best: { rule: BenefitRule; object: string; score: number } | undefined;
  texts.forEach((raw, order) => {
    const text = clean(raw);
    if (!text) return;
    for (const rule of lex.benefitRules) {
      if (rule.headlineOnly && order > 0) continue;
      rule.pattern.lastIndex = 0;
      for (const match of text.matchAll(rule.pattern)) {
        const index = match.index ?? 0;
        // A capitalised verb inside a heading is a noun ("Pipeline & Forecast Discipline"), and so is
        // one after an article ("when a stop runs late").
        if (index > 0 && rule.objectSide === 'after' && /^\s*\p{Lu}/u.test(match[0])) continue;
        const previous = text.slice(0, index).trim().split(' ').at(-1)?.toLowerCase() ?? '';
        if (rule.objectSide === 'after' && lex.determiners.has(previous)) continue;
        const object =
          rule.objectSide === 'after'
            ? objectAfter(text.slice(index + match[0].length), lex)
            : objectBefore(text.slice(0, index), lex);
        if (!object) continue;
        const harmful =
          isNegative(object, lex) || (rule.acceptsReducible && isNegative(object, lex, lex.reducibleWords));
        if (rule.needsNegativeObject && !harmful) continue;
        if (rule.needsMeasure && !isMeasure(object, lex)) continue;
        // The verb a headline opens with is its claim ("Improve forecast accuracy" is not about forecasting).
        const opening = index === 0 || rule.objectSide === 'before' ? 0 : 5;
        const score = opening + rule.priority + order * 3 + index / 40;
        if (!best || score < best.score) best = { rule, object, score };
      }
    }
  });
  if (!best) return undefined;
  const object = midSentence(best.object, lex, proper);
  const plural = isPluralPhrase(object, lex);
  // "Eliminate manual invoice matching": the work is done by hand, whatever the verb.
  const manual = /^(manual|manuelle[nrs]?)\s+(.+)$/iu.exec(object);
  const automate = lex.benefitRules.find((rule) => /automat/.test(rule.pattern.source));
  if (manual?.[2] && automate) {
    return {
      sentence: automate.sentence(manual[2], isPluralPhrase(manual[2], lex)),
      phrase: object,
      source: 'benefit',
      text: capability.text,
    };
  }
  return {
    sentence: best.rule.sentence(object, plural),
    phrase: best.rule.phrase(object, plural),
    source: 'benefit',
    text: capability.text,
  };
}

/**
 * A problem the page states inside a benefit's text: "Never lose a walk-in full of inventory
 * again" explained by "Compressors fail at 2 a.m. and doors get left ajar on Friday nights." The
 * reader's situation in the page's words, rather than one read back from the benefit's verb.
 */
export function statedPain(capability: Capability, lex: Lexicon, companyName: string): PainStatement | undefined {
  const body = capability.headline
    ? capability.text.slice(capability.text.indexOf(capability.headline) + capability.headline.length)
    : capability.text;
  for (const sentence of sentences(body).slice(0, 3)) {
    const text = firstClause(sentence);
    if (!usableSentence(text) || wordCount(text) > 25 || QUOTED.test(text)) continue;
    if (asStatement(text) === capability.sentence) continue;
    if (!statesProblem(text, lex, companyName) || /\d\s*%/.test(text)) continue;
    return { sentence: asStatement(text), phrase: undefined, source: 'problem', text: capability.text };
  }
  return undefined;
}

/**
 * A pain the page only implies: a bad thing named in what the product does ("We work every denied
 * claim until it is paid" → "denied claims").
 */
export function implicitPain(capability: Capability, lex: Lexicon, proper: Set<string>): PainStatement | undefined {
  // The body, not the headline: "Denial management" names the service, "every denied claim" the problem.
  const body = capability.headline
    ? capability.text.slice(capability.text.indexOf(capability.headline) + capability.headline.length)
    : capability.text;
  const tokens = clean(body)
    .split(' ')
    .map((token) => token.replace(/[^\p{L}\p{N}'’/-]/gu, ''));
  const isWord = (token: string | undefined) =>
    Boolean(token) &&
    /^\p{L}[\p{L}'’/-]{2,}$/u.test(token as string) &&
    !lex.phraseBreakers.has((token as string).toLowerCase());
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as string;
    const word = token.toLowerCase();
    if (!lex.negativeWords.has(word) || lex.stopwords.has(word)) continue;
    let parts: string[];
    if (NOUN_LIKE.test(word) || lex.singularNouns.has(word)) {
      // A bad thing itself ("cancellations", "downtime"), with one modifier before it ("aged balances").
      const before = tokens[index - 1];
      // "aged balances", not "saved scrap" (a participle before a noun is what was done to it).
      parts =
        isWord(before) &&
        !lex.negativeWords.has((before as string).toLowerCase()) &&
        /^\p{Ll}/u.test(before as string) &&
        !/ed$/.test(before as string)
          ? [before as string, token]
          : [token];
    } else {
      // A bad quality of something ("denied claim", "manual data entry").
      const next = tokens[index + 1];
      if (!isWord(next)) continue;
      const counted = /^(every|each|any|a|an|jede[nrs]?)$/i.test(tokens[index - 1] ?? '');
      const noun = counted && lex.code === 'en' && !/s$/.test(next as string) ? `${next}s` : (next as string);
      parts = [token, noun];
    }
    const phrase = midSentence(parts.join(' '), lex, proper);
    if (phrase.length < 5) continue;
    return {
      sentence: lex.sentenceFromPhrase(phrase, isPluralPhrase(phrase, lex)),
      phrase,
      source: 'implicit',
      text: capability.text,
    };
  }
  return undefined;
}

/** Negative words that are nouns (plural, or mass nouns like "downtime"); the rest qualify a noun. */
const NOUN_LIKE =
  /(s|time|work|waste|scrap|fraud|churn|risk|chaos|backlog|overhead|friction|guesswork|paperwork|admin|toil|debt|latency|noise|spam|burnout|attrition|shrinkage|leakage|exposure|liability|entry)$/;
