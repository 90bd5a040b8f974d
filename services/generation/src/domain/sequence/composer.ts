import type { Email, EmailSequence } from '@seqgen/proto';
import { capitalise, joinList, lowerFirst, wordCount } from '../extraction/text.ts';
import type { Outcome, PainSolution, Proof, SequenceBrief, ToneLabel } from './brief.ts';

/**
 * The built-in writer (DESIGN.md §2): a deterministic composer that turns a brief into the seven
 * emails of an outbound sequence — intro, pain follow-up, social proof, a new angle, a quick win,
 * a last resource and a breakup. Pain i is always told with solution i. Tone changes greetings,
 * sign-offs, contractions and sentence length; seniority changes what the emails argue (business
 * outcomes and shorter copy above the line, workflow and hands-on detail below it).
 */
export function composeSequence(brief: SequenceBrief): EmailSequence {
  const writer = new Writer(brief);
  return [
    writer.intro(),
    writer.painFollowUp(),
    writer.socialProof(),
    writer.newAngle(),
    writer.quickWin(),
    writer.resource(),
    writer.breakup(),
  ];
}

type Register = 'casual' | 'neutral' | 'formal';

const REGISTER: Record<ToneLabel, Register> = {
  'Very Casual': 'casual',
  Casual: 'casual',
  Balanced: 'neutral',
  Professional: 'formal',
  'Very Professional': 'formal',
};

const SIGN_OFF: Record<ToneLabel, string> = {
  'Very Casual': 'Cheers,',
  Casual: 'Thanks,',
  Balanced: 'Best,',
  Professional: 'Best regards,',
  'Very Professional': 'Kind regards,',
};

