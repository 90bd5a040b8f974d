/**
 * `node scripts/bench/pipeline.ts`: what seqgen adds to a generation beyond the model's own time
 * (issue 12 "Pipeline overhead"; issue 25, item 6). A local OpenAI-compatible stand-in
 * (./llm-stand-in.ts) takes as long as a model: its first token after F = 800 ms, then R = 60
 * tokens a second (BENCH_LLM_FIRST_TOKEN_MS, BENCH_LLM_TOKENS_PER_SECOND), so the sequence it
 * writes (the one a good model writes for RouteWise, services/generation/test/support/
 * model-sequence.ts, which passes every check on the first try, so each generation makes exactly
 * one model call, counted) takes the model M = F + its tokens / R.
 *
 * seqgen runs as deployed, through the gateway over loopback HTTP: `npm start`'s one process on the
 * embedded defaults, or with `BENCH_INFRA=real` each service its own process on the machine's
 * PostgreSQL, NATS JetStream and Redis (tests/faults/support.ts startSystem). Users register through
 * the gateway (each free user has 5 sequences); the company is analysed once (the model answers
 * that call too), and every generation sends that analysis back as the dashboard does.
 *
 * Timed: POST /api/generate-emails/stream, the endpoint the dashboard uses (until the whole sequence
 * has arrived, and when its first email arrived), and the JSON POST /api/generate-emails, each as a
 * closed loop: each virtual user sends its next generation as soon as its previous one has
 * finished (1 user 3 in a row, 20 users 3 each, 100 users 1 each), after an unrecorded warm-up.
 * The users of a level start one M / users apart, as k6's ramping VUs do: at any moment 20 (or 100)
 * generations are under way, begun at the users' own moments. A burst level (untargeted) starts 20
 * users in the same millisecond.
 *
 * Overhead = time − M, as a share of M (the in-run reference) and in ms; the first email on screen
 * as a ratio to its theoretical minimum (F + the first email's tokens / R). Targets at 20 users
 * (ramped): overhead ≤ 5% of the model's time, first email ≤ 1.1× its minimum.
 */
import { readFileSync } from 'node:fs';
import { type Customization, FREE_TRIAL_SEQUENCES } from '@seqgen/proto';
import { MODEL_CUSTOMIZATION, MODEL_SEQUENCE } from '../../services/generation/test/support/model-sequence.ts';
import { client, type RunningSystem, SERVICES, startCompanySite, startSystem } from '../../tests/faults/support.ts';
import { type ModelCall, paceFromEnvironment, startModelStandIn } from './llm-stand-in.ts';
import { percentile } from './load.ts';

const INFRA = process.env.BENCH_INFRA === 'real' ? 'real' : 'embedded';
const PACE = paceFromEnvironment();
/** Overhead as a share of the model's own time, and the first email against its minimum (issue 25). */
const TARGET_SHARE = 0.05;
const TARGET_FIRST_EMAIL = 1.1;
/**
 * `ramp`: the users start one L / users apart (k6's ramping VUs over one L), as people who click
 * Generate at their own moments do; `burst`: all in the same millisecond, every round (below).
 */
const LEVELS = [
  { users: 1, rounds: 3, start: 'ramp' },
  { users: 20, rounds: 3, start: 'ramp' },
  { users: 100, rounds: 1, start: 'ramp' },
  { users: 20, rounds: 2, start: 'burst' },
] as const;
type Start = (typeof LEVELS)[number]['start'];
const TARGET_USERS = 20;
const ENDPOINTS = [
  { path: '/api/generate-emails/stream', label: 'POST /api/generate-emails/stream (what the dashboard uses)' },
  { path: '/api/generate-emails', label: 'POST /api/generate-emails (JSON, for API users)' },
] as const;
type Endpoint = (typeof ENDPOINTS)[number]['path'];

/** Unrecorded warm-up per endpoint: this many generations one after another, then this many at once. */
const WARMUP_SEQUENTIAL = 2;
const WARMUP_CONCURRENT = 5;
/** The warm-up's and the levels' demands in order: `count` users with `each` sequences left. */
const DEMANDS = ENDPOINTS.flatMap(() => [
  ...Array.from({ length: WARMUP_SEQUENTIAL }, () => ({ count: 1, each: 1 })),
  { count: WARMUP_CONCURRENT, each: 1 },
  ...LEVELS.map((level) => ({ count: level.users, each: level.rounds })),
]);
/** The fewest users whose sequences cover DEMANDS when the fullest are picked first (as `pick` does). */
const USERS = (() => {
  for (let users = 1; ; users += 1) {
    const left = Array.from({ length: users }, () => FREE_TRIAL_SEQUENCES);
    const fits = DEMANDS.every(({ count, each }) => {
      left.sort((a, b) => b - a);
      if (users < count || (left[count - 1] ?? 0) < each) return false;
      for (let index = 0; index < count; index += 1) left[index] = (left[index] ?? 0) - each;
      return true;
    });
    if (fits) return users;
  }
})();
const REGISTER_CONCURRENCY = 8;

