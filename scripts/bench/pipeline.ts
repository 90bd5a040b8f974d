/**
 * `node scripts/bench/pipeline.ts`: what seqgen adds to a generation beyond the model's own time
 * (issue 12 "Footprint and throughput", item "Pipeline overhead"). A local OpenAI-compatible
 * stand-in (./llm-stand-in.ts) answers every call in exactly L = 2 s; the sequence it writes is the
 * one a good model writes for RouteWise (services/generation/test/support/model-sequence.ts), which
 * passes every check on the first try, so each generation makes exactly one model call (counted,
 * and the bench fails otherwise).
 *
 * seqgen runs as deployed, through the gateway over loopback HTTP: `npm start`'s one process on the
 * embedded defaults, or with `BENCH_INFRA=real` each service its own process on the machine's
 * PostgreSQL, NATS JetStream and Redis (tests/faults/support.ts startSystem). Users register through
 * the gateway (each free user has 5 sequences); the company is analysed once (the model answers
 * that call too), and every generation sends that analysis back as the dashboard does.
 *
 * Timed: POST /api/generate-emails/stream, the endpoint the dashboard uses (until the whole sequence
 * has arrived: the `done` event and the end of the stream), and the JSON POST /api/generate-emails,
 * each at 1 user (5 in a row), 20 users (3 rounds) and 100 users (2 rounds) at once, after one
 * unrecorded warm-up. Overhead = time − L; median and p99 per level, throughput, and where the time
 * goes: before the model is called (session, quota reservation, brief) and after its last token
 * (parse, checks, store, outbox, the gateway's relay), from the stand-in's timestamps.
 * Target: median and p99 ≤ 50 ms at 20 users.
 */
import { readFileSync } from 'node:fs';
import type { Customization } from '@seqgen/proto';
import { MODEL_SEQUENCE } from '../../services/generation/test/support/model-sequence.ts';
import { client, type RunningSystem, startCompanySite, startSystem } from '../../tests/faults/support.ts';
import { type ModelCall, startModelStandIn } from './llm-stand-in.ts';
import { percentile } from './load.ts';

const INFRA = process.env.BENCH_INFRA === 'real' ? 'real' : 'embedded';
const LATENCY_MS = 2_000;
const TARGET_MS = 50;
const FREE_SEQUENCES = 5;
const LEVELS = [
  { users: 1, rounds: 5 },
  { users: 20, rounds: 3 },
  { users: 100, rounds: 2 },
] as const;
const TARGET_USERS = 20;
const ENDPOINTS = [
  { path: '/api/generate-emails/stream', label: 'POST /api/generate-emails/stream (what the dashboard uses)' },
  { path: '/api/generate-emails', label: 'POST /api/generate-emails (JSON, for API users)' },
] as const;
type Endpoint = (typeof ENDPOINTS)[number]['path'];

const needed = ENDPOINTS.length * (1 + LEVELS.reduce((sum, level) => sum + level.users * level.rounds, 0));
const USERS = Math.max(...LEVELS.map((level) => level.users), Math.ceil(needed / FREE_SEQUENCES)) + 10;
const REGISTER_CONCURRENCY = 8;

