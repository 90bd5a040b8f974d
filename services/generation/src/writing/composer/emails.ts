import { LIMITS } from '@seqgen/checks';
import type { Email } from '@seqgen/proto';
import { wordCount } from '../../text.ts';
import { namesCapability } from '../brief/proofs.ts';
import { type Composition, quoted, type Step } from './composition.ts';
import type { Line, Slots } from './render.ts';

/**
 * The seven emails, each with its angle (docs/architecture.md §6): what each one says, in what
 * order, and which sentences may go when it runs long; the words come from the copy files.
 */
/** Each step's email, written from the composition so far. */
export const EMAILS: Record<Step, (c: Composition) => Email> = {
  intro,
  followUp,
  proof,
  angle,
  quickWin,
  resource,
  breakup,
};

function intro(c: Composition): Email {
  c.begin('intro');
  const steps = c.copy.steps.intro;
  const pair = c.pair(0);
  const slots = c.slotsFor(pair);
  const { prospect, context, persona } = c.brief;
  const event = context.facts.find((fact) => fact.kind === 'event');
  const opener: Line[] = [];
  const courtesy = c.line(steps.courtesy, slots, 2);
  if (courtesy) opener.push(courtesy);
  const trigger = prospect?.trigger;
  if (trigger) {
    const line = c.line(
      steps.openTrigger,
      { ...slots, trigger: trigger.yourNews, triggerHeadline: quoted(trigger.headline, c.brief.language) },
      0,
    );
    if (line) opener.push(line, ...c.lines(steps.bridge, slots, 1));
  } else if (event) {
    opener.push({ text: event.sentence, drop: 0 });
    c.factsUsed.add(event.sentence);
  } else if (prospect?.aboutYou) {
    opener.push(...c.lines(steps.openAbout, slots, 0));
  }
  const personaLine = persona && !trigger ? c.persona(steps.openPersona, slots, 1) : [];
  // The persona's line points back to the pain ("you likely see this more than most"): after it.
  const body: Line[] = [...c.lines(steps.pain, slots, 0), ...personaLine, ...c.lines(steps.peers, slots, 1)];
  const stakes = c.stakes(pair, slots);
  if (stakes) body.push({ text: stakes, drop: 2 });
  return c.email(
    'intro',
    c.subject(steps.subject, steps.subjectProspect, slots),
    [opener, body, c.solution(steps.solution, pair, slots)],
    steps.ask,
    slots,
    LIMITS.length.firstEmailMax,
  );
}

function followUp(c: Composition): Email {
  c.begin('followUp');
  const steps = c.copy.steps.followUp;
  const pair = c.pair(1);
  const slots = c.slotsFor(pair);
  const event = c.brief.context.facts.find((fact) => fact.kind === 'event' && !c.factsUsed.has(fact.sentence));
  const open: Line[] = [];
  if (event) {
    open.push({ text: event.sentence, drop: 0 });
    c.factsUsed.add(event.sentence);
  }
  // The persona's line ("you'll know this one as well") points back to the pain: it follows it.
  const personaLine = c.brief.persona && c.personaUses < 1 ? c.persona(steps.openPersona, slots, 0) : [];
  if (!personaLine.length && !event && slots.painSentence) open.push(...c.lines(steps.open, slots, 1));
  let stakes = c.stakes(pair, slots);
  const mention = c.brief.context.mentions[0];
  const extra: Line[] = [];
  if (mention) {
    const text = c.choose(
      steps.mention,
      mention.form === 'sentence' ? { ...slots, mention: mention.text } : { ...slots, mentionPhrase: mention.text },
    );
    if (text) extra.push({ text, drop: 0 });
  }
  // With one pain, the second email follows up on it rather than telling it again.
  const pain = slots.painSentence ? c.lines(steps.pain, slots, 0) : c.lines(steps.again, slots, 0);
  // "A quick follow-up on my last note" names no pain: nothing after it may point back to one.
  const named = Boolean(slots.painSentence || (slots.painPhrase && pain[0]?.text.includes(slots.painPhrase)));
  if (!named && stakes) {
    c.toldStakes.delete(stakes);
    stakes = undefined;
  }
  if (!named && personaLine.length) c.personaUses -= 1;
  return c.email(
    'followUp',
    c.subject(steps.subject, slots.painSentence ? steps.subjectProspect : undefined, slots),
    [
      [...open, ...pain, ...(named ? personaLine : []), ...(stakes ? [{ text: stakes, drop: 1 as const }] : [])],
      c.solution(steps.solution, pair, slots),
      extra,
    ],
    steps.ask,
    slots,
  );
}