// The RouteWise fixture site (the sequence's facts come from it) and the model's answers.
const ROUTEWISE = new URL('../../services/generation/test/fixtures/sites/routewise/', import.meta.url);
/**
 * The model's review of the built-in reading (services/generation/src/analysis/llm.ts,
 * `company_review`): the function among the candidates, the page's words, no stated pains beyond
 * the reading's.
 */
const ANALYSIS_ANSWER = {
  function: 'transportation-logistics',
  companyDescription:
    'RouteWise plans optimal routes for delivery fleets of 10 to 2,000 vehicles, so dispatchers stop building routes by hand every morning.',
  targetAudience: 'Delivery fleets of 10 to 2,000 vehicles and their dispatchers.',
  targetJobTitles: ['Head of Logistics'],
  titlesInferred: false,
  statedPains: [],
};
const CUSTOMIZATION: Customization = { ...MODEL_CUSTOMIZATION, language: 'en' };

type Call = ReturnType<typeof client>;
interface User {
  name: string;
  call: Call;
  left: number;
}
interface Sample {
  user: User;
  sentAt: number;
  doneAt: number;
  /** Streamed: when the first `email` event arrived. */
  firstEmailAt?: number | undefined;
}
interface Level {
  endpoint: Endpoint;
  users: number;
  rounds: number;
  start: Start;
  samples: Sample[];
  seconds: number;
  /** CPU time (user + system, all threads) seqgen's processes used during the level, in ms. */
  serverCpuMs: number;
}

/** CPU time so far of these processes, from /proc (Linux), in ms; NaN where it cannot be read. */
function cpuMsOf(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      // Fields 14 and 15 (utime, stime) follow the parenthesised command name, in clock ticks (100/s).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return Number.NaN;
    }
  }
  return total;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const fmt = (value: number) => `${round1(value).toFixed(1)} ms`;
const median = (sorted: number[]) => percentile(sorted, 50);
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const out = (line = '') => process.stdout.write(`${line}\n`);

/** "Benchaa", "Benchab", …: a first name per user, which the writer's data carries to the model. */
const nameOf = (index: number) =>
  `Bench${String.fromCharCode(97 + (Math.floor(index / 26) % 26))}${String.fromCharCode(97 + (index % 26))}`;

const errors: string[] = [];
const fail = (message: string) => {
  errors.push(message);
  if (errors.length <= 5) console.error(`  error: ${message}`);
};

