import type { WritingLanguage } from '@seqgen/proto';
import { escapeRegExp } from '../../match.ts';
import { clean, sentences } from '../../text.ts';

/**
 * The user's "additional context", read as a colleague would read a note: facts and events are
 * woven into the emails (with the pronouns turned to the reader: "I met their team" → "I met your
 * team"), writing instructions are obeyed where recognised ("keep it short", "mention X", "don't
 * mention pricing", "more formal", "in German") and never pasted into an email.
 */
export interface ReaderContext {
  /** Sentences to weave in, each with where it belongs. */
  facts: Fact[];
  /** What the user asked to mention: a sentence ready for a body, or a thing to name (the writer frames it). */
  mentions: { text: string; form: 'sentence' | 'phrase' }[];
  /** Words and topics to leave out (lower case). */
  avoid: string[];
  length: 'short' | 'normal' | 'long';
  /** A register the user asked for, overriding the slider's band by one step. */
  formality: 'more' | 'less' | undefined;
  /** A language the user asked for in words ("write in German"). */
  language: WritingLanguage | undefined;
}

export interface Fact {
  /** event: a meeting, conference or news worth opening with; offer: a trial, pilot, discount; note: anything else. */
  kind: 'event' | 'offer' | 'note';
  sentence: string;
}

const EVENT =
  /\b(met|meet|meeting|conference|summit|expo|event|webinar|trade ?show|booth|fair|messe|konferenz|getroffen|treffen|raised|funding|series [a-e]|acquired|acquisition|hiring|expanding|expansion|opening|opened|launch(ed|ing)?|announce[ds]?|new (site|office|warehouse|plant|location))\b/i;
const OFFER =
  /\b(free|trial|pilot|discount|% off|offer(ing)?|complimentary|no[- ]cost|assessment|audit|consultation|credit|kostenlos|gratis|rabatt|testphase|angebot|pilotprojekt)\b/i;

interface Patterns {
  instruction: RegExp;
  shorter: RegExp;
  longer: RegExp;
  formal: RegExp;
  casual: RegExp;
  language: [RegExp, WritingLanguage][];
  mention: RegExp;
  avoid: RegExp;
}

