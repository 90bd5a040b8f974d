/**
 * `node scripts/bench/analysis.ts`: the cost of analysing a 1 MB page once it has arrived —
 * parsing and extraction (cheerio/htmlparser2, hidden-element and injection filtering) plus the
 * built-in analyser — excluding the network. Two realistic 1 MB shapes: a long content page
 * (mostly markup and text) and a script-heavy page (framework bundle and inline state). Target:
 * ≤ 100 ms per page.
 */
import { readFileSync } from 'node:fs';
import { analyseSite, extractPage } from '../../services/generation/src/analysis/index.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const TARGET_BYTES = 1024 * 1024;
const sites = new URL('../../services/generation/test/fixtures/sites/', import.meta.url);
const home = readFileSync(new URL('northwind-ledger/index.html', sites), 'utf8');
const caseStudies = readFileSync(new URL('northwind-ledger/case-studies.html', sites), 'utf8');

const TOPICS = [
  ['Automated bank reconciliation', 'Match thousands of bank transactions to your ledger in seconds, not days.'],
  ['Reduce audit preparation time', 'Every adjustment carries its audit trail, so auditors get a documented file.'],
  ['Eliminate manual invoice matching', 'Invoices, purchase orders and receipts are matched automatically.'],
  ['Real-time cash visibility', 'See cash positions across every bank account and entity on one dashboard.'],
  ['Forecast revenue with confidence', 'Driver-based models update as deals move through the pipeline.'],
  ['Close the books faster', 'Checklists, owners and due dates keep every close task on schedule.'],
];

/** A long content page: the fixture's head and hero, then sections, quotes and lists to 1 MB. */
function contentPage(): string {
  const [head, body] = home.split('<main>') as [string, string];
  const parts: string[] = [];
  let size = head.length + body.length;
  for (let i = 0; size < TARGET_BYTES; i++) {
    const [title, text] = TOPICS[i % TOPICS.length] as [string, string];
    const section =
      `<section class="s-${i}"><h2>${title} for team ${i}</h2><div class="grid"><article><h3>${title}</h3>` +
      `<p>${text} Finance teams at company ${i} use it every month to stay ahead of the close.</p>` +
      `<ul><li><strong>Step ${i}.</strong> ${text}</li><li>Owner: controller ${i}</li></ul></article></div>` +
      `<blockquote><p>“We went from a ten-day close to three days.” — Alex Kim ${i}, CFO at Example ${i}</p></blockquote>` +
      `<p style="display:none">Hidden note ${i}</p><nav><a href="/p/${i}">Page ${i}</a></nav></section>\n`;
    parts.push(section);
    size += section.length;
  }
  return `${head}<main>${parts.join('')}${body}`;
}

/** A script-heavy page: a modest body plus a framework bundle and inline JSON state to 1 MB. */
function scriptPage(): string {
  const state = JSON.stringify({
    items: Array.from({ length: 4_000 }, (_, i) => ({ id: i, label: `Item ${i}`, tags: ['a', 'b'] })),
  });
  const filler = `!function(e){var t={};function n(r){return t[r]||(t[r]={exports:{}})}n.m=e}(${'[function(e,t){e.exports="x"}],'.repeat(200)});`;
  let page = home.replace('</body>', `<script>window.__STATE__=${state}</script></body>`);
  while (page.length < TARGET_BYTES) page = page.replace('</body>', `<script>${filler}</script></body>`);
  return page;
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};
const ms = (value: number) => Number(value.toFixed(1));

function measure(label: string, html: string) {
  const extractSamples: number[] = [];
  const analyseSamples: number[] = [];
  const totalSamples: number[] = [];
  let result: ReturnType<typeof analyseSite> | undefined;
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const t0 = performance.now();
    const company = extractPage(html, 'https://northwind-ledger.test/');
    const studies = extractPage(caseStudies, 'https://northwind-ledger.test/customers');
    const t1 = performance.now();
    result = analyseSite({ company, caseStudies: studies });
    const t2 = performance.now();
    if (run < WARMUP) continue;
    extractSamples.push(t1 - t0);
    analyseSamples.push(t2 - t1);
    totalSamples.push(t2 - t0);
  }
  if (!result?.customerPains.length) throw new Error(`${label}: the analysis came out empty`);
  return {
    page: label,
    bytes: Buffer.byteLength(html),
    extract_p50_ms: ms(stats(extractSamples).p50),
    analyse_p50_ms: ms(stats(analyseSamples).p50),
    total_p50_ms: ms(stats(totalSamples).p50),
    total_p95_ms: ms(stats(totalSamples).p95),
    total_max_ms: ms(stats(totalSamples).max),
  };
}

const rows = [measure('content-heavy 1 MB', contentPage()), measure('script-heavy 1 MB', scriptPage())];

const keys = Object.keys(rows[0] ?? {});
const width = (key: string) => Math.max(key.length, ...rows.map((row) => String(row[key as keyof typeof row]).length));
const line = (cells: string[]) => `  ${cells.map((cell, i) => cell.padEnd(width(keys[i] as string))).join('  ')}\n`;
process.stdout.write(
  `\nAnalysis of a 1 MB page without the network (${RUNS} runs after ${WARMUP} warm-up, Node ${process.version})\n`,
);
process.stdout.write(
  line(keys) + rows.map((row) => line(keys.map((key) => String(row[key as keyof typeof row])))).join(''),
);
process.stdout.write(
  `${JSON.stringify({
    bench: 'analysis',
    rows,
    summary: rows.flatMap((row) => [
      { metric: `${row.page}: extract + analyse, median`, value: row.total_p50_ms, unit: 'ms', target: '≤ 100 ms' },
      { metric: `${row.page}: p95`, value: row.total_p95_ms, unit: 'ms' },
    ]),
  })}\n`,
);
