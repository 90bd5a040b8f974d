import { normalise, phrasePattern } from '../../match.ts';
import { clean, sentences, squash } from '../../text.ts';
import { MAX_SIGNATURE_LINES } from '../extraction/attribution.ts';
import type { PageContent } from '../extraction/content.ts';
import type { ReadBlock, ReadPage } from '../read/roles.ts';
import type { Card, Section } from '../read/structure.ts';
import { hasLegalForm, isLegalFormAlone } from './company.ts';
import { nameOf } from './names.ts';

/**
 * Proof a page gives: customers' quotes and who said them, and results with their figures, each
 * credited only where the page ties it to a customer (docs/architecture.md §6). A quote is credited
 * by its markup: the name in the same card, blockquote or figure, or the n-th name of a list beside
 * a list of quotes of the same length. Anything else is kept without a name: a writer may use it
 * as "one customer", never under someone else's name.
 */

export type CreditSource = 'markup' | 'card' | 'list' | 'sentence' | 'story';

export interface PageProof {
  kind: 'quote' | 'result';
  /** The quote's words (no quotation marks), or the result's sentence. */
  text: string;
  customer: string | undefined;
  /** Who said a quote: "Luis Ortega, Warehouse Manager". */
  person: string | undefined;
  /** The figures it states, as written ("41%", "35 minutes", "$4,000"). */
  figures: string[];
  /** How the credit was found; undefined when uncredited. */
  credit: CreditSource | undefined;
  confidence: number;
  block: number;
  /** The page it is on. */
  page: 'company' | 'caseStudies';
}

export interface Byline {
  person: string | undefined;
  name: string | undefined;
  title: string | undefined;
  company: string | undefined;
}

const TITLE_WORDS = phrasePattern(
  [
    'manager',
    'director',
    'vp',
    'vice president',
    'head',
    'chief',
    'ceo',
    'cfo',
    'coo',
    'cto',
    'cio',
    'cmo',
    'cro',
    'owner',
    'founder',
    'co-founder',
    'lead',
    'officer',
    'president',
    'partner',
    'controller',
    'supervisor',
    'coordinator',
    'specialist',
    'engineer',
    'administrator',
    'planner',
    'buyer',
    'analyst',
    'dispatcher',
    'practice manager',
    'leiter',
    'leiterin',
    'geschäftsführer',
    'geschäftsführerin',
    'inhaber',
    'inhaberin',
    'vorstand',
    'prokurist',
    'abteilungsleiter',
    'teamleiter',
    'directeur',
    'directrice',
    'responsable',
    'gérant',
    'gérante',
    'fondateur',
    'fondatrice',
    'président',
    'chef',
    'directora',
    'gerente',
    'jefe',
    'jefa',
    'fundador',
    'fundadora',
    'presidente',
    'coordinador',
    'coordinadora',
    // A department signs for its people ("Dpto. de Logística", "Abteilung Einkauf"): no one's name.
    'department',
    'dept',
    'abteilung',
    'département',
    'departamento',
    'dpto',
    'depto',
  ],
  'iu',
);

/** "28 staff", "52 employees", "250 Mitarbeitende", "80 salariés", "120 empleados": a company's size. */
const HEADCOUNT =
  /^\d[\d.,]*\+?\s*(?:staff|people|employees|members of staff|mitarbeitende|mitarbeiter(?:innen)?|beschäftigte|salariés|collaborateurs|personnes|empleados|trabajadores|personas)$/iu;
/** Initials only ("J. M.", "S.O.", "M. K."): a customer the page keeps anonymous. */
const INITIALS = /^(?:\p{Lu}\.\s?){1,3}$/u;
/**
 * A byline's place ("…, food manufacturer, West Yorkshire"): after the parts that say who and what,
 * a region said as one — a point of the compass and a word, or a county's -shire.
 */
