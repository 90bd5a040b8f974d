import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ErrorBody, ErrorCode } from '@seqgen/proto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { crossSiteWriteGuard } from './csrf.ts';
import {
  DATABASE_UNAVAILABLE_RETRY_SECONDS,
  databaseUnavailableMessage,
  HttpError,
  INTERNAL_ERROR_MESSAGE,
  isDatabaseUnavailable,
} from './errors.ts';
import type { Logger } from './logger.ts';
import { metricsFor } from './metrics.ts';
import { decorateSignedInUser } from './signed-in.ts';
import { fastifyTracing } from './telemetry.ts';

export type Service = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface ServiceOptions {
  name: string;
  logger: Logger;
  /** Throws (with a message naming the dependency) when the service cannot serve: /readyz. */
  readiness?: () => Promise<void>;
  /** Largest accepted request body in bytes. Default 64 KiB: JSON payloads here are small. */
  bodyLimit?: number;
  /**
   * Behind a proxy: trust X-Forwarded-For (client address), -Proto and -Host. `true` trusts any
   * peer; a list (addresses, CIDRs or proxy-addr names such as "loopback", "uniquelocal") trusts
   * only those, so a client reaching the service directly cannot choose its own address; a
   * function decides per hop (the gateway's hop count behind an ingress).
   */
  trustProxy?: boolean | string | string[] | ((address: string, hop: number) => boolean);
  /**
   * PUBLIC_URL: besides the addressed host, the one origin writes may come from. Every service
   * refuses cross-site writes (kit csrf.ts), whether or not a gateway checked them first.
   */
  publicUrl?: string | undefined;
  /** Replaces the JSON 404 (the gateway answers unknown page paths with the SPA). */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /**
   * Whether a caller's `traceparent`/`tracestate` is continued. Default true (services are called
   * by the gateway); the gateway, facing the internet, starts its own traces and drops what a
   * client sent, so no one outside chooses trace ids or smuggles a context to the services.
   */
  acceptTraceContext?: boolean;
  /**
   * GET paths every open tab polls (GET /api/usage, docs/product.md §7): their request lines are
   * logged at debug, unless they fail, so thousands of polls a second (issue 12) neither bury every
   * other line nor cost more than the answer; each is still counted and timed in the metrics.
   */
  quietPolls?: string[];
}

const TRACE_CONTEXT_HEADERS = ['traceparent', 'tracestate', 'baggage'];

/**
 * Fastify's request lines ("incoming request", "request completed"), but a successful poll's at
 * debug level: thousands a second (issue 12) would bury every other line and cost more than the
 * answer. A failed poll is logged at info like any other request, both of its lines.
 */
class QuietPollsLogController extends LogController {
  readonly #paths: Set<string>;
  readonly #logger: FastifyBaseLogger;

  constructor(paths: Set<string>, logger: FastifyBaseLogger) {
    super();
    this.#paths = paths;
    this.#logger = logger;
  }

  #isPoll(request: FastifyRequest): boolean {
    return this.#paths.size > 0 && request.method === 'GET' && this.#paths.has(request.url.split('?')[0] ?? '');
  }

  /** Checked on the service's logger, so a request's own logger is not made just to say no. */
  #debugOn(): boolean {
    return (this.#logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('debug') ?? false;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!this.#isPoll(request)) super.incomingRequest(request, reply, metadata);
    else if (this.#debugOn()) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (!this.#isPoll(request)) return super.requestCompleted(error, request, reply, metadata);
    if (!error && reply.statusCode < 400) {
      if (this.#debugOn()) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
      return;
    }
    // A failed poll reads like any other request: both of its lines at info.
    if (!this.#debugOn()) super.incomingRequest(request, reply, metadata);
    super.requestCompleted(error, request, reply, metadata);
  }
}

type LogArguments = [unknown, ...unknown[]];

/**
 * The per-request logger, made on first use. Fastify makes a pino child for every request, and a
 * child (its bindings serialised, redaction set up) was ~5% of the CPU of a usage poll answered
 * from the cache, which logs nothing (issue 12).
 */
class LazyRequestLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: Record<string, unknown>;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level() {
    return this.#real().level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  fatal(...args: LogArguments) {
    this.#real().fatal(...(args as [never]));
  }
  error(...args: LogArguments) {
    this.#real().error(...(args as [never]));
  }
  warn(...args: LogArguments) {
    this.#real().warn(...(args as [never]));
  }
  info(...args: LogArguments) {
    this.#real().info(...(args as [never]));
  }
  debug(...args: LogArguments) {
    this.#real().debug(...(args as [never]));
  }
  trace(...args: LogArguments) {
    this.#real().trace(...(args as [never]));
  }
  silent(...args: LogArguments) {
    this.#real().silent(...(args as [never]));
  }
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>) {
    return this.#real().child(bindings, options);
  }
}

