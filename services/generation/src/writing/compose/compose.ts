import { countWords, LIMITS } from '@seqgen/checks';
import type { Email, WritingLanguage } from '@seqgen/proto';
import { stemOf, wordsOf } from '../../match.ts';
import { type Frames, framesFor, linesFor, type Register, type Variants } from '../../playbook/frames.ts';
import type { FunctionPlaybook, Text } from '../../playbook/index.ts';
import { type Angle, type ComposerBrief, type Proof, playbookAngle } from './brief.ts';
import { adjustRegister } from './register.ts';

/**
 * The built-in writer (docs/architecture.md §6): seven emails, each built around one thing a rep
 * would say — a pain and what answers it, a second pain, a customer's proof, an objection answered,
 * the angle that matters at the reader's level, what is particular to their industry, and a clean
 * breakup. Every sentence is the playbook's or a frame's (../../../playbook); the only words from
 * the page are names, figures and quoted quotes, and the user's own sentences where they wrote
 * some. Deterministic for a brief's seed.
 */

type Slots = Record<string, string | undefined>;

/** Ways to open the intro, best first: the first whose slots are known is used. */
const OPENERS = ['event', 'referral', 'prospect', 'persona', 'industry', 'generic'] as const;

export interface ComposeOptions {
  /** The email (index) whose ask is the strong, dated one (the studio's "stronger call to action"). */
  strongAsk?: number | undefined;
}

export function composeEmails(brief: ComposerBrief, variant = 0, options: ComposeOptions = {}): Email[] {
  return new Composition(brief, variant, options).emails();
}

class Composition {
  private readonly frames: Frames;
  private readonly register: Register;
  private readonly base: Slots;
  private readonly usedSubjects = new Set<string>();
  private readonly usedLines = new Set<string>();
  /** Angles in the order the emails use them. */
  private readonly order: Angle[];
  private readonly level: 'above' | 'below';
  /**
   * Whether the reader's title already names the topic ("Accounts Payable Specialist" and accounts
   * payable): "accounts payable usually falls within your remit as Accounts Payable Specialist"
   * says nothing, so the persona frames that pair the two are not used.
   */
  private readonly personaNamesTopic: boolean;
  /**
   * Whether the reader's title is one the function's buyers share a field with (personaFits):
   * where it is not, no frame says the topic is their job ("recruiting usually sits with you as
   * CFO" reads as a rep who did not look), and the intro says so honestly instead.
   */
  private readonly personaFits: boolean;
  private readonly brief: ComposerBrief;
  private readonly variant: number;

  private readonly options: ComposeOptions;

  constructor(brief: ComposerBrief, variant: number, options: ComposeOptions) {
    this.brief = brief;
    this.variant = variant;
    this.options = options;
    this.frames = framesFor(brief.language);
    this.register = brief.register;
    // (this.frames is read by the slot table below.)
    const { fn, language } = brief;
    const industry = brief.industry.industry;
    const said = brief.industry.said;
    this.base = {
      company: brief.company,
      label: (fn.topic ?? fn.label)[language],
      peers:
        industry?.peers[language] ??
        (said ? fillSlots(this.frames.typedIndustry.peers, { industry: said }) : undefined) ??
        this.frames.peersFallback,
      industryIn:
        industry?.in[language] ?? (said ? fillSlots(this.frames.typedIndustry.in, { industry: said }) : undefined),
      persona: brief.persona,
      prospect: brief.prospect?.name,
      scale: brief.prospect?.scale,
      hook: brief.prospect?.hook,
      event: brief.context.event ? eventIn(brief.context.event, brief.language) : undefined,
      when: brief.context.when ? this.frames.when[brief.context.when] : undefined,
      referrer: brief.context.referrer,
      implementation: brief.manual.implementation,
      pricing: brief.manual.pricing,
      roi: brief.manual.roi,
      competitors: brief.manual.competitors.length ? joinList(brief.manual.competitors, language) : undefined,
    };
    this.personaNamesTopic = namesTopic(brief.persona, this.base.label);
    this.personaFits = personaFits(brief.persona, fn, language, brief.pageBuyers);
    this.level = brief.seniority ?? 'below';
    this.order = rankAngles(brief, this.level);
  }

  emails(): Email[] {
    return [
      this.intro(),
      this.followUp(),
      this.proof(),
      this.objection(),
      this.angle(),
      this.insight(),
      this.breakup(),
    ];
  }

  // --- the seven emails ----------------------------------------------------------------------