// The RouteWise fixture site (the sequence's facts come from it) and the model's answers.
const ROUTEWISE = new URL('../../services/generation/test/fixtures/sites/routewise/', import.meta.url);
const ANALYSIS_ANSWER = {
  companyName: 'RouteWise',
  companyDescription:
    'RouteWise plans optimal routes for delivery fleets of 10 to 2,000 vehicles, so dispatchers stop building routes by hand every morning.',
  targetAudience: 'Delivery fleets of 10 to 2,000 vehicles and their dispatchers.',
  targetJobTitles: ['Head of Logistics'],
  titlesInferred: false,
  language: 'en',
  pains: [
    {
      pain: 'Dispatchers build routes by hand every morning.',
      phrase: 'manual route planning',
      solution:
        'Automate dispatch planning: Plans for the whole fleet are ready in minutes, and drivers get them on their phones before the shift starts.',
    },
    {
      pain: 'Fuel costs eat into delivery margins.',
      phrase: 'fuel costs',
      solution:
        'Cut fuel costs: Routes that account for traffic, time windows and vehicle capacity cut fuel costs by up to 20%.',
    },
    {
      pain: 'Missed drop-offs mean second attempts and unhappy customers.',
      phrase: 'failed deliveries',
      solution:
        'Reduce failed deliveries: Accurate ETAs and customer notifications mean fewer missed drop-offs and second attempts.',
    },
    {
      pain: 'Dispatchers and customers cannot see where a delivery is.',
      phrase: 'delivery visibility',
      solution:
        'Real-time delivery tracking: Dispatchers and customers see every vehicle and ETA live, with proactive alerts when a stop runs late.',
    },
  ],
  proofPoints: [
    {
      customer: 'Pacific Produce Distributors',
      result: 'Pacific Produce Distributors cut fuel costs by 18% across 140 vans.',
      solution:
        'Cut fuel costs: Routes that account for traffic, time windows and vehicle capacity cut fuel costs by up to 20%.',
      quote: false,
      person: null,
    },
    {
      customer: 'Metro Parcel',
      result: 'Live ETAs and proactive customer messages reduced failed deliveries by 35%.',
      solution:
        'Reduce failed deliveries: Accurate ETAs and customer notifications mean fewer missed drop-offs and second attempts.',
      quote: false,
      person: null,
    },
    {
      customer: 'Pacific Produce Distributors',
      result: 'RouteWise cut our planning time from three hours to 15 minutes.',
      solution: null,
      quote: true,
      person: 'Luis Moreno, Head of Logistics',
    },
  ],
  customers: ['Pacific Produce Distributors', 'Metro Parcel'],
};
const CUSTOMIZATION: Customization = {
  persona: 'specific',
  specificPersona: 'Fleet Manager',
  seniority: 'below',
  industry: 'specific',
  specificIndustry: 'food distribution',
  tone: 30,
  additionalContext: 'We will be at the Manifest conference next month.',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
  language: 'en',
};

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
}
interface Level {
  endpoint: Endpoint;
  users: number;
  rounds: number;
  samples: Sample[];
  seconds: number;
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
const model = await startModelStandIn({
  latencyMs: LATENCY_MS,
  answers: {
    company_analysis: JSON.stringify(ANALYSIS_ANSWER),
    email_sequence: JSON.stringify({ emails: MODEL_SEQUENCE }),
  },
});
let system: RunningSystem | undefined;
let exitCode = 1;
const started = performance.now();
try {
  out(
    `\nPipeline overhead: generations through the gateway with a model that answers in ${LATENCY_MS} ms (${INFRA} infrastructure)`,
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
      GENERATIONS_PER_10_MINUTES: '100000',
      ANALYSES_PER_10_MINUTES: '100000',
      // Users come through one hop (this bench, as an ingress) with their own addresses, so auth's
      // sign-ups per address (10 an hour) count per user. TEST-NET addresses: header values only.
      TRUST_PROXY: '1',
      // The lowest the config accepts (12 to 15).
      BCRYPT_COST: '12',
    },
  });
  const base = system.url;
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
        users.push({ name, call, left: FREE_SEQUENCES });
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

  /** The users with the most sequences left (each free user has FREE_SEQUENCES). */
  const pick = (count: number): User[] => {
    const chosen = [...users].sort((a, b) => b.left - a.left).slice(0, count);
    if (chosen.length < count || chosen.some((user) => user.left < 1)) throw new Error('not enough sequences left');
    for (const user of chosen) user.left -= 1;
    return chosen;
  };

  const checkStatuses = new Map<string, number>();
  const generate = async (user: User, endpoint: Endpoint): Promise<Sample | undefined> => {
    const sentAt = performance.now();
    const answer = await user.call(
      'POST',
      endpoint,
      body,
      endpoint.endsWith('/stream') ? { accept: 'text/event-stream, application/json' } : {},
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
    return { user, sentAt, doneAt };
  };

  const levels: Level[] = [];
  for (const endpoint of ENDPOINTS) {
    await generate(pick(1)[0] as User, endpoint.path); // warm-up, not recorded
    for (const { users: count, rounds } of LEVELS) {
      const level: Level = { endpoint: endpoint.path, users: count, rounds, samples: [], seconds: 0 };
      for (let round = 0; round < rounds; round += 1) {
        const roundStarted = performance.now();
        const samples = await Promise.all(pick(count).map((user) => generate(user, endpoint.path)));
        level.seconds += (performance.now() - roundStarted) / 1000;
        for (const sample of samples) if (sample) level.samples.push(sample);
      }
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
  const otherCalls = model.calls.filter(
    (call) => call.schema !== 'email_sequence' && call.schema !== 'company_analysis',
  );
  if (otherCalls.length) fail(`${otherCalls.length} unexpected model calls (${otherCalls.map((c) => c.schema)})`);
  const analysisCalls = model.calls.length - sequenceCalls.length - otherCalls.length;
  const recorded = levels.flatMap((level) => level.samples);
  const wrongCalls = recorded.filter((sample) => callsOf(sample).length !== 1).length;
  if (wrongCalls) fail(`${wrongCalls} generations did not make exactly one model call`);
  const callsPerGeneration = sequenceCalls.length / (recorded.length + ENDPOINTS.length);

  const summary: { metric: string; value: number; unit?: string; target?: string }[] = [];
  let missed = false;
  for (const endpoint of ENDPOINTS) {
    out(`\n${endpoint.label}, overhead = time − ${LATENCY_MS} ms`);
    out(
      '  users  rounds  gens  overhead median    p99     gens/s   before model (med/p99)   after model (med/p99)   model late (p99)',
    );
    for (const level of levels.filter((each) => each.endpoint === endpoint.path)) {
      const withCall = level.samples.flatMap((sample) => {
        const call = callsOf(sample)[0];
        return call?.answeredAt === undefined ? [] : [{ sample, call, answeredAt: call.answeredAt }];
      });
      const overhead = sortedOf(level.samples.map((sample) => sample.doneAt - sample.sentAt - LATENCY_MS));
      const before = sortedOf(withCall.map(({ sample, call }) => call.receivedAt - sample.sentAt));
      const after = sortedOf(withCall.map(({ sample, answeredAt }) => sample.doneAt - answeredAt));
      const late = sortedOf(withCall.map(({ call, answeredAt }) => answeredAt - call.receivedAt - LATENCY_MS));
      const throughput = level.samples.length / level.seconds;
      out(
        `  ${String(level.users).padStart(5)}  ${String(level.rounds).padStart(6)}  ${String(level.samples.length).padStart(4)}  ${fmt(median(overhead)).padStart(15)}  ${fmt(percentile(overhead, 99)).padStart(9)}  ${throughput.toFixed(1).padStart(7)}   ${`${fmt(median(before))} / ${fmt(percentile(before, 99))}`.padStart(22)}   ${`${fmt(median(after))} / ${fmt(percentile(after, 99))}`.padStart(21)}   ${fmt(percentile(late, 99)).padStart(13)}`,
      );
      const who = `${level.users} user${level.users === 1 ? '' : 's'}`;
      const short = endpoint.path.endsWith('/stream') ? 'stream' : 'JSON';
      const targeted = level.users === TARGET_USERS;
      for (const [stat, value] of [
        ['median', median(overhead)],
        ['p99', percentile(overhead, 99)],
      ] as const) {
        if (!Number.isFinite(value)) continue;
        if (targeted && value > TARGET_MS) missed = true;
        summary.push({
          metric: `${short}: overhead ${stat}, ${who}`,
          value: round1(value),
          unit: 'ms',
          ...(targeted ? { target: `≤ ${TARGET_MS} ms` } : {}),
        });
      }
      summary.push({ metric: `${short}: throughput, ${who}`, value: round1(throughput), unit: 'generations/s' });
    }
  }
  out(
    `\n  model calls per generation: ${callsPerGeneration.toFixed(2)} (${sequenceCalls.length} writer calls for ${recorded.length} timed + ${ENDPOINTS.length} warm-up generations; ${analysisCalls} analysis call)`,
  );
  out(`  checks on the answers: ${[...checkStatuses].map(([status, count]) => `${status} ${count}`).join(', ')}`);
  out('  before model: request sent → the model called (gateway, session, quota reservation, brief)');
  out('  after model: last token → whole answer received (parse, checks, store, outbox, gateway relay)');
  out('  model late: how far past L the stand-in (in this process) finished its answers');
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