/** Request ids come from the gateway; anything that does not look like one is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Fastify's factories for its compilers, answering zod's (fastify-type-provider-zod). Fastify types
 * them as ajv factories, though any compiler goes (fastify docs, Server "schemaController").
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * The one way a seqgen service is built: zod-validated routes, the JSON error format of
 * docs/architecture.md §5 for every failure (validation, malformed JSON, oversized bodies, unknown routes),
 * request ids, /healthz and /readyz. Routes are added by the caller; this never listens.
 */
export function createService({
  name,
  logger,
  readiness,
  bodyLimit = DEFAULT_BODY_LIMIT,
  trustProxy = false,
  publicUrl,
  notFound,
  acceptTraceContext = true,
  quietPolls = [],
}: ServiceOptions): Service {
  const app = Fastify({
    loggerInstance: logger,
    logController: new QuietPollsLogController(new Set(quietPolls), logger),
    childLoggerFactory: (parent, bindings, options) =>
      new LazyRequestLogger(parent, bindings, options as Record<string, unknown>) as unknown as FastifyBaseLogger,
    bodyLimit,
    trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Routes are validated and serialised with zod (below), so Fastify is told so from the start
    // and never loads its default compilers (ajv and fast-json-stringify): ~150 ms and ~10 MB per
    // thread that `npm start` paid before it could listen (issue 25, "npm start ready ≤ 3 s").
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // In-flight requests finish on close; new ones get 503 while draining.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Errors the router raises before any route or hook (an undecodable path) get the same JSON
    // error format as everything else (docs/architecture.md §5).
    frameworkErrors: (error, request, reply) => {
      const { statusCode, body } = toErrorResponse(error, name);
      request.log.info({ statusCode, code: body.error }, body.message);
      (reply as FastifyReply).code(statusCode).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as Service;
  decorateSignedInUser(app);

  // Issue 11, item 1: with tracing on, each request is a server span continuing the caller's
  // `traceparent`, named by route and marked with this service. Registered before any route so
  // its onRoute hook sees them all.
  // Headers are dropped in a hook added before the plugin's own (plugins load later), whether
  // tracing is on or not, so they never reach a proxied service either.
  if (!acceptTraceContext) {
    app.addHook('onRequest', async (request) => {
      for (const header of TRACE_CONTEXT_HEADERS) delete request.headers[header];
    });
  }
  const tracing = fastifyTracing(name);
  if (tracing) app.register(tracing);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain POST is a "simple" cross-site request, so refusing it narrows CSRF.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', crossSiteWriteGuard({ publicUrl }));

  // Issue 11, item 2: every answer counted and timed. The route is the pattern
  // ("/api/library/:id"), never the path, so ids do not create a series each; anything no route
  // matched (scanners, the gateway's SPA pages) shares one "unmatched" series.
  const metrics = metricsFor(name);
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body, headers } = toErrorResponse(error, name);
    // A client that went away (a tab closed mid-request, a beacon cut off at page hide) aborts
    // what was answering it, e.g. the gateway's proxied stream: nothing failed on this side.
    const clientGone = request.raw.destroyed || reply.raw.destroyed;
    if (clientGone && statusCode >= 500) {
      request.log.info({ code: (error as { code?: string }).code }, 'client closed the connection before the answer');
      return reply.code(statusCode).send(body);
    }
    // An outage is not a bug: one warning per request, the cause (refused, timed out) included.
    if (body.error === DATABASE_UNAVAILABLE) request.log.warn({ err: error }, body.message);
    else if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ statusCode, code: body.error }, body.message);
    if (headers) reply.headers(headers);
    return reply.code(statusCode).send(body);
  });

  app.setNotFoundHandler(
    notFound ??
      ((request, reply) =>
        reply.code(404).send({
          error: 'not_found',
          message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        } satisfies ErrorBody)),
  );

  app.get('/healthz', async () => ({ status: 'ok', service: name }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await readiness?.();
      return { status: 'ready', service: name };
    } catch (error) {
      return reply
        .code(503)
        .send({ error: 'not_ready', message: `Not ready: ${(error as Error).message}` } satisfies ErrorBody);
    }
  });

  return app;
}