function proof(c: Composition): Email {
  c.begin('proof');
  const steps = c.copy.steps.proof;
  const result = c.nextProof(false) ?? c.nextProof(true);
  if (!result) return overview(c);
  const pair = result.pair !== undefined ? c.brief.pairs[result.pair] : undefined;
  const slots = c.slotsFor(pair, result);
  const lines: Line[] = [];
  if (result.quote) {
    lines.push(...c.lines(slots.quoteBy ? steps.quote : steps.quoteTeam, slots, 0));
  } else {
    lines.push(...c.lines(result.named ? steps.result : steps.resultUnnamed, slots, 0));
    // The same customer's own words, when the page quotes them.
    const quote = c.brief.proofs.find(
      (proof) => proof.quote && proof.customer === result.customer && !c.usedProofs.has(proof),
    );
    if (quote) {
      const quoteSlots = c.slotsFor(pair, quote);
      const text = c.choose(quoteSlots.quoteBy ? steps.quote : steps.quoteTeam, quoteSlots);
      if (text) {
        lines.push({ text, drop: 1 });
        c.usedProofs.add(quote);
      }
    }
  }
  // "…after moving its vans to Dispatchwell truck stock." already says what made the difference.
  const capability = pair?.solution.name;
  const told = capability !== undefined && namesCapability(result.text, capability);
  const credit = told ? undefined : capability ? c.line(steps.credit, slots, 1) : c.line(steps.creditUnknown, slots, 2);
  return c.email(
    'proof',
    c.subject(steps.subject, undefined, slots),
    [c.lines(steps.open, slots, 2), lines, credit ? [credit] : []],
    steps.ask,
    slots,
  );
}

function angle(c: Composition): Email {
  c.begin('angle');
  const steps = c.copy.steps.angle;
  const { manual, industry, context } = c.brief;
  const pair = c.freshPair(2);
  let slots = c.slotsFor(pair);
  // Few pains: the cost of waiting needs one, told again if every pain has been told.
  if (!slots.painSentence && !slots.painPhrase) slots = { ...slots, painSentence: pair.pain.sentence };
  const paragraphs: Line[][] = [c.lines(steps.open, slots, 2)];
  const differentiator = manual.differentiators[0];
  if (differentiator) {
    const sentence = isStatement(differentiator);
    const text = c.choose(
      steps.differentiator,
      sentence
        ? { ...slots, differentiator: asSentence(differentiator) }
        : { ...slots, differentiatorPhrase: lowerStart(differentiator) },
    );
    const competitors = manual.competitors.length ? c.choose(steps.competitors, slots) : undefined;
    paragraphs.push([
      ...(text ? [{ text, drop: 0 as const }] : []),
      ...(competitors ? [{ text: competitors, drop: 1 as const }] : []),
    ]);
  }
  // The cost of waiting may go when the email runs long; what points back to it ("that adds up
  // quickly", "{company} changes that") goes with it.
  const waiting: Line[] = [...c.lines(steps.costOfWaiting, slots, differentiator ? 1 : 0)];
  const cost = waiting[0];
  const stakes = c.stakes(pair, slots);
  if (stakes) waiting.push({ text: stakes, drop: 2, after: cost });
  if (industry) waiting.push(...c.pointingBack(c.lines(steps.industry, slots, 1), cost));
  const firstTelling = !c.toldSolutions.has(pair);
  const solution = c.solution(steps.solution, pair, slots, 1);
  paragraphs.push(waiting, firstTelling ? c.pointingBack(solution, cost) : solution);
  const note = context.facts.find((fact) => fact.kind === 'note' && !c.factsUsed.has(fact.sentence));
  if (note) {
    paragraphs.push([{ text: note.sentence, drop: 0 }]);
    c.factsUsed.add(note.sentence);
  } else if (manual.news) {
    paragraphs.push(c.lines(steps.news, { ...slots, news: asSentence(manual.news) }, 1));
  }
  return c.email('angle', c.subject(steps.subject, undefined, slots), paragraphs, steps.ask, slots);
}

function quickWin(c: Composition): Email {
  c.begin('quickWin');
  const steps = c.copy.steps.quickWin;
  const { manual, context, persona } = c.brief;
  const pair = c.freshPair(3);
  const slots = c.slotsFor(pair);
  const facts: Line[] = [];
  if (manual.implementation)
    facts.push(...c.lines(steps.implementation, factSlots(slots, 'implementation', manual.implementation), 0));
  else facts.push(...c.lines(steps.start, slots, 0));
  if (manual.roi) facts.push(...c.lines(steps.roi, factSlots(slots, 'roi', manual.roi), 1));
  if (manual.pricing) facts.push(...c.lines(steps.pricing, factSlots(slots, 'pricing', manual.pricing), 1));
  const offer = context.facts.find((fact) => fact.kind === 'offer' && !c.factsUsed.has(fact.sentence));
  if (offer) {
    facts.push({ text: offer.sentence, drop: 0 });
    c.factsUsed.add(offer.sentence);
  }
  const personaLine = persona ? c.persona(steps.persona, slots, c.personaUses < 2 ? 0 : 2) : [];
  return c.email(
    'quickWin',
    c.subject(steps.subject, steps.subjectProspect, slots),
    [
      [...c.lines(steps.objection, slots, 0), ...c.lines(steps.answer, slots, 1)],
      facts,
      [...c.solution(steps.solution, pair, slots, 1), ...personaLine],
    ],
    steps.ask,
    slots,
  );
}

