import { clean, sentences, spacedWords, squash, wordCount } from '../../text.ts';
import type { Block } from '../extraction/content.ts';
import type { Lexicon } from '../lexicon/index.ts';
import { isPluralPhrase } from './phrases.ts';
import {
  answeredQuestion,
  asStatement,
  CALL_TO_ACTION,
  type Capability,
  firstClause,
  MAX_CAPABILITY_SECTIONS,
  MIN_BODY_WORDS,
  QUESTION,
  QUOTED,
  statesProblem,
  usableSentence,
} from './statements.ts';
import type { Section } from './structure.ts';

const MAX_CAPABILITIES = 12;
const CTA_SECTION =
  /^(see|book|request|schedule|get|start|try|talk|join|sign up|contact|find out|erleben|testen|vereinbaren)\b/i;
const CTA_OFFER =
  /\b(demo|trial|consultation|walkthrough|free audit|call with|termin|beratung|testversion|(connect|set up|sign up)\b.{0,40}\bin (a few|ten|five|\d+) minutes)\b/i;

function bestSentence(body: string, lex: Lexicon, companyName: string): string | undefined {
  const candidates = sentences(body).map(firstClause).filter(usableSentence);
  // What the product does, not the problem a benefit card opens with ("Compressors fail at 2 a.m.").
  const plain =
    candidates.find(
      (sentence) =>
        !/^(it|this|that|they|these|es|dies|das)\b/i.test(sentence) && !statesProblem(sentence, lex, companyName),
    ) ?? candidates.find((sentence) => !/^(it|this|that|they|these|es|dies|das)\b/i.test(sentence));
  const chosen = plain ?? candidates[0];
  return chosen ? asStatement(firstClause(chosen)) : undefined;
}

/**
 * What the product does: feature sections, lead-ins (bold, or a label before a colon or dash) and
 * definition lists, in page order; each item of a list is a capability of its own.
 */
