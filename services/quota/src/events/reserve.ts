import type { Bus, ConsumerHandle } from '@seqgen/kit';
import type { AppRequests } from '@seqgen/proto';
import { type QuotaDeps, reserveSequence } from '../domain/quota.ts';

/** Answers generation's quota.reserve before it spends an LLM call (docs/architecture.md §3). */
export function answerQuotaReserve(bus: Bus<AppRequests>, deps: QuotaDeps): Promise<ConsumerHandle> {
  return bus.respond('quota.reserve', (request) => reserveSequence(deps, request));
}
