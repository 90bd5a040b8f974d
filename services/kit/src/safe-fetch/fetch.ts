import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Request as GotRequest } from 'got';
import { ADDRESS_KIND_LABELS, type AddressClass, classifyAddress } from './address.ts';
import { SafeFetchError, unreachable } from './errors.ts';
import { bareHostname, checkUrl, originKey, parseUserUrl } from './url.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name → addresses. Production uses the system resolver; tests inject one (no real DNS). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, order: 'verbatim' })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export interface SafeFetchOptions {
  resolve?: Resolver;
  /**
   * Origins ("http://127.0.0.1:4010") whose loopback addresses may be fetched. Only for tests and
   * local benchmarks, set explicitly; every other origin stays refused. Private, link-local and
   * metadata addresses are never allowed, whatever this says.
   */
  allowLoopbackOrigins?: Iterable<string>;
  /** Redirects followed before giving up (each hop is checked like the first). Default 5. */
  maxRedirects?: number;
  /** Largest decoded body read. Default 2 MiB. */
  maxBytes?: number;
  /** Past maxBytes: fail (default), or keep the first maxBytes and stop reading. */
  onTooLarge?: 'error' | 'truncate';
  timeouts?: {
    /** Name lookup, TCP connect and TLS handshake, each. Default 5 s. */
    connectMs?: number;
    /** From the request being sent to the response headers. Default 10 s. */
    responseMs?: number;
    /** The whole fetch, redirects and body included. Default 15 s. */
    totalMs?: number;
  };
  /** Accepted media types. Default HTML only. */
  contentTypes?: string[];
  userAgent?: string;
}

export interface FetchedPage {
  /** The URL asked for, normalised. */
  requestedUrl: string;
  /** Where the page was finally found, after redirects. */
  url: string;
  redirects: string[];
  status: number;
  contentType: string;
  /** Decoded text (charset from the header, a BOM or a meta tag; UTF-8 otherwise). */
  body: string;
  bytes: number;
  truncated: boolean;
}

export interface SafeFetcher {
  /** Fetches a user-supplied URL ("acme.com" is fine); throws SafeFetchError with a readable message. */
  fetchPage(input: string | URL): Promise<FetchedPage>;
}