  private intro(): Email {
    const a = this.order[0];
    const opener = this.opener();
    const lines = [opener];
    const pain: string[] = a ? [a.pain] : [];
    const optional: string[] = [];
    if (a && this.brief.length !== 'short') {
      const stakes = this.pickText(this.brief.fn.angles[this.level], 'stakes');
      if (stakes) {
        pain.push(stakes);
        optional.push(stakes);
      }
    }
    const value = this.valueOrOffer(a);
    // Dropped last-listed first when the email runs long: the stakes, then the capability's name.
    optional.unshift(...value.slice(1));
    const subject = this.subject([
      this.brief.prospect && a?.phrase
        ? this.fill(this.frames.subjects.prospect, { Phrase: capital(a.phrase) }, 'subject-prospect')
        : undefined,
      a?.phrase ? capital(a.phrase) : undefined,
      ...this.playbookSubjects(),
    ]);
    return this.email(
      subject,
      [lines.filter(isText), pain, value],
      this.line(this.frames.ask.intro, {}, 'ask-intro'),
      optional,
    );
  }

  private followUp(): Email {
    const b = this.order[1];
    // The persona, when the intro opened with something else (an event, a referral, a prospect).
    // A title that names the topic is said without it ("As Accounts Payable Specialist, you…").
    const personaLine =
      this.base.persona && this.opened !== 'persona'
        ? this.fill(this.personaFrame('followUp'), {}, 'followup-persona')
        : undefined;
    const persona = personaLine && this.use(personaLine);
    const open = persona ?? this.line(this.frames.followUp.open, {}, 'followup-open');
    if (!b) {
      // Only one pain to tell: another angle on it, and a question of the playbook's.
      const angle = this.pickText(this.brief.fn.angles[other(this.level)], 'followup-angle');
      return this.email(
        this.subject(this.playbookSubjects()),
        [[open, angle].filter(isText)],
        this.question('followup'),
      );
    }
    const subject = this.subject([b.phrase ? capital(b.phrase) : undefined, ...this.playbookSubjects()]);
    const value = this.valueOrOffer(b);
    const echo = this.echo('followup-echo');
    return this.email(
      subject,
      [[open, b.pain, echo].filter(isText), value],
      b.question && this.fresh(b.question) ? this.use(b.question) : this.question('followup'),
      // The industry's echo stays: it is what makes the sequence theirs (the personalisation check).
      value.slice(1),
    );
  }

  private proof(): Email {
    const proof = this.chooseProof();
    if (!proof) return this.industryEmail('proof');
    const angle = proof.angle === undefined ? undefined : this.brief.angles[proof.angle];
    const lines: string[] = [];
    if (proof.customer && angle)
      lines.push(this.line(this.frames.proof.same, { customer: proof.customer }, 'proof-same'));
    lines.push(this.proofLine(proof));
    // The capability's name, unless the customer's own words already say it.
    const said = (proof.quote ?? proof.result ?? '').toLowerCase();
    if (angle?.name && !said.includes(angle.name.toLowerCase()))
      lines.push(this.line(this.frames.proof.usesName, { name: angle.name }, 'proof-name'));
    // The subject says whose words follow: a pain title over a quote about something else misleads.
    const subject = this.subject([this.proofSubject(proof, 'subject-proof'), ...this.playbookSubjects()]);
    return this.email(subject, [lines.filter(isText)], this.line(this.frames.ask.proof, {}, 'ask-proof'));
  }

  private objection(): Email {
    const { fn, language } = this.brief;
    // An answer that claims a capability is used only when the company has it.
    const verified = new Set(this.brief.angles.flatMap((angle) => (angle.capability ? [angle.capability.id] : [])));
    const answerable = fn.objections.filter(
      (objection) => !objection.answeredBy || objection.answeredBy.some((id) => verified.has(id)),
    );
    const candidates = answerable.filter((objection) => objection.level === 'both' || objection.level === this.level);
    const objection = this.pickOne(candidates.length ? candidates : answerable, 'objection');
    const lines = [
      this.line(this.frames.objection.open, {}, 'objection-open'),
      objection?.text[language],
      objection?.answer[language].replaceAll('{company}', this.brief.company),
    ];
    const extra = [
      this.brief.manual.implementation
        ? this.fill(this.frames.objection.implementation, {}, 'implementation')
        : undefined,
      this.brief.manual.pricing ? this.fill(this.frames.objection.pricing, {}, 'pricing') : undefined,
      ...this.brief.userLines.offers.filter((line) => this.fresh(line)).map((line) => this.use(line)),
    ].filter(isText);
    const subject = this.subject([
      this.fill(this.frames.subjects.objection, {}, 'subject-objection'),
      ...this.playbookSubjects(),
    ]);
    return this.email(
      subject,
      [lines.filter(isText), extra],
      this.line(this.frames.ask.objection, {}, 'ask-objection'),
    );
  }

