import { SafeFetchError } from './errors.ts';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const ALLOWED_SCHEMES = new Set(['http:', 'https:']);

/**
 * A URL as a user types it ("acme.com", "www.acme.com/customers", "https://acme.com") made into
 * an absolute http(s) URL: no scheme → https; other schemes, credentials and hosts that are not
 * hosts are refused. Numeric host spellings (2130706433, 0x7f000001, 0177.0.0.1, 127.1) come out
 * as the dotted address they mean, which is what the address guard then judges.
 */
export function parseUserUrl(input: string): URL {
  const text = input.trim();
  if (!text) throw new SafeFetchError('invalid_url', 'Please enter a web address.', { url: text });
  const scheme = SCHEME.exec(text);
  // "localhost:3000" and "acme.com:8443/x" are host:port, not a scheme.
  const hasScheme = scheme !== null && !/^\d/.test(text.slice(scheme[0].length));
  if (hasScheme && !ALLOWED_SCHEMES.has(scheme[0].toLowerCase())) {
    throw new SafeFetchError(
      'unsupported_scheme',
      `Only http:// and https:// addresses can be fetched (${scheme[0].toLowerCase()} is not supported).`,
      { url: text },
    );
  }
  const absolute = hasScheme ? text : `https://${text.replace(/^\/\//, '')}`;
  return checkUrl(absolute, text);
}

/** Validates an absolute URL (a redirect target, say): http(s), a host, no credentials. */
export function checkUrl(absolute: string, shown: string = absolute): URL {
  let url: URL;
  try {
    url = new URL(absolute);
  } catch {
    throw new SafeFetchError('invalid_url', `"${shorten(shown)}" is not a valid web address.`, { url: shown });
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) {
    throw new SafeFetchError(
      'unsupported_scheme',
      `Only http:// and https:// addresses can be fetched (${url.protocol} is not supported).`,
      { url: shown },
    );
  }
  if (url.username || url.password) {
    throw new SafeFetchError(
      'credentials',
      'Web addresses with a user name or password are not supported.',
      // Never echo the credentials back.
      { url: `${url.protocol}//${url.host}${url.pathname}` },
    );
  }
  if (!url.hostname || url.hostname.includes('%') || url.hostname === '.') {
    throw new SafeFetchError('invalid_url', `"${shorten(shown)}" is not a valid web address.`, { url: shown });
  }
  return url;
}

/** The hostname without IPv6 brackets, as the resolver and the classifier want it. */
export const bareHostname = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/** "https://acme.com:443" style origin used by allowlists, with default ports made explicit. */
export function originKey(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.protocol}//${url.hostname.toLowerCase()}:${port}`;
}

const shorten = (text: string) => (text.length > 100 ? `${text.slice(0, 97)}...` : text);
