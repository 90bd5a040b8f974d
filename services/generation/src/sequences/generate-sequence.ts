import {
  type Bus,
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
  GENERATED_HISTORY_LIMIT,
  type GENERATION_STEPS,
  type GeneratedSequence,
  type GenerateEmailsRequest,
  type GenerateEmailsResponse,
  type RegenerateEmailRequest,
  type RegenerateEmailResponse,
  SEQUENCE_LENGTH,
  type SequenceChecks,
  type SubmittedAnalysis,
  type WritingLanguage,
} from '@seqgen/proto';
import { type CompanyAnalyser, normaliseWithRole } from '../analysis/index.ts';
import { insertSequence, listSequencesNewestFirst } from '../data/repository.ts';
import { type LlmClient, LlmError, llmFailure } from '../llm/index.ts';
import { buildBrief, createWriter, type SequenceBrief, type WrittenSequence } from '../writing/index.ts';
import { quotaReservations } from './quota.ts';

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

/** The reader went away (the stream closed): nothing more is written and the reservation is released. */
export const CLIENT_GONE_MESSAGE = 'The request was cancelled before the sequence was ready.';

const generations = serviceCounter('generation', {
  name: 'generations_total',
  help: 'Sequence generations by outcome: "ok" or the error code answered.',
  labelNames: ['outcome'],
});

export function createSequenceWriter(deps: SequenceDeps): SequenceWriter {
  const writer = createWriter(deps.llm);
  const writerId = writer.id;
  const log = deps.logger;
  const { reserve, release } = quotaReservations(deps);

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
    const language = writer.languageFor(customization, analysis);
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
  const write = (brief: SequenceBrief, observer: GenerationObserver | undefined): Promise<WrittenSequence> => {
    const writing = (index: number) =>
      observer?.progress?.('writing', `Writing email ${Math.min(index + 1, SEQUENCE_LENGTH)} of ${SEQUENCE_LENGTH}…`);
    writing(0);
    return writer.write(brief, {
      signal: observer?.signal,
      draft: observer?.draft ? (index, draft) => observer.draft?.(index, draft) : undefined,
      email: observer?.email
        ? (index, email) => {
            observer.email?.(index, email);
            if (index + 1 < SEQUENCE_LENGTH) writing(index + 1);
          }
        : undefined,
    });
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
    let written: WrittenSequence;
    try {
      throwIfGone(observer?.signal);
      written = await write(brief, observer);
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

    const { sequence, checks } = written;
    observer?.progress?.('checking', 'Checking every email…');
    try {
      await deps.db.transaction(async (tx) => {
        await insertSequence(tx, {
          id: crypto.randomUUID(),
          userId,
          companyUrl: request.companyUrl,
          companyName: brief.company,
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
    log.info(
      {
        writer: writerId,
        company: brief.company,
        language,
        checks: checks.status,
        repaired: written.repaired,
        streamed: Boolean(observer),
        ms: Math.round(performance.now() - started),
      },
      'sequence generated',
    );
    return {
      sequence,
      checks,
      language,
      checkContext: brief.checkContext,
      ...(brief.notices.length ? { notices: brief.notices } : {}),
    };
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
      let rewritten: { email: Email; checks: SequenceChecks };
      try {
        rewritten = await writer.rewrite(brief, sequence, index, modifier);
      } catch (error) {
        if (error instanceof LlmError) {
          log.warn({ kind: error.kind, code: error.code, status: error.status }, 'LLM regeneration failed');
          throw llmFailure(error);
        }
        throw error;
      }
      const { email, checks } = rewritten;
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