  private angle(): Email {
    const c = this.order[2];
    // The reader's role, said again where it matters: the angle at their level.
    // A reader the intro was unsure about is not told later that this is their daily pain.
    const persona = this.base.persona ? this.fill(this.personaFrame('angle'), {}, 'angle-persona') : undefined;
    const open = persona ?? this.line(this.frames.angle.open, {}, 'angle-open');
    const angle = this.pickText(this.brief.fn.angles[this.level], 'angle');
    const body = [[open, angle].filter(isText)];
    if (c) body.push([c.pain, this.echo('angle-echo'), ...this.valueOrOffer(c)].filter(isText));
    const subject = this.subject([c?.phrase ? capital(c.phrase) : undefined, ...this.playbookSubjects()]);
    const ask = c?.question && this.fresh(c.question) ? this.use(c.question) : this.question('angle');
    return this.email(subject, body, ask);
  }

  private insight(): Email {
    const { manual, userLines, fn, language } = this.brief;
    const lines: string[] = [];
    // The industry the user aims at, said where it belongs: what is particular to it.
    const industry = this.brief.industry.industry;
    if (industry) {
      const specific = fn.industries[industry.id]?.[language];
      const angle =
        specific && this.fresh(specific)
          ? this.use(specific)
          : this.pickText(industry.angles, 'insight-industry-angle');
      const open = this.fill(this.frames.insight.industry, {}, 'insight-industry');
      if (angle) lines.push(...[open && this.use(open), angle].filter(isText));
    }
    for (const line of [...userLines.mentions, ...userLines.notes]) if (this.fresh(line)) lines.push(this.use(line));
    for (const phrase of userLines.mentionPhrases.slice(0, 1)) {
      const line = this.fill(this.frames.insight.mention, { mention: phrase }, 'mention');
      if (line) lines.push(this.use(line));
    }
    if (manual.news) lines.push(...asSentences(manual.news, this.frames.insight.news, this, 'news'));
    for (const differentiator of manual.differentiators.slice(0, 2))
      lines.push(...asSentences(differentiator, undefined, this, 'differentiator'));
    if (manual.competitors.length) lines.push(this.line(this.frames.insight.competitors, {}, 'competitors'));
    if (manual.roi) lines.push(...asSentences(manual.roi, this.frames.insight.roi, this, 'roi'));
    if (lines.filter(isText).length) {
      const kept = lines.filter(isText).slice(0, industry ? 4 : 3);
      // One short line of the user's is not an email: the angle of the other level goes with it.
      if (countWords(kept.join(' ')) < 25) {
        const angle = this.pickText(this.brief.fn.angles[other(this.level)], 'insight-angle');
        if (angle) kept.push(angle);
      }
      return this.email(
        this.subject([this.industrySubject(), ...this.playbookSubjects()]),
        [kept],
        this.question('insight'),
      );
    }
    const second = this.chooseProof();
    if (second) {
      return this.email(
        this.subject([this.proofSubject(second, 'subject-proof-2'), ...this.playbookSubjects()]),
        [[this.proofLine(second)].filter(isText)],
        this.question('insight'),
      );
    }
    return this.industryEmail('insight');
  }

  private breakup(): Email {
    const a = this.order[0];
    const open = this.line(this.frames.breakup.open, { phrase: a?.phrase }, 'breakup-open');
    const door = this.base.prospect
      ? this.line(this.frames.breakup.doorProspect, {}, 'breakup-door')
      : this.line(this.frames.breakup.door, {}, 'breakup-door');
    const subject = this.subject([this.fill(this.frames.subjects.breakup, {}, 'subject-breakup'), 'Closing the loop']);
    return this.email(subject, [[open, door].filter(isText)], this.line(this.frames.ask.breakup, {}, 'ask-breakup'));
  }

  // --- parts ------------------------------------------------------------------------------------

