import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolvedAddress, Resolver } from '@seqgen/kit';

const SITES_DIR = new URL('../fixtures/sites/', import.meta.url);

/**
 * Corpus sites: each serves its home page at / and, when it has one, its case studies at the
 * path it links to. `expectations.json` in each folder is what an analyst reads on the page
 * (written independently of the analyser): the quality suite holds the analysis to it.
 */
export const SITES = {
  'northwind-ledger': { caseStudies: '/customers' },
  'harbor-finch': { caseStudies: '/work' },
  'keller-precision': { caseStudies: '/case-studies' },
  'clearwater-risk': { caseStudies: '/customers' },
  careloop: { caseStudies: '/success-stories' },
  quantly: { caseStudies: '/customers' },
  routewise: { caseStudies: '/customers' },
  klarfeld: { caseStudies: '/referenzen', charset: 'latin1' as const },
  shieldline: { caseStudies: '/clients' },
  stockline: { caseStudies: '/customers' },
  crewshift: { caseStudies: undefined },
  uptimeiq: { caseStudies: '/case-studies' },
  medirev: { caseStudies: '/results/' },
  fertigo: { caseStudies: '/referenzen/' },
  paywise: { caseStudies: undefined },
  vaultline: { caseStudies: '/customers' },
  brightpath: { caseStudies: undefined },
  nexaflow: { caseStudies: undefined },
  sicherwerk: { caseStudies: '/kunden' },
  'pacific-produce': { caseStudies: undefined },
  'northgate-health': { caseStudies: undefined },
  'hansa-logistik': { caseStudies: undefined },
  'fabrikam-metals': { caseStudies: undefined },
  ledgerly: { caseStudies: undefined },
  dispatchwell: { caseStudies: undefined },
  teamanker: { caseStudies: undefined },
  dockhand: { caseStudies: '/customers' },
} as const satisfies Record<string, { caseStudies: string | undefined; charset?: 'latin1' }>;

/** What an analyst reads on a corpus site (see fixtures/sites/<name>/expectations.json). */
export interface SiteExpectations {
  kind: string;
  language: 'en' | 'de';
  companyName: string;
  /** Keywords of each real pain, and of the solution that answers it. */
  pairs: { pain: string[]; solution: string[] }[];
  /** Results credited to a named customer and to the solution that produced them. */
  proofs: { customer: string; result: string[]; solution: string[] }[];
  titles: string[];
  audienceWords: string[];
  /** Injected text and misreadings that must never appear (capitalised single words: as names). */
  forbidden: string[];
  painsImplicit: boolean;
  triggers: string[];
}

export function expectationsOf(site: SiteName): SiteExpectations {
  return JSON.parse(readFileSync(new URL(`${site}/expectations.json`, SITES_DIR), 'utf8')) as SiteExpectations;
}

/** The pages of a site, read from disk (for tests of pure code: no server needed). */
export function pagesOf(site: SiteName): { index: string; caseStudies: string | undefined } {
  const read = (file: string) => {
    const url = new URL(`${site}/${file}`, SITES_DIR);
    return existsSync(url) ? readFileSync(url, 'utf8') : undefined;
  };
  return { index: read('index.html') ?? '', caseStudies: read('case-studies.html') };
}

export type SiteName = keyof typeof SITES;

/**
 * Names the tests resolve (never real DNS): the fixture sites to loopback, the rest to the
 * private, link-local and reserved addresses an attacker would aim at. Nothing ever connects to
 * the latter: the guard refuses them inside the lookup, before a socket connects.
 */
