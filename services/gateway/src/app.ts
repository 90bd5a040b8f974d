import { existsSync } from 'node:fs';
import path from 'node:path';
import httpProxy from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { createService, type KeyValueStore, type Logger, type Service } from '@seqgen/kit';
import type { ErrorBody } from '@seqgen/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyLimitHooks } from './body-limit.ts';
import { clientIdentity } from './client-identity.ts';
import { type GatewayConfig, trustProxyOption } from './config.ts';
import { resilientRateLimitStore } from './rate-limit-store.ts';
import { bodyLimitOf, ROUTES, type Route, SERVICE_LABELS, type ServiceName, upstreamOf } from './routes.ts';
import { securityHeaders } from './security.ts';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  store: KeyValueStore;
  /** Verifies session signatures so signed-in requests are counted per user (client-identity.ts). */
  sessionSecret?: Uint8Array | undefined;
}

/**
 * Polls: the usage meter every signed-in tab asks for every 5 s (docs/product.md §9). They are
 * counted apart from the user's other requests, so many open tabs never use up the budget for
 * analysing, generating and saving (issue 25, item 1).
 */
const isPoll = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && /^\/api\/usage(\/|\?|$)/.test(request.url);

/** The public entry: /api/* to the services (docs/architecture.md §4), everything else the SPA. */
export function createGateway({ config, logger, store, sessionSecret }: GatewayDeps): Service {
  const app = createService({
    name: 'gateway',
    logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    publicUrl: config.PUBLIC_URL,
    acceptTraceContext: false,
    quietPolls: ['/api/usage'],
    // No readiness check beyond listening: Redis only holds rate-limit counters, which fall back
    // to this process while it is away, and a service that is down gets its own clear 503.
    notFound: spaFallback(config.WEB_DIST),
  });

  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  if (!sessionSecret) logger.warn('no session secret: every request is rate-limited per client address');
  const identity = clientIdentity(sessionSecret);
  app.register(async (api) => {
    await api.register(rateLimit, {
      // Per user when signed in (polls in a bucket of their own), per address otherwise; each
      // service still holds analyses, generations and writes to its own per-user limits.
      keyGenerator: async (request) => {
        const who = await identity.key(request);
        return who.kind === 'user' && isPoll(request) ? `poll:${who.key}` : who.key;
      },
      max: (_request, key) =>
        key.startsWith('poll:')
          ? config.POLL_RATE_LIMIT_PER_MINUTE
          : key.startsWith('user:')
            ? config.RATE_LIMIT_PER_MINUTE
            : config.ANONYMOUS_RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      // Redis while it answers, this process while it does not: never a wait, never unlimited.
      store: resilientRateLimitStore(store),
      // Stripe delivers every customer's webhooks from a handful of addresses: a per-address
      // limit would drop payments at busy times. Billing verifies each signature instead.
      allowList: (request) => request.url.split('?')[0] === '/api/billing/webhook',
      errorResponseBuilder: (_request, context) =>
        ({
          statusCode: 429,
          error: 'rate_limited',
          message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        }) satisfies ErrorBody & { statusCode: number },
    });
    // Each proxied route carries its service's body limit (routes.ts); anything else, the default.
    const bodyLimit = bodyLimitHooks((request) =>
      bodyLimitOf(config, (request.routeOptions.config as { route?: Route } | undefined)?.route),
    );
    api.addHook('onRequest', bodyLimit.onRequest);
    api.addHook('preParsing', bodyLimit.preParsing);

    for (const route of ROUTES) {
      await api.register(httpProxy, {
        upstream: upstreamOf(config, route.service),
        prefix: route.prefix,
        rewritePrefix: route.prefix,
        config: { route },
        // The gateway's own request lines say it all; reply-from's two more per call were noise.
        disableRequestLogging: true,
        replyOptions: {
          timeout: route.service === 'generation' ? config.GENERATION_TIMEOUT_MS : config.UPSTREAM_TIMEOUT_MS,
          rewriteRequestHeaders: (request, headers) => ({
            ...headers,
            'x-request-id': request.id,
            'x-forwarded-for': request.ip,
            'x-forwarded-proto': request.protocol,
            'x-forwarded-host': request.headers.host,
          }),
          onError: (reply, { error }) => sendUpstreamError(reply as FastifyReply, route.service, error),
        },
      });
    }

    api.all('/api/*', async (request, reply) =>
      reply.code(404).send({
        error: 'not_found',
        message: `No API route for ${request.method} ${request.url.split('?')[0]}`,
      } satisfies ErrorBody),
    );
  });

  registerSpa(app, config.WEB_DIST);
  return app;
}

function sendUpstreamError(
  reply: FastifyReply,
  service: ServiceName,
  error: Error & { code?: string; statusCode?: number },
) {
  const label = SERVICE_LABELS[service];
  reply.request.log.warn({ upstream: service, code: error.code, status: error.statusCode }, 'upstream failed');
  if (error.statusCode === 504) {
    return reply.code(504).send({
      error: 'upstream_timeout',
      message: `${label} took too long to answer (timeout). Please try again.`,
    } satisfies ErrorBody);
  }
  return reply.code(503).send({
    error: 'upstream_unavailable',
    message: `${label} is temporarily unavailable. Please try again in a moment.`,
  } satisfies ErrorBody);
}

const hasBuiltSpa = (webDist: string) => existsSync(path.join(webDist, 'index.html'));

/**
 * Unknown non-API page paths get index.html: the SPA's router decides what they show (its own
 * 404 page included). API paths and missing assets get a JSON 404 (a stale tab asking for an
 * old chunk must not receive HTML).
 */
function spaFallback(webDist: string) {
  const built = hasBuiltSpa(webDist);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (!wantsPage || pathname.startsWith('/assets/')) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: `No route for ${request.method} ${pathname}` } satisfies ErrorBody);
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>seqgen</title><p>The web app has not been built yet. Run <code>npm run build</code>.</p>',
        );
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
}

/**
 * Hashed assets are immutable and cached for a year; everything else (index.html above all) is
 * revalidated every time, so a deploy reaches users on their next navigation.
 */
function registerSpa(app: Service, webDist: string) {
  if (!hasBuiltSpa(webDist)) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build`');
    return;
  }
  app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: 'index.html',
    wildcard: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
