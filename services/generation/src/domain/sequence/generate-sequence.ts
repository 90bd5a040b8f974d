import { checkSequence, detectLanguage } from '@seqgen/checks';
import {
  type Bus,
  BusRequestError,
  BusTimeoutError,
  BusUnavailableError,
  type Database,
  HttpError,
  type Logger,
  type Outbox,
  type RateLimiter,
  type RateLimitRule,
  serviceCounter,
} from '@seqgen/kit';
import {
  type Email,
  type EmailSequence,
  GENERATED_HISTORY_LIMIT,
  type GENERATION_STEPS,
  type GeneratedSequence,
  type GenerateEmailsRequest,
  type GenerateEmailsResponse,
  type RegenerateEmailRequest,
  type RegenerateEmailResponse,
  type ReplyOf,
  SEQUENCE_LENGTH,
  type SequenceChecks,
  type SubmittedAnalysis,
  type WritingLanguage,
} from '@seqgen/proto';
import { insertSequence, listSequencesNewestFirst } from '../../data/repository.ts';
import { type CompanyAnalyser, normaliseWithRole } from '../analysis/analyse-company.ts';
import { llmFailure } from '../analysis/errors.ts';
import { type LlmClient, LlmError } from '../llm/client.ts';
import { buildBrief, type SequenceBrief, seedOf } from './brief.ts';
import { composeEmails, composeVariant } from './composer.ts';
import { readContext } from './context.ts';
import { rewriteEmailWithLlm, writeWithLlm } from './llm.ts';

export interface SequenceDeps {
  db: Database;
  outbox: Outbox;
  /** Asks quota (request/reply) for a reservation before anything is written. */
  bus: Bus;
  analyser: CompanyAnalyser;
  logger: Logger;
  /** Present when an LLM is configured; otherwise the built-in composer writes. */
  llm?: LlmClient | undefined;
  /** How long quota may take to answer a reservation before the request fails closed. */
  quotaTimeoutMs: number;
  /** Sequences one user may request per window (each may fetch pages and call the LLM). */
  limit?: { limiter: RateLimiter; rule: RateLimitRule } | undefined;
  /** Single emails one user may have rewritten per window (Regenerate; no quota is used). */
  regenerateLimit?: { limiter: RateLimiter; rule: RateLimitRule } | undefined;
}

export type GenerationStep = (typeof GENERATION_STEPS)[number];

/**
 * Who follows a generation as it happens (the streaming endpoint): each step, each email as it
 * is written, and a signal that aborts the work when the reader has gone away.
 */
export interface GenerationObserver {
  progress?(step: GenerationStep, message: string): void;
  /** The email being written so far (an LLM writer only). */
  draft?(index: number, draft: { subject: string; body: string }): void;
  email?(index: number, email: Email): void;
  signal?: AbortSignal | undefined;
}

/** Who asked: their id (quota, history) and first name (the sign-off). */
export interface Requester {
  userId: string;
  firstName?: string | undefined;
}

export interface SequenceWriter {
  generate(
    requester: Requester,
    request: GenerateEmailsRequest,
    observer?: GenerationObserver,
  ): Promise<GenerateEmailsResponse>;
  /** One email written again, the others kept as sent; nothing stored, no quota used. */
  regenerate(requester: Requester, request: RegenerateEmailRequest): Promise<RegenerateEmailResponse>;
  /** The user's generated sequences, newest first. */
  history(userId: string): Promise<GeneratedSequence[]>;
  /** "builtin" or "llm:<model>". */
  readonly writerId: string;
}

/** The languages the built-in composer writes (docs/architecture.md §6); an LLM writes all of WRITING_LANGUAGES. */
const COMPOSER_LANGUAGES: readonly WritingLanguage[] = ['en', 'de'];
const LANGUAGE_NAMES: Record<WritingLanguage, string> = { en: 'English', de: 'German', fr: 'French', es: 'Spanish' };

/** The reader went away (the stream closed): nothing more is written and the reservation is released. */
export const CLIENT_GONE_MESSAGE = 'The request was cancelled before the sequence was ready.';

export const QUOTA_UNAVAILABLE_MESSAGE =
  "We couldn't check your sequence allowance right now, so nothing was generated. Please try again in a moment.";

const generations = serviceCounter('generation', {
  name: 'generations_total',
  help: 'Sequence generations by outcome: "ok" or the error code answered.',
  labelNames: ['outcome'],
});

