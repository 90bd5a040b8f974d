import { z } from 'zod';
import type { Logger } from '../logger.ts';
import { DEFAULT_RPC_PREFIX, DEFAULT_SUBJECT_PREFIX } from './consume-loop.ts';
import type { ReplyData, RequestCatalogue, RequestData } from './types.ts';

export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

export type BusRequestFailure = 'invalid-request' | 'invalid-reply' | 'responder-failed';

/**
 * A request that reached a responder (or was refused before sending) but produced no valid reply.
 * Distinct from BusTimeoutError/BusUnavailableError: retrying the same request will not help.
 */
export class BusRequestError extends Error {
  override name = 'BusRequestError';
  readonly reason: BusRequestFailure;
  constructor(reason: BusRequestFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** What a responder sends back, before the transport puts it on the wire. */
export type RpcResult = { ok: true; body: string } | { ok: false; reason: BusRequestFailure; message: string };

/** Header that marks a NATS reply as a failure; its value is the BusRequestFailure. */
export const RPC_ERROR_HEADER = 'Seqgen-Rpc-Error';

const failureReasons: readonly BusRequestFailure[] = ['invalid-request', 'invalid-reply', 'responder-failed'];

export function asFailureReason(value: string | undefined): BusRequestFailure {
  return failureReasons.find((r) => r === value) ?? 'responder-failed';
}

/**
 * Requests must not travel under the events prefix (the stream would capture them and answer
 * with a PubAck), and a bus isolated by its own subject prefix should not reach responders of the
 * default one either, so an isolated prefix gets its own request namespace.
 */
export function defaultRpcPrefix(subjectPrefix: string | undefined): string {
  return subjectPrefix === undefined || subjectPrefix === DEFAULT_SUBJECT_PREFIX
    ? DEFAULT_RPC_PREFIX
    : `rpc-${subjectPrefix}`;
}

/**
 * The catalogue of a bus opened without one (a service that only publishes and consumes): its
 * type has no subjects, so nothing can be asked, and at run time every subject is unknown.
 */
export function noRequests<C extends RequestCatalogue>(): C {
  return {} as C;
}

export function rpcSubject(prefix: string, subject: string): string {
  return `${prefix}.${subject}`;
}

function schemas(catalogue: RequestCatalogue, subject: string): { request: z.ZodType; reply: z.ZodType } {
  // Own keys only: "toString" is no request subject.
  const entry = Object.hasOwn(catalogue, subject) ? catalogue[subject] : undefined;
  if (!entry) throw new BusRequestError('invalid-request', `unknown request subject "${subject}"`);
  return entry;
}

/** Requester side: validated JSON text of the request, or BusRequestError before anything is sent. */
export function encodeRequest<C extends RequestCatalogue, S extends keyof C & string>(
  catalogue: C,
  subject: S,
  data: RequestData<C, S>,
): string {
  const parsed = schemas(catalogue, subject).request.safeParse(data);
  if (!parsed.success) {
    throw new BusRequestError('invalid-request', `bad ${subject} request: ${z.prettifyError(parsed.error)}`);
  }
  return JSON.stringify(parsed.data);
}

/** Requester side: turns what came back into a validated reply, or throws BusRequestError. */
export function decodeReply<C extends RequestCatalogue, S extends keyof C & string>(
  catalogue: C,
  subject: S,
  result: RpcResult,
): ReplyData<C, S> {
  if (!result.ok) throw new BusRequestError(result.reason, `${subject}: ${result.message}`);
  let raw: unknown;
  try {
    raw = JSON.parse(result.body);
  } catch {
    throw new BusRequestError('invalid-reply', `${subject}: reply is not JSON`);
  }
  const parsed = schemas(catalogue, subject).reply.safeParse(raw);
  if (!parsed.success) {
    throw new BusRequestError('invalid-reply', `bad ${subject} reply: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as ReplyData<C, S>;
}

/**
 * Responder side, shared by both transports. Never throws: every failure becomes an error reply,
 * so the requester learns at once instead of waiting for its timeout. The handler's reply is
 * validated here too, so a bad reply never leaves the responder.
 */
export async function answerRequest<C extends RequestCatalogue, S extends keyof C & string>(
  catalogue: C,
  subject: S,
  handler: (data: RequestData<C, S>) => Promise<ReplyData<C, S>>,
  body: string,
  logger: Logger,
): Promise<RpcResult> {
  const { request, reply } = schemas(catalogue, subject);
  let data: RequestData<C, S>;
  try {
    const parsed = request.safeParse(JSON.parse(body));
    if (!parsed.success) {
      const message = `bad ${subject} request: ${z.prettifyError(parsed.error)}`;
      logger.warn({ subject }, `bus: ${message}`);
      return { ok: false, reason: 'invalid-request', message };
    }
    data = parsed.data as RequestData<C, S>;
  } catch {
    logger.warn({ subject }, 'bus: request is not JSON');
    return { ok: false, reason: 'invalid-request', message: 'request is not JSON' };
  }
  let answer: unknown;
  try {
    answer = await handler(data);
  } catch (err) {
    logger.error({ err, subject }, 'bus: responder failed');
    return { ok: false, reason: 'responder-failed', message: err instanceof Error ? err.message : String(err) };
  }
  const parsed = reply.safeParse(answer);
  if (!parsed.success) {
    const message = `bad ${subject} reply: ${z.prettifyError(parsed.error)}`;
    logger.error({ subject }, `bus: responder produced an invalid reply, not sent: ${message}`);
    return { ok: false, reason: 'invalid-reply', message };
  }
  return { ok: true, body: JSON.stringify(parsed.data) };
}