  /** An email about the industry (or, without one, the other level's angle) and a fresh pain when one is left. */
  private industryEmail(salt: string): Email {
    const { fn, language } = this.brief;
    const industry = this.brief.industry.industry;
    const lines: string[] = [];
    if (industry) {
      const specific = fn.industries[industry.id]?.[language];
      const general = this.pickText(industry.angles, `${salt}-industry`);
      const open = this.fill(this.frames.insight.industry, {}, `${salt}-industry-open`);
      lines.push(
        ...[open && this.use(open), specific && this.fresh(specific) ? this.use(specific) : general].filter(isText),
      );
    } else {
      const angle =
        this.pickText(fn.angles[other(this.level)], `${salt}-angle`) ??
        this.pickText(fn.angles[this.level], `${salt}-angle-2`);
      if (angle) lines.push(angle);
    }
    const left = this.order.slice(3).find((angle) => this.fresh(angle.pain)) ?? this.untoldPain();
    const body = [lines];
    if (left) body.push([this.use(left.pain), ...this.value(left)]);
    else {
      // No pain left to tell: the angle of the other level too, so the email still says something.
      const more =
        this.pickText(fn.angles[other(this.level)], `${salt}-more`) ??
        this.pickText(fn.angles[this.level], `${salt}-more-2`);
      if (more) lines.push(more);
    }
    const ask = left?.question && this.fresh(left.question) ? this.use(left.question) : this.question(salt);
    return this.email(
      this.subject([
        left?.phrase ? capital(left.phrase) : this.industrySubject(`${salt}-subject`),
        ...this.playbookSubjects(),
      ]),
      body,
      ask,
    );
  }

  /**
   * A pain of the function's playbook no email has told, when every angle of the analysis is used
   * and there is nothing else new to say: one a capability the company has answers first, said with
   * what that capability does, else with nothing specific claimed.
   */
  private untoldPain(): Angle | undefined {
    const { fn, language, company } = this.brief;
    const shown = new Set(this.brief.angles.flatMap((angle) => (angle.capability ? [angle.capability.id] : [])));
    const told = new Set(this.brief.angles.flatMap((angle) => (angle.playbookPain ? [angle.playbookPain.id] : [])));
    const candidates = fn.pains.filter((pain) => !told.has(pain.id) && this.fresh(pain.text[language]));
    const pain = candidates.find((each) => each.answeredBy.some((id) => shown.has(id))) ?? candidates[0];
    return pain ? playbookAngle(pain, fn, shown, company, language) : undefined;
  }

  /** Their industry said again ("I hear that from logistics teams a lot."): peers in it feel the same. */
  private echo(salt: string): string | undefined {
    if (!this.brief.industry.industry && !this.brief.industry.said) return undefined;
    const line = this.fill(this.frames.echo, {}, salt);
    return line && this.use(line);
  }

  private opener(): string | undefined {
    const { context } = this.brief;
    // The user's own words about how they know the reader come first ("I met your team at…").
    const event = this.brief.userLines.events.find((line) => this.fresh(line));
    if (event) {
      this.opened = 'event';
      return this.use(event);
    }
    for (const kind of OPENERS) {
      if (kind === 'event' && !context.event) continue;
      if (kind === 'referral' && !context.referrer) continue;
      if (kind === 'prospect' && !this.base.prospect) continue;
      // The prospect page's own sentence about the topic is the reason to write: it opens.
      if (kind === 'prospect' && this.base.hook) {
        const line = this.fill(this.frames.opener.prospectHook, {}, 'opener-hook');
        if (line) {
          this.opened = 'prospect';
          return this.use(line);
        }
      }
      if (kind === 'prospect' && this.base.scale) {
        const phrase = this.order[0]?.phrase;
        const line = phrase ? this.fill(this.frames.opener.prospectScale, { phrase }, 'opener-scale') : undefined;
        if (line) {
          this.opened = 'prospect';
          return this.use(line);
        }
      }
      if (kind === 'persona' && (!this.base.persona || this.personaNamesTopic)) continue;
      if (kind === 'industry' && !this.base.industryIn) continue;
      const variants =
        kind === 'prospect' && !this.base.industryIn
          ? this.frames.opener.prospectNoIndustry
          : kind === 'persona' && !this.personaFits
            ? this.frames.opener.personaUnsure
            : this.frames.opener[kind];
      const line = this.fill(variants, {}, `opener-${kind}`);
      if (line) {
        this.opened = kind;
        return this.use(line);
      }
    }
    return undefined;
  }

  /**
   * How an email names the reader's role: hedged when the title is not the function's buyer (the
   * intro said it may not be their topic, so no later email says it is); in the angle email as the
   * one who feels it (or answers for it, above the line); in the follow-up as the one the topic
   * lands with, or, when the title names the topic itself ("Accounts Payable Specialist"), by the
   * role alone — "As <role>, you…" is the angle email's, said once (the SDR review: twice in 3).
   */
  private personaFrame(email: 'followUp' | 'angle'): Variants {
    if (!this.personaFits) return this.frames[email].personaUnsure;
    if (email === 'angle')
      return this.level === 'above' ? this.frames.angle.personaAbove : this.frames.angle.personaBelow;
    return this.personaNamesTopic ? this.frames.followUp.personaTitled : this.frames.followUp.persona;
  }