/** Contractions the formal register spells out. */
const EXPANSIONS: [RegExp, string][] = [
  [/\bI'm\b/g, 'I am'],
  [/\bI've\b/g, 'I have'],
  [/\bI'd\b/g, 'I would'],
  [/\bI'll\b/g, 'I will'],
  [/\b([Yy])ou're\b/g, '$1ou are'],
  [/\b([Yy])ou've\b/g, '$1ou have'],
  [/\b([Yy])ou'll\b/g, '$1ou will'],
  [/\b([Yy])ou'd\b/g, '$1ou would'],
  [/\b([Ww])e're\b/g, '$1e are'],
  [/\b([Ww])e've\b/g, '$1e have'],
  [/\b([Ww])e'll\b/g, '$1e will'],
  [/\b([Ii])t's\b/g, '$1t is'],
  [/\b([Tt])hat's\b/g, '$1hat is'],
  [/\b([Tt])here's\b/g, '$1here is'],
  [/\b([Hh])ere's\b/g, '$1ere is'],
  [/\b([Ww])hat's\b/g, '$1hat is'],
  [/\b([Dd])on't\b/g, '$1o not'],
  [/\b([Dd])oesn't\b/g, '$1oes not'],
  [/\b([Dd])idn't\b/g, '$1id not'],
  [/\b([Ii])sn't\b/g, '$1s not'],
  [/\b([Aa])ren't\b/g, '$1re not'],
  [/\b([Hh])aven't\b/g, '$1ave not'],
  [/\b([Ww])on't\b/g, '$1ill not'],
  [/\b([Cc])an't\b/g, '$1annot'],
  [/\b([Ll])et's\b/g, '$1et us'],
];

/** Above the line: what leadership answers for. Below: what the team lives with. */
const OUTCOMES: Record<Outcome, { above: string; below: string; plain: string; quietly: string }> = {
  cost: {
    above: 'margin pressure that ends up in every budget review',
    below: 'costs you have to explain line by line every month',
    plain: 'your budget',
    quietly: 'It quietly inflates costs nobody planned for.',
  },
  revenue: {
    above: 'revenue left on the table quarter after quarter',
    below: 'customers and revenue slipping through the cracks',
    plain: 'revenue',
    quietly: 'It quietly costs revenue that never shows up in a report.',
  },
  risk: {
    above: 'risk exposure that ends up on the executive agenda',
    below: 'last-minute scrambles whenever someone asks for proof',
    plain: 'your risk exposure',
    quietly: 'It quietly adds risk that nobody sees until an audit or an incident.',
  },
  time: {
    above: 'slower decisions and a team stuck on low-value work',
    below: 'hours every week lost to manual, repetitive steps',
    plain: "your team's time",
    quietly: 'It quietly eats hours that could go to higher-value work.',
  },
  visibility: {
    above: 'strategic decisions made on stale numbers',
    below: 'chasing updates across spreadsheets and inboxes',
    plain: 'the quality of your decisions',
    quietly: 'It leaves teams deciding on numbers that are already out of date.',
  },
  general: {
    above: 'a drag on growth that compounds every quarter',
    below: 'extra work that keeps your team from what matters',
    plain: 'growth',
    quietly: 'It quietly slows everything else down.',
  },
};

const MIN_WORDS = 50;
const MAX_WORDS = 150;
const MAX_SUBJECT = 59;

/** A sentence the body may drop when it runs long (or above the line, where shorter wins). */
interface Optional {
  optional: string | undefined;
}
type Line = string | Optional | undefined | false;
type Paragraph = Line[];

class Writer {
  readonly #brief: SequenceBrief;
  readonly #register: Register;
  readonly #name: string;
  readonly #pairs: PainSolution[];
  /** Solutions whose detail an earlier email already told: said once, never repeated word for word. */
  readonly #told = new Set<PainSolution>();

  constructor(brief: SequenceBrief) {
    this.#brief = brief;
    this.#register = REGISTER[brief.toneLabel];
    this.#name = brief.company.name;
    this.#pairs = brief.pairs;
  }

  // -------------------------------------------------------------------------------------------
  // The seven emails

  intro(): Email {
    const pair = this.#pair(0);
    const { prospect } = this.#brief;
    const pain = this.#painInline(pair);
    const painLine = this.#persona
      ? this.#by({
          casual: `As ${this.#persona}, you've probably run into this one: ${pain}.`,
          neutral: `As ${this.#persona}, you likely see this more than most: ${pain}.`,
          formal: `In your role as ${this.#persona}, you will be familiar with this challenge: ${pain}.`,
        })
      : this.#by({
          casual: `Most ${this.#peers} I talk to have the same headache: ${pain}.`,
          neutral: `One issue keeps coming up with ${this.#peers}: ${pain}.`,
          formal: `In conversations with ${this.#peers}, one challenge comes up consistently: ${pain}.`,
        });
    const prospectLine = prospect
      ? this.#by({
          casual: `I came across ${prospect.name} and saw ${this.#prospectFocus('you work with')}.`,
          neutral: `I was looking at ${prospect.name} and noticed ${this.#prospectFocus('your focus on')}.`,
          formal: `I have been following ${prospect.name} and ${this.#prospectFocus('its work with')}.`,
        })
      : undefined;
    const courtesy =
      this.#brief.toneLabel === 'Very Professional' ? { optional: 'I hope this message finds you well.' } : undefined;
    const event = this.#brief.context?.kind === 'event' ? this.#brief.context.sentence : undefined;
    return this.#email(this.#subjectIntro(pair), [
      [courtesy, prospectLine, painLine, this.#stakes(pair, 'intro')],
      [
        this.#by({
          casual: `Quick context: ${this.#brief.company.intro}`,
          neutral: `A bit about us: ${this.#brief.company.intro}`,
          formal: `By way of introduction: ${this.#brief.company.intro}`,
        }),
        ...this.#solutionLines(pair),
      ],
      [event],
      [
        this.#by({
          casual: this.#pick(['Worth a quick 15-minute chat next week?', 'Open to a quick 15-minute call next week?']),
          neutral: 'Would a 15-minute call next week be useful?',
          formal: 'Would you be open to a brief 15-minute conversation next week?',
        }),
      ],
    ]);
  }

  painFollowUp(): Email {
    const pair = this.#pair(1);
    const pain = this.#painInline(pair);
    const highlight = this.#brief.context?.kind === 'note' ? this.#brief.context.sentence : undefined;
    return this.#email(
      this.#subject(
        pair.topic && {
          casual: `Still dealing with ${pair.topic}?`,
          neutral: `A thought on ${pair.topic}`,
          formal: `Regarding ${pair.topic}`,
        },
        { casual: 'One more idea', neutral: 'A second thought', formal: 'A related challenge' },
      ),
      [
        [
          this.#by({
            casual: `Another thing ${this.#peers} tell me slows them down: ${pain}.`,
            neutral: `A second problem we often see${this.#inIndustry}: ${pain}.`,
            formal: `I would like to follow up on a related challenge we often see${this.#inIndustry}: ${pain}.`,
          }),
          this.#stakes(pair, 'followUp'),
        ],
        [
          this.#by({
            casual: `${this.#name} takes that off your plate.`,
            neutral: `${this.#name} was built to take care of it.`,
            formal: `${this.#name} addresses this directly.`,
          }),
          this.#detail(pair),
          this.#seniority === 'below'
            ? 'In practice, that means hours back every week for the people doing the work.'
            : undefined,
        ],
        [highlight],
        [
          this.#by({
            casual: 'Is this on your radar this quarter?',
            neutral: "Is this something you're working on this quarter?",
            formal: `Is this a priority for ${this.#prospect ? `${this.#prospect} ` : 'your team '}this quarter?`,
          }),
        ],
      ],
    );
  }

  socialProof(): Email {
    const proof = this.#proof;
    const customers = this.#brief.company.customers;
    if (proof) {
      const related = this.#pairs.find((pair) => pair.proof === proof);
      const customer = proof.customer;
      return this.#email(
        this.#subject(
          customer && {
            casual: `How ${customer} did it`,
            neutral: `What ${customer} changed`,
            formal: `Results from ${customer}`,
          },
          { casual: 'A quick customer story', neutral: 'A customer example', formal: 'A recent customer result' },
        ),
        [
          [
            this.#by({
              casual: "Thought you'd like to see what this looks like in practice.",
              neutral: 'A quick example of what this looks like in practice.',
              formal: 'I wanted to share a recent result from one of our customers.',
            }),
            proof.text,
            related
              ? this.#by({
                  casual: `They started where many ${this.#peers} are: ${this.#painInline(related)}.`,
                  neutral: `Their starting point will sound familiar: ${this.#painInline(related)}.`,
                  formal: `Their starting point was a familiar one: ${this.#painInline(related)}.`,
                })
              : undefined,
          ],
          [
            related?.headline
              ? this.#by({
                  casual: `What made the difference: ${asGerund(related.headline)}.`,
                  neutral: `What changed it for them: ${asGerund(related.headline)}.`,
                  formal: `The turning point was ${asGerund(related.headline)}.`,
                })
              : undefined,
            related && (this.#seniority === 'below' || !related.headline)
              ? { optional: this.#detail(related) }
              : undefined,
            customers.length > 1
              ? {
                  optional: `Teams like ${joinList(customers.filter((c) => c !== customer).slice(0, 3))} work with us too.`,
                }
              : undefined,
          ],
          [
            this.#by({
              casual: 'Want me to send over the full story?',
              neutral: 'Would it help if I sent over the details?',
              formal: 'May I send you the full case study?',
            }),
          ],
        ],
      );
    }
    const shown = this.#pairs.slice(0, 3);
    return this.#email(
      this.#subject(undefined, {
        casual: `What changes with ${this.#name}`,
        neutral: `What teams get from ${this.#name}`,
        formal: `How teams work with ${this.#name}`,
      }),
      [
        [
          this.#by({
            casual: `Here's what changes for teams that bring in ${this.#name}.`,
            neutral: `Here's what ${this.#peers} get when they work with ${this.#name}.`,
            formal: `I would like to outline what ${this.#peers} gain from working with ${this.#name}.`,
          }),
          customers.length ? `Teams like ${joinList(customers.slice(0, 3))} rely on it.` : undefined,
        ],
        shown.map((pair) => `- ${pair.headline ? capitalise(pair.headline) : shortClause(pair.detail, 16)}`),
        [
          this.#by({
            casual: `Want to see how that would look${this.#atProspect || ' for your team'}?`,
            neutral: `Would it help to see how that would work${this.#atProspect || ' for your team'}?`,
            formal: `Would it be helpful to see how this would apply${this.#atProspect || ' to your team'}?`,
          }),
        ],
      ],
    );
  }

  newAngle(): Email {
    const pair = this.#pair(2);
    const topic = pair.topic ?? 'the problem';
    const outcome = OUTCOMES[pair.outcome];
    return this.#email(
      this.#subject(
        pair.topic && {
          casual: 'The cost of waiting',
          neutral: `What ${pair.topic} really costs`,
          formal: `The cost of inaction on ${pair.topic}`,
        },
        { casual: 'The cost of waiting', neutral: 'A different angle', formal: 'The cost of inaction' },
      ),
      [
        [
          pair.topic
            ? this.#by({
                casual: `Different angle today: the cost of leaving ${topic} as it is.`,
                neutral: `Today I want to look at ${topic} from a different angle: what it costs to leave it alone.`,
                formal: `I would like to offer a different perspective on ${topic}: the cost of inaction.`,
              })
            : this.#by({
                casual: `Different angle today: what it costs to leave this one alone. ${capitalise(pair.pain)}.`,
                neutral: `Today I want to look at a familiar problem from a different angle. ${capitalise(pair.pain)}.`,
                formal: `I would like to offer a different perspective on a familiar challenge. ${capitalise(pair.pain)}.`,
              }),
          this.#seniority === 'above'
            ? `Every quarter it stays unsolved shows up as ${outcome.above}.`
            : this.#seniority === 'below'
              ? `Every week it stays unsolved means ${outcome.below}.`
              : `Every month it stays, it quietly eats into ${outcome.plain}.`,
          this.#brief.industry
            ? `In ${this.#brief.industry}, where margins for error are thin, that adds up fast.`
            : undefined,
        ],
        [`${this.#name} changes that.`, this.#detail(pair)],
        [
          this.#by({
            casual: 'Do you know roughly what it costs your team today?',
            neutral: 'Have you put a number on what it costs you today?',
            formal: 'Has your team estimated what this currently costs?',
          }),
        ],
      ],
    );
  }

  quickWin(): Email {
    // With fewer than four pains, the one the case study did not already cover.
    const proofPair = this.#pairs.find((pair) => pair.proof && pair.proof === this.#proof);
    const pair = this.#pair(3) === proofPair && this.#pairs.length > 1 ? this.#pair(4) : this.#pair(3);
    const topic = pair.topic ?? 'this';
    const win = pair.headline ? asGerund(pair.headline) : `tackling ${topic}`;
    const offer = this.#brief.context?.kind === 'offer' ? this.#brief.context.sentence : undefined;
    return this.#email(
      this.#subject(undefined, {
        casual: `A quick win for ${this.#prospect ?? 'your team'}`,
        neutral: 'An easy first step',
        formal: `A low-effort first step for ${this.#prospect ?? 'your team'}`,
      }),
      [
        [
          this.#by({
            casual: 'I know a new project is the last thing anyone wants to take on right now.',
            neutral: `A common worry we hear is that fixing ${topic} turns into a big project.`,
            formal: `A frequent concern is that addressing ${topic} requires a lengthy implementation.`,
          }),
          this.#by({
            casual: "It doesn't have to: you can start small.",
            neutral: "It doesn't have to: most teams start with one piece.",
            formal: 'It does not have to: most teams begin with a single, contained step.',
          }),
        ],
        [
          `The quickest win is usually ${win}.`,
          this.#detail(pair),
          this.#seniority === 'above'
            ? 'You see the impact within a quarter, without pulling your team off other priorities.'
            : this.#seniority === 'below'
              ? { optional: 'Your team keeps its current workflow while the manual steps drop away.' }
              : undefined,
        ],
        [offer],
        [
          this.#by({
            casual: 'Open to a quick 20-minute walkthrough?',
            neutral: 'Would a 20-minute walkthrough be worth it?',
            formal: `Would you be open to a 20-minute walkthrough of how this would work${this.#atProspect || ' for your team'}?`,
          }),
        ],
      ],
    );
  }

  resource(): Email {
    const audience = this.#brief.industry
      ? `teams in ${this.#brief.industry}`
      : this.#brief.company.audience || 'teams like yours';
    return this.#email(
      this.#subject(undefined, {
        casual: 'Something useful for you',
        neutral: `A short summary for ${this.#prospect ?? 'your team'}`,
        formal: `A brief overview for ${this.#prospect ?? 'your team'}`,
      }),
      [
        [
          this.#by({
            casual: 'No pitch this time, just something useful.',
            neutral: 'This one is less about us and more about something you can use.',
            formal: 'Rather than another introduction, I would like to offer something of practical value.',
          }),
          `I can send a one-page summary of how ${audience} are tackling these:`,
        ],
        this.#pairs
          .slice(0, 3)
          .map((pair) => `- ${capitalise(pair.topic ?? shortClause(pair.pain))}: ${this.#lead(fixOf(pair))}`),
        [
          this.#seniority === 'above'
            ? 'It is short enough to share with your leadership team.'
            : this.#seniority === 'below'
              ? 'It includes the practical steps, so your team can use it straight away.'
              : { optional: 'It takes five minutes to read.' },
        ],
        [
          this.#by({
            casual: 'Want me to send it over?',
            neutral: 'Shall I send it over?',
            formal: 'Would you like me to send it to you?',
          }),
        ],
      ],
    );
  }

  breakup(): Email {
    const pair = this.#pair(0);
    const topic = pair.topic ?? 'this';
    return this.#email(
      this.#subject(
        pair.topic && {
          casual: 'Should I close your file?',
          neutral: 'Closing the loop',
          formal: `Closing the loop on ${pair.topic}`,
        },
        { casual: 'Should I close your file?', neutral: 'Closing the loop', formal: 'Closing the loop' },
      ),
      [
        [
          this.#by({
            casual: "I haven't heard back, so I'll assume the timing isn't right.",
            neutral: "I haven't heard back, so I'll keep this one short.",
            formal: 'As I have not heard back, I will assume this is not a priority at the moment.',
          }),
          `If you decide to tackle ${topic}${this.#atProspect}, ${this.#name} is here to help.`,
          this.#by({
            casual: "No hard feelings either way, and I won't keep filling your inbox.",
            neutral: 'I will not keep following up after this.',
            formal: 'This will be my last message on the subject.',
          }),
        ],
        [
          this.#by({
            casual: 'Should I close your file, or is there someone else I should talk to?',
            neutral: 'Should I close the loop here, or is someone else the right person to talk to?',
            formal: 'Should I close this conversation, or would someone else on your team be the better contact?',
          }),
        ],
      ],
    );
  }

  // -------------------------------------------------------------------------------------------
  // Pieces

  get #persona(): string | undefined {
    return this.#brief.persona.role;
  }

  get #seniority() {
    return this.#brief.persona.seniority;
  }

  get #prospect(): string | undefined {
    return this.#brief.prospect?.name;
  }

  get #atProspect(): string {
    return this.#prospect ? ` at ${this.#prospect}` : '';
  }

  get #inIndustry(): string {
    return this.#brief.industry ? ` in ${this.#brief.industry}` : '';
  }

  /** Who "people like you" are: the audience, in the industry the user targets. */
  get #peers(): string {
    const audience = this.#brief.company.audience || 'teams like yours';
    return this.#brief.industry ? `${audience} in ${this.#brief.industry}` : audience;
  }

  get #proof(): Proof | undefined {
    return this.#brief.proofs.find((proof) => proof.customer) ?? this.#brief.proofs[0];
  }

  #prospectFocus(lead: string): string {
    const prospect = this.#brief.prospect;
    if (prospect?.audience) return `${lead} ${prospect.audience}`;
    if (prospect?.industry) return `what your team is building in ${prospect.industry}`;
    return 'what your team is building';
  }

  /** The pair for email `index`: pains in order, wrapping when the analysis has fewer. */
  #pair(index: number): PainSolution {
    return this.#pairs[index % this.#pairs.length] as PainSolution;
  }

  #detail(pair: PainSolution): string | undefined {
    if (this.#told.has(pair) || sameText(pair.detail, this.#brief.company.intro)) return undefined;
    this.#told.add(pair);
    return pair.detail;
  }

  /** Lower-cases a sentence's first letter to run on after a colon, except a name. */
  #lead(text: string): string {
    const firstWord = this.#name.split(' ')[0] ?? this.#name;
    return text.startsWith(firstWord) ? text : lowerFirst(text);
  }

  #solutionLines(pair: PainSolution): Line[] {
    const detail = this.#detail(pair);
    if (!detail) return [];
    const lead = this.#by({
      casual: "Here's the part that fixes it.",
      neutral: "Here's how we handle it.",
      formal: `Here is how ${this.#name} addresses it.`,
    });
    return [{ optional: lead }, detail];
  }

  /** A pain ready to follow a colon: noun phrases lower-cased, sentences kept intact. */
  #painInline(pair: PainSolution): string {
    return wordCount(pair.pain) <= 8 ? lowerFirst(pair.pain) : pair.pain;
  }

  /** One sentence on why the pain matters to this reader. */
  #stakes(pair: PainSolution, where: 'intro' | 'followUp'): Line {
    const outcome = OUTCOMES[pair.outcome];
    if (this.#seniority === 'above') {
      return where === 'intro'
        ? `At the leadership level, that shows up as ${outcome.above}.`
        : `It rarely makes the board deck, but it drives ${outcome.above}.`;
    }
    if (this.#seniority === 'below') {
      return where === 'intro'
        ? `Day to day, that means ${outcome.below}.`
        : "If you're the one dealing with it every day, you know how much time it eats.";
    }
    return where === 'followUp' ? outcome.quietly : undefined;
  }

  #by(variants: Record<Register, string>): string {
    return variants[this.#register];
  }

  /** A stable choice between phrasings, so different companies do not all read the same. */
  #pick(options: string[]): string {
    let hash = 2166136261;
    for (const char of this.#name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    return options[(hash >>> 0) % options.length] as string;
  }

  #subjectIntro(pair: PainSolution): string {
    const prospect = this.#prospect;
    return this.#subject(
      pair.topic && {
        casual: `Quick question about ${pair.topic}`,
        neutral: prospect ? `${capitalise(pair.topic)} at ${prospect}` : `An idea on ${pair.topic}`,
        formal: prospect ? `${this.#name} and ${prospect}` : `A note on ${pair.topic}`,
      },
      {
        casual: prospect ? `Quick question for ${prospect}` : 'Quick question',
        neutral: prospect ? `An idea for ${prospect}` : `An idea from ${this.#name}`,
        formal: prospect ? `${this.#name} and ${prospect}` : `An introduction from ${this.#name}`,
      },
    );
  }

  /** The preferred subject when it fits in a subject line, else the fallback. */
  #subject(preferred: Record<Register, string> | undefined | false | '', fallback: Record<Register, string>): string {
    const candidates = [
      preferred ? this.#by(preferred) : undefined,
      this.#by(fallback),
      this.#by(fallback).split(' ').slice(0, 3).join(' '),
    ];
    let subject =
      candidates.find((value): value is string => Boolean(value) && (value as string).length <= MAX_SUBJECT) ?? '';
    if (this.#register === 'formal') subject = this.#formal(subject);
    // Very casual subjects read like a note from a colleague: lower-case start.
    if (this.#brief.toneLabel === 'Very Casual') subject = lowerFirst(subject);
    return subject;
  }

  #formal(text: string): string {
    if (this.#register !== 'formal') return text;
    let result = text;
    for (const [pattern, replacement] of EXPANSIONS) result = result.replace(pattern, replacement);
    return result;
  }

  /** What a short body may add, in order: who we are, who we work with, whom we talk to. */
  #fillers(): string[] {
    const { intro, audience, titles } = this.#brief.company;
    return [
      intro,
      audience ? `We work with ${audience} every day.` : '',
      titles.length ? `Most of our conversations are with ${joinList(titles.slice(0, 3), 'or')}.` : '',
      `Happy to share more about how ${this.#name} works.`,
    ].filter(Boolean);
  }

  #greeting(): string {
    switch (this.#brief.toneLabel) {
      case 'Very Casual':
        return 'Hey there,';
      case 'Casual':
        return 'Hi there,';
      case 'Balanced':
        return 'Hi,';
      case 'Professional':
        return 'Hello,';
      default: {
        const role = this.#persona ?? this.#brief.company.titles[0];
        return role && wordCount(role) <= 6
          ? `Dear ${role},`
          : this.#prospect
            ? `Dear ${this.#prospect} team,`
            : 'Good day,';
      }
    }
  }

  /**
   * Lays out an email: greeting, paragraphs, the ask (last paragraph), sign-off. Optional
   * sentences go first when the body runs past 150 words, and always above the line or when
   * the user asked for brevity; a body under 50 words gets the company's introduction.
   */
  #email(subject: string, paragraphs: Paragraph[]): Email {
    const short = this.#seniority === 'above' || Boolean(this.#brief.context?.brief);
    const render = (dropOptional: boolean, extra: string[]) => {
      const blocks = paragraphs
        .map((paragraph) =>
          paragraph
            .map((line) => (typeof line === 'object' && line ? (dropOptional ? undefined : line.optional) : line))
            .filter((line): line is string => Boolean(line)),
        )
        .filter((lines) => lines.length > 0);
      if (extra.length) blocks.splice(Math.max(0, blocks.length - 1), 0, extra);
      const text = blocks
        .map((lines) => (lines.every((line) => line.startsWith('- ')) ? lines.join('\n') : lines.join(' ')))
        .join('\n\n');
      return this.#formal(
        `${this.#greeting()}\n\n${text}\n\n${SIGN_OFF[this.#brief.toneLabel]}\nThe ${this.#name} team`,
      );
    };
    let body = render(short, []);
    if (wordCount(body) > MAX_WORDS) body = render(true, []);
    const extra: string[] = [];
    for (const filler of this.#fillers()) {
      if (wordCount(body) >= MIN_WORDS) break;
      if (body.includes(filler)) continue;
      extra.push(filler);
      body = render(short, extra);
    }
    if (wordCount(body) > MAX_WORDS) body = trimToWords(body, MAX_WORDS);
    return { subject, body };
  }
}

