import type { Logger } from '../logger.ts';
import { DEFAULT_STREAM_NAME } from './consume-loop.ts';
import { MemoryBus } from './memory.ts';
import type { Bus, NoRequests, RequestCatalogue } from './types.ts';

export {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_STREAM_NAME,
  DUPLICATE_WINDOW_MS,
} from './consume-loop.ts';
export { MemoryBus, type MemoryBusOptions } from './memory.ts';
export type { NatsBusOptions } from './nats-connect.ts';
// NatsBus and connectNatsBus live in ./nats.ts and ./nats-connect.ts, loaded only when NATS_URL
// is set: the embedded default never pays for the NATS client (issue 25, `npm start` footprint).
export { NATS_BACK_MESSAGE, NATS_DOWN_MESSAGE } from './nats-messages.ts';
export { BusRequestError, type BusRequestFailure, DEFAULT_REQUEST_TIMEOUT_MS } from './rpc.ts';
export * from './types.ts';

export interface ConnectBusOptions<C extends RequestCatalogue = NoRequests> {
  /** NATS_URL: when set, JetStream; otherwise the in-process bus (docs/architecture.md §2). */
  natsUrl?: string | undefined;
  logger: Logger;
  /** The request/reply subjects the bus carries: the app's catalogue (proto), never the kit's. */
  requests?: C;
  /** JetStream stream holding every event. Default "SEQGEN_EVENTS". */
  streamName?: string;
  /** Events travel on `<subjectPrefix>.<type>`. Default "events"; tests use a unique one, since two streams may not share subjects. */
  subjectPrefix?: string;
  /**
   * Requests travel on `<rpcPrefix>.<subject>`. Default "rpc", or `rpc-<subjectPrefix>` when
   * subjectPrefix is set, so an isolated bus neither reaches nor serves other buses' responders.
   */
  rpcPrefix?: string;
  /** Connection name shown by the NATS server (the service name). */
  name?: string;
}

export async function connectBus<C extends RequestCatalogue = NoRequests>(
  options: ConnectBusOptions<C>,
): Promise<Bus<C>> {
  const { natsUrl, logger, requests, streamName = DEFAULT_STREAM_NAME, subjectPrefix, rpcPrefix, name } = options;
  if (natsUrl) {
    const { connectNatsBus } = await import('./nats-connect.ts');
    const bus = await connectNatsBus({
      natsUrl,
      logger,
      requests,
      streamName,
      subjectPrefix,
      rpcPrefix,
      connectionName: name,
      service: name,
    });
    logger.info({ transport: 'nats', stream: streamName }, 'bus: connected to NATS JetStream');
    return bus;
  }
  logger.info({ transport: 'memory' }, 'bus: using the in-process event bus');
  return new MemoryBus({ logger, requests, streamName, subjectPrefix, rpcPrefix, service: name });
}
