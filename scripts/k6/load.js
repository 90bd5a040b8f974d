// k6 load test against a running gateway: a steady stream of page and health requests plus
// waitlist sign-ups, at fixed arrival rates so latency is measured under a known load.
//
//   k6 run -e BASE_URL=https://seqgen.example.com scripts/k6/load.js
//   k6 run -e BASE_URL=... -e PAGE_RATE=200 -e JOIN_RATE=5 -e DURATION=5m scripts/k6/load.js
//
// The gateway rate-limits /api/* per client address (RATE_LIMIT_PER_MINUTE, 600 by default), and
// a k6 run comes from one address: keep JOIN_RATE under that limit (10/s by default) or raise it
// on the target. 429 answers are counted in `rate_limited`, not as failures.
import { check } from 'k6';
import http from 'k6/http';
import { Counter } from 'k6/metrics';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
const ORIGIN = BASE_URL.match(/^https?:\/\/[^/]+/)[0];
const DURATION = __ENV.DURATION || '1m';
const rateLimited = new Counter('rate_limited');

export const options = {
  scenarios: {
    pages: {
      executor: 'constant-arrival-rate',
      exec: 'pages',
      rate: Number(__ENV.PAGE_RATE || 50),
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: 20,
      maxVUs: 200,
    },
    joins: {
      executor: 'constant-arrival-rate',
      exec: 'join',
      rate: Number(__ENV.JOIN_RATE || 5),
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: 5,
      maxVUs: 50,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{scenario:pages}': ['p(95)<200', 'p(99)<500'],
    'http_req_duration{scenario:joins}': ['p(95)<500', 'p(99)<1000'],
    checks: ['rate>0.99'],
  },
};

export function pages() {
  const res = http.batch([
    ['GET', `${BASE_URL}/`, null, { tags: { name: 'GET /' } }],
    ['GET', `${BASE_URL}/healthz`, null, { tags: { name: 'GET /healthz' } }],
  ]);
  check(res[0], { 'page is 200': (r) => r.status === 200 });
  check(res[1], { 'healthz is 200': (r) => r.status === 200 });
}

export function join() {
  const email = `k6-load+${Date.now()}-${__VU}-${__ITER}@example.com`;
  const res = http.post(`${BASE_URL}/api/waitlist`, JSON.stringify({ email }), {
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    tags: { name: 'POST /api/waitlist' },
    responseCallback: http.expectedStatuses(200, 201, 429),
  });
  if (res.status === 429) {
    rateLimited.add(1);
    return;
  }
  check(res, { 'join is 201': (r) => r.status === 201 });
}
