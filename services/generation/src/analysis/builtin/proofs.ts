import type { ProofPoint } from '@seqgen/proto';
import { clean, saysName, sentences, squash, truncate, wordCount } from '../../text.ts';
import type { PageContent } from '../extraction/content.ts';
import type { Lexicon } from '../lexicon/index.ts';
import { withoutLegalForm } from './company.ts';
import { openingNames, QUANTITY, readsAsBeforeAfter } from './comparisons.ts';
import { assign, type Topic, topicOf } from './pairing.ts';
import { asStatement, type Capability } from './statements.ts';
import { type Section, sectionText, type Testimonial } from './structure.ts';

/**
 * Proof: results named customers reached and what they said, each credited to its customer (from
 * evidence: a story's heading, an "X cut Y by Z%" sentence, a quote's attribution, a logo) and to
 * the capability that produced it when the story says which.
 */

export interface Attribution {
  person: string | undefined;
  title: string | undefined;
  company: string | undefined;
}

const MAX_PROOFS = 8;
const MAX_STORY_SECTIONS = 300;
/** Capitalised words (names keep "&", "3PL", "Co."), up to five, as in "Tidewater 3PL" or "Park & Liu LLP". */
const NAME_TOKEN = /^(?:[\p{Lu}\p{N}][\p{L}\p{N}&.'’-]*|&|of|de|und|and|von|the)$/u;
const JOINERS = /^(&|of|de|und|and|von|the)$/i;

/** The customer a result sentence credits: the capitalised run right before its result verb. */
export function customerBeforeVerb(sentence: string, lex: Lexicon, vendor: string): string | undefined {
  const match = lex.resultVerbs.exec(sentence);
  if (!match || match.index === undefined) return undefined;
  const before = sentence.slice(0, match.index).trim();
  const tokens = before.split(/\s+/);
  const run: string[] = [];
  for (let i = tokens.length - 1; i >= 0 && run.length < 6; i -= 1) {
    const token = tokens[i] as string;
    // A comma or a clause ends the name: "After rolling out Stockline, Brightmart cut…"
    if (/[,;:)]$/.test(token) && run.length) break;
    const bare = token.replace(/[,;:()"“”]+$/g, '').replace(/^[("“]+/, '');
    if (!NAME_TOKEN.test(bare)) break;
    run.unshift(bare);
  }
  // "How Globex Foods cut…": a leading "How" or "After" is not part of the name.
  while (run.length && (JOINERS.test(run[0] as string) || lex.notNames.has((run[0] as string).toLowerCase())))
    run.shift();
  // German: "Die Brenner Maschinenbau GmbH hat … gesenkt" — the name sits after the article.
  if (lex.code === 'de' && run.length === 0) {
    const german =
      /^(?:die|der|das)?\s*((?:(?:\p{Lu}[\p{L}\p{N}&.'’-]*|&)\s?){1,5}?)\s+(?:hat|konnte|senkte|steigerte|reduzierte|verkürzte|spart|sparte|halbierte|erzielte)\b/iu.exec(
        sentence,
      );
    if (german?.[1]) return validName(german[1], lex, vendor);
  }
  return validName(run.join(' '), lex, vendor);
}

export function validName(raw: string | undefined, lex: Lexicon, vendor: string): string | undefined {
  const name = clean(raw)
    .replace(/[’']s$/, '')
    .replace(/^(the|die|der|das)\s+/i, '')
    .replace(/\s+(&|and|und|of)$/i, '');
  if (name.length < 2 || name.length > 60 || wordCount(name) > 6) return undefined;
  const first = (name.split(' ')[0] ?? '').toLowerCase();
  if (lex.notNames.has(first) || lex.notNames.has(name.toLowerCase())) return undefined;
  // "AEs", "Medizintechnik-Kunden": plural acronyms and common nouns, not companies.
  const parts = name.split(/[\s-]+/);
  if (parts.some((part) => /^\p{Lu}{2,}s$/u.test(part) || (parts.length > 1 && lex.notNames.has(part.toLowerCase())))) {
    return undefined;
  }
  if (!/^[\p{Lu}\p{N}]/u.test(name)) return undefined;
  // Every word of a name is capitalised (or a joiner): "0 zones frozen for counts" is a statistic.
  if (!name.split(' ').every((word) => (/^[\p{Lu}\p{N}&]/u.test(word) && !/^\d+$/.test(word)) || JOINERS.test(word))) {
    return undefined;
  }
  const key = squash(name);
  const vendorKey = squash(vendor);
  if (!key || key === vendorKey || (vendorKey.length >= 4 && key.startsWith(vendorKey))) return undefined;
  return name;
}

/** "Renee Alvarez, Inventory Control Manager, Tidewater 3PL" → person, title, company. */
export function parseAttribution(text: string, lex: Lexicon, vendor: string): Attribution {
  const value = clean(text).replace(/^[—–~-]+\s*/, '');
  const parts = value
    .split(/\s*,\s*|\s+(?:at|bei|@)\s+|\s+[|·—–]\s+/)
    .map((part) => part.replace(/^[—–~-]+\s*/, ''))
    .filter(Boolean);
  let person: string | undefined;
  let title: string | undefined;
  let company: string | undefined;
  if (parts.length >= 2) {
    const [first = '', second = '', ...rest] = parts;
    const tokens = first.split(' ');
    const nameThenRole =
      tokens.length >= 3 && !isRole(tokens.slice(0, 2).join(' '), lex) && isRole(tokens.slice(2).join(' '), lex);
    if (nameThenRole) {
      // "Renee Alvarez Inventory Control Manager, Tidewater 3PL": name and title in one part.
      person = tokens.slice(0, 2).join(' ');
      title = tokens.slice(2).join(' ');
      company = second;
    } else if (isRole(second, lex)) {
      person = first;
      title = second;
      // "…, Osteria Bellini, Sacramento": what follows the company is where it is.
      company = rest[0];
    } else if (isRole(first, lex)) {
      title = first;
      company = second;
    } else if (/^\p{Lu}\p{Ll}+(?:\s\p{Lu}\.?)?\s\p{Lu}[\p{Ll}'’-]+$/u.test(first)) {
      person = first;
      company = second;
    }
  } else if (parts[0]) {
    person = parts[0];
  }
  return {
    person: person && wordCount(person) <= 4 ? person : undefined,
    title: title && wordCount(title) <= 7 ? title : undefined,
    company: validName(company, lex, vendor),
  };
}

/**
 * Who said a testimonial. An attribution tied to its quote only by its place ("Harlow Foods,
 * Brixton Dental" under a quote) must name a role to count: two capitalised names read as a
 * person and a company otherwise.
 */
export function attributionOf(testimonial: Testimonial, lex: Lexicon, vendor: string): Attribution {
  const who = parseAttribution(testimonial.attribution, lex, vendor);
  if (testimonial.tie === 'position' && !who.title) return { person: undefined, title: undefined, company: undefined };
  return who;
}

export function isRole(text: string, lex: Lexicon): boolean {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\s&-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length || words.length > 8) return false;
  if (words.some((word) => lex.roleHeads.has(word))) return true;
  if (lex.code === 'de')
    return words.some((word) =>
      /(leiter(in)?|leitung|planer(in)?|manager(in)?|führer(in)?|inhaber(in)?|beauftragte[r]?|verantwortliche[r]?)$/.test(
        word,
      ),
    );
  return /\b(vice president|head of)\b/.test(words.join(' '));
}

/** Where a result sentence sits: what names its customer besides the sentence itself. */
interface ResultPlace {
  /** The customer the story's heading or card names. */
  fallback?: string | undefined;
  /** The sentence is a story's heading. */
  heading?: boolean;
  /** The customer a "Customer: result" heading names. */
  labelled?: string | undefined;
  /** The sentence sits in a customer story (a story section, the case-studies page). */
  story?: boolean;
}

interface StoryCandidate {
  customer: string;
  result: string;
  person?: string | undefined;
  quote: boolean;
  /** The story's text, for crediting a capability. */
  context: string;
}

/** A proof point and the capability (by index) its story is about, if clearly one. */
export interface CreditedProof {
  proof: ProofPoint;
  capability: number | undefined;
}

/** Results and quotes credited to their customers, strongest first, one result per customer. */
export function proofPointsOf(
  pages: { company: PageContent; caseStudies?: PageContent | undefined },
  sections: { company: Section[]; caseStudies: Section[] },
  testimonials: Testimonial[],
  capabilities: Capability[],
  lex: Lexicon,
  vendor: string,
): CreditedProof[] {
  const candidates: StoryCandidate[] = [];
  const seen = new Set<string>();
  // Stories sit on the case-studies page and near the top of the home page; past that, repetition.
  const storySections = [...sections.caseStudies, ...sections.company].slice(0, MAX_STORY_SECTIONS);
  const evidence = evidencedNames(pages, storySections, testimonials, lex, vendor);
  const caseStudySections = new Set(sections.caseStudies);
  const logos = new Set([pages.company, pages.caseStudies].flatMap((page) => page?.logoNames ?? []).map(squash));
  const addResult = (sentence: string, context: string, where: ResultPlace = {}) => {
    if (wordCount(sentence) > 40) return;
    const verb = QUANTITY.test(sentence) && lex.resultVerbs.test(sentence);
    const comparison = !verb && readsAsBeforeAfter(sentence, lex);
    if (!verb && !comparison) return;
    // "Lorenz & Söhne Spedition: Audit-Vorbereitung in 3 statt 15 Tagen" is the story's result only
    // when its sentences state none (below), as any "Customer: result" heading without a verb.
    if (comparison && where.heading && where.labelled) return;
    // "Rehbein Haustechnik: …, Fluktuation halbiert": the label names the customer, not the word before the verb.
    const named =
      where.labelled ??
      (verb
        ? customerBeforeVerb(sentence, lex, vendor)
        : openingNames(sentence)
            .map((name) => validName(name, lex, vendor))
            .find(Boolean));
    // A one-word name in running text needs evidence elsewhere (a logo, a story, a quote); a
    // comparison's opening words ("Field Techs now…") name a customer only in a story or with evidence.
    const evidenced = named !== undefined && evidence.has(squash(named));
    const trusted = verb
      ? named && (where.heading || named.includes(' ') || evidenced)
      : named && (evidenced || (named.includes(' ') && where.story));
    const customer = (trusted ? named : undefined) ?? where.fallback;
    if (!customer) return;
    const key = `${squash(customer)}:${squash(sentence)}`;
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push({ customer, result: asStatement(sentence.replace(/^(how|wie)\s+/i, '')), quote: false, context });
  };
  // Case-study sections: the heading is the headline result; the body may hold more.
  for (const section of storySections) {
    const body = sectionText(section);
    const context = `${section.heading} ${body}`;
    const story = section.role === 'story' || caseStudySections.has(section);
    // "Lorenz & Söhne Spedition: Audit-Vorbereitung in 3 statt 15 Tagen": customer, then result.
    const colon = /^([^:]{2,60}):\s+(.+)$/u.exec(section.heading);
    if (colon?.[2] && !QUANTITY.test(colon[2])) colon.length = 0;
    // "Customer: result" headings are short; a row of statistics after a colon is not a result.
    if (colon?.[2] && wordCount(colon[2]) > 12) colon.length = 0;
    const colonCustomer = colon ? validName(colon[1], lex, vendor) : undefined;
    const headlineCustomer = customerBeforeVerb(section.heading, lex, vendor) ?? colonCustomer;
    const cardCustomer = story ? cardCustomerOf(section, body, logos, lex, vendor) : undefined;
    // A card's result is about what the card says, not about the quote that follows the cards.
    const cardContext = `${section.heading} ${section.blocks
      .filter((block) => block.group === section.group)
      .map((block) => block.text)
      .join(' ')}`;
    const before = candidates.length;
    addResult(section.heading, context, { heading: true, labelled: colonCustomer, story });
    // Sentence by sentence within each block: a row of statistics without full stops must not run into the story.
    for (const block of section.blocks) {
      // Past the card's own container (a quote or a stats band after the cards) its heading names no one.
      const inCard = block.group === section.group;
      const fallback = headlineCustomer ?? (inCard ? cardCustomer : undefined);
      const told = cardCustomer && inCard ? cardContext : context;
      for (const sentence of sentences(block.text)) addResult(sentence, told, { fallback, story });
    }
    // The heading itself is the result only when the story states none in a sentence.
    if (colonCustomer && candidates.length === before) {
      const key = `${squash(colonCustomer)}:${squash(section.heading)}`;
      if (!seen.has(key)) {
        seen.add(key);
        candidates.push({ customer: colonCustomer, result: asStatement(section.heading), quote: false, context });
      }
    }
  }
  for (const testimonial of testimonials) {
    const who = attributionOf(testimonial, lex, vendor);
    if (!who.company) continue;
    const person = [who.person, who.title].filter(Boolean).join(', ') || undefined;
    const quote = truncate(testimonial.quote.replace(/^["“„]|["”“]$/g, ''), 300);
    if (wordCount(quote) < 5 || /\?/.test(quote)) continue;
    candidates.push({
      customer: who.company,
      result: asStatement(quote),
      person,
      quote: true,
      context: testimonial.quote,
    });
  }
  // Results first, then quotes; one result and one quote per customer.
  const chosen: StoryCandidate[] = [];
  for (const wantQuote of [false, true]) {
    for (const candidate of candidates) {
      if (candidate.quote !== wantQuote || chosen.length >= MAX_PROOFS) continue;
      if (chosen.some((other) => sameCustomer(other.customer, candidate.customer) && other.quote === wantQuote))
        continue;
      chosen.push(candidate);
    }
  }
  const storyTopics: Topic[] = chosen.map((candidate) => topicOf(candidate.context, lex));
  const capabilityTopics = capabilities.map((capability) => topicOf(capability.text, lex));
  // A story that names a capability ("…after switching to Rostra shift fill") is credited to it;
  // any other to the capability it is most about, if clearly any. Several stories may share one.
  const named = chosen.map((candidate) =>
    capabilities.findIndex(
      (capability) => capability.headline && saysName(`${candidate.result} ${candidate.context}`, capability.headline),
    ),
  );
  const credited = chosen.map((_, index) =>
    (named[index] ?? -1) >= 0 ? named[index] : assign([storyTopics[index] as Topic], capabilityTopics, 1.2)[0],
  );
  return chosen.map((candidate, index) => {
    const proof: ProofPoint = { customer: candidate.customer, result: candidate.result };
    if (candidate.quote) proof.quote = true;
    if (candidate.person) proof.person = candidate.person;
    return { proof, capability: credited[index] };
  });
}

/**
 * A story card headed by its customer's name alone ("Copperline Plumbing"): what the card says is
 * theirs. A one-word heading ("Invoicing", "Brightmart") is a name only when the card's text or a
 * logo names it too.
 */
function cardCustomerOf(
  section: Section,
  body: string,
  logos: Set<string>,
  lex: Lexicon,
  vendor: string,
): string | undefined {
  if (wordCount(section.heading) > 5) return undefined;
  const name = validName(section.heading, lex, vendor);
  if (!name || name.includes(' ') || body.includes(name) || logos.has(squash(name))) return name;
  return undefined;
}

/** Names the pages show as customers: logos, short story headings ("Brightmart"), the companies quoted. */
function evidencedNames(
  pages: { company: PageContent; caseStudies?: PageContent | undefined },
  sections: Section[],
  testimonials: Testimonial[],
  lex: Lexicon,
  vendor: string,
): Set<string> {
  const names = new Set<string>();
  for (const page of [pages.company, pages.caseStudies])
    for (const name of page?.logoNames ?? []) names.add(squash(name));
  for (const section of sections) {
    const heading = validName(section.heading, lex, vendor);
    if (heading && wordCount(heading) <= 4) names.add(squash(heading));
    const named = customerBeforeVerb(section.heading, lex, vendor);
    if (named) names.add(squash(named));
  }
  for (const testimonial of testimonials) {
    const company = attributionOf(testimonial, lex, vendor).company;
    if (company) names.add(squash(company));
  }
  return names;
}

/** "Elektro Brandl" and "Elektro Brandl GmbH", "Lorenz & Söhne" and "Lorenz & Söhne Spedition": one customer. */
function sameCustomer(a: string, b: string): boolean {
  const [keyA, keyB] = [a, b].map((name) => squash(withoutLegalForm(name))) as [string, string];
  const [shorter, longer] = keyA.length < keyB.length ? [keyA, keyB] : [keyB, keyA];
  return shorter === longer || (shorter.length >= 8 && longer.startsWith(shorter));
}

/** Named customers with evidence: logos, story customers and the companies quoted. */
export function customersOf(
  pages: (PageContent | undefined)[],
  proofs: ProofPoint[],
  lex: Lexicon,
  vendor: string,
): string[] {
  const names: string[] = [];
  const add = (name: string | undefined) => {
    const valid = validName(name, lex, vendor);
    if (valid && !names.some((other) => sameCustomer(other, valid))) names.push(valid);
  };
  for (const proof of proofs) add(proof.customer);
  for (const page of pages) for (const name of page?.logoNames ?? []) add(name);
  return names.slice(0, 12);
}
