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
} from '@seqgen/kit';
import {
  type EmailSequence,
  GENERATED_HISTORY_LIMIT,
  type GeneratedSequence,
  type GenerateEmailsRequest,
  type GenerateEmailsResponse,
  type SubmittedAnalysis,
  type WritingLanguage,
} from '@seqgen/proto';
import { insertSequence, listSequencesNewestFirst } from '../../data/repository.ts';
import { type CompanyAnalyser, normaliseWithRole } from '../analysis/analyse-company.ts';
import { llmFailure } from '../analysis/errors.ts';
import { type LlmClient, LlmError } from '../llm/client.ts';
import { buildBrief } from './brief.ts';
import { composeSequence } from './composer.ts';
import { readContext } from './context.ts';
import { writeWithLlm } from './llm.ts';

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
}

/** Who asked: their id (quota, history) and first name (the sign-off). */
export interface Requester {
  userId: string;
  firstName?: string | undefined;
}

export interface SequenceWriter {
  generate(requester: Requester, request: GenerateEmailsRequest): Promise<GenerateEmailsResponse>;
  /** The user's generated sequences, newest first. */
  history(userId: string): Promise<GeneratedSequence[]>;
  /** "builtin" or "llm:<model>". */
  readonly writerId: string;
}

/** The languages the built-in composer writes (DESIGN.md §6); an LLM writes all of WRITING_LANGUAGES. */
const COMPOSER_LANGUAGES: readonly WritingLanguage[] = ['en', 'de'];
const LANGUAGE_NAMES: Record<WritingLanguage, string> = { en: 'English', de: 'German', fr: 'French', es: 'Spanish' };

export const QUOTA_UNAVAILABLE_MESSAGE =
  "We couldn't check your sequence allowance right now, so nothing was generated. Please try again in a moment.";

export function createSequenceWriter(deps: SequenceDeps): SequenceWriter {
  const writerId = deps.llm ? `llm:${deps.llm.model}` : 'builtin';
  const log = deps.logger;

  /** Fail closed: no answer from quota means no sequence, never a free one. */
  const reserve = async (userId: string): Promise<string> => {
    let reply: Awaited<ReturnType<Bus['request']>>;
    try {
      reply = await deps.bus.request('quota.reserve', { userId }, { timeoutMs: deps.quotaTimeoutMs });
    } catch (error) {
      if (
        error instanceof BusTimeoutError ||
        error instanceof BusUnavailableError ||
        error instanceof BusRequestError
      ) {
        log.warn({ err: error }, 'quota reservation failed; refusing to generate');
        throw new HttpError(503, 'quota_unavailable', QUOTA_UNAVAILABLE_MESSAGE, { 'retry-after': '5' });
      }
      throw error;
    }
    if (reply.ok) return reply.reservationId;
    // The client redirects to /subscribe on these words (spec §8); quota's own message says why.
    const message = /limit reached|email generation limit/i.test(reply.message)
      ? reply.message
      : `Email generation limit reached. ${reply.message}`;
    throw new HttpError(403, 'limit_reached', message);
  };

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

  const analysisFor = async (request: GenerateEmailsRequest, userId: string): Promise<SubmittedAnalysis> => {
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

  /** The language to write in (spec: `auto` is the site's language when the writer can write it). */
  const languageFor = (request: GenerateEmailsRequest, analysis: SubmittedAnalysis): WritingLanguage => {
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

  return {
    writerId,
    async generate(requester, request) {
      const { userId } = requester;
      const { customization } = request;
      const targeted = customization.targetSpecificCompany === 'yes';
      // Bad URLs are refused before anything is counted, fetched or reserved.
      if (!request.analysis) normaliseWithRole(request.companyUrl, 'company');
      if (!request.analysis && request.caseStudies) normaliseWithRole(request.caseStudies, 'caseStudies');
      if (targeted) normaliseWithRole(customization.prospectCompanyUrl, 'prospect');
      if (deps.limit) {
        await deps.limit.limiter.enforce([{ rule: deps.limit.rule, key: userId }], 'sequences requested');
      }

      const started = performance.now();
      const [analysis, prospect] = await Promise.all([
        analysisFor(request, userId),
        targeted ? deps.analyser.profileProspect(customization.prospectCompanyUrl) : undefined,
      ]);
      const language = languageFor(request, analysis);
      const brief = buildBrief({
        analysis,
        customization,
        prospect,
        language,
        sender: { firstName: requester.firstName },
      });

      const reservationId = await reserve(userId);
      let sequence: EmailSequence;
      let repaired = false;
      try {
        if (deps.llm) {
          const written = await writeWithLlm(deps.llm, brief);
          sequence = written.sequence;
          repaired = written.repaired;
        } else {
          sequence = composeSequence(brief);
        }
      } catch (error) {
        if (error instanceof LlmError) {
          log.warn({ kind: error.kind, code: error.code, status: error.status }, 'LLM sequence failed');
          await release(userId, reservationId, `ai_${error.kind}`);
          throw llmFailure(error);
        }
        await release(userId, reservationId, 'internal_error');
        throw error;
      }

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
      const checks = checkSequence(sequence, brief.checkContext);
      log.info(
        {
          writer: writerId,
          company: brief.company.name,
          language,
          checks: checks.status,
          repaired,
          ms: Math.round(performance.now() - started),
        },
        'sequence generated',
      );
      return { sequence, checks, language, checkContext: brief.checkContext };
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