export function createSequenceWriter(deps: SequenceDeps): SequenceWriter {
  const writerId = deps.llm ? `llm:${deps.llm.model}` : 'builtin';
  const log = deps.logger;

  /** Releases the reservation (quota consumes sequence.failed). Best effort: it also expires. */
  const release = async (userId: string, reservationId: string, reason: string) => {
    try {
      await deps.db.transaction(async (tx) => {
        await deps.outbox.enqueue(tx, 'sequence.failed', { userId, reservationId, reason });
      });
      deps.outbox.poke();
    } catch (error) {
      log.error({ err: error, reservationId }, 'could not record sequence.failed; the reservation will expire');
    }
  };

  const quotaUnavailable = () =>
    new HttpError(503, 'quota_unavailable', QUOTA_UNAVAILABLE_MESSAGE, { 'retry-after': '5' });

  /**
   * Fail closed: no answer from quota means no sequence, never a free one. Each attempt has its
   * own request id, which quota uses as the reservation id, and tells quota when this wait ends.
   * When the wait ends without an answer, quota may still reserve (it was stalled, or its reply
   * was lost): the id is released at once, so the slot is freed whichever of the two quota sees
   * first (issue 10, finding 4).
   */
  const reserve = async (userId: string): Promise<string> => {
    const requestId = crypto.randomUUID();
    const deadline = new Date(Date.now() + deps.quotaTimeoutMs).toISOString();
    let reply: ReplyOf<'quota.reserve'>;
    try {
      reply = await deps.bus.request(
        'quota.reserve',
        { userId, requestId, deadline },
        { timeoutMs: deps.quotaTimeoutMs },
      );
    } catch (error) {
      if (
        error instanceof BusTimeoutError ||
        error instanceof BusUnavailableError ||
        error instanceof BusRequestError
      ) {
        log.warn({ err: error, requestId }, 'quota reservation failed; refusing to generate and releasing the request');
        // Also on "unavailable" and failed replies: whether the request reached quota is unknown.
        await release(userId, requestId, 'quota_unanswered');
        throw quotaUnavailable();
      }
      throw error;
    }
    if (reply.ok) return reply.reservationId;
    // Quota judged the request too late (clocks apart): nothing reserved, and no plan limit either.
    if (reply.reason === 'expired') {
      log.warn({ requestId, reason: reply.message }, 'quota refused the reservation as expired; refusing to generate');
      throw quotaUnavailable();
    }
    // The plan limit, decided by quota's reason and never by its words (a responder of the previous
    // release gives no reason: its refusals were always the limit). The client sends the user to
    // /subscribe on the code (docs/product.md §8); quota's own message says why.
    throw new HttpError(403, 'limit_reached', reply.message);
  };

  const analysisFor = async (
    request: Pick<GenerateEmailsRequest, 'analysis' | 'companyUrl' | 'caseStudies'>,
    userId: string,
  ): Promise<SubmittedAnalysis> => {
    if (request.analysis) return request.analysis;
    const { analysis } = await deps.analyser.analyse(
      { companyUrl: request.companyUrl, caseStudies: request.caseStudies },
      userId,
    );
    if (!analysis.customerPains.length || !analysis.solutions.length) {
      // The page states no pain: the card asks the user to add one; a generation without it is refused clearly.
      throw new HttpError(422, 'no_pain_points', analysis.notice ?? 'Add at least one customer pain point');
    }
    return { ...analysis, targetAudience: analysis.targetAudience, targetJobTitles: analysis.targetJobTitles };
  };

  /** The language to write in (docs/product.md §3: `auto` is the site's language when the writer can write it). */
  const languageFor = (
    request: Pick<GenerateEmailsRequest, 'customization'>,
    analysis: SubmittedAnalysis,
  ): WritingLanguage => {
    const written =
      analysis.language ??
      detectLanguage([analysis.companyDescription, ...analysis.customerPains, ...analysis.solutions].join(' ')) ??
      'en';
    const asked =
      request.customization.language === 'auto'
        ? readContext(request.customization.additionalContext, undefined).language
        : request.customization.language;
    if (deps.llm) return asked ?? written;
    if (!asked) return COMPOSER_LANGUAGES.includes(written) ? written : 'en';
    if (!COMPOSER_LANGUAGES.includes(asked)) {
      throw new HttpError(
        400,
        'language_needs_ai',
        `Writing in ${LANGUAGE_NAMES[asked]} needs an AI model: the built-in writer writes English and German.`,
      );
    }
    if (asked !== written && COMPOSER_LANGUAGES.includes(written)) {
      throw new HttpError(
        400,
        'language_needs_ai',
        `Writing in ${LANGUAGE_NAMES[asked]} from an analysis in ${LANGUAGE_NAMES[written]} needs an AI model: the built-in writer writes in the analysis's language. Choose ${LANGUAGE_NAMES[written]} or Auto, or edit the analysis into ${LANGUAGE_NAMES[asked]}.`,
      );
    }
    return asked;
  };

  /**
   * What both writers need, from a request: URLs checked before anything is fetched, the analysis
   * (the user's, or the site's, cached), the prospect's page, the language and the brief.
   */
  const prepare = async (
    requester: Requester,
    request: Pick<GenerateEmailsRequest, 'analysis' | 'companyUrl' | 'caseStudies' | 'customization'>,
    observer?: GenerationObserver,
  ): Promise<{ brief: SequenceBrief; language: WritingLanguage }> => {
    const { customization } = request;
    const targeted = customization.targetSpecificCompany === 'yes';
    observer?.progress?.(
      'analysis',
      request.analysis ? 'Reading your company analysis…' : 'Reading the company website…',
    );
    const [analysis, prospect] = await Promise.all([
      analysisFor(request, requester.userId),
      targeted ? deps.analyser.profileProspect(customization.prospectCompanyUrl) : undefined,
    ]);
    const language = languageFor(request, analysis);
    observer?.progress?.('brief', 'Planning seven angles…');
    const brief = buildBrief({
      analysis,
      customization,
      prospect,
      language,
      sender: { firstName: requester.firstName },
    });
    return { brief, language };
  };

  /** Bad URLs are refused before anything is counted, fetched or reserved. */
  const checkUrls = (
    request: Pick<GenerateEmailsRequest, 'analysis' | 'companyUrl' | 'caseStudies' | 'customization'>,
  ) => {
    if (!request.analysis) normaliseWithRole(request.companyUrl, 'company');
    if (!request.analysis && request.caseStudies) normaliseWithRole(request.caseStudies, 'caseStudies');
    if (request.customization.targetSpecificCompany === 'yes') {
      normaliseWithRole(request.customization.prospectCompanyUrl, 'prospect');
    }
  };

  const throwIfGone = (signal: AbortSignal | undefined) => {
    if (signal?.aborted) throw new HttpError(499, 'client_closed', CLIENT_GONE_MESSAGE);
  };

  /** The seven emails by the configured writer, each handed to the observer as it is ready. */
  const write = async (
    brief: SequenceBrief,
    observer: GenerationObserver | undefined,
  ): Promise<{ sequence: EmailSequence; repaired: boolean; checks?: SequenceChecks | undefined }> => {
    const writing = (index: number) =>
      observer?.progress?.('writing', `Writing email ${Math.min(index + 1, SEQUENCE_LENGTH)} of ${SEQUENCE_LENGTH}…`);
    writing(0);
    if (deps.llm) {
      return writeWithLlm(deps.llm, brief, {
        signal: observer?.signal,
        onDraft: observer?.draft ? (index, draft) => observer.draft?.(index, draft) : undefined,
        onEmail: observer?.email
          ? (index, email) => {
              observer.email?.(index, email);
              if (index + 1 < SEQUENCE_LENGTH) writing(index + 1);
            }
          : undefined,
      });
    }
    const sequence: Email[] = [];
    for (const email of composeEmails(brief)) {
      throwIfGone(observer?.signal);
      observer?.email?.(sequence.length, email);
      sequence.push(email);
      if (sequence.length < SEQUENCE_LENGTH) writing(sequence.length);
    }
    return { sequence, repaired: false };
  };

  /**
   * The built-in writer's new version of one email: another seed (derived from the email being
   * replaced, so asking again gives yet another, and a test gets the same one), kept only if it
   * differs and fails no check; the best of a few tries otherwise.
   */
  const composeReplacement = (
    brief: SequenceBrief,
    sequence: EmailSequence,
    index: number,
    modifier: RegenerateEmailRequest['modifier'],
  ): Email => {
    const current = sequence[index] as Email;
    const base = seedOf(`${current.subject}\n${current.body}\n${modifier ?? ''}`);
    // Neither the email as it stands nor the one first written for this place: asked twice, the
    // user must not get the first version back.
    const first = [...composeEmails(brief)][index] as Email;
    const known = (email: Email) =>
      [current, first].some((other) => other.subject === email.subject && other.body === email.body);
    let best: { email: Email; failures: number } | undefined;
    // An email with few ways to say it (a customer's quote) may only differ by telling another
    // story: a plain Regenerate falls back to a different angle before giving the same words back.
    for (const asked of modifier ? [modifier] : [undefined, 'different_angle' as const]) {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const email = composeVariant(brief, index, { modifier: asked, variant: base + attempt });
        if (known(email)) continue;
        const merged = sequence.map((each, position) => (position === index ? email : each));
        const checks = checkSequence(merged, brief.checkContext);
        const failures = [...(checks.emails[index] ?? []), ...checks.sequence].filter(
          (check) => check.status === 'fail',
        ).length;
        if (failures === 0) return email;
        if (!best || failures < best.failures) best = { email, failures };
      }
      if (best) break;
    }
    return best?.email ?? composeVariant(brief, index, { modifier, variant: base });
  };

  const generateOnce: SequenceWriter['generate'] = async (requester, request, observer) => {
    const { userId } = requester;
    const { customization } = request;
    checkUrls(request);
    if (deps.limit) {
      await deps.limit.limiter.enforce([{ rule: deps.limit.rule, key: userId }], 'sequences requested');
    }

    const started = performance.now();
    const { brief, language } = await prepare(requester, request, observer);
    throwIfGone(observer?.signal);

    const reservationId = await reserve(userId);
    let sequence: EmailSequence;
    let repaired = false;
    /** The checks on the sequence when the writer already ran them (an LLM answer that passed). */
    let checked: SequenceChecks | undefined;
    try {
      throwIfGone(observer?.signal);
      ({ sequence, repaired, checks: checked } = await write(brief, observer));
      // Gone while the last words were written: the reader will never see it, so it is not counted.
      throwIfGone(observer?.signal);
    } catch (error) {
      if (error instanceof LlmError) {
        if (observer?.signal?.aborted) {
          await release(userId, reservationId, 'client_gone');
          throw new HttpError(499, 'client_closed', CLIENT_GONE_MESSAGE);
        }
        log.warn({ kind: error.kind, code: error.code, status: error.status }, 'LLM sequence failed');
        await release(userId, reservationId, `ai_${error.kind}`);
        throw llmFailure(error);
      }
      const gone = error instanceof HttpError && error.statusCode === 499;
      await release(userId, reservationId, gone ? 'client_gone' : 'internal_error');
      throw error;
    }

    observer?.progress?.('checking', 'Checking every email…');
    try {
      await deps.db.transaction(async (tx) => {
        await insertSequence(tx, {
          id: crypto.randomUUID(),
          userId,
          companyUrl: request.companyUrl,
          companyName: brief.company.name,
          customization,
          sequence,
          writer: writerId,
          reservationId,
        });
        await deps.outbox.enqueue(tx, 'sequence.generated', { userId, reservationId });
      });
    } catch (error) {
      await release(userId, reservationId, 'store_failed');
      throw error;
    }
    deps.outbox.poke();
    const checks = checked ?? checkSequence(sequence, brief.checkContext);
    log.info(
      {
        writer: writerId,
        company: brief.company.name,
        language,
        checks: checks.status,
        repaired,
        streamed: Boolean(observer),
        ms: Math.round(performance.now() - started),
      },
      'sequence generated',
    );
    return { sequence, checks, language, checkContext: brief.checkContext };
  };

  return {
    writerId,
    async generate(requester, request, observer) {
      // generations_total{outcome} (issue 11, item 2): "ok", or the error code the user was given
      // (a fixed set: limit_reached, client_closed, ai_*…), "internal" for anything unexpected.
      try {
        const result = await generateOnce(requester, request, observer);
        generations.inc({ outcome: 'ok' });
        return result;
      } catch (error) {
        generations.inc({ outcome: error instanceof HttpError ? error.code : 'internal' });
        throw error;
      }
    },

    async regenerate(requester, request) {
      checkUrls(request);
      if (deps.regenerateLimit) {
        await deps.regenerateLimit.limiter.enforce(
          [{ rule: deps.regenerateLimit.rule, key: requester.userId }],
          'emails regenerated',
        );
      }
      const started = performance.now();
      const { brief } = await prepare(requester, request);
      const { sequence, index, modifier } = request;
      let email: Email;
      if (deps.llm) {
        try {
          email = await rewriteEmailWithLlm(deps.llm, brief, sequence, index, modifier);
        } catch (error) {
          if (error instanceof LlmError) {
            log.warn({ kind: error.kind, code: error.code, status: error.status }, 'LLM regeneration failed');
            throw llmFailure(error);
          }
          throw error;
        }
      } else {
        email = composeReplacement(brief, sequence, index, modifier);
      }
      const merged = sequence.map((each, position) => (position === index ? email : each));
      const checks = checkSequence(merged, brief.checkContext);
      log.info(
        { writer: writerId, index, modifier, checks: checks.status, ms: Math.round(performance.now() - started) },
        'email regenerated',
      );
      return { email, checks, checkContext: brief.checkContext };
    },

    async history(userId) {
      const rows = await listSequencesNewestFirst(deps.db, userId, GENERATED_HISTORY_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        companyUrl: row.companyUrl,
        createdAt: row.createdAt.toISOString(),
        customization: row.customization,
        sequence: row.sequence,
      }));
    },
  };
}