const PLACE =
  /^(?:(?:North|South|East|West|Northern|Southern|Eastern|Western|Central|Greater|Nord|Süd|Ost|Haute|Basse)[\s-]+\p{Lu}[\p{L}'’-]+|\p{Lu}[\p{L}-]*shire|\p{Lu}\p{L}+-et-\p{Lu}\p{L}+)$/u;
/** A place a byline may end on alone ("Ops Manager, West Yorkshire"): a nation or region, never a firm's name. */
const REGION =
  /^(?:(?:North|South|East|West|Northern|Southern|Eastern|Western|Greater)[\s-]+(?:Wales|England|Scotland|Ireland|Anglia|Midlands|Yorkshire|Sussex|London|Manchester|Germany|France|Spain)|\p{Lu}[\p{L}-]*shire|\p{Lu}\p{L}+-et-\p{Lu}\p{L}+)$/u;

/** A title and the company it is at, joined by "de"/"von"/"du" ("CEO de AgroSur S.A.T."). */
const TITLE_OF_COMPANY = /^(.+?)\s+(?:de|del|de la|von|vom|du|de l['’])\s+(\p{Lu}.+)$/u;

/** A person's name ("Kenji Aramaki", "Anna van der Berg"), not a job title. */
export const looksLikePerson = (text: string) =>
  /^\p{Lu}[\p{L}'’.-]+(?:\s+(?:van|von|de|del|la|le|da|di|du|der|den|y|e)?\s*\p{Lu}[\p{L}'’.-]+){1,3}$/u.test(text) &&
  !TITLE_WORDS.test(text) &&
  !hasLegalForm(text);

/** "— Maria López, VP Finance, Arcadia Foods", "Jan Weber | Leiter Logistik | Hansa AG", "Ana Ruiz (COO at Nube)". */
export function parseByline(raw: string): Byline {
  const text = clean(raw)
    .replace(/^[—–~-]+\s*/, '')
    .replace(/[()]/g, ',')
    .replace(/\s+(?:at|@|bei|chez|en)\s+(?=\p{Lu})/u, ', ');
  const parts = text
    .split(/\s*[,|·•/]\s*|\s+[–—-]\s+/)
    .map((part) => part.trim())
    .filter(Boolean)
    // A legal form set off by a comma ("Almacenes Pérez e Hijos, S.L.") belongs to the name before it.
    .reduce<string[]>((joined, part) => {
      if (joined.length && isLegalFormAlone(part)) joined[joined.length - 1] = `${joined.at(-1)}, ${part}`;
      else joined.push(part);
      return joined;
    }, []);
  // "CEO de AgroSur S.A.T.", "Gerente de Hnos. Gil S.L.": a title, then the company it names by its legal form.
  for (const [at, part] of parts.entries()) {
    const split = TITLE_OF_COMPANY.exec(part);
    if (split?.[1] && split[2] && TITLE_WORDS.test(split[1]) && hasLegalForm(split[2]))
      parts.splice(at, 1, split[1], split[2]);
  }
  let name: string | undefined;
  let title: string | undefined;
  let company: string | undefined;
  // A company's size ("28 staff", "(52 employees)") describes it; it is never its name.
  // "…, Sandling Structural Engineers, Leeds · 28 staff": the town beside a headcount is meta too.
  const sized = parts.findIndex((part) => HEADCOUNT.test(part));
  const rest = parts.filter(
    (part, index) => !HEADCOUNT.test(part) && !(index === sized - 1 && index >= 2 && /^\p{Lu}[\p{L}'’-]+$/u.test(part)),
  );
  // Initials ("J. M., Commercial Director, groundworks contractor, South Wales") keep the customer
  // anonymous on purpose: nobody is named, and what follows describes the company and where it is.
  if (rest[0] && INITIALS.test(rest[0])) {
    const role = rest.slice(1).find((part) => TITLE_WORDS.test(part));
    return { person: undefined, name: undefined, title: role, company: undefined };
  }
  if (rest[0] && looksLikePerson(rest[0])) name = rest.shift();
  // A part with a legal form is the company; what follows it is where it is ("…, Bräunlich
  // Kältetechnik GmbH, Gütersloh").
  const registered = rest.findIndex((part) => hasLegalForm(part));
  if (registered !== -1 && registered < rest.length - 1) rest.splice(registered + 1);
  // "…, Operations Manager, Harlow Foods, West Yorkshire": a region is where the company is.
  while (rest.length >= 3 && PLACE.test(rest.at(-1) as string)) rest.pop();
  // "Jefa de Compras, cadena de supermercados, Valencia": after a description of the company in
  // lower case, a single word is where it is — the company is the one the description leaves unnamed.
  if (rest.length >= 2 && /^\p{Ll}/u.test(rest.at(-2) as string) && /^\p{Lu}[\p{L}'’-]+$/u.test(rest.at(-1) as string))
    rest.pop();
  // "Name, Title, Company" (a department may sit between: "Engineering Manager, Developer
  // Experience, Quillstack"): the last part is the company, what comes before it the title, unless
  // the last part is the one that reads as a title.
  if (rest.length >= 2) {
    const last = rest.at(-1) as string;
    const before = rest.slice(0, -1);
    if (TITLE_WORDS.test(last) && !before.some((part) => TITLE_WORDS.test(part))) {
      company = before[0];
      title = [...before.slice(1), last].join(', ');
    } else {
      title = before.join(', ');
      company = last;
    }
  } else if (rest.length === 1) {
    const [only] = rest as [string];
    // "Name, Localisation Producer" names a role; "Name, Arcadia Foods" a company: without a title
    // word, a part is a company only when it does not read as a role (a known customer is checked by the caller).
    if (TITLE_WORDS.test(only) || !name) title = name ? only : undefined;
    else title = only;
    if (!name && /^\p{Lu}/u.test(only) && !TITLE_WORDS.test(only)) company = only;
  }
  if (company && (company.split(' ').length > 6 || !/^\p{Lu}|^\d/u.test(company) || REGION.test(company)))
    company = undefined;
  const person = name ? (title ? `${name}, ${title}` : name) : undefined;
  return { person, name, title, company };
}

const FIGURE =
  /(?:[$€£]\s?\d[\d.,]*(?:\s?(?:k|m|mio\.?|million|millionen|millions|millones|bn))?|\d[\d.,]*\s?(?:%|percent|per cent|prozent|pour cent|por ciento|x|×)|\d[\d.,]*\s?(?:k|m)\b|\d[\d.,]*(?:\s(?:h|hours?|hrs?|minutes?|mins?|seconds?|days?|weeks?|months?|years?|stunden|minuten|sekunden|tagen?|wochen|monaten?|jahren?|heures?|minutes|jours?|semaines?|mois|ans|horas?|minutos?|días?|semanas?|meses|años))+|\d[\d.,]*\s?(?:€|eur|usd|dollars?|euros?))/giu;

const RESULT_WORDS = phrasePattern([
  'cut',
  'cuts',
  'reduced',
  'reduce',
  'lowered',
  'dropped',
  'fell',
  'halved',
  'saved',
  'saves',
  'increased',
  'grew',
  'raised',
  'improved',
  'boosted',
  'doubled',
  'tripled',
  'went from',
  'down from',
  'up from',
  'faster',
  'fewer',
  'less',
  'more',
  'instead of',
  'now',
  'within',
  'gesenkt',
  'reduziert',
  'verringert',
  'gespart',
  'eingespart',
  'gesteigert',
  'erhöht',
  'verdoppelt',
  'halbiert',
  'statt',
  'schneller',
  'weniger',
  'mehr',
  'réduit',
  'diminué',
  'baissé',
  'économisé',
  'augmenté',
  'amélioré',
  'doublé',
  'divisé',
  'au lieu de',
  'plus rapide',
  'moins',
  'redujo',
  'reducido',
  'bajó',
  'ahorró',
  'ahorrado',
  'aumentó',
  'mejoró',
  'duplicó',
  'en lugar de',
  'más rápido',
  'menos',
]);

export const figuresOf = (text: string): string[] => [
  ...new Set([...text.matchAll(FIGURE)].map((match) => clean(match[0]))),
];

/** A sentence that states a result: a figure and a word of change or comparison. */
function isResult(sentence: string): boolean {
  if (!figuresOf(sentence).length) return false;
  RESULT_WORDS.lastIndex = 0;
  return RESULT_WORDS.test(normalise(sentence));
}

/** Names the page presents as its customers: logo strips, story headings, the companies in quotes' bylines. */
export function customersOf(pages: PageContent[], reads: ReadPage[], bylines: Byline[], company: string): string[] {
  const names: string[] = [];
  const add = (name: string | undefined) => {
    const value = clean(name);
    if (!value || value.length > 60 || squash(value) === squash(company)) return;
    if (!names.some((known) => squash(known) === squash(value))) names.push(value);
  };
  for (const page of pages) for (const name of page.logoNames) add(name);
  for (const byline of bylines) add(byline.company);
  reads.forEach((read) => {
    for (const section of read.sections) {
      if (section.kind !== 'stories') continue;
      for (const card of section.cards) {
        const heading = card.heading === undefined ? undefined : read.blocks[card.heading]?.block.text;
        if (heading && nameOf(heading) && /^\p{Lu}/u.test(heading) && !/[.:!?]$/.test(heading)) add(heading);
      }
    }
  });
  return names;
}

const BYLINE_MAX_WORDS = 16;
const isBylineBlock = (entry: ReadBlock | undefined) =>
  Boolean(entry) &&
  (entry?.role === 'attribution' ||
    ((entry?.block.text.split(' ').length ?? 99) <= BYLINE_MAX_WORDS &&
      Boolean(parseByline(entry?.block.text ?? '').name) &&
      !/[.!?]["”]?$/.test(entry?.block.text ?? '')));

/** The proof of one page read by role. */
export function proofsOf(
  read: ReadPage,
  page: 'company' | 'caseStudies',
  customers: readonly string[],
  company: string,
): PageProof[] {
  const proofs: PageProof[] = [];
  const cardOf = new Map<number, { section: Section; card: Card }>();
  for (const section of read.sections)
    for (const card of section.cards) for (const index of card.blocks) cardOf.set(index, { section, card });

  const known = (text: string) => customers.filter((name) => normalise(text).includes(normalise(name)));

  for (const [index, entry] of read.blocks.entries()) {
    if (entry.role !== 'quote') continue;
    // A byline written into the quote's own block ("…a morning.» — Iker Sarasola, Jefe de Almacén").
    const inline = INLINE_BYLINE.exec(clean(entry.block.text));
    const said = unquote(inline ? (inline[1] as string) : entry.block.text);
    // A social post ("Switched AP to @ledgerly, never looking back 🙌 #fintech") is quoted without
    // its closing tags and emoji; one that talks to a handle mid-sentence is not quotable in an email.
    const words = said.replace(SOCIAL_TAIL, '').trim();
    if (words.split(' ').length < 4 || HANDLE.test(words)) continue;
    const found = inline ? { byline: inline[2], credit: 'markup' as const } : bylineFor(index, read, cardOf);
    const { byline, credit } = found;
    const parsed = byline ? parseByline(byline) : undefined;
    // "Name, Arcadia Foods": a part parsed as a title that is a known customer is the company.
    if (
      parsed &&
      !parsed.company &&
      parsed.title &&
      customers.some((name) => squash(name) === squash(parsed.title ?? ''))
    ) {
      parsed.company = parsed.title;
      parsed.title = undefined;
      parsed.person = parsed.name;
    }
    // A byline without a company may still sit on a story card named after the customer.
    const located = cardOf.get(index);
    const storyName =
      located?.section.kind === 'stories' && located.card.heading !== undefined
        ? read.blocks[located.card.heading]?.block.text
        : undefined;
    const customer =
      parsed?.company ?? (storyName && customers.includes(clean(storyName)) ? clean(storyName) : undefined);
    proofs.push({
      kind: 'quote',
      text: words,
      customer,
      person: parsed?.person,
      figures: figuresOf(words),
      credit: parsed ? credit : undefined,
      confidence: parsed ? (credit === 'list' ? 0.7 : 0.9) : 0.5,
      block: index,
      page,
    });
  }

  const RESULT_ROLES = new Set(['story', 'stat', 'text', 'feature', 'hero', 'audience', 'heading']);
  for (const [index, entry] of read.blocks.entries()) {
    if (!RESULT_ROLES.has(entry.role)) continue;
    for (const sentence of sentences(entry.block.text)) {
      if (!isResult(sentence)) continue;
      const located = cardOf.get(index);
      const heading = located?.card.heading === undefined ? undefined : read.blocks[located.card.heading]?.block.text;
      const named = known(sentence).filter((name) => squash(name) !== squash(company));
      const subject = named.length ? undefined : subjectOf(sentence, company);
      let customer: string | undefined;
      let credit: CreditSource | undefined;
      if (named.length === 1) {
        customer = named[0];
        credit = 'sentence';
      } else if (subject) {
        customer = subject;
        credit = 'sentence';
      } else if (
        located?.section.kind === 'stories' &&
        heading &&
        customers.some((name) => squash(name) === squash(heading))
      ) {
        customer = clean(heading);
        credit = 'story';
      }
      // A result no customer is named for is a claim: kept only where the page presents it as a
      // result (a story, a stat), never a sentence of marketing copy.
      if (!customer && entry.role !== 'story' && entry.role !== 'stat') continue;
      proofs.push({
        kind: 'result',
        text: sentence,
        customer,
        person: undefined,
        figures: figuresOf(sentence),
        credit,
        confidence: customer ? 0.8 : 0.4,
        block: index,
        page,
      });
    }
  }
  return proofs;
}

/** Quoted words, then a dash and a byline, in one block. */
const INLINE_BYLINE = /^(.{12,}?[.!?…]?["”»“]?)\s+[—–]\s*(\p{Lu}[^.!?]{2,120})$/u;

const RESULT_VERB =
  /^(?:cut|cuts|reduced|reduces|lowered|dropped|halved|saved|increased|grew|raised|improved|boosted|doubled|tripled|went|moved|brought|shortened|hat|senkte|reduzierte|steigerte|verkürzte|halbierte|sparte|a réduit|a divisé|a augmenté|a gagné|réduit|redujo|aumentó|ahorró|recortó|bajó)\b/iu;
const NOT_SUBJECT =
  /^(our|the|we|teams?|customers?|clients?|users?|companies|businesses|average|median|typical|most|with|after|since|before|in|at|by|unsere?|die|der|das|nos|nous|les|la|le|el|los|las|nuestros?)$/i;

/**
 * The customer a result names as its subject: a run of capitalised words at the start of the
 * sentence or after its opening clause, right before a result verb ("Summit Federal Credit Union
 * reduced…", "After rolling out X, Brightmart cut…"). Never the seller.
 */
/** "Brightmart's AP team cut…" as [, owner, what follows the team]: one to three words name the team. */
function possessiveSubject(text: string): [string, string, string] | undefined {
  const owned = /^((?:\p{Lu}[\p{L}&.-]*)(?:\s+(?:\p{Lu}[\p{L}&.-]*|&|of)){0,4})['’]s\s+(.*)$/u.exec(text);
  if (!owned?.[1] || !owned[2]) return undefined;
  const words = owned[2].split(/\s+/);
  for (let team = 1; team <= Math.min(3, words.length - 1); team++) {
    const after = words.slice(team).join(' ');
    if (RESULT_VERB.test(after)) return [text, owned[1], after];
  }
  return undefined;
}

function subjectOf(sentence: string, company: string): string | undefined {
  for (const start of [0, sentence.indexOf(', ') + 2]) {
    if (start < 0 || (start === 1 && sentence.indexOf(', ') === -1)) continue;
    const rest = sentence.slice(start);
    // "Brightmart's AP team cut…": the owner of the team that got the result is the customer.
    const run =
      possessiveSubject(rest) ??
      /^((?:\p{Lu}[\p{L}&'’.-]*)(?:\s+(?:\p{Lu}[\p{L}&'’.-]*|&|of|de|und|y|et)){0,5})\s+(.*)$/u.exec(rest);
    if (!run?.[1] || !RESULT_VERB.test(run[2] ?? '')) continue;
    const name = run[1];
    if (
      NOT_SUBJECT.test(name.split(' ')[0] ?? '') ||
      squash(name) === squash(company) ||
      squash(name).includes(squash(company))
    )
      continue;
    return name;
  }
  return undefined;
}

/** Hashtags, emoji and pictographs at the end of a post. */
const SOCIAL_TAIL = /(?:\s*(?:#[\p{L}\p{N}_]+|\p{Extended_Pictographic}|\uFE0F|\u200D))+\s*$/u;
/** An @handle, as posts address people and companies. */
const HANDLE = /(?:^|\s)@[\p{L}\p{N}_.]{2,}/u;

const unquote = (text: string) => clean(text).replace(/^["“„«‘'»]+\s*|\s*["”“«»’']+$/g, '');

/**
 * The byline a card gives the quote at `index`: between it and the card's next quote, the line the
 * markup marks as an attribution, else one that reads as a name; else the nearest name above it,
 * after the card's previous quote. A card that holds two testimonials gives each its own, and a
 * card's heading ("Toolbox Talk Coaching", a course) never outranks the name under its quote.
 */
function bylineInCard(index: number, card: Card, read: ReadPage): number | undefined {
  const at = card.blocks.indexOf(index);
  const isQuote = (other: number) => read.blocks[other]?.role === 'quote';
  const nextQuote = card.blocks.findIndex((other, position) => position > at && isQuote(other));
  const after = card.blocks.slice(at + 1, nextQuote === -1 ? undefined : nextQuote);
  const marked = after.find(
    (other) => read.blocks[other]?.block.attribution || read.blocks[other]?.role === 'attribution',
  );
  if (marked !== undefined) return marked;
  const named = after.find((other) => isBylineBlock(read.blocks[other]));
  if (named !== undefined) return named;
  const before = card.blocks.slice(0, at);
  const previousQuote = before.findLastIndex(isQuote);
  return before
    .slice(previousQuote + 1)
    .reverse()
    .find((other) => isBylineBlock(read.blocks[other]));
}

/** Who said the quote at `index`, and how the page says so. */
function bylineFor(
  index: number,
  read: ReadPage,
  cardOf: Map<number, { section: Section; card: Card }>,
): { byline: string | undefined; credit: CreditSource | undefined } {
  const located = cardOf.get(index);
  // In the quote's own card: the name the card holds.
  if (located) {
    const inCard = bylineInCard(index, located.card, read);
    if (inCard !== undefined) return { byline: read.blocks[inCard]?.block.text, credit: 'card' };
  }
  // Right after it, marked by the markup as its attribution (a blockquote's footer, a figure's caption).
  // The markup flags a figcaption, footer or cite as one (its group may be the figure's, not the
  // blockquote's); a byline line inside the quote's own blockquote is one by its words.
  const next = read.blocks[index + 1];
  const sameGroup = next?.block.group === read.blocks[index]?.block.group;
  // A name in a list of names is the list's to give (below), never the quote's that happens to precede it.
  if (next && !next.block.item && (next.block.attribution || (sameGroup && next.role === 'attribution'))) {
    // A signature in lines the markup marks one by one ("Encarna Rubio · Jefa de logística" |
    // "Hortalizas Carrascoy S.A.T."): read together, as one byline.
    const lines = [next.block.text];
    for (let at = index + 2; lines.length < MAX_SIGNATURE_LINES; at += 1) {
      const line = read.blocks[at];
      if (!line?.block.attribution || line.block.item || line.block.group !== next.block.group) break;
      lines.push(line.block.text);
    }
    return { byline: lines.join(', '), credit: 'markup' };
  }
  // A list of quotes beside a list of names of the same length: the n-th name is the n-th quote's.
  const item = read.blocks[index]?.block.item;
  if (located && item) {
    const candidates = read.sections
      .filter((section) => Math.abs(section.id - located.section.id) <= 1)
      .flatMap((section) => section.cards);
    const lists = new Map<number, Card[]>();
    for (const card of candidates) {
      if (card.list === undefined || card.list === item.list) continue;
      const cards = lists.get(card.list) ?? [];
      cards.push(card);
      lists.set(card.list, cards);
    }
    for (const cards of lists.values()) {
      if (cards.length !== item.count || cards.some((card) => card.count !== item.count)) continue;
      if (!cards.every((card) => card.blocks.some((other) => isBylineBlock(read.blocks[other])))) continue;
      const match = cards.find((card) => card.index === item.index);
      const byline = match?.blocks.find((other) => isBylineBlock(read.blocks[other]));
      if (byline !== undefined) return { byline: read.blocks[byline]?.block.text, credit: 'list' };
    }
  }
  return { byline: undefined, credit: undefined };
}