const PRIVATE_NAMES: Record<string, ResolvedAddress[]> = {
  'intranet.corp.test': [{ address: '192.168.1.20', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'db.internal.test': [{ address: '10.0.3.7', family: 4 }],
  'k8s.internal.test': [{ address: '172.20.0.10', family: 4 }],
  'cgnat.test': [{ address: '100.64.0.7', family: 4 }],
  'ula.test': [{ address: 'fd12:3456:789a::1', family: 6 }],
  'linklocal6.test': [{ address: 'fe80::1', family: 6 }],
  'mapped.test': [{ address: '::ffff:10.1.2.3', family: 6 }],
  'nat64.test': [{ address: '64:ff9b::a00:1', family: 6 }],
  'sixtofour.test': [{ address: '2002:c0a8:101::1', family: 6 }],
  'zero.test': [{ address: '0.0.0.0', family: 4 }],
  // One public and one private address: refused as a whole, so neither is ever tried.
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.8', family: 4 },
  ],
  localhost: [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ],
  'rebind.test': [{ address: '127.0.0.1', family: 4 }],
};

export interface FixtureSites {
  port: number;
  /** A loopback port nothing listens on, allowed as http://closed.test:<closedPort>. */
  closedPort: number;
  /** Requests served, as "host path". */
  hits: string[];
  /** http://<name>.test:<port><path> */
  url(site: string, path?: string): string;
  /** The loopback origins the guard may let through: the fixture sites and edge.test. */
  origins: string[];
  resolve: Resolver;
  /** Calls to resolve, by name. */
  lookups: string[];
  close(): Promise<void>;
}

const FILLER = `<p>${'Our platform keeps every team aligned with shared dashboards and clear ownership. '.repeat(40)}</p>\n`;

function bigPage(): string {
  const head =
    '<!doctype html><html lang="en"><head><title>Bulkhead Analytics | Warehouse analytics</title>' +
    '<meta name="description" content="Bulkhead Analytics helps warehouse operators reduce picking errors with real-time slotting analytics.">' +
    '</head><body><main><h1>Fewer picking errors, faster shifts</h1><p>Bulkhead Analytics gives warehouse operators live slotting data.</p>' +
    '<section><h2>Reduce picking errors</h2><p>Slotting recommendations put fast movers where pickers reach them first.</p></section>';
  return `${head}${FILLER.repeat(Math.ceil((3 * 1024 * 1024) / FILLER.length))}</main></body></html>`;
}

const EMPTY_SHELL =
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>';

async function unusedPort(): Promise<number> {
  const probe = http.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startFixtureSites(): Promise<FixtureSites> {
  const hits: string[] = [];
  const lookups: string[] = [];
  const pages = new Map<string, { body: Buffer; charset: string }>();
  for (const [name, site] of Object.entries(SITES)) {
    const charset = 'charset' in site ? site.charset : 'utf-8';
    const files: [string, string][] = [['index.html', '/']];
    if (site.caseStudies) files.push(['case-studies.html', site.caseStudies]);
    for (const [file, path] of files) {
      const text = readFileSync(new URL(`${name}/${file}`, SITES_DIR), 'utf8');
      pages.set(`${name}.test ${path}`, { body: Buffer.from(text, charset === 'latin1' ? 'latin1' : 'utf8'), charset });
    }
  }
  const big = Buffer.from(bigPage());
  let port = 0;

  const server = http.createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    hits.push(`${host} ${path}`);
    const page = pages.get(`${host} ${path}`);
    if (page) {
      response.writeHead(200, {
        'content-type': `text/html; charset=${page.charset === 'latin1' ? 'iso-8859-1' : 'utf-8'}`,
      });
      response.end(page.body);
      return;
    }
    const redirect = (location: string) => {
      response.writeHead(302, { location });
      response.end();
    };
    if (host !== 'edge.test') {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not found</h1>');
      return;
    }
    const loop = /^\/loop\/(\d+)$/.exec(path);
    if (loop) return redirect(`/loop/${Number(loop[1]) + 1}`);
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const left = Number(chain[1]);
      return left > 0 ? redirect(`/chain/${left - 1}`) : redirect(`http://northwind-ledger.test:${port}/`);
    }
    switch (path) {
      case '/redirect-metadata':
        return redirect('http://169.254.169.254/latest/meta-data/iam/security-credentials/');
      case '/redirect-private':
        return redirect('http://10.0.0.1/admin');
      case '/redirect-internal-name':
        return redirect('http://intranet.corp.test/wiki');
      case '/redirect-loopback':
        return redirect(`http://127.0.0.1:${port}/`);
      case '/redirect-mapped':
        return redirect(`http://[::ffff:127.0.0.1]:${port}/`);
      case '/redirect-file':
        return redirect('file:///etc/passwd');
      case '/to-northwind':
        return redirect(`http://northwind-ledger.test:${port}/`);
      case '/slow':
        setTimeout(() => {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end('<title>Late</title>');
        }, 3_000).unref();
        return;
      case '/pdf':
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.end('%PDF-1.7');
        return;
      case '/big':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(big);
        return;
      case '/empty-shell':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(EMPTY_SHELL);
        return;
      default:
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end('<h1>Not found</h1>');
    }
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  const closedPort = await unusedPort();

  const fixtureNames = [...Object.keys(SITES).map((name) => `${name}.test`), 'edge.test', 'closed.test'];
  const resolve: Resolver = async (hostname) => {
    lookups.push(hostname);
    const name = hostname.toLowerCase();
    if (fixtureNames.includes(name)) return [{ address: '127.0.0.1', family: 4 }];
    const known = PRIVATE_NAMES[name];
    if (known) return known;
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };

  return {
    port,
    hits,
    lookups,
    url: (site, path = '/') => `http://${site}.test:${port}${path}`,
    closedPort,
    origins: [...fixtureNames.map((name) => `http://${name}:${port}`), `http://closed.test:${closedPort}`],
    resolve,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