  /**
   * What answers an angle's pain, said by the seller, and the capability's name when it has one.
   * A pain whose answer the page does not show is answered by another capability the page shows
   * that the playbook says answers it, or by nothing: a line that only says the seller "works on
   * this problem" tells the reader nothing (SDR review, evaluation/heldout-c/scores/sdr-review.md).
   */
  private value(angle: Angle): string[] {
    if (angle.value) {
      if (!this.fresh(angle.value)) return [];
      const lines = [this.use(angle.value)];
      // The name follows what it does, never stands alone ("The feature is called X." says nothing).
      const named = angle.name && this.fill(this.frames.nameIt, { name: angle.name }, `name-${angle.name}`);
      if (named) lines.push(named);
      return lines;
    }
    const answering = new Set(angle.playbookPain?.answeredBy ?? []);
    const shown = this.brief.angles.find(
      (other) => other.capability && answering.has(other.capability.id) && other.value && this.fresh(other.value),
    );
    return shown?.value ? [this.use(shown.value)] : [];
  }

  /** A proof email's subject: the customer's name, else that a customer speaks, else the pain it proves. */
  private proofSubject(proof: Proof, salt: string): string | undefined {
    if (proof.customer) return this.fill(this.frames.subjects.proof, { customer: proof.customer }, salt);
    if (proof.quote) return this.fill(this.frames.subjects.proofQuote, {}, salt);
    const angle = proof.angle === undefined ? undefined : this.brief.angles[proof.angle];
    return angle?.phrase ? capital(angle.phrase) : undefined;
  }

  /** The industry email's subject, where an industry is aimed at: its name, not a pain it does not tell. */
  private industrySubject(salt = 'subject-industry'): string | undefined {
    const label = this.brief.industry.industry?.label[this.brief.language];
    return label ? this.fill(this.frames.subjects.industry, { industry: label }, salt) : undefined;
  }

  /** What answers the pain; where the page does not show it, what the company does, said once. */
  private valueOrOffer(angle: Angle | undefined): string[] {
    const value = angle ? this.value(angle) : [];
    return value.length ? value : this.offer();
  }

  /** What the company does, in its own words (brief.offer), once per sequence. */
  private offer(): string[] {
    const { offer } = this.brief;
    if (!offer || this.offered) return [];
    const line = offer.sentence ?? this.fill(this.frames.offer, { offer: offer.phrase }, 'offer');
    if (!line || !this.fresh(line)) return [];
    this.offered = true;
    return [this.use(line)];
  }

  private chooseProof(): Proof | undefined {
    const target = this.brief.industry.industry?.id;
    const score = (proof: Proof) =>
      // A named customer first (a proof nobody can check is weak), then one from the reader's industry.
      (proof.customer ? 10 : 0) +
      (target && proof.industries.includes(target) ? 8 : 0) +
      (proof.angle !== undefined ? 2 : 0) +
      (proof.figures.length ? 2 : 0) +
      (proof.person ? 1 : 0);
    const candidates = this.brief.proofs
      .filter((proof) => this.fresh(proof.quote ?? proof.result ?? ''))
      .sort((a, b) => score(b) - score(a));
    const chosen = candidates[0];
    if (chosen) this.use(chosen.quote ?? chosen.result ?? '');
    return chosen;
  }

  private proofLine(proof: Proof): string {
    const frames = this.frames.proof;
    if (proof.quote) {
      const slots = { quote: proof.quote, person: proof.person, role: proof.role, customer: proof.customer };
      return (
        this.fill(frames.quoteRole, slots, 'quote') ??
        this.fill(frames.quoteNamed, slots, 'quote') ??
        this.fill(frames.quotePerson, slots, 'quote') ??
        this.fill(frames.quoteCustomer, slots, 'quote') ??
        (this.fill(frames.quoteAnonymous, slots, 'quote') as string)
      );
    }
    const frame = proof.own ? frames.resultOwn : frames.result;
    return this.fill(frame, { customer: proof.customer, result: proof.result }, 'result') ?? '';
  }