/** Last resort for very long analysis text: drops whole sentences from the longest paragraph. */
function trimToWords(body: string, max: number): string {
  const blocks = body.split('\n\n');
  while (wordCount(blocks.join('\n\n')) > max) {
    // The greeting, the ask and the sign-off stay; the longest middle paragraph gives way.
    let longest = -1;
    for (let index = 1; index < blocks.length - 2; index += 1) {
      if (longest === -1 || wordCount(blocks[index] ?? '') > wordCount(blocks[longest] ?? '')) longest = index;
    }
    if (longest === -1) break;
    const sentences = (blocks[longest] ?? '').split(/(?<=[.!?])\s+/);
    if (sentences.length <= 1) blocks.splice(longest, 1);
    else blocks[longest] = sentences.slice(0, -1).join(' ');
  }
  return blocks.join('\n\n');
}

const IMPERATIVE =
  /^(reduce|eliminate|stop|shorten|avoid|simplify|protect|automate|detect|recover|cut|improve|prevent|track|close|grow|increase|boost|save|speed|streamline|unify|manage|monitor|plan|forecast|get|keep|make|find|build|win|turn|connect|run|scale|secure|lower|fill|book|cure|capture|control)\b/i;
const DOUBLED = new Set(['stop', 'cut', 'plan', 'get', 'win', 'run']);

