import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createMemoryStore, type KeyValueStore } from '@seqgen/kit';

/**
 * The gateway's per-address counters, as an @fastify/rate-limit custom store: in Redis while it
 * answers, so every gateway replica counts together; in this process while it does not (issue 10,
 * finding 3). Before, the plugin talked to ioredis itself with skipOnError: each request waited
 * out ioredis' reconnect queue (9–15 s), then went unlimited. The kit store fails fast (command
 * timeout, circuit breaker) and logs the switch once each way, so here a failure simply counts
 * locally.
 */
export function resilientRateLimitStore(store: KeyValueStore): FastifyRateLimitStoreCtor {
  const local = store.kind === 'memory' ? store : createMemoryStore(50_000);
  const count = async (key: string, windowMs: number) => {
    try {
      return await store.hit(key, windowMs);
    } catch {
      return local.hit(key, windowMs);
    }
  };
  return class ResilientRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
      count(`gateway-rl:${key}`, timeWindow).then(
        ({ count: current, resetInMs }) => callback(null, { current, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    child() {
      return this;
    }
  };
}
