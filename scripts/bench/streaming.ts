/**
 * `node scripts/bench/streaming.ts`: how soon a user sees Email 1 when an LLM writes the sequence,
 * through the gateway over real HTTP on loopback — POST /api/generate-emails/stream, the path the
 * dashboard takes. The model is a local OpenAI-compatible stand-in streaming its answer at 60
 * tokens a second (about four characters a token, OpenAI's average for English), the answer a
 * good model gives (services/generation/test/support/model-sequence.ts).
 *
 * Reported per run and as medians: the first words of Email 1 on screen (the first `draft`
 * event; target ≤ 1.5 s), Email 1 complete (its `email` event), and the whole sequence (`done`,
 * after the checks and the store). Gateway and generation start as `npm start` starts them
 * (embedded defaults); quota's reservation and auth's session check come from stand-ins on the
 * in-process bus.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectBus, issueSessionToken, Lifecycle, SESSION_COOKIE } from '@seqgen/kit';
import { quietLogger } from '@seqgen/kit/testing';
import { type Customization, GenerationStreamEvent, requestCatalogue, SubmittedAnalysis } from '@seqgen/proto';
import { start as startGateway } from '../../services/gateway/src/main.ts';
import { analyseSite, extractPage } from '../../services/generation/src/analysis/index.ts';
import { start as startGeneration } from '../../services/generation/src/main.ts';
import { pagesOf } from '../../services/generation/test/support/fixture-sites.ts';
import { MODEL_CUSTOMIZATION, MODEL_SEQUENCE } from '../../services/generation/test/support/model-sequence.ts';
import { startOpenAiStandIn, tokensOf } from '../../services/generation/test/support/openai-stand-in.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOKENS_PER_SECOND = 60;
const TARGET_FIRST_WORDS_MS = 1_500;

const logger = quietLogger();
const lifecycle = new Lifecycle(logger);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seqgen-bench-'));
const sessionSecret = 'bench-session-secret-bench-session-secret-0123';

const model = await startOpenAiStandIn();
const bus = await connectBus({ logger, name: 'bench-stand-ins', requests: requestCatalogue });
const session = await bus.respond('auth.session-status', async () => ({ live: true }));
let reservations = 0;
const quota = await bus.respond('quota.reserve', async () => {
  reservations += 1;
  return { ok: true as const, reservationId: crypto.randomUUID(), used: reservations, limit: 1_000_000 };
});
const shared = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, SESSION_SECRET: sessionSecret };
const generation = await startGeneration(
  {
    ...shared,
    HOST: '127.0.0.1',
    PORT: '0',
    LLM_BASE_URL: model.baseUrl,
    OPENAI_API_KEY: 'sk-bench',
    LLM_TIMEOUT_MS: '60000',
    GENERATIONS_PER_10_MINUTES: '1000',
  },
  lifecycle,
);
const gateway = await startGateway(
  {
    ...shared,
    HOST: '127.0.0.1',
    PORT: '0',
    GENERATION_URL: generation.url,
    RATE_LIMIT_PER_MINUTE: '10000000',
    POLL_RATE_LIMIT_PER_MINUTE: '10000000',
    ANONYMOUS_RATE_LIMIT_PER_MINUTE: '10000000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  },
  lifecycle,
);

const token = await issueSessionToken(new TextEncoder().encode(sessionSecret), {
  userId: 'bench-user',
  email: 'bench@acme.com',
  sessionId: 'bench-session',
});
const customization: Customization = { ...MODEL_CUSTOMIZATION, language: 'en' };
// The analysis the model's answer was written for (RouteWise, from its fixture page): every fact
// in the answer has a source, so the checks pass and no repair call is made.
const pages = pagesOf('routewise');
const analysis = SubmittedAnalysis.parse(
  analyseSite({
    company: extractPage(pages.index, 'https://routewise.test/'),
    caseStudies: pages.caseStudies ? extractPage(pages.caseStudies, 'https://routewise.test/customers') : undefined,
  }),
);
const body = JSON.stringify({ companyUrl: '', customization, analysis });
const answer = JSON.stringify({ emails: MODEL_SEQUENCE });

interface Run {
  firstWords: number;
  firstEmail: number;
  whole: number;
}

async function run(): Promise<Run> {
  model.script({ stream: { content: answer, tokensPerSecond: TOKENS_PER_SECOND } });
  const started = performance.now();
  const response = await fetch(`${gateway.url}/api/generate-emails/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
    body,
  });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}: ${await response.text()}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const times: Partial<Run> = {};
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let cut = buffer.indexOf('\n\n'); cut !== -1; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (!data) continue;
      const event = GenerationStreamEvent.parse(JSON.parse(data));
      const at = performance.now() - started;
      if (event.type === 'draft' && event.index === 0 && event.body) times.firstWords ??= at;
      if (event.type === 'email' && event.index === 0) times.firstEmail ??= at;
      if (event.type === 'done') times.whole = at;
      if (event.type === 'error') throw new Error(`the stream failed: ${event.message}`);
    }
  }
  if (times.firstWords === undefined || times.firstEmail === undefined || times.whole === undefined) {
    throw new Error(`the stream ended early: ${JSON.stringify(times)}`);
  }
  return times as Run;
}

const ms = (value: number) => Math.round(value);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
try {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run());
  const tokens = tokensOf(answer).length;
  const firstEmailTokens = tokensOf(answer.slice(0, answer.indexOf('},{') + 1)).length;
  process.stdout.write(
    `\nStreaming generation through the gateway, model at ${TOKENS_PER_SECOND} tokens/s (${tokens} tokens in all, ${firstEmailTokens} up to the end of Email 1), ${RUNS} runs\n`,
  );
  process.stdout.write('  run  first words of Email 1  Email 1 complete  whole sequence\n');
  for (const [i, each] of runs.entries()) {
    process.stdout.write(
      `  ${String(i + 1).padEnd(3)}  ${`${ms(each.firstWords)} ms`.padEnd(22)} ${`${ms(each.firstEmail)} ms`.padEnd(17)} ${ms(each.whole)} ms\n`,
    );
  }
  const summary = {
    firstWords: median(runs.map((each) => each.firstWords)),
    firstEmail: median(runs.map((each) => each.firstEmail)),
    whole: median(runs.map((each) => each.whole)),
  };
  process.stdout.write(
    `${JSON.stringify({
      bench: 'streaming',
      tokensPerSecond: TOKENS_PER_SECOND,
      runs: runs.map((each) => ({
        firstWords: ms(each.firstWords),
        firstEmail: ms(each.firstEmail),
        whole: ms(each.whole),
      })),
      summary: [
        {
          metric: 'time to first words of Email 1 (60 tok/s), median',
          value: ms(summary.firstWords),
          unit: 'ms',
          target: `≤ ${TARGET_FIRST_WORDS_MS} ms`,
        },
        { metric: 'time to Email 1 complete, median', value: ms(summary.firstEmail), unit: 'ms' },
        { metric: 'time to the whole sequence, median', value: ms(summary.whole), unit: 'ms' },
      ],
    })}\n`,
  );
} finally {
  await lifecycle.close();
  await quota.stop();
  await session.stop();
  await bus.close();
  await model.close();
  rmSync(dataDir, { recursive: true, force: true });
}
