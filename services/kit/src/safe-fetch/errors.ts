/**
 * Why a fetch of a user-supplied URL did not produce a page. The message is written for the
 * person who typed the URL and never contains a stack, a resolver dump or an internal address
 * beyond the one they asked for.
 */
export type SafeFetchFailure =
  /** The text is not a usable http(s) URL. */
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'credentials'
  /** The host is, or resolves to, an address that is not on the public internet. */
  | 'blocked_address'
  | 'dns'
  | 'timeout'
  | 'connection'
  | 'tls'
  | 'http_status'
  | 'too_many_redirects'
  | 'too_large'
  | 'unsupported_content';

/** Refusals: the request itself is not allowed (a 4xx), as opposed to the site failing us. */
export const REFUSED_FAILURES: ReadonlySet<SafeFetchFailure> = new Set([
  'invalid_url',
  'unsupported_scheme',
  'credentials',
  'blocked_address',
]);

export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  readonly reason: SafeFetchFailure;
  /** The URL of the hop that failed (after redirects), safe to show. */
  readonly url: string;
  /** Short reason in the user's words, e.g. "timed out", "connection refused". */
  readonly detail: string | undefined;
  /** For http_status: the status the site answered. */
  readonly status: number | undefined;

  constructor(
    reason: SafeFetchFailure,
    message: string,
    extra: { url: string; detail?: string; status?: number; cause?: unknown },
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.reason = reason;
    this.url = extra.url;
    this.detail = extra.detail;
    this.status = extra.status;
  }

  get refused(): boolean {
    return REFUSED_FAILURES.has(this.reason);
  }
}

/** "We couldn't reach https://acme.com/ (timed out)." */
export function unreachable(
  reason: SafeFetchFailure,
  url: string,
  detail: string,
  extra: { status?: number; cause?: unknown } = {},
): SafeFetchError {
  return new SafeFetchError(reason, `We couldn't reach ${url} (${detail}).`, { url, detail, ...extra });
}
