import { type Bus, type ConsumerHandle, Outbox, RateLimiter } from '@seqgen/kit';
import { quietLogger, type TestInfrastructure } from '@seqgen/kit/testing';
import type { AppRequests } from '@seqgen/proto';
import type { CompanyAnalyser } from '../../src/analysis/index.ts';
import { outbox as outboxTable, processedEvents } from '../../src/data/schema.ts';
import type { LlmClient } from '../../src/llm/index.ts';
import { createSequenceWriter, type SequenceWriter } from '../../src/sequences/generate-sequence.ts';

export const LIMIT_MESSAGE =
  'Email generation limit reached: you have used 5 of your 5 free sequences. Upgrade to continue generating email sequences.';

/**
 * Answers quota.reserve on the test bus the way quota's contract says: a reservation, a refusal
 * with quota's words, or (silent) an answer that comes far too late.
 */
export interface QuotaResponder {
  mode: 'allow' | 'refuse' | 'silent';
  /** Every reservation handed out, in order. */
  reservations: { userId: string; reservationId: string }[];
  /** Every request received, including refused ones. */
  requests: string[];
  stop(): Promise<void>;
}

export async function startQuotaResponder(bus: Bus<AppRequests>): Promise<QuotaResponder> {
  const state: Omit<QuotaResponder, 'stop'> = { mode: 'allow', reservations: [], requests: [] };
  const handle: ConsumerHandle = await bus.respond('quota.reserve', async ({ userId }) => {
    state.requests.push(userId);
    if (state.mode === 'refuse') return { ok: false as const, message: LIMIT_MESSAGE };
    if (state.mode === 'silent') await new Promise((resolve) => setTimeout(resolve, 1_500));
    const reservationId = crypto.randomUUID();
    state.reservations.push({ userId, reservationId });
    return { ok: true as const, reservationId, used: state.reservations.length, limit: 1000 };
  });
  return Object.assign(state, { stop: () => handle.stop() });
}

/** The writer as main.ts builds it, on the test infrastructure (outbox relay started). */
export function sequenceWriterFor(
  infra: TestInfrastructure<AppRequests>,
  analyser: CompanyAnalyser,
  options: {
    llm?: LlmClient;
    generationsPerWindow?: number;
    regenerationsPerWindow?: number;
    quotaTimeoutMs?: number;
  } = {},
): { writer: SequenceWriter; outbox: Outbox } {
  const logger = quietLogger();
  const outbox = new Outbox({
    db: infra.database.db,
    tables: { outbox: outboxTable, processedEvents },
    bus: infra.bus,
    logger,
  });
  outbox.start();
  infra.lifecycle.add('outbox relay', () => outbox.stop());
  const writer = createSequenceWriter({
    db: infra.database.db,
    outbox,
    bus: infra.bus,
    analyser,
    logger,
    llm: options.llm,
    quotaTimeoutMs: options.quotaTimeoutMs ?? 400,
    limit: {
      limiter: new RateLimiter(infra.store, logger),
      rule: {
        name: `generation-test-${crypto.randomUUID()}`,
        limit: options.generationsPerWindow ?? 1_000,
        windowMs: 10 * 60_000,
      },
    },
    regenerateLimit: {
      limiter: new RateLimiter(infra.store, logger),
      rule: {
        name: `regeneration-test-${crypto.randomUUID()}`,
        limit: options.regenerationsPerWindow ?? 1_000,
        windowMs: 10 * 60_000,
      },
    },
  });
  return { writer, outbox };
}