export function capabilitiesOf(sections: Section[], companyName: string, lex: Lexicon): Capability[] {
  const found: Capability[] = [];
  const nameKey = squash(companyName);
  // Long pages repeat their cards: each body is read once.
  const read = new Map<string, string | undefined>();
  const add = (headline: string | undefined, body: string) => {
    if (found.length >= MAX_CAPABILITIES) return;
    if (!read.has(body)) read.set(body, bestSentence(body, lex, companyName));
    const sentence = read.get(body);
    if (!sentence) return;
    // The closing call to action ("See how much … Larder can take off your plate. A 30-minute demo…",
    // "See Who Owns Your Cloud Bill by Tomorrow Morning: Connect a billing account in ten minutes").
    const title = headline ? clean(headline).replace(/[.:!]+$/, '') : undefined;
    if ((CTA_SECTION.test(sentence) || CTA_SECTION.test(title ?? '')) && CTA_OFFER.test(body)) return;
    if (title && (squash(title) === nameKey || wordCount(title) > 14 || QUESTION.test(title))) return;
    // "Ihr ISMS an einem Ort: Richtlinien, Risiken, Maßnahmen und Nachweise": a summary of them all.
    if (title && (title.match(/,/g)?.length ?? 0) >= 2) return;
    if (found.some((capability) => capability.sentence === sentence)) return;
    // "What Ledgerly does", "Features": what the section is, not what the feature is called.
    const name = title && !lex.sectionLabel.test(title) ? title : undefined;
    found.push({ headline: name, sentence, text: `${name ?? ''} ${body}` });
  };
  /** An item of a list: its label, and what it does said as a sentence about it. */
  const addItem = (label: string, description: string) => add(label, withSubject(label, description, lex, companyName));
  let scanned = 0;
  for (const section of sections) {
    if (found.length >= MAX_CAPABILITIES) break;
    // The one answer under a question ("How much is your bank charging you?" → "Transparent FX
    // pricing") is a capability, whatever its own heading suggests.
    if (section.role !== 'capability' && !(section.parent && answeredQuestion(section.parent))) continue;
    // A page's capabilities are in its first few dozen sections; a very long page repeats them.
    scanned += 1;
    if (scanned > MAX_CAPABILITY_SECTIONS) break;
    // A customer's words and who said them are not what the product does.
    const said = (block: Block) => block.kind === 'quote' || QUOTED.test(block.text);
    const own = section.blocks.filter((block) => !block.lead && !said(block) && !block.attribution);
    // A bare list (steps under "How it works", fragments under "Features") is no description; a
    // stats band after it, outside the heading's container, is not part of it either.
    const inside = own.filter((block) => block.group === section.group);
    const bareList = inside.length > 0 && inside.every((block) => block.kind === 'li');
    const body = own
      .map((block) => block.text)
      .filter((text) => !CALL_TO_ACTION.test(text))
      .join(' ');
    // A section of several items (a definition list, bold lead-ins) is several capabilities, not one.
    const items = section.blocks.filter((block) => block.lead || block.kind === 'dt').length;
    // A testimonial wall (quotes and their attributions) is not a capability; one quote beside a feature is.
    const quotes = section.blocks.filter(said).length;
    const told = section.blocks.filter((block) => !block.lead && !block.attribution).length;
    const testimonials = quotes >= 2 || (quotes > 0 && quotes * 2 >= told);
    // A section of cards: its own text is an introduction, each card a capability.
    const cards = section.children.filter((child) => child.role === 'capability').length;
    const described =
      section.level >= 2 &&
      items < 2 &&
      cards < 2 &&
      !testimonials &&
      !(bareList && lex.sectionLabel.test(section.heading));
    if (described && spacedWords(body) >= MIN_BODY_WORDS)
      add(section.heading, withSubject(section.heading, body, lex, companyName));
    // Lead-ins ("<li><strong>Real-time alerts.</strong> Get notified…", "Invoice capture: reads…").
    for (const block of section.blocks) {
      if (block.lead) addItem(block.lead, block.text.slice(block.lead.length).replace(/^[\s.:–—-]+/, ''));
    }
    // Definition lists: <dt>Feature</dt><dd>What it does</dd> (the dd often wraps a paragraph).
    section.blocks.forEach((block, index) => {
      const next = section.blocks[index + 1];
      if (block.kind === 'dt' && next && (next.kind === 'dd' || next.kind === 'p') && wordCount(next.text) >= 5) {
        addItem(block.text, next.text);
      }
    });
  }
  return found;
}

/**
 * "Invoice capture: reads PDF invoices…" → "Invoice capture reads PDF invoices…": a description
 * that opens with its verb continues the label's sentence, and without the label has no subject.
 * "invoices are read…" has its own.
 */
function withSubject(label: string, description: string, lex: Lexicon, companyName: string): string {
  const [first = '', second = ''] = description.split(' ');
  const opening = first.charAt(0).toLowerCase() + first.slice(1);
  // Lower case, the description goes on from its label; capitalised ("Builds a four-week rota…",
  // a card's text under its heading), only a verb followed by what it acts on says the same:
  // "Parts lists update…" and "Carers see…" have their subjects.
  const verb =
    first === opening
      ? lex.openingVerb.test(first) && !lex.verbs.has(second.toLowerCase())
      : lex.code === 'en' && lex.openingVerb.test(opening) && ACTED_ON.test(second);
  if (!verb) return description;
  // A plural label would not agree with its verb ("Ratio checks warns…"): the company does it.
  const subject = isPluralPhrase(label, lex) && companyName ? companyName : label;
  return `${subject} ${opening}${description.slice(first.length)}`;
}

/** What follows a verb that acts on something: "Builds a…", "Warns you…", "Sends each…". */
const ACTED_ON = /^(a|an|the|your|you|every|each|all|any|its|their|them|it|what|who|when|before|up|out|back)$/i;