  private question(salt: string): string {
    const questions = this.brief.fn.questions
      .map((question) => question[this.brief.language])
      .filter((question) => this.fresh(question));
    const chosen = questions.length
      ? this.pick(questions, salt)
      : this.line(this.frames.ask.intro, {}, `${salt}-fallback`);
    return this.use(chosen);
  }

  private playbookSubjects(): string[] {
    return rotate(
      this.brief.fn.subjects.map((subject) => subject[this.brief.language]),
      this.brief.seed + this.variant,
    );
  }

  private subject(candidates: (string | undefined)[]): string {
    for (const candidate of candidates) {
      // The checks' limits: a longer line is skipped for the next one.
      if (
        !candidate ||
        candidate.length > LIMITS.subject.maxChars ||
        candidate.split(/\s+/).length > LIMITS.subject.maxWords
      )
        continue;
      const key = candidate.toLowerCase();
      if (this.usedSubjects.has(key)) continue;
      this.usedSubjects.add(key);
      return candidate;
    }
    return candidates.find(isText) ?? this.brief.company;
  }

  /**
   * An email from its paragraphs and ask. Sentences in `optional` (stakes, a capability's name,
   * an echo) go first, last-listed first, when the email runs over the length the checks allow.
   */
  private email(subject: string, paragraphs: string[][], askLine: string, optional: string[] = []): Email {
    let ask = askLine;
    const frames = this.frames;
    const greeting = this.pick(frames.greeting[this.register], 'greeting');
    const signOff = this.pick(frames.signOff[this.register], 'signoff');
    const index = this.written++;
    if (this.options.strongAsk === index && index !== 6) ask = this.line(this.frames.ask.strong, {}, 'ask-strong');
    const max = index === 0 ? LIMITS.length.firstEmailMax : LIMITS.length.max;
    const droppable = [...optional];
    let kept = paragraphs.map((lines) => lines.filter(isText));
    // Short: every optional sentence goes. Long: one more angle, at the reader's level.
    if (this.brief.length === 'short') kept = kept.map((lines) => lines.filter((line) => !droppable.includes(line)));
    if (this.brief.length === 'long' && index !== 6) {
      const more =
        this.pickText(this.brief.fn.angles[this.level], `long-${index}`) ??
        this.pickText(this.brief.fn.angles[other(this.level)], `long2-${index}`);
      if (more) kept = [...kept.slice(0, -1), [...(kept.at(-1) ?? []), more]];
    }
    const render = () => {
      const blocks = kept.map((lines) => lines.join(' ')).filter(Boolean);
      return [greeting, ...blocks, ask, `${signOff}\n${this.brief.sender ?? '{{sender_name}}'}`].join('\n\n');
    };
    let body = render();
    while (countWords(body) > max && droppable.length) {
      const drop = droppable.pop();
      kept = kept.map((lines) => lines.filter((line) => line !== drop));
      body = render();
    }
    // Too short to say anything (a one-line pain of the user's): the stakes for the reader's level,
    // then the other level's angle, until it reads as an email.
    for (const texts of [this.brief.fn.angles[this.level], this.brief.fn.angles[other(this.level)]]) {
      if (countWords(body) >= LIMITS.length.min + 5) break;
      const more = this.pickText(texts, `pad-${index}`);
      if (!more) continue;
      kept = [...kept.slice(0, -1), [...(kept.at(-1) ?? []), more]];
      body = render();
    }
    return { subject, body: adjustRegister(body, this.brief.language, this.register) };
  }

  private written = 0;
  /** Which opener the intro used. */
  private opened: (typeof OPENERS)[number] | undefined;
  private offered = false;

  // --- choosing and filling ---------------------------------------------------------------------

  /** Marks a sentence used, so no other email repeats it. */
  use(line: string): string {
    this.usedLines.add(line);
    return line;
  }

  fresh(line: string): boolean {
    return !this.usedLines.has(line);
  }

  private pick<T>(items: readonly T[], salt: string): T {
    return items[hash(`${this.brief.seed}:${this.variant}:${salt}`) % items.length] as T;
  }

  private pickOne<T>(items: readonly T[], salt: string): T | undefined {
    return items.length ? this.pick(items, salt) : undefined;
  }

  /** One of the texts (in the brief's language) not used yet, seeded. */
  private pickText(texts: readonly Text[], salt: string): string | undefined {
    const lines = texts.map((text) => text[this.brief.language]).filter((line) => this.fresh(line));
    return lines.length ? this.use(this.pick(lines, salt)) : undefined;
  }