const site = await startCompanySite({
  '/': readFileSync(new URL('index.html', ROUTEWISE)),
  '/customers': readFileSync(new URL('case-studies.html', ROUTEWISE)),
});
const SEQUENCE_ANSWER = JSON.stringify({ emails: MODEL_SEQUENCE });
const model = await startModelStandIn({
  ...PACE,
  answers: {
    company_review: JSON.stringify(ANALYSIS_ANSWER),
    email_sequence: SEQUENCE_ANSWER,
  },
});
/** The model's time for the sequence (the reference of every overhead figure). */
const MODEL_MS = model.modelMs(SEQUENCE_ANSWER);
/** The soonest the first email can be on screen: the model has written it whole. */
const FIRST_EMAIL = JSON.stringify(MODEL_SEQUENCE[0]);
const FIRST_EMAIL_MS = model.msUntil(SEQUENCE_ANSWER, SEQUENCE_ANSWER.indexOf(FIRST_EMAIL) + FIRST_EMAIL.length);
let system: RunningSystem | undefined;
let exitCode = 1;
const started = performance.now();
try {
  out(
    `\nPipeline overhead: generations through the gateway with a model at ${PACE.firstTokenMs} ms to its first token and ${PACE.tokensPerSecond} tokens/s: ${Math.round(MODEL_MS)} ms per sequence, first email written by ${Math.round(FIRST_EMAIL_MS)} ms (${INFRA} infrastructure)`,
  );
  system = await startSystem({
    infra: INFRA,
    layout: INFRA === 'real' ? 'per-service' : 'one-process',
    faultProxies: false,
    env: {
      LLM_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: 'sk-bench',
      LLM_MODEL: 'gpt-4o-mini',
      FETCH_ALLOWED_LOOPBACK_ORIGINS: site.origin,
      RATE_LIMIT_PER_MINUTE: '100000000',
      POLL_RATE_LIMIT_PER_MINUTE: '100000000',
      ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000000',
      GENERATIONS_PER_10_MINUTES: '100000',
      ANALYSES_PER_10_MINUTES: '100000',
      // Users come through one hop (this bench, as an ingress) with their own addresses, so auth's
      // sign-ups per address (10 an hour) count per user. TEST-NET addresses: header values only.
      TRUST_PROXY: '1',
      // The lowest the config accepts (12 to 15).
      BCRYPT_COST: '12',
      // e.g. BENCH_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile seqgen's processes.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
  });
  const base = system.url;
  const running = system;
  const serverPids = (INFRA === 'real' ? (['gateway', ...SERVICES] as const) : (['seqgen'] as const)).flatMap(
    (name) => {
      const pid = running.process(name).pid;
      return pid === undefined ? [] : [pid];
    },
  );
  out(`  seqgen started in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Users, registered through the gateway like the sign-up page.
  const users: User[] = [];
  const registerStarted = performance.now();
  for (let from = 0; from < USERS; from += REGISTER_CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(REGISTER_CONCURRENCY, USERS - from) }, async (_, offset) => {
        const index = from + offset;
        const call = client(base, { forwardedFor: `203.0.113.${(index % 250) + 1}` });
        const name = nameOf(index);
        const answer = await call('POST', '/api/register', {
          email: `${name.toLowerCase()}-${Date.now()}@example.com`,
          password: 'a long enough bench password',
          firstName: name,
        });
        if (answer.status !== 201)
          throw new Error(`registration answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        users.push({ name, call, left: FREE_TRIAL_SEQUENCES });
      }),
    );
  }
  out(`  ${USERS} users registered in ${((performance.now() - registerStarted) / 1000).toFixed(1)} s`);

  // The analysis, once (the model answers it), then handed back with every generation.
  const analyst = users[0];
  if (!analyst) throw new Error('no user registered');
  const analysed = await analyst.call('POST', '/api/analyze-company', {
    companyUrl: `${site.origin}/`,
    caseStudies: `${site.origin}/customers`,
  });
  if (analysed.status !== 200)
    throw new Error(`the analysis answered ${analysed.status}: ${JSON.stringify(analysed.body)}`);
  const body = {
    companyUrl: `${site.origin}/`,
    caseStudies: `${site.origin}/customers`,
    analysis: analysed.body.analysis,
    customization: CUSTOMIZATION,
  };

  /** `count` users with at least `each` sequences left (each free user has FREE_TRIAL_SEQUENCES), the fullest first. */
  const pick = (count: number, each: number): User[] => {
    const chosen = [...users].sort((a, b) => b.left - a.left).slice(0, count);
    if (chosen.length < count || chosen.some((user) => user.left < each)) throw new Error('not enough sequences left');
    for (const user of chosen) user.left -= each;
    return chosen;
  };

  const checkStatuses = new Map<string, number>();
  const generate = async (user: User, endpoint: Endpoint): Promise<Sample | undefined> => {
    const sentAt = performance.now();
    let firstEmailAt: number | undefined;
    let seen = '';
    const answer = await user.call(
      'POST',
      endpoint,
      body,
      endpoint.endsWith('/stream') ? { accept: 'text/event-stream, application/json' } : {},
      endpoint.endsWith('/stream')
        ? (text) => {
            if (firstEmailAt !== undefined) return;
            seen += text;
            if (seen.includes('event: email\n')) firstEmailAt = performance.now();
          }
        : undefined,
    );
    const doneAt = performance.now();
    if (answer.status !== 200) {
      fail(`${endpoint} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      return undefined;
    }
    let result = answer.body as { sequence?: unknown[]; checks?: { status?: string } } | undefined;
    if (endpoint.endsWith('/stream')) {
      // The whole stream has been read; its `done` event carries what the JSON endpoint answers.
      const blocks = String(answer.body).split('\n\n');
      const last = blocks.find((block) => block.startsWith('event: done') || block.startsWith('event: error'));
      const data = last?.split('\n').find((line) => line.startsWith('data: '));
      if (!last?.startsWith('event: done') || !data) {
        fail(`${endpoint} ended without a sequence: ${(last ?? String(answer.body).slice(-300)).slice(0, 300)}`);
        return undefined;
      }
      result = JSON.parse(data.slice(6));
    }
    if (result?.sequence?.length !== 7) {
      fail(`${endpoint} answered ${result?.sequence?.length ?? 'no'} emails`);
      return undefined;
    }
    const checks = result.checks?.status ?? 'none';
    checkStatuses.set(checks, (checkStatuses.get(checks) ?? 0) + 1);
    return { user, sentAt, doneAt, firstEmailAt };
  };

  // Warm-up, not recorded: a few generations on each endpoint, one at a time and then a few at
  // once, so JIT, connection pools and caches are warm before anything is timed.
  for (const endpoint of ENDPOINTS) {
    for (let index = 0; index < WARMUP_SEQUENTIAL; index += 1) await generate(pick(1, 1)[0] as User, endpoint.path);
    await Promise.all(pick(WARMUP_CONCURRENT, 1).map((user) => generate(user, endpoint.path)));
  }
  const warmups = ENDPOINTS.length * (WARMUP_SEQUENTIAL + WARMUP_CONCURRENT);

  // The standard closed loop (as k6 VUs or autocannon connections): N virtual users start
  // together and each sends its next generation as soon as its previous one has finished, with
  // no barrier between users. Each virtual user is one signed-in user with `rounds` sequences.
  const levels: Level[] = [];
  for (const endpoint of ENDPOINTS) {
    for (const { users: count, rounds, start } of LEVELS) {
      const level: Level = {
        endpoint: endpoint.path,
        users: count,
        rounds,
        start,
        samples: [],
        seconds: 0,
        serverCpuMs: 0,
      };
      const levelStarted = performance.now();
      const cpuBefore = cpuMsOf(serverPids);
      await Promise.all(
        pick(count, rounds).map(async (user, index) => {
          if (start === 'ramp') await new Promise((resolve) => setTimeout(resolve, (index * MODEL_MS) / count));
          for (let round = 0; round < rounds; round += 1) {
            const sample = await generate(user, endpoint.path);
            if (sample) level.samples.push(sample);
          }
        }),
      );
      level.seconds = (performance.now() - levelStarted) / 1000;
      level.serverCpuMs = cpuMsOf(serverPids) - cpuBefore;
      levels.push(level);
    }
  }

  // Each generation's model calls: the writer's calls for its user while it was under way.
  const sequenceCalls = model.calls.filter((call) => call.schema === 'email_sequence');
  const callsOf = (sample: Sample): ModelCall[] =>
    sequenceCalls.filter(
      (call) =>
        call.sender === sample.user.name && call.receivedAt >= sample.sentAt && call.receivedAt <= sample.doneAt,
    );
  const otherCalls = model.calls.filter((call) => call.schema !== 'email_sequence' && call.schema !== 'company_review');
  if (otherCalls.length) fail(`${otherCalls.length} unexpected model calls (${otherCalls.map((c) => c.schema)})`);
  const analysisCalls = model.calls.length - sequenceCalls.length - otherCalls.length;
  const recorded = levels.flatMap((level) => level.samples);
  const wrongCalls = recorded.filter((sample) => callsOf(sample).length !== 1).length;
  if (wrongCalls) fail(`${wrongCalls} generations did not make exactly one model call`);
  const callsPerGeneration = sequenceCalls.length / (recorded.length + warmups);

  const summary: { metric: string; value: number; unit?: string; target?: string }[] = [];
  let missed = false;
  for (const endpoint of ENDPOINTS) {
    out(`\n${endpoint.label}, overhead = time − ${Math.round(MODEL_MS)} ms (the model's time)`);
    out(
      '  users  start  rounds  gens  overhead median    p99     gens/s   before model (med/p99)   after model (med/p99)   model late (p99)   server CPU/gen',
    );
    for (const level of levels.filter((each) => each.endpoint === endpoint.path)) {
      const withCall = level.samples.flatMap((sample) => {
        const call = callsOf(sample)[0];
        return call?.answeredAt === undefined ? [] : [{ sample, call, answeredAt: call.answeredAt }];
      });
      const overhead = sortedOf(level.samples.map((sample) => sample.doneAt - sample.sentAt - MODEL_MS));
      const before = sortedOf(withCall.map(({ sample, call }) => call.receivedAt - sample.sentAt));
      const after = sortedOf(withCall.map(({ sample, answeredAt }) => sample.doneAt - answeredAt));
      const late = sortedOf(withCall.map(({ call, answeredAt }) => answeredAt - call.receivedAt - MODEL_MS));
      const throughput = level.samples.length / level.seconds;
      out(
        `  ${String(level.users).padStart(5)}  ${level.start.padStart(5)}  ${String(level.rounds).padStart(6)}  ${String(level.samples.length).padStart(4)}  ${fmt(median(overhead)).padStart(15)}  ${fmt(percentile(overhead, 99)).padStart(9)}  ${throughput.toFixed(1).padStart(7)}   ${`${fmt(median(before))} / ${fmt(percentile(before, 99))}`.padStart(22)}   ${`${fmt(median(after))} / ${fmt(percentile(after, 99))}`.padStart(21)}   ${fmt(percentile(late, 99)).padStart(13)}   ${fmt(level.serverCpuMs / level.samples.length).padStart(14)}`,
      );
      const who = `${level.users} user${level.users === 1 ? '' : 's'}${level.start === 'burst' ? ' in a burst' : ''}`;
      const short = endpoint.path.endsWith('/stream') ? 'stream' : 'JSON';
      const targeted = level.users === TARGET_USERS && level.start === 'ramp';
      for (const [stat, value] of [
        ['median', median(overhead)],
        ['p99', percentile(overhead, 99)],
      ] as const) {
        if (!Number.isFinite(value)) continue;
        const share = value / MODEL_MS;
        if (targeted && share > TARGET_SHARE) missed = true;
        summary.push({
          metric: `${short}: overhead ${stat} ÷ model time, ${who}`,
          value: Math.round(share * 1000) / 10,
          unit: '%',
          ...(targeted ? { target: `≤ ${TARGET_SHARE * 100} %` } : {}),
        });
        summary.push({ metric: `${short}: overhead ${stat}, ${who}`, value: round1(value), unit: 'ms' });
      }
      const firsts = sortedOf(
        level.samples.flatMap((s) => (s.firstEmailAt === undefined ? [] : [s.firstEmailAt - s.sentAt])),
      );
      if (firsts.length > 0) {
        for (const [stat, value] of [
          ['median', median(firsts)],
          ['p99', percentile(firsts, 99)],
        ] as const) {
          const ratio = value / FIRST_EMAIL_MS;
          if (targeted && ratio > TARGET_FIRST_EMAIL) missed = true;
          summary.push({
            metric: `stream: first email on screen ${stat} ÷ its minimum (${Math.round(FIRST_EMAIL_MS)} ms), ${who}`,
            value: Math.round(ratio * 100) / 100,
            unit: '×',
            ...(targeted ? { target: `≤ ${TARGET_FIRST_EMAIL}` } : {}),
          });
        }
      }
      summary.push({ metric: `${short}: throughput, ${who}`, value: round1(throughput), unit: 'generations/s' });
      const cpu = level.serverCpuMs / level.samples.length;
      if (Number.isFinite(cpu))
        summary.push({ metric: `${short}: server CPU per generation, ${who}`, value: round1(cpu), unit: 'ms' });
    }
  }
  out(
    `\n  model calls per generation: ${callsPerGeneration.toFixed(2)} (${sequenceCalls.length} writer calls for ${recorded.length} timed + ${warmups} warm-up generations; ${analysisCalls} analysis call)`,
  );
  out(`  checks on the answers: ${[...checkStatuses].map(([status, count]) => `${status} ${count}`).join(', ')}`);
  out('  start: ramp = users one M / users apart; burst = all at once, and in step from then on');
  out('  before model: request sent → the model called (gateway, session, quota reservation, brief)');
  out('  after model: last token → whole answer received (parse, checks, store, outbox, gateway relay)');
  out('  model late: how far past M the stand-in (in this process) finished its answers');
  out(`  server CPU/gen: CPU time of seqgen's processes (${serverPids.length}) during the level, per generation`);
  out(`  errors: ${errors.length}; total run ${((performance.now() - started) / 1000).toFixed(1)} s`);
  summary.push({ metric: 'model calls per generation', value: round1(callsPerGeneration), target: '= 1' });
  summary.push({ metric: 'errors', value: errors.length, target: '= 0' });
  if (callsPerGeneration !== 1) missed = true;
  exitCode = errors.length === 0 && !missed ? 0 : 1;
  out(JSON.stringify({ bench: 'pipeline', infra: INFRA, summary }));
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await system?.stop();
  await model.close();
  await site.close();
}
process.exit(exitCode);
