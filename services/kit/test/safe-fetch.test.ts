import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher, type ResolvedAddress, type Resolver, SafeFetchError } from '../src/index.ts';

// Network rule: only loopback is ever dialled. Names resolve through an injected resolver, and
// every address that is not loopback must be refused before a socket connects — which the
// connection recorder below proves.

const attempts: string[] = [];
const originalConnect = net.Socket.prototype.connect;

const NAMES: Record<string, ResolvedAddress[]> = {
  'site.test': [{ address: '127.0.0.1', family: 4 }],
  'other.test': [{ address: '127.0.0.1', family: 4 }],
  localhost: [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ],
  'intranet.test': [{ address: '192.168.10.4', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'cgnat.test': [{ address: '100.64.1.1', family: 4 }],
  'ula.test': [{ address: 'fd00::5', family: 6 }],
  'mapped.test': [{ address: '::ffff:10.0.0.9', family: 6 }],
  'linklocal.test': [{ address: 'fe80::2', family: 6 }],
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.9.9.9', family: 4 },
  ],
};

const lookups: string[] = [];
const resolve: Resolver = async (hostname) => {
  lookups.push(hostname);
  const found = NAMES[hostname.toLowerCase()];
  if (!found) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

let server: http.Server;
let port = 0;
const served: string[] = [];

function expectRefusedWithoutConnecting(run: () => Promise<unknown>, reason = 'blocked_address') {
  const before = attempts.length;
  return expect(
    run().finally(() => {
      expect(attempts.length).toBe(before);
    }),
  ).rejects.toMatchObject({ name: 'SafeFetchError', reason });
}

beforeAll(async () => {
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    this.on('connectionAttempt', (address: string) => attempts.push(address));
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof originalConnect;
  server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    served.push(`${request.headers.host} ${path}`);
    const redirect = (location: string) => {
      response.writeHead(302, { location });
      response.end();
    };
    if (path.startsWith('/redirect?to=')) return redirect(decodeURIComponent(path.slice('/redirect?to='.length)));
    const hops = /^\/hops\/(\d+)$/.exec(path);
    if (hops) return Number(hops[1]) > 0 ? redirect(`/hops/${Number(hops[1]) - 1}`) : redirect('/');
    if (path === '/slow-headers') {
      setTimeout(() => response.end('<p>late</p>'), 2_000).unref();
      return;
    }
    if (path === '/slow-body') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<p>start');
      setTimeout(() => response.end('</p>'), 2_000).unref();
      return;
    }
    if (path === '/latin1') {
      response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      return response.end(Buffer.from('<p>Größe und Qualität</p>', 'latin1'));
    }
    if (path === '/meta-charset') {
      response.writeHead(200, { 'content-type': 'text/html' });
      // "Café – naïve" in windows-1252: é 0xE9, en dash 0x96, ï 0xEF.
      return response.end(
        Buffer.concat([
          Buffer.from('<meta charset="windows-1252"><p>Caf'),
          Buffer.from([0xe9, 0x20, 0x96, 0x20]),
          Buffer.from('na'),
          Buffer.from([0xef]),
          Buffer.from('ve</p>'),
        ]),
      );
    }
    if (path === '/json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"a":1}');
    }
    if (path === '/no-type-binary') {
      response.writeHead(200);
      return response.end(Buffer.from([0, 1, 2, 3, 255]));
    }
    if (path === '/big') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end(`<p>${'x'.repeat(300_000)}</p>`);
    }
    if (path === '/gzip-bomb') {
      // 20 MB of markup that travels as a few KB: the cap counts decoded bytes.
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      return response.end(gzipSync(Buffer.alloc(20 * 1024 * 1024, '<b>')));
    }
    if (path === '/teapot') {
      response.writeHead(418);
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<title>Fixture ${path}</title>`);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  net.Socket.prototype.connect = originalConnect;
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  // The whole file dialled loopback only.
  expect(attempts.every((address) => address === '127.0.0.1' || address === '::1')).toBe(true);
});

const allowed = () =>
  createSafeFetcher({
    resolve,
    allowLoopbackOrigins: [`http://site.test:${port}`, `http://127.0.0.1:${port}`],
    timeouts: { connectMs: 1_000, responseMs: 500, totalMs: 1_500 },
    maxBytes: 100_000,
  });
const strict = () => createSafeFetcher({ resolve });

