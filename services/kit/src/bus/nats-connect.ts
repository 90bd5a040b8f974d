import { JetStreamApiCodes, type JetStreamManager, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { Logger } from '../logger.ts';
import { DEFAULT_STREAM_NAME, DEFAULT_SUBJECT_PREFIX, DUPLICATE_WINDOW_MS } from './consume-loop.ts';
import { apiCode, message, NatsBus } from './nats.ts';
import { defaultRpcPrefix, noRequests } from './rpc.ts';
import { BusUnavailableError, type NoRequests, type RequestCatalogue } from './types.ts';

export interface NatsBusOptions<C extends RequestCatalogue = NoRequests> {
  /** One server URL, or several separated by commas. */
  natsUrl: string;
  logger: Logger;
  /** The request/reply subjects this bus carries (none when left out). */
  requests?: C;
  streamName?: string;
  subjectPrefix?: string;
  rpcPrefix?: string;
  /** Connection name shown by the server's monitoring. */
  connectionName?: string;
  /** The service using this bus: labels its bus metrics. */
  service?: string | undefined;
}

/** How often the client pings the server: a silent server is noticed after two unanswered. */
const STALE_PING_INTERVAL_MS = 5_000;

/** Never echo credentials that may sit in a NATS URL. */
function safeUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/g, '//');
}

export async function connectNatsBus<C extends RequestCatalogue = NoRequests>(
  options: NatsBusOptions<C>,
): Promise<NatsBus<C>> {
  const streamName = options.streamName ?? DEFAULT_STREAM_NAME;
  const subjectPrefix = options.subjectPrefix ?? DEFAULT_SUBJECT_PREFIX;
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: options.natsUrl.split(',').map((s) => s.trim()),
      name: options.connectionName ?? `seqgen-${streamName}`,
      // A service outlives NATS restarts: keep reconnecting rather than giving up after 10 tries.
      maxReconnectAttempts: -1,
      // A server that stops answering without closing the connection (stopped, black-holed) is
      // noticed within ~15 s instead of the default ~6 min; the client then reconnects.
      pingInterval: STALE_PING_INTERVAL_MS,
      maxPingOut: 2,
    });
  } catch (err) {
    throw new BusUnavailableError(`cannot connect to NATS at ${safeUrl(options.natsUrl)}: ${message(err)}`, {
      cause: err,
    });
  }
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, streamName, `${subjectPrefix}.>`);
    return new NatsBus(nc, jsm, {
      logger: options.logger,
      requests: options.requests ?? noRequests<C>(),
      streamName,
      subjectPrefix,
      rpcPrefix: options.rpcPrefix ?? defaultRpcPrefix(options.subjectPrefix),
      service: options.service,
    });
  } catch (err) {
    await nc.close().catch(() => undefined);
    if (err instanceof BusUnavailableError) throw err;
    throw new BusUnavailableError(`JetStream unavailable at ${safeUrl(options.natsUrl)}: ${message(err)}`, {
      cause: err,
    });
  }
}

/** Creates the stream, or brings an existing one up to the settings this code relies on. */
async function ensureStream(jsm: JetStreamManager, name: string, subjects: string): Promise<void> {
  const duplicateWindow = nanos(DUPLICATE_WINDOW_MS);
  try {
    const info = await jsm.streams.info(name);
    const current = info.config.subjects ?? [];
    if (!current.includes(subjects) || info.config.duplicate_window !== duplicateWindow) {
      await jsm.streams.update(name, {
        subjects: [...new Set([...current, subjects])],
        duplicate_window: duplicateWindow,
      });
    }
    return;
  } catch (err) {
    if (apiCode(err) !== JetStreamApiCodes.StreamNotFound) throw err;
  }
  try {
    await jsm.streams.add({ name, subjects: [subjects], storage: StorageType.File, duplicate_window: duplicateWindow });
  } catch (err) {
    // Another replica may have created it between our info and add; that is the outcome we wanted.
    await jsm.streams.info(name).catch(() => {
      throw err;
    });
  }
}
