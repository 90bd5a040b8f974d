/**
 * Checks the tuning corpus: every site's expectations.json against the schema in
 * ../expectations.ts, and against its own pages, so that an expectation cannot name words the
 * page does not contain. `node evaluation/tuning/validate.ts` (Node 24) from the repository root;
 * `--table` also prints one line per site. Exits non-zero on any problem.
 *
 * What "occurs in the page" means here: the terms are looked for, case-insensitively, in the
 * HTML of index.html and case-studies.html with tags removed (alt texts kept) and entities and JSON
 * \u escapes decoded (so text kept in __NEXT_DATA__ or window.__NUXT__ counts). For a stated pain or a
 * capability at least one alternative must occur (the others are paraphrases); every notPains and
 * notSolutions entry, every proof, customer, non-customer, forbidden string and buyer word must occur.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Expectations, Expectations as expectationsSchema } from '../expectations.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const PAGES = ['index.html', 'case-studies.html'];
const MIN_BYTES = 4 * 1024;
const MAX_BYTES = 25 * 1024;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  euro: '€',
  pound: '£',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
};

function decode(s: string): string {
  return s
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/&#x([0-9a-fA-F]+);/g, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&([a-zA-Z]+);/g, (m, n: string) => ENTITIES[n] ?? m);
}

/** Page text as the checks see it: tags out, entities decoded, whitespace folded, lower case. */
function pageText(html: string): string {
  // A logo strip often names its customers only in alt text.
  const alts = [...html.matchAll(/\balt=["']([^"']+)["']/g)].map((m) => m[1]).join(' ');
  const text = decode(`${html.replace(/<[^>]+>/g, ' ')} ${alts}`);
  return text.replace(/\s+/g, ' ').toLowerCase();
}

const occurs = (text: string, t: string) => text.includes(t.toLowerCase());
const allOccur = (text: string, terms: string[]) => terms.every((t) => occurs(text, t));

function checkHtmlFile(label: string, file: string, problems: string[]) {
  const p = (m: string) => problems.push(`${label}: ${path.basename(file)} ${m}`);
  const size = statSync(file).size;
  if (size < MIN_BYTES || size > MAX_BYTES) p(`is ${size} bytes, not 4–25 KB`);
  const html = readFileSync(file, 'utf8');
  if (!/^<!doctype html>/i.test(html.trimStart())) p('has no doctype');
  if (!/<\/html>\s*$/i.test(html)) p('does not end with </html>');
  return html;
}

function checkSite(dir: string, siteId: string, problems: string[]): Expectations | undefined {
  const p = (m: string) => problems.push(`${siteId}: ${m}`);
  for (const f of readdirSync(dir)) {
    if (![...PAGES, 'expectations.json'].includes(f)) p(`unexpected file ${f}`);
  }
  if (!existsSync(path.join(dir, 'index.html'))) {
    p('no index.html');
    return undefined;
  }
  const html = PAGES.filter((f) => existsSync(path.join(dir, f))).map((f) =>
    checkHtmlFile(siteId, path.join(dir, f), problems),
  );
  const text = html.map(pageText).join(' \n ');
  // Forbidden strings may sit in comments, attributes or hidden elements: look in the whole source.
  const source = decode(html.join(' \n ')).replace(/\s+/g, ' ').toLowerCase();

  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path.join(dir, 'expectations.json'), 'utf8'));
  } catch (err) {
    p(`expectations.json: ${(err as Error).message}`);
    return undefined;
  }
  const parsed = expectationsSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) p(`expectations.json ${issue.path.join('.')}: ${issue.message}`);
    return undefined;
  }
  const e = parsed.data;
  if (e.id !== siteId) p(`id ${e.id} is not the folder name`);
  if (!occurs(text, e.companyName.replace(/,?\s+(GmbH|Inc\.?|Ltd\.?|S\.L\.|SAS|SARL|S\.A\.|LLC|AG)$/i, ''))) {
    p(`company name "${e.companyName}" is not on the page`);
  }
  for (const [kind, items] of [
    ['stated pain', e.statedPains],
    ['capability', e.capabilities],
  ] as const) {
    for (const item of items) {
      if (!item.match.some((alt) => allOccur(text, alt))) p(`${kind} ${item.id}: no alternative occurs in the page`);
    }
  }
  for (const [kind, list] of [
    ['notPains', e.notPains],
    ['notSolutions', e.notSolutions],
  ] as const) {
    for (const terms of list) if (!allOccur(text, terms)) p(`${kind} ${JSON.stringify(terms)} does not occur`);
  }
  e.proofs.forEach((proof, i) => {
    if (!allOccur(text, proof.match)) p(`proof ${i} ${JSON.stringify(proof.match)} does not occur`);
    if (proof.customer && !e.customers.some((c) => c.toLowerCase() === proof.customer?.toLowerCase())) {
      p(`proof ${i}: ${proof.customer} is not in customers`);
    }
    if (proof.person && !occurs(text, proof.person)) p(`proof ${i}: ${proof.person} is not on the page`);
  });
  for (const [kind, list] of [
    ['customer', e.customers],
    ['notCustomer', e.notCustomers],
    ['buyerWord', e.buyerWords],
  ] as const) {
    for (const s of list) if (!occurs(text, s)) p(`${kind} "${s}" does not occur`);
  }
  for (const s of e.forbidden) if (!occurs(source, s)) p(`forbidden "${s}" does not occur`);
  return e;
}

const problems: string[] = [];
const sitesDir = path.join(root, 'sites');
const sites: Expectations[] = [];
for (const siteId of readdirSync(sitesDir).sort()) {
  const e = checkSite(path.join(sitesDir, siteId), siteId, problems);
  if (e) sites.push(e);
}
const prospectsDir = path.join(root, 'prospects');
const prospects = existsSync(prospectsDir) ? readdirSync(prospectsDir).sort() : [];
for (const id of prospects) {
  const file = path.join(prospectsDir, id, 'index.html');
  if (existsSync(file)) checkHtmlFile(`prospect ${id}`, file, problems);
  else problems.push(`prospect ${id}: no index.html`);
}

if (process.argv.includes('--table')) {
  for (const e of sites) {
    const cs = existsSync(path.join(sitesDir, e.id, 'case-studies.html')) ? ' +case-studies' : '';
    console.warn(
      `${e.id.padEnd(22)} ${e.language}  ${e.layout.padEnd(17)} ${(e.functions[0] ?? '').padEnd(26)} pains ${e.statedPains.length}  proofs ${e.proofs.length}${cs}`,
    );
  }
}
const count = (xs: string[]) => new Set(xs).size;
console.warn(
  `${sites.length} sites, ${prospects.length} prospects; ${count(sites.map((e) => e.functions[0] ?? ''))} primary functions; ` +
    `languages ${JSON.stringify(Object.fromEntries(['en', 'de', 'fr', 'es'].map((l) => [l, sites.filter((e) => e.language === l).length])))}; ` +
    `${count(sites.map((e) => e.layout))} layouts`,
);
for (const m of problems) console.error(m);
const failed = new Set(problems.map((m) => m.split(':')[0]));
const checked = [...readdirSync(sitesDir), ...prospects.map((id) => `prospect ${id}`)];
console.warn(`${checked.length - failed.size} passed, ${failed.size} failed`);
process.exitCode = problems.length > 0 ? 1 : 0;