const DEFAULTS = {
  maxRedirects: 5,
  maxBytes: 2 * 1024 * 1024,
  connectMs: 5_000,
  responseMs: 10_000,
  totalMs: 15_000,
  contentTypes: ['text/html', 'application/xhtml+xml'],
  userAgent: 'Mozilla/5.0 (compatible; seqgen/1.0; company analysis)',
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type NodeLookup = (
  hostname: string,
  options: { family?: number | string; all?: boolean } | number,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * The one way a service fetches a URL a user gave it (docs/architecture.md §5). Every hop — the first
 * request and each redirect, followed by hand — is checked before anything is sent: the scheme,
 * a literal IP host, and, for a name, every address it resolves to, inside the lookup the socket
 * itself uses. So the address checked is the address connected to; DNS rebinding has no window.
 */
export function createSafeFetcher(options: SafeFetchOptions = {}): SafeFetcher {
  const resolve = options.resolve ?? systemResolver;
  const loopbackOrigins = new Set([...(options.allowLoopbackOrigins ?? [])].map((o) => originKey(checkUrl(o))));
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const onTooLarge = options.onTooLarge ?? 'error';
  const connectMs = options.timeouts?.connectMs ?? DEFAULTS.connectMs;
  const responseMs = options.timeouts?.responseMs ?? DEFAULTS.responseMs;
  const totalMs = options.timeouts?.totalMs ?? DEFAULTS.totalMs;
  const contentTypes = options.contentTypes ?? DEFAULTS.contentTypes;
  const userAgent = options.userAgent ?? DEFAULTS.userAgent;
  // Sockets are never pooled: each request resolves, checks and connects afresh.
  const agent = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

  const permitted = (url: URL, found: AddressClass) =>
    found.kind === 'public' || (found.kind === 'loopback' && loopbackOrigins.has(originKey(url)));

  const blocked = (url: URL, requested: URL, found: AddressClass, via: 'points to' | 'resolves to') => {
    const label = ADDRESS_KIND_LABELS[found.kind as keyof typeof ADDRESS_KIND_LABELS] ?? 'a refused address';
    const what = `${via} ${label} (${found.address})`;
    const message =
      url.href === requested.href
        ? `${url.href} ${what}, which is never fetched.`
        : `${requested.href} redirected to ${url.href}, which ${what} and is never fetched.`;
    return new SafeFetchError('blocked_address', message, { url: url.href, detail: found.kind });
  };

  /** Resolves through the injected resolver and refuses before connecting if any address is not allowed. */
  const guardedLookup = (url: URL, requested: URL, refusal: { error?: SafeFetchError }): NodeLookup => {
    return (hostname, lookupOptions, callback) => {
      const opts = typeof lookupOptions === 'number' ? { family: lookupOptions } : lookupOptions;
      const family =
        opts.family === 4 || opts.family === 'IPv4' ? 4 : opts.family === 6 || opts.family === 'IPv6' ? 6 : 0;
      resolve(hostname).then(
        (found) => {
          const addresses = family ? found.filter((entry) => entry.family === family) : found;
          if (addresses.length === 0) {
            return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
          }
          // One refused address refuses the name: a mix of public and private is an attack or a
          // misconfiguration, and which one the socket would pick is not ours to guess.
          for (const entry of addresses) {
            const judged = classifyAddress(entry.address);
            if (!permitted(url, judged)) {
              refusal.error = blocked(url, requested, judged, 'resolves to');
              return callback(Object.assign(new Error(refusal.error.message), { code: 'EADDRREFUSED_SSRF' }), '');
            }
          }
          const first = addresses[0] as ResolvedAddress;
          if (opts.all) return callback(null, addresses);
          return callback(null, first.address, first.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
    };
  };

  const checkLiteral = (url: URL, requested: URL) => {
    const host = bareHostname(url);
    if (!isIP(host)) return;
    const judged = classifyAddress(host);
    if (!permitted(url, judged)) throw blocked(url, requested, judged, 'points to');
  };

  type Hop =
    | { kind: 'redirect'; location: string }
    | { kind: 'page'; page: Omit<FetchedPage, 'requestedUrl' | 'redirects'> };

  const requestOnce = async (url: URL, requested: URL, deadline: number): Promise<Hop> => {
    checkLiteral(url, requested);
    // Loaded on the first fetch, not while every service starts (issue 25, `npm start` ready).
    const { default: got } = await import('got');
    const refusal: { error?: SafeFetchError } = {};
    const remaining = Math.max(1, deadline - Date.now());
    return new Promise<Hop>((resolvePromise, reject) => {
      let settled = false;
      const finish = (outcome: { hop: Hop } | { error: unknown }, stream?: GotRequest) => {
        if (settled) return;
        settled = true;
        stream?.destroy();
        if ('hop' in outcome) resolvePromise(outcome.hop);
        else reject(toSafeFetchError(outcome.error, url, refusal.error));
      };
      const stream = got.stream(url, {
        method: 'GET',
        followRedirect: false,
        throwHttpErrors: false,
        retry: { limit: 0 },
        decompress: true,
        http2: false,
        agent,
        dnsLookup: guardedLookup(url, requested, refusal) as never,
        timeout: {
          lookup: connectMs,
          connect: connectMs,
          secureConnect: connectMs,
          response: responseMs,
          request: remaining,
        },
        headers: {
          'user-agent': userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-language': 'en;q=1, *;q=0.5',
        },
      });
      const chunks: Buffer[] = [];
      let bytes = 0;
      let response: { statusCode: number; headers: http.IncomingHttpHeaders } | undefined;

      const complete = (truncated: boolean) => {
        if (!response) return;
        const contentType = String(response.headers['content-type'] ?? '');
        const raw = Buffer.concat(chunks);
        // No declared type: accept only what looks like markup.
        if (!contentType && !looksLikeMarkup(raw)) {
          const error = new SafeFetchError('unsupported_content', `${url.href} is not a web page.`, {
            url: url.href,
            detail: 'unknown content',
          });
          return finish({ error }, stream);
        }
        finish(
          {
            hop: {
              kind: 'page',
              page: {
                url: url.href,
                status: response.statusCode,
                contentType: contentType || 'text/html',
                body: decode(raw, contentType),
                bytes,
                truncated,
              },
            },
          },
          stream,
        );
      };

      stream.on('response', (res: { statusCode: number; headers: http.IncomingHttpHeaders }) => {
        response = res;
        const status = res.statusCode;
        if (REDIRECT_STATUSES.has(status) && res.headers.location) {
          return finish({ hop: { kind: 'redirect', location: res.headers.location } }, stream);
        }
        if (status < 200 || status >= 300) {
          const text = http.STATUS_CODES[status];
          return finish(
            {
              error: unreachable('http_status', url.href, `the site answered ${status}${text ? ` ${text}` : ''}`, {
                status,
              }),
            },
            stream,
          );
        }
        const type = String(res.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase();
        if (type && !contentTypes.includes(type)) {
          return finish(
            {
              error: new SafeFetchError('unsupported_content', `${url.href} is not a web page (${type}).`, {
                url: url.href,
                detail: type,
              }),
            },
            stream,
          );
        }
        const declared = Number(res.headers['content-length'] ?? Number.NaN);
        if (onTooLarge === 'error' && declared > maxBytes) {
          return finish({ error: tooLarge(url, maxBytes) }, stream);
        }
      });
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = maxBytes - bytes;
        if (chunk.length > room) {
          if (onTooLarge === 'error') return finish({ error: tooLarge(url, maxBytes) }, stream);
          chunks.push(chunk.subarray(0, room));
          bytes += room;
          return complete(true);
        }
        chunks.push(chunk);
        bytes += chunk.length;
      });
      stream.on('end', () => complete(false));
      stream.on('error', (error) => finish({ error }, stream));
    });
  };

  return {
    async fetchPage(input) {
      const requested = typeof input === 'string' ? parseUserUrl(input) : checkUrl(input.href);
      const deadline = Date.now() + totalMs;
      const redirects: string[] = [];
      let url = requested;
      for (;;) {
        const hop = await requestOnce(url, requested, deadline);
        if (hop.kind === 'page') return { ...hop.page, requestedUrl: requested.href, redirects };
        if (redirects.length >= maxRedirects) {
          throw unreachable('too_many_redirects', requested.href, `more than ${maxRedirects} redirects`);
        }
        let next: URL;
        try {
          next = checkUrl(new URL(hop.location, url).href);
        } catch (error) {
          const why = error instanceof SafeFetchError ? error.message : 'it is not a valid web address';
          throw new SafeFetchError(
            error instanceof SafeFetchError ? error.reason : 'invalid_url',
            `${url.href} redirected to an address that is never fetched: ${why}`,
            { url: url.href, detail: 'redirect refused' },
          );
        }
        redirects.push(next.href);
        url = next;
      }
    },
  };
}

const tooLarge = (url: URL, maxBytes: number) =>
  new SafeFetchError('too_large', `${url.href} is larger than ${formatBytes(maxBytes)}.`, {
    url: url.href,
    detail: 'too large',
  });

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

const looksLikeMarkup = (raw: Buffer) =>
  /^\s*</.test(new TextDecoder('utf-8').decode(raw.subarray(0, 256)).replace(/^\uFEFF/, ''));

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_OSSL)/;

function toSafeFetchError(error: unknown, url: URL, refusal: SafeFetchError | undefined): SafeFetchError {
  if (refusal) return refusal;
  if (error instanceof SafeFetchError) return error;
  const { code = '', name = '' } = (error ?? {}) as { code?: string; name?: string };
  const href = url.href;
  if (name === 'TimeoutError' || code === 'ETIMEDOUT') {
    return unreachable('timeout', href, 'timed out', { cause: error });
  }
  if (['ENOTFOUND', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL'].includes(code)) {
    return unreachable('dns', href, 'the domain name was not found', { cause: error });
  }
  if (code === 'EAI_AGAIN') return unreachable('dns', href, 'the domain name could not be resolved', { cause: error });
  if (code === 'ECONNREFUSED') return unreachable('connection', href, 'connection refused', { cause: error });
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return unreachable('connection', href, 'the host is unreachable', { cause: error });
  }
  if (TLS_CODES.test(code)) {
    return unreachable('tls', href, 'its security certificate is not valid', { cause: error });
  }
  if (code.startsWith('HPE_'))
    return unreachable('connection', href, 'the site sent an invalid response', { cause: error });
  if (['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'].includes(code)) {
    return unreachable('connection', href, 'the connection was closed unexpectedly', { cause: error });
  }
  return unreachable('connection', href, 'the connection failed', { cause: error });
}

/** Charset from the header, else a BOM, else a <meta> in the first 2 KB, else UTF-8. */
function decode(raw: Buffer, contentType: string): string {
  let label = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (!label) {
    if (raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf) label = 'utf-8';
    else if (raw[0] === 0xff && raw[1] === 0xfe) label = 'utf-16le';
    else if (raw[0] === 0xfe && raw[1] === 0xff) label = 'utf-16be';
  }
  if (!label) {
    const head = raw.subarray(0, 2048).toString('latin1');
    label = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(label ?? 'utf-8').decode(raw);
  } catch {
    return new TextDecoder('utf-8').decode(raw);
  }
}
