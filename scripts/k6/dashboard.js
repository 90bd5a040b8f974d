// k6 load test of signed-in users on the dashboard: what every open dashboard costs the system
// (the user check, usage polled every 5 s, the history and saved lists), at a fixed arrival rate.
//
//   k6 run -e BASE_URL=https://seqgen.example.com scripts/k6/dashboard.js
//   k6 run -e BASE_URL=... -e RATE=100 -e DURATION=5m -e USERS=5 scripts/k6/dashboard.js
//
// setup() registers USERS accounts (default 3; registration is limited to 10 per address per
// hour) and the iterations share their sessions. Reads only: nothing is generated, so no quota
// is spent. The gateway's per-address limit (RATE_LIMIT_PER_MINUTE) applies to a single k6
// machine: 429s are counted in `rate_limited`, not as failures.
import { check, fail } from 'k6';
import http from 'k6/http';
import { Counter } from 'k6/metrics';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
const ORIGIN = BASE_URL.match(/^https?:\/\/[^/]+/)[0];
const USERS = Number(__ENV.USERS || 3);
const rateLimited = new Counter('rate_limited');

export const options = {
  scenarios: {
    dashboards: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 20),
      timeUnit: '1s',
      duration: __ENV.DURATION || '1m',
      preAllocatedVUs: 10,
      maxVUs: 100,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:GET /api/usage}': ['p(95)<100', 'p(99)<250'],
    http_req_duration: ['p(95)<300'],
    checks: ['rate>0.99'],
  },
};

export function setup() {
  const sessions = [];
  for (let i = 0; i < USERS; i++) {
    const email = `k6-dashboard+${Date.now()}-${i}@example.com`;
    const res = http.post(`${BASE_URL}/api/register`, JSON.stringify({ email, password: 'k6 load test password' }), {
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    });
    if (res.status !== 201) fail(`register answered ${res.status}: ${res.body}`);
    const cookie = Object.entries(res.cookies)
      .map(([name, values]) => `${name}=${values[0].value}`)
      .join('; ');
    sessions.push(cookie);
  }
  return { sessions };
}

export default function ({ sessions }) {
  const cookie = sessions[(__VU + __ITER) % sessions.length];
  const params = (name) => ({
    headers: { Cookie: cookie },
    tags: { name },
    responseCallback: http.expectedStatuses(200, 429),
  });
  const res = http.batch([
    ['GET', `${BASE_URL}/api/auth/user`, null, params('GET /api/auth/user')],
    ['GET', `${BASE_URL}/api/usage`, null, params('GET /api/usage')],
    ['GET', `${BASE_URL}/api/emails`, null, params('GET /api/emails')],
    ['GET', `${BASE_URL}/api/saved-sequences`, null, params('GET /api/saved-sequences')],
  ]);
  for (const r of res) {
    if (r.status === 429) rateLimited.add(1);
    else check(r, { 'signed-in read is 200': (x) => x.status === 200 });
  }
  if (res[1].status === 200) {
    check(res[1], { 'usage has used and limit': (r) => typeof r.json('used') === 'number' && r.json('limit') >= 5 });
  }
}