  /** A frame line with its slots filled: the seeded choice among the lines whose slots are all known. */
  fill(variants: Variants, slots: Slots, salt: string): string | undefined {
    const values = { ...this.base, ...slots };
    const filled = linesFor(variants, this.register)
      .map((line) => fillSlots(line, values))
      .filter((line): line is string => Boolean(line) && this.fresh(line as string));
    return filled.length ? this.pick(filled, salt) : undefined;
  }

  /** Like fill, but always gives a line (ignoring repetition when every line was used). */
  private line(variants: Variants, slots: Slots, salt: string): string {
    return (
      this.fill(variants, slots, salt) ??
      fillSlots(linesFor(variants, this.register)[0] ?? '', { ...this.base, ...slots }) ??
      ''
    );
  }
}

/** Angles in the order emails use them: stated first, then those at the reader's level, then the rest. */
function rankAngles(brief: ComposerBrief, level: 'above' | 'below'): Angle[] {
  const focus = brief.context.mentions.map((mention) => mention.text.toLowerCase());
  const score = (angle: Angle) =>
    (angle.origin === 'user' ? 3 : angle.origin === 'stated' ? 2 : 0) +
    (angle.level === level ? 1.5 : angle.level === 'both' ? 0.75 : 0) +
    (focus.some(
      (text) => angle.pain.toLowerCase().includes(text) || (angle.phrase && text.includes(angle.phrase.toLowerCase())),
    )
      ? 3
      : 0);
  return [...brief.angles]
    .map((angle, index) => ({ angle, index }))
    .sort((a, b) => score(b.angle) - score(a.angle) || a.index - b.index)
    .map(({ angle }) => angle);
}

/** The user's own text as sentences for a body, or framed when it is a phrase ("6 weeks"). */
function asSentences(text: string, frame: Variants | undefined, composition: Composition, salt: string): string[] {
  const trimmed = text.trim();
  if (/[.!?]$/.test(trimmed) && trimmed.split(/\s+/).length >= 4) return [composition.use(trimmed.replace(/!$/, '.'))];
  if (!frame) return [];
  const filled = composition.fill(
    frame,
    { news: trimmed.replace(/[.!]+$/, ''), roi: trimmed.replace(/[.!]+$/, '') },
    salt,
  );
  return filled ? [composition.use(filled)] : [];
}

/** Fills `{slot}`s; undefined when one has no value. `{Phrase}` is `phrase` capitalised. Merge fields `{{…}}` stay. */
export function fillSlots(line: string, values: Slots): string | undefined {
  let missing = false;
  const filled = line.replace(/\{\{[^}]*\}\}|\{(\w+)\}/g, (match, slot: string | undefined) => {
    if (!slot) return match;
    const lower = slot.charAt(0).toLowerCase() + slot.slice(1);
    const value = values[slot] ?? (slot !== lower ? values[lower] : undefined);
    if (!value) {
      missing = true;
      return '';
    }
    return slot !== lower ? capital(value) : value;
  });
  return missing ? undefined : filled;
}

const isText = (value: string | undefined | false | null): value is string => Boolean(value);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const other = (level: 'above' | 'below') => (level === 'above' ? 'below' : 'above');