function resource(c: Composition): Email {
  c.begin('resource');
  const steps = c.copy.steps.resource;
  const proof = c.nextProof(false) ?? c.nextProof(true);
  const pair = c.pair(c.brief.pairs.length > 1 ? 1 : 0);
  const slots = c.slotsFor(proof?.pair !== undefined ? c.brief.pairs[proof.pair] : pair, proof);
  const mention = c.brief.context.mentions[1];
  const extra: Line[] = mention?.form === 'sentence' ? [{ text: mention.text, drop: 0 }] : [];
  if (proof) {
    const told = c.copy.steps.proof;
    const lines = proof.quote
      ? c.lines(slots.quoteBy ? told.quote : told.quoteTeam, slots, 0)
      : c.lines(proof.named ? steps.proof : told.resultUnnamed, slots, 0);
    const credited = proof.pair !== undefined ? c.brief.pairs[proof.pair] : undefined;
    const creditedName = credited?.solution.name;
    if (creditedName && !namesCapability(proof.text, creditedName))
      lines.push(...c.lines(c.copy.steps.proof.credit, slots, 1));
    return c.email(
      'resource',
      c.subject(steps.subject, undefined, slots),
      [c.lines(steps.open, slots, 2), lines, extra],
      steps.askProof,
      slots,
    );
  }
  return c.email(
    'resource',
    c.subject(steps.subject, undefined, slots),
    [c.lines(steps.open, slots, 2), [...c.lines(steps.offer, slots, 0), ...c.lines(steps.persona, slots, 1)], extra],
    steps.ask,
    slots,
  );
}

function breakup(c: Composition): Email {
  c.begin('breakup');
  const steps = c.copy.steps.breakup;
  const slots = c.slotsFor(c.pair(0));
  return c.email(
    'breakup',
    c.subject(steps.subject, undefined, slots),
    [[...c.lines(steps.open, slots, 0), ...c.lines(steps.recap, slots, 1), ...c.lines(steps.door, slots, 1)]],
    steps.ask,
    slots,
  );
}

/** Email 3 without any proof point: what the company does, as a short list of its capabilities. */
function overview(c: Composition): Email {
  const steps = c.copy.steps.overview;
  const slots = c.slotsFor(c.pair(0));
  const named = c.brief.pairs.map((pair) => pair.solution.name).filter((name): name is string => Boolean(name));
  const list: Line[] =
    named.length >= 2
      ? named
          .slice(0, 4)
          // A list item names the thing without its article: "- Drag-and-drop dispatch board".
          .map((name) => name.replace(/^the /, ''))
          .map((name) => ({ text: `- ${name.charAt(0).toLocaleUpperCase()}${name.slice(1)}`, drop: 0 as const }))
      : c.brief.pairs
          .map((pair) => pair.solution.sentence)
          .filter((sentence) => !c.told.has(sentence))
          .slice(0, 2)
          .map((text) => ({ text, drop: 0 as const }));
  // Nothing left untold: the point in one line; the same sentence again would only repeat email 1.
  if (!list.length) list.push(...c.lines(steps.recap, slots, 0));
  if (!list.length) list.push({ text: c.pair(0).solution.sentence, drop: 0 });
  return c.email(
    'proof',
    c.subject(steps.subject, undefined, slots),
    [c.lines(steps.open, slots, 0), list],
    steps.ask,
    slots,
  );
}

const isStatement = (text: string) =>
  wordCount(text) >= 5 && /\b(is|are|has|have|can|we|our|ist|sind|hat|haben|wir|unser)\b/i.test(text);
const asSentence = (text: string) => {
  const value = text.trim().replace(/[,;:\s]+$/, '');
  const capitalised = value.charAt(0).toLocaleUpperCase() + value.slice(1);
  return /[.!]$/.test(capitalised) ? capitalised : `${capitalised}.`;
};
const lowerStart = (text: string) => {
  const value = text.trim().replace(/[.!\s]+$/, '');
  return /^\p{Lu}\p{Ll}/u.test(value) && !/^\p{Lu}\p{Ll}+\p{Lu}/u.test(value)
    ? value.charAt(0).toLowerCase() + value.slice(1)
    : value;
};

/** A manual fact in the form its copy needs: a whole sentence, or a phrase ("2-4 weeks"). */
function factSlots(slots: Slots, name: 'implementation' | 'roi' | 'pricing', value: string): Slots {
  return isStatement(value)
    ? { ...slots, [name]: asSentence(value) }
    : { ...slots, [`${name}Phrase`]: lowerStart(value) };
}