interface ErrorResponse {
  statusCode: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

export const DATABASE_UNAVAILABLE: ErrorCode = 'database_unavailable';

const BY_FASTIFY_CODE: Record<string, (error: FastifyError) => ErrorResponse> = {
  // A path that does not decode (e.g. %ED%A0%80, a lone surrogate): refused by the router before
  // any route runs, answered here in the JSON error format rather than Fastify's own.
  FST_ERR_BAD_URL: () => ({
    statusCode: 400,
    body: {
      error: 'bad_url',
      message: 'The address contains characters that cannot be read. Check the link and try again.',
    },
  }),
  FST_ERR_CTP_BODY_TOO_LARGE: () => ({
    statusCode: 413,
    body: { error: 'payload_too_large', message: 'Request body is too large.' },
  }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ({
    statusCode: 415,
    body: {
      error: 'unsupported_media_type',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    },
  }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({
    statusCode: 400,
    body: { error: 'invalid_json', message: 'Request body is empty; send a JSON object.' },
  }),
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({
    statusCode: 400,
    body: { error: 'invalid_json', message: 'Request body is not valid JSON.' },
  }),
};

/**
 * The status and `{ error, message }` body an error is answered with (also what a stream's error
 * event carries). `service` names the service in the message of a database outage.
 */
export function toErrorResponse(thrown: unknown, service?: string): ErrorResponse {
  const error = thrown as FastifyError;
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      body: { error: error.code, message: error.message },
      headers: error.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { statusCode: 400, body: { error: 'validation_failed', message: describeValidation(error.validation) } };
  }
  const byCode = error.code ? BY_FASTIFY_CODE[error.code] : undefined;
  if (byCode) return byCode(error);
  // JSON.parse failures surface as SyntaxError with statusCode 400 from Fastify's parser.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { statusCode: 400, body: { error: 'invalid_json', message: 'Request body is not valid JSON.' } };
  }
  // Issue 10, finding 6: while the database is away the answer is 503 with a sentence the user can
  // act on (and Retry-After), not 500 "Something went wrong"; the service recovers by itself.
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: { error: DATABASE_UNAVAILABLE, message: databaseUnavailableMessage(service) },
      headers: { 'retry-after': String(DATABASE_UNAVAILABLE_RETRY_SECONDS) },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      statusCode: status,
      body: { error: status === 429 ? 'rate_limited' : 'bad_request', message: error.message },
    };
  }
  return { statusCode: 500, body: { error: 'internal', message: INTERNAL_ERROR_MESSAGE } };
}

function describeValidation(issues: { instancePath: string; message?: string; keyword: string }[]): string {
  const messages = issues.slice(0, 3).map(({ instancePath, message = 'is invalid', keyword }) => {
    const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (!field) return keyword === 'invalid_type' ? 'Request body must be a JSON object.' : message;
    return `${field}: ${message}`;
  });
  return [...new Set(messages)].join('; ');
}