function rotate<T>(items: readonly T[], by: number): T[] {
  if (!items.length) return [];
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

const AND: Record<string, string> = { en: 'and', de: 'und', fr: 'et', es: 'y' };

/**
 * An event's name as a German frame's "bei {event}" needs it: with the article its last word asks
 * for ("bei der Hannover Messe", "bei dem OMR Festival"); other languages take the name as it is.
 */
export function eventIn(event: string, language: string): string {
  // A name that starts with a common noun takes its article after the frames' "à {event}" / "en
  // {event}": "à l'occasion du Salon des Entrepreneurs", "en el Salón de la Logística"; "à VivaTech" as is.
  if (language === 'fr') {
    if (/^(salon|forum|congrès|sommet|festival|carrefour|mondial|rendez-vous)\b/i.test(event))
      return `l'occasion du ${event}`;
    if (/^(foire|semaine|journée|rencontre|convention|conférence|biennale)\b/i.test(event))
      return `l'occasion de la ${event}`;
    return event;
  }
  if (language === 'es') {
    if (/^(salón|congreso|foro|festival|encuentro|simposio)\b/i.test(event)) return `el ${event}`;
    if (/^(feria|semana|cumbre|jornada|conferencia|convención|exposición)\b/i.test(event)) return `la ${event}`;
    return event;
  }
  if (language !== 'de' || /^(der|die|das|dem|den)\s/i.test(event)) return event;
  if (/(messe|konferenz|tagung|ausstellung|expo|show|woche|fachmesse|mesa)$/i.test(event)) return `der ${event}`;
  if (/(kongress|summit|gipfel|tag|day|workshop|forum|festival|event|treffen|meetup|barcamp|symposium)$/i.test(event))
    return `dem ${event}`;
  return event;
}

function joinList(items: string[], language: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${AND[language] ?? 'and'} ${items.at(-1)}`;
}

/** Whether every word of a topic ("accounts payable") is in a title ("Accounts Payable Specialist"). */
function namesTopic(title: string | undefined, topic: string | undefined): boolean {
  if (!title || !topic) return false;
  const stems = (text: string) =>
    wordsOf(text)
      .filter((word) => word.length > 2)
      .map(stemOf);
  const words = new Set(stems(title));
  const wanted = stems(topic);
  return wanted.length > 0 && wanted.every((word) => words.has(word));
}

/**
 * Words of a job title that say rank or function-neutral role, not the field (every language the
 * playbook writes): what is left of a title without them is what it shares with a buyer's.
 */
const RANK_WORDS = new Set(
  [
    'head',
    'of',
    'the',
    'and',
    'for',
    'vp',
    'vice',
    'president',
    'director',
    'manager',
    'management',
    'managing',
    'general',
    'lead',
    'leader',
    'senior',
    'sr',
    'junior',
    'jr',
    'chief',
    'officer',
    'team',
    'global',
    'regional',
    'group',
    'principal',
    'associate',
    'assistant',
    'executive',
    'specialist',
    'coordinator',
    'deputy',
    'interim',
    'leiter',
    'leiterin',
    'leitung',
    'bereichsleiter',
    'abteilungsleiter',
    'teamleiter',
    'referent',
    'referentin',
    'sachbearbeiter',
    'sachbearbeiterin',
    'verantwortlicher',
    'verantwortliche',
    'stellvertretender',
    'für',
    'der',
    'des',
    'und',
    'directeur',
    'directrice',
    'responsable',
    'chef',
    'chargé',
    'chargée',
    'adjoint',
    'adjointe',
    'de',
    'du',
    'des',
    'la',
    'le',
    'et',
    'director',
    'directora',
    'jefe',
    'jefa',
    'gerente',
    'del',
    'el',
    'y',
    'coordinador',
    'coordinadora',
    'adjunto',
    'adjunta',
  ].map(stemOf),
);
/** Titles that run the whole company: every function may be theirs. */
const WHOLE_COMPANY =
  /^(?:ceo|founder|co-?founder|owner|md|president|geschäftsführer(?:in)?|inhaber(?:in)?|gründer(?:in)?|vorstand|pdg|dg|gérant(?:e)?|fondateur|fondatrice|dirigeant(?:e)?|fundador(?:a)?|propietario|propietaria|consejero delegado|managing director|general manager|directeur général|directrice générale|director general|directora general)$/i;

/**
 * Whether a reader's title belongs with a function: it runs the whole company, or a field word of
 * it ("purchasing" in "Head of Purchasing") is in a buyer's title the function's playbook lists,
 * its topic or its label, in any language; German compounds meet by containment
 * ("Einkaufsleiter" and "Leiter Einkauf"). A missing title fits.
 */
export function personaFits(
  title: string | undefined,
  fn: FunctionPlaybook,
  language: WritingLanguage,
  pageBuyers: readonly string[] = [],
): boolean {
  if (!title) return true;
  const field = (text: string) =>
    wordsOf(text)
      .map(stemOf)
      .filter((word) => word.length > 1 && !RANK_WORDS.has(word));
  if (WHOLE_COMPANY.test(title.trim())) return true;
  const own = field(title);
  if (!own.length) return true;
  const theirs = new Set(
    [
      ...Object.values(fn.buyers.above).flat(),
      ...Object.values(fn.buyers.below).flat(),
      fn.topic?.[language] ?? '',
      fn.label[language],
      fn.label.en,
      // The function's own words ("finance team", "HR outsourcing"): a "Head of Finance" or an
      // "HR Officer" is a buyer of a function whose page speaks of them.
      ...Object.values(fn.signals).flat(),
      // The seller's page shows who buys ("Joanne Fairlie, Operations Director" quoted by a
      // supervisor-training firm): an Operations Director is no stranger to its topic.
      ...pageBuyers,
    ].flatMap(field),
  );
  return own.some(
    (word) =>
      theirs.has(word) ||
      (word.length >= 5 &&
        [...theirs].some((other) => other.length >= 5 && (word.includes(other) || other.includes(word)))),
  );
}