/** "Reduce no-shows" → "reducing no-shows"; a noun phrase stays as it is, lower-cased. */
export function asGerund(headline: string): string {
  const match = IMPERATIVE.exec(headline);
  if (!match?.[1]) return lowerFirst(headline);
  const verb = match[1].toLowerCase();
  const ing = DOUBLED.has(verb)
    ? `${verb}${verb.at(-1)}ing`
    : verb.endsWith('e') && !verb.endsWith('ee')
      ? `${verb.slice(0, -1)}ing`
      : `${verb}ing`;
  return `${ing}${headline.slice(verb.length)}`;
}

const contentWords = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}-]+/u)
      .filter((word) => word.length > 3),
  );

/** The start of a sentence, at most about a dozen words, cut at a clause break once it says something. */
function shortClause(text: string, maxWords = 12): string {
  const words = text
    .replace(/[.!?…]+$/, '')
    .split(' ')
    .slice(0, maxWords);
  for (let index = 4; index < words.length - 1; index += 1) {
    if (/[,;:]$/.test(words[index] ?? ''))
      return words
        .slice(0, index + 1)
        .join(' ')
        .replace(/[,;:]$/, '');
  }
  return words.join(' ').replace(/[,;:–—-]+$/, '');
}

/** How a pair's solution reads in a one-line list: the lead-in, unless it only repeats the pain. */
function fixOf(pair: PainSolution): string {
  if (pair.headline) {
    const pain = contentWords(pair.pain);
    const headline = [...contentWords(pair.headline)];
    const shared = headline.filter((word) => pain.has(word)).length;
    if (headline.length && shared / headline.length < 0.6) return asGerund(pair.headline);
  }
  return shortClause(pair.detail);
}

const sameText = (a: string, b: string) => a.replace(/\W+/g, ' ').trim() === b.replace(/\W+/g, ' ').trim();