const PATTERNS: Patterns = {
  // Addressed to the writer: an imperative, "please …", or "the emails should …".
  instruction:
    /^(please\s+|pls\s+|bitte\s+)?(keep|make|use|write|avoid|don'?t|do not|never|no|be|mention|highlight|emphasi[sz]e|include|reference|talk about|focus on|stress|point out|add|sign|address|lead with|open with|start with|end with|skip|leave out|sound|tone|translate|halte|halten|schreib|schreiben|erwähne|erwähnen|nenne|nennen|betone|betonen|vermeide|vermeiden|lass|lassen|keine|kein|sei|seien|formuliere|formulieren)\b|\b(the )?(emails?|sequence|copy|messages?|e-mails?|mails?|texte?)\s+(should|must|need to|sollten?|müssen)\b/i,
  shorter: /\b(short|shorter|brief|briefer|concise|punchy|to the point|fewer words|kurz|kürzer|knapp|knapper)\b/i,
  longer: /\b(longer|more detail(ed)?|detailed|elaborate|ausführlich(er)?|länger)\b/i,
  formal: /\b(more formal|formal|professional|förmlich(er)?|formeller|seriös(er)?)\b/i,
  casual: /\b(casual|relaxed|informal|friendly|conversational|locker(er)?|lässig(er)?|informell(er)?|du-form|duzen)\b/i,
  language: [
    [/\b(in|auf)\s+(german|deutsch)\b/i, 'de'],
    [/\b(in|auf)\s+(english|englisch)\b/i, 'en'],
    [/\b(in|auf)\s+(french|französisch)\b/i, 'fr'],
    [/\b(in|auf)\s+(spanish|spanisch)\b/i, 'es'],
  ],
  mention:
    /^(?:please\s+|bitte\s+)?(?:mention|highlight|emphasi[sz]e|include|reference|talk about|focus on|stress|point out|note|say|erwähne|erwähnen sie|nenne|nennen sie|betone|betonen sie)\s+(?:that\s+|dass\s+)?(.+)$/i,
  avoid:
    /^(?:please\s+|bitte\s+)?(?:avoid|don'?t mention|do not mention|never mention|don'?t talk about|do not talk about|don'?t use|do not use|no|skip|leave out|vermeide|vermeiden sie|erwähne nicht|nicht erwähnen|keine|kein)\s+(?:mentioning\s+|talking about\s+|the words?\s+|any\s+)?(.+?)(?:\s+(?:erwähnen|nennen))?$/i,
};

/** "their team" → "your team": a fact about the reader, said to the reader. */
export function toReader(sentence: string, prospect: string | undefined): string {
  let text = ` ${sentence} `;
  if (prospect) {
    const name = escapeRegExp(prospect);
    text = text
      .replace(new RegExp(`\\b${name}[’']s\\b`, 'g'), 'your')
      .replace(new RegExp(`\\bthe ${name} team\\b`, 'g'), 'your team')
      .replace(new RegExp(`\\b${name}\\b`, 'g'), 'you');
  }
  return text
    .replace(/\bthey're\b/g, "you're")
    .replace(/\bthey've\b/g, "you've")
    .replace(/\bthey'll\b/g, "you'll")
    .replace(/\bthey'd\b/g, "you'd")
    .replace(/\bthemselves\b/g, 'yourselves')
    .replace(/\btheirs\b/g, 'yours')
    .replace(/\btheir\b/g, 'your')
    .replace(/\bthem\b/g, 'you')
    .replace(/\bthey\b/g, 'you')
    .replace(
      /\b(he|she) (is|was|has)\b/g,
      (_m, _p, verb: string) => `you ${verb === 'is' ? 'are' : verb === 'was' ? 'were' : 'have'}`,
    )
    .replace(/\b(?:his|her) (?=[\p{L}])/gu, 'your ')
    .replace(/\b(?:him|her)\b/g, 'you')
    .replace(/\b(?:he|she)\b/g, 'you')
    .replace(/\bihr(e|en|em|er)? (?=\p{Lu})/gu, (match) => match.charAt(0).toUpperCase() + match.slice(1))
    .replace(/\bsie (haben|sind|planen|suchen|eröffnen|wachsen|stellen)\b/g, 'Sie $1')
    .replace(/\bThey're\b/g, "You're")
    .replace(/\bTheir\b/g, 'Your')
    .replace(/\bThey\b/g, 'You')
    .replace(
      /\b(He|She) (is|was|has)\b/g,
      (_m, _p, verb: string) => `You ${verb === 'is' ? 'are' : verb === 'was' ? 'were' : 'have'}`,
    )
    .replace(/\b(?:His|Her) (?=[\p{L}])/gu, 'Your ')
    .replace(/\b(?:He|She)\b/g, 'You')
    .replace(/^ | $/g, '')
    .replace(/^you\b/, 'You');
}

const asSentence = (text: string) => {
  const value = clean(text).replace(/[,;:\s]+$/, '');
  if (!value) return value;
  const capitalised = value.charAt(0).toUpperCase() + value.slice(1);
  return /[.!]$/.test(capitalised) ? capitalised : `${capitalised}.`;
};

/** Reads the user's context. `prospect` turns "Acme's team" into "your team". */
export function readContext(raw: string, prospect: string | undefined): ReaderContext {
  const context: ReaderContext = {
    facts: [],
    mentions: [],
    avoid: [],
    length: 'normal',
    formality: undefined,
    language: undefined,
  };
  for (const part of sentences(clean(raw)).flatMap((sentence) =>
    sentence.split(/\s*;\s*|\s+\band\b\s+(?=(?:please|keep|make|don'?t|do not|avoid|mention)\b)/i),
  )) {
    const text = clean(part).replace(/[.!]+$/, '');
    if (!text) continue;
    // "Bitte kurz halten", "Formal, please": a request about the writing, however it is phrased.
    const aboutStyle =
      text.split(' ').length <= 6 &&
      [PATTERNS.shorter, PATTERNS.longer, PATTERNS.formal, PATTERNS.casual].some((pattern) => pattern.test(text));
    if (PATTERNS.instruction.test(text) || /^(please|pls|bitte)\b/i.test(text) || aboutStyle || /\?$/.test(text)) {
      readInstruction(text, context, prospect);
      continue;
    }
    const sentence = asSentence(toReader(text, prospect));
    if (!sentence || /\?$/.test(sentence)) continue;
    const kind: Fact['kind'] = OFFER.test(sentence) ? 'offer' : EVENT.test(sentence) ? 'event' : 'note';
    context.facts.push({ kind, sentence });
  }
  return context;
}

function readInstruction(text: string, context: ReaderContext, prospect: string | undefined): void {
  if (PATTERNS.shorter.test(text)) context.length = 'short';
  else if (PATTERNS.longer.test(text)) context.length = 'long';
  if (PATTERNS.casual.test(text)) context.formality = 'less';
  else if (PATTERNS.formal.test(text)) context.formality = 'more';
  for (const [pattern, language] of PATTERNS.language) if (pattern.test(text)) context.language = language;
  const avoid = PATTERNS.avoid.exec(text);
  if (avoid?.[1] && !PATTERNS.shorter.test(text)) {
    for (const term of avoid[1].split(/\s*,\s*|\s+(?:or|and|oder|und)\s+/)) {
      const word = clean(term)
        .replace(/^(the|any|our|die|der|das|unsere?n?)\s+/i, '')
        .toLowerCase();
      if (word.length >= 3 && !/^(jargon|emojis?|exclamation( marks?)?|buzzwords?|fluff)$/.test(word))
        context.avoid.push(word);
    }
    return;
  }
  const mention = PATTERNS.mention.exec(text);
  if (mention?.[1]) {
    const subject = toReader(mention[1], prospect);
    // "that we integrate with Epic" is a clause; "our SOC 2 report" a thing to name.
    const clause =
      /^(we|we're|we've|it|it's|they|there|you|i|wir|es|sie)\b/i.test(subject) ||
      /\b(is|are|has|have|can|will|ist|sind|hat|haben|kann)\b/i.test(subject);
    context.mentions.push(
      clause
        ? { text: asSentence(subject), form: 'sentence' }
        : { text: clean(subject).replace(/[.!]+$/, ''), form: 'phrase' },
    );
  }
}
