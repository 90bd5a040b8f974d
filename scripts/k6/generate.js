// k6 load test of the product's core path: analyse a company site, then generate a sequence from
// the analysis, as signed-in users do, with latency thresholds on both.
//
//   k6 run -e BASE_URL=https://seqgen.example.com -e COMPANY_URL=https://www.example.com scripts/k6/generate.js
//   k6 run -e BASE_URL=... -e COMPANY_URL=... -e USERS=5 -e SEQUENCES=5 scripts/k6/generate.js
//
// COMPANY_URL is a site the deployment may fetch (public, or a staging site the SSRF guard
// allows); a repeat analysis of it is answered from the cache, so the first iteration of each
// user measures the fetch and the rest the cache. Each user is registered in setup() and runs
// SEQUENCES iterations (default 5: the free trial's allowance, so every generation is granted);
// registration is limited to 10 per address per hour, so keep USERS at 10 or fewer.
// Generations spend quota on the target: point this at a staging deployment.
import { check, fail } from 'k6';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
const ORIGIN = BASE_URL.match(/^https?:\/\/[^/]+/)[0];
const COMPANY_URL = __ENV.COMPANY_URL;
const USERS = Number(__ENV.USERS || 3);
const SEQUENCES = Number(__ENV.SEQUENCES || 5);
const rateLimited = new Counter('rate_limited');
const sequenceSeconds = new Trend('sequence_seconds', true);

export const options = {
  scenarios: {
    generate: {
      executor: 'per-vu-iterations',
      vus: USERS,
      iterations: SEQUENCES,
      maxDuration: __ENV.MAX_DURATION || '15m',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:POST /api/analyze-company}': ['p(95)<15000'],
    'http_req_duration{name:POST /api/generate-emails}': ['p(95)<30000', 'p(99)<60000'],
    checks: ['rate>0.99'],
  },
};

const CUSTOMIZATION = {
  persona: 'specific',
  specificPersona: 'VP Operations',
  seniority: 'above',
  industry: 'agnostic',
  specificIndustry: '',
  tone: 60,
  additionalContext: '',
  targetSpecificCompany: 'no',
  prospectCompanyUrl: '',
  language: 'auto',
};

export function setup() {
  if (!COMPANY_URL) fail('set COMPANY_URL to a company site the deployment may fetch');
  const sessions = [];
  for (let i = 0; i < USERS; i++) {
    const email = `k6-generate+${Date.now()}-${i}@example.com`;
    const res = http.post(`${BASE_URL}/api/register`, JSON.stringify({ email, password: 'k6 load test password' }), {
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    });
    if (res.status !== 201) fail(`register answered ${res.status}: ${res.body}`);
    sessions.push(
      Object.entries(res.cookies)
        .map(([name, values]) => `${name}=${values[0].value}`)
        .join('; '),
    );
  }
  return { sessions };
}

export default function ({ sessions }) {
  // One account per VU: its SEQUENCES iterations stay within its own allowance.
  const cookie = sessions[(__VU - 1) % sessions.length];
  const params = (name) => ({
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, Cookie: cookie },
    tags: { name },
    timeout: '120s',
    responseCallback: http.expectedStatuses(200, 429),
  });
  const started = Date.now();
  const analysed = http.post(
    `${BASE_URL}/api/analyze-company`,
    JSON.stringify({ companyUrl: COMPANY_URL }),
    params('POST /api/analyze-company'),
  );
  if (analysed.status === 429) {
    rateLimited.add(1);
    return;
  }
  const analysis = analysed.status === 200 ? analysed.json('analysis') : undefined;
  if (!check(analysed, { 'analysis is 200 with pains': () => Boolean(analysis?.customerPains?.length) })) return;

  const generated = http.post(
    `${BASE_URL}/api/generate-emails`,
    JSON.stringify({ companyUrl: COMPANY_URL, analysis, customization: CUSTOMIZATION }),
    params('POST /api/generate-emails'),
  );
  if (generated.status === 429) {
    rateLimited.add(1);
    return;
  }
  check(generated, {
    'generation is 200': (r) => r.status === 200,
    'seven emails': (r) => r.status === 200 && r.json('sequence').length === 7,
  });
  sequenceSeconds.add(Date.now() - started);
}