describe('safe fetch over loopback fixtures', () => {
  it('fetches an allowed origin and reports where the page was found', async () => {
    const page = await allowed().fetchPage(`http://site.test:${port}/hops/2`);
    expect(page).toMatchObject({
      status: 200,
      url: `http://site.test:${port}/`,
      requestedUrl: `http://site.test:${port}/hops/2`,
      redirects: [`http://site.test:${port}/hops/1`, `http://site.test:${port}/hops/0`, `http://site.test:${port}/`],
      body: '<title>Fixture /</title>',
      truncated: false,
    });
  });

  it.each([
    '127.0.0.1',
    'localhost',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '127.1',
    '[::1]',
    '[::ffff:127.0.0.1]',
    '0.0.0.0',
  ])('refuses http://%s:<port>/ when loopback is not allowed, before connecting', async (host) => {
    await expectRefusedWithoutConnecting(() => strict().fetchPage(`http://${host}:${port}/`));
    expect(served.some((line) => line.includes(`:${port} /`) && line.startsWith(host))).toBe(false);
  });

  it.each(['intranet.test', 'metadata.test', 'cgnat.test', 'ula.test', 'mapped.test', 'linklocal.test', 'mixed.test'])(
    'refuses %s, a name that resolves to a refused address, inside the lookup',
    async (name) => {
      const before = lookups.length;
      await expectRefusedWithoutConnecting(() => allowed().fetchPage(`http://${name}/`));
      expect(lookups.slice(before)).toEqual([name]);
    },
  );

  it('allows loopback only for the exact origins listed', async () => {
    await expect(allowed().fetchPage(`http://127.0.0.1:${port}/`)).resolves.toMatchObject({ status: 200 });
    // Same host, other port; other name on the same port; same name over https.
    await expectRefusedWithoutConnecting(() => allowed().fetchPage(`http://127.0.0.1:${port + 1}/`));
    await expectRefusedWithoutConnecting(() => allowed().fetchPage(`http://other.test:${port}/`));
    await expectRefusedWithoutConnecting(() => allowed().fetchPage(`http://localhost:${port}/`));
  });

  it.each([
    [
      'the metadata address',
      'http://169.254.169.254/latest/meta-data/',
      /cloud metadata address \(169\.254\.169\.254\)/,
    ],
    ['a private address', 'http://10.0.0.1/admin', /private network address \(10\.0\.0\.1\)/],
    ['a name resolving to a private address', 'http://intranet.test/', /private network address \(192\.168\.10\.4\)/],
    ['IPv4-mapped loopback on another port', `http://[::ffff:127.0.0.1]:${1}/`, /loopback address \(127\.0\.0\.1\)/],
    ['a decimal spelling of the metadata address', 'http://2852039166/', /cloud metadata address/],
  ])('refuses a redirect from an allowed page to %s at that hop', async (_label, target, message) => {
    const before = attempts.length;
    const error = await allowed()
      .fetchPage(`http://site.test:${port}/redirect?to=${encodeURIComponent(target)}`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect((error as SafeFetchError).reason).toBe('blocked_address');
    expect((error as Error).message).toMatch(/redirected to/);
    expect((error as Error).message).toMatch(message);
    // Exactly one connection: to the allowed page that answered with the redirect.
    expect(attempts.slice(before)).toEqual(['127.0.0.1']);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const error = await allowed()
      .fetchPage(`http://site.test:${port}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'unsupported_scheme' });
    expect((error as Error).message).toMatch(/redirected to an address that is never fetched/);
  });

  it('follows five redirects and refuses the sixth', async () => {
    await expect(allowed().fetchPage(`http://site.test:${port}/hops/4`)).resolves.toMatchObject({ status: 200 });
    await expect(allowed().fetchPage(`http://site.test:${port}/hops/5`)).rejects.toMatchObject({
      reason: 'too_many_redirects',
      message: `We couldn't reach http://site.test:${port}/hops/5 (more than 5 redirects).`,
    });
  });

  it('times out a server that does not answer, or stops sending', async () => {
    for (const path of ['/slow-headers', '/slow-body']) {
      await expect(allowed().fetchPage(`http://site.test:${port}${path}`)).rejects.toMatchObject({
        reason: 'timeout',
        message: `We couldn't reach http://site.test:${port}${path} (timed out).`,
      });
    }
  });

  it('caps the body, counting decoded bytes, or keeps the first part when asked', async () => {
    await expect(allowed().fetchPage(`http://site.test:${port}/big`)).rejects.toMatchObject({ reason: 'too_large' });
    await expect(allowed().fetchPage(`http://site.test:${port}/gzip-bomb`)).rejects.toMatchObject({
      reason: 'too_large',
      message: expect.stringMatching(/is larger than 98 KB/),
    });
    const truncating = createSafeFetcher({
      resolve,
      allowLoopbackOrigins: [`http://site.test:${port}`],
      maxBytes: 50_000,
      onTooLarge: 'truncate',
    });
    const page = await truncating.fetchPage(`http://site.test:${port}/gzip-bomb`);
    expect(page).toMatchObject({ truncated: true, bytes: 50_000 });
    expect(page.body.length).toBe(50_000);
  });

  it('accepts HTML only', async () => {
    await expect(allowed().fetchPage(`http://site.test:${port}/json`)).rejects.toMatchObject({
      reason: 'unsupported_content',
      message: `http://site.test:${port}/json is not a web page (application/json).`,
    });
    await expect(allowed().fetchPage(`http://site.test:${port}/no-type-binary`)).rejects.toMatchObject({
      reason: 'unsupported_content',
    });
  });

  it('decodes the charset from the header or a meta tag', async () => {
    expect((await allowed().fetchPage(`http://site.test:${port}/latin1`)).body).toBe('<p>Größe und Qualität</p>');
    expect((await allowed().fetchPage(`http://site.test:${port}/meta-charset`)).body).toContain('Café – naïve');
  });

  it('explains failures without internals', async () => {
    await expect(allowed().fetchPage(`http://site.test:${port}/teapot`)).rejects.toMatchObject({
      reason: 'http_status',
      status: 418,
      message: `We couldn't reach http://site.test:${port}/teapot (the site answered 418 I'm a Teapot).`,
    });
    await expect(allowed().fetchPage('http://nowhere.test/')).rejects.toMatchObject({
      reason: 'dns',
      message: "We couldn't reach http://nowhere.test/ (the domain name was not found).",
    });
  });
});
